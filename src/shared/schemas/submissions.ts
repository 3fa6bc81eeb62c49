import { z } from "zod";
import { answerSchema, answersSchema } from "../forms/answers";
import { formSettingsSchema, richTextSchema, sectionSchema } from "../forms/model";
import { portalOutcomeSchema } from "./decision-release";

// Without Zod, so a page can name them before Zod has loaded (docs/decisions/043-zod-off-the-first-paint.md).
export { FORM_PAGE_DATA_ID, SUBMISSION_MESSAGES, SUBMISSION_TOKEN_HEADER } from "./submission-constants";

const link = z.object({ _id: z.string(), open: z.string(), close: z.string().nullable() });

/** A form as applicants see it: the frozen version they answer (or the draft, in preview). */
/** Who runs the program, as applicants see it: its name and where to reach it (decision 027). */
export const applicantOrganizationSchema = z.object({
  name: z.string(),
  contactEmail: z.string().nullable(),
});
export type ApplicantOrganization = z.infer<typeof applicantOrganizationSchema>;

export const applicantFormSchema = z.object({
  _id: z.string(),
  programId: z.string(),
  name: z.string(),
  description: richTextSchema,
  sections: z.array(sectionSchema),
  settings: formSettingsSchema,
  /** The version answers are recorded against; null in preview (the draft). */
  version: z.number().int().nullable(),
  allowEdit: z.boolean(),
  /** Bytes = MB × 1,048,576 (forms-and-applicants, "5. Validation rules"). */
  maxFileSizeMB: z.number().int(),
  /** Whether the form takes responses now (latest applicant link open, form published). */
  accepting: z.boolean(),
  /** When the applicant link closes, if scheduled. */
  closesAt: z.string().nullable(),
  organization: applicantOrganizationSchema,
});
export type ApplicantForm = z.infer<typeof applicantFormSchema>;

/** GET /api/forms/link/{linkId}: what an applicant (or previewer) opening a link gets. */
export const formLinkResultSchema = z.object({
  kind: z.enum(["submission", "preview"]),
  link,
  /** "open", or why it is not: the link closed, or the preview of a published form. */
  availability: z.enum(["open", "closed", "previewDisabled"]),
  form: applicantFormSchema.nullable(),
  /** Named on the closed page too, where there is no form to show. */
  organization: applicantOrganizationSchema,
});
export type FormLinkResult = z.infer<typeof formLinkResultSchema>;

/**
 * GET /api/forms/address/{organization}/{form}: the applicant link a stable address opens now (null before
 * the form's first publishing: the closed page), and who runs the program (docs/decisions/027-stable-form-address.md).
 */
export const formAddressResultSchema = z.object({
  linkId: z.string().nullable(),
  organization: applicantOrganizationSchema,
});
export type FormAddressResult = z.infer<typeof formAddressResultSchema>;

/**
 * What the server puts in the HTML of `/form/{linkId}` and `/apply/{organization}/{form}`: the answers of the
 * public routes above as they were when the page was sent, so that the page's first read needs no request.
 */
export const formPageDataSchema = z.object({
  link: z.object({ linkId: z.string(), view: formLinkResultSchema }).optional(),
  address: z
    .object({ organization: z.string(), form: z.string(), result: formAddressResultSchema })
    .optional(),
});
export type FormPageData = z.infer<typeof formPageDataSchema>;

export const submissionFileSchema = z.object({
  _id: z.string(),
  questionId: z.string(),
  name: z.string(),
  size: z.number().int(),
  contentType: z.string(),
});
export type SubmissionFile = z.infer<typeof submissionFileSchema>;

export const submissionSchema = z.object({
  _id: z.string(),
  formId: z.string(),
  linkId: z.string().nullable(),
  userId: z.string().nullable(),
  formVersion: z.number().int(),
  submissionDate: z.string().nullable(),
  lastSaveDate: z.string(),
  identifier: z.string(),
  answers: z.array(answerSchema),
  files: z.array(submissionFileSchema),
  /** Bumped by every save: a save based on an older revision is refused (409 STALE_REVISION). */
  revision: z.number().int(),
});
export type Submission = z.infer<typeof submissionSchema>;

/** GET /api/submissions/{id}: the submission, the form version it is made on, and what the caller may do. */
export const submissionResultSchema = z.object({
  submission: submissionSchema,
  form: applicantFormSchema,
  /** "owner" (or a guest holding the token) or "admin" (admin edit mode). */
  access: z.enum(["owner", "admin"]),
  /** Whether answers can be saved now (a draft on an accepting form, or admin edit). */
  editable: z.boolean(),
});
export type SubmissionResult = z.infer<typeof submissionResultSchema>;

/** POST /api/submissions: open (or resume) the draft for a form link. */
export const createSubmissionBodySchema = z.strictObject({ linkId: z.string().min(1).max(64) });
export const createSubmissionResultSchema = z.object({
  submissionId: z.string(),
  /** Only for a guest's new draft: keep it; it is the only way back to the draft. */
  token: z.string().nullable(),
});

/**
 * GET /api/submissions/own/{linkId}: the signed-in user's application to the link's form, or null when they
 * have not answered it yet (opening a link creates nothing: docs/decisions/038-decision-release-and-portal.md).
 */
export const ownSubmissionResultSchema = z.object({ submissionId: z.string().nullable() });

/** POST /api/submissions/start: a signed-in applicant's first save, which creates their application. */
export const startSubmissionBodySchema = z.strictObject({
  linkId: z.string().min(1).max(64),
  answers: answersSchema,
});

/** PATCH /api/submissions/{id}: every answer, and the revision they were based on. */
export const saveAnswersBodySchema = z.strictObject({
  revision: z.number().int().min(0),
  answers: answersSchema,
});
export type SaveAnswersBody = z.infer<typeof saveAnswersBodySchema>;
export const saveAnswersResultSchema = z.object({
  revision: z.number().int(),
  lastSaveDate: z.string(),
  identifier: z.string(),
});
export type SaveAnswersResult = z.infer<typeof saveAnswersResultSchema>;

/** The first save's answer: the new application's id, and the save as any later one answers it. */
export const startSubmissionResultSchema = saveAnswersResultSchema.extend({ submissionId: z.string() });
export type StartSubmissionResult = z.infer<typeof startSubmissionResultSchema>;

/** PATCH /api/submissions/submissionDate/{id}: submit (validated on the server) or unsubmit (null). */
export const submissionDateBodySchema = z.strictObject({
  submitted: z.boolean(),
  revision: z.number().int().min(0),
});
export const submissionDateResultSchema = z.object({
  submissionDate: z.string().nullable(),
  revision: z.number().int(),
});

/** GET /api/submissions/applicant/{user}: the portal's rows, newest first. */
export const portalRowSchema = z.object({
  _id: z.string(),
  formId: z.string(),
  formName: z.string(),
  /** The organization running the program. */
  organizationName: z.string(),
  identifier: z.string(),
  submissionDate: z.string().nullable(),
  lastSaveDate: z.string(),
  /**
   * The decision as the applicant may know it (docs/decisions/038-decision-release-and-portal.md): null for a
   * draft, "under review" until the program releases its decisions.
   */
  outcome: portalOutcomeSchema.nullable(),
  accepting: z.boolean(),
  closesAt: z.string().nullable(),
  allowEdit: z.boolean(),
  /** The applicant link to continue on (the form's latest). */
  linkId: z.string().nullable(),
});
export type PortalRow = z.infer<typeof portalRowSchema>;
export const portalResultSchema = z.object({
  rows: z.array(portalRowSchema),
  total: z.number().int(),
});
export const portalQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(5),
});

/** GET /api/files/signedUrl/private/putObject: where to upload a file for a file question. */
export const fileUploadQuerySchema = z.object({
  submissionId: z.string().min(1).max(64),
  questionId: z.string().min(1).max(64),
  filename: z.string().trim().min(1).max(255),
  size: z.coerce.number().int().min(1),
});
export const fileUploadGrantSchema = z.object({
  /**
   * Without `fields`: PUT the bytes here (same origin, with the session). With them (a bucket): POST a
   * form of `fields` then the file as `file` here, then POST `completeUrl` to attach it.
   */
  uploadUrl: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
  completeUrl: z.string().optional(),
  expiresAt: z.string(),
});
/** GET /api/files/signedUrl/private/getObject: a short-lived download address. */
export const fileDownloadQuerySchema = z.object({ fileId: z.string().min(1).max(64) });
export const fileDownloadGrantSchema = z.object({ url: z.string(), expiresAt: z.string() });

/** POST /api/submissions/{id}/autofill: answers copied from the applicant's earlier submissions by mapping. */
export const autofillResultSchema = z.object({ answers: answersSchema, filled: z.number().int() });
