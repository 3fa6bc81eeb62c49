import type { Answer } from "../../shared/forms/answers";
import type { Language } from "../../shared/i18n/catalog";
import { SUBMISSION_TOKEN_HEADER } from "../../shared/schemas/submission-constants";
import type { SubmissionFile } from "../../shared/schemas/submissions";
import { apiGet, apiPath, apiSend, apiUpload, errorFromBody } from "./api-client";
import { lazySchemasOf } from "./lazy-schema";

// The shared schemas of the answers, loaded with the first call (docs/decisions/043-zod-off-the-first-paint.md).
const submissions = lazySchemasOf(() => import("../../shared/schemas/submissions"));
const applicantEmails = lazySchemasOf(() => import("../../shared/schemas/applicant-emails"));
const common = lazySchemasOf(() => import("../../shared/schemas/common"));

/**
 * Every call of the applicant side (docs/decisions/007-submissions.md). A guest's draft is reached with its
 * token, sent as the `x-submission-token` header on each submission and file call; signed-in users by their
 * session.
 */
export type Token = string | null;

export function tokenHeaders(token: Token): Record<string, string> | undefined {
  return token === null ? undefined : { [SUBMISSION_TOKEN_HEADER]: token };
}

export const submissionKeys = {
  link: (linkId: string) => ["formLinks", linkId] as const,
  address: (organization: string, form: string) => ["formAddresses", organization, form] as const,
  /** Under the viewer (or "guest"): another user signing in never sees this one's cached submission. */
  submission: (viewer: string, submissionId: string) => ["submissions", viewer, submissionId] as const,
  claim: (viewer: string, submissionId: string) => ["submissions", viewer, submissionId, "claim"] as const,
  own: (viewer: string, linkId: string) => ["submissions", viewer, "own", linkId] as const,
};

export const submissionApi = {
  link: (linkId: string) => apiGet(apiPath`/api/forms/link/${linkId}`, submissions("formLinkResultSchema")),
  address: (organization: string, form: string) =>
    apiGet(apiPath`/api/forms/address/${organization}/${form}`, submissions("formAddressResultSchema")),
  open: (linkId: string) =>
    apiSend("POST", "/api/submissions", { linkId }, submissions("createSubmissionResultSchema")),
  /** The signed-in user's application to the link's form, or null before their first save (creates nothing). */
  own: (linkId: string) =>
    apiGet(apiPath`/api/submissions/own/${linkId}`, submissions("ownSubmissionResultSchema")),
  /** A signed-in applicant's first save: creates the application with every answer so far. */
  start: (linkId: string, answers: readonly Answer[]) =>
    apiSend(
      "POST",
      "/api/submissions/start",
      { linkId, answers },
      submissions("startSubmissionResultSchema"),
    ),
  get: (submissionId: string, token: Token) =>
    apiGet(apiPath`/api/submissions/${submissionId}`, submissions("submissionResultSchema"), {
      headers: tokenHeaders(token),
    }),
  save: (submissionId: string, revision: number, answers: readonly Answer[], token: Token) =>
    apiSend(
      "PATCH",
      apiPath`/api/submissions/${submissionId}`,
      { revision, answers },
      submissions("saveAnswersResultSchema"),
      {
        headers: tokenHeaders(token),
      },
    ),
  setSubmitted: (
    submissionId: string,
    submitted: boolean,
    revision: number,
    token: Token,
    language: Language,
  ) =>
    apiSend(
      "PATCH",
      `${apiPath`/api/submissions/submissionDate/${submissionId}`}?lang=${language}`,
      { submitted, revision },
      submissions("submissionDateResultSchema"),
      { headers: tokenHeaders(token) },
    ),
  claim: (submissionId: string, token: string) =>
    apiSend("POST", apiPath`/api/submissions/${submissionId}/claim`, undefined, common("okSchema"), {
      headers: tokenHeaders(token),
    }),
  autofill: (submissionId: string, token: Token) =>
    apiSend(
      "POST",
      apiPath`/api/submissions/${submissionId}/autofill`,
      undefined,
      submissions("autofillResultSchema"),
      {
        headers: tokenHeaders(token),
      },
    ),
  deleteFile: (fileId: string, token: Token) =>
    apiSend("POST", apiPath`/api/files/delete/${fileId}`, undefined, common("okSchema"), {
      headers: tokenHeaders(token),
    }),
  fileUrl: (fileId: string, token: Token) =>
    apiGet(
      `/api/files/signedUrl/private/getObject?${new URLSearchParams({ fileId }).toString()}`,
      submissions("fileDownloadGrantSchema"),
      { headers: tokenHeaders(token) },
    ),
};

/** Lets the browser save a blob or an address under a name. */
export function saveAs(href: string, filename: string) {
  const anchor = document.createElement("a");
  anchor.href = href;
  anchor.download = filename;
  anchor.rel = "noopener";
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}

/** The application as a PDF, saved as `{identifier}.pdf` (or application.pdf). */
export async function downloadPdf(
  submissionId: string,
  identifier: string,
  language: Language,
  token: Token,
): Promise<void> {
  const response = await fetch(
    `${apiPath`/api/submissions/${submissionId}/pdf`}?${new URLSearchParams({ lang: language }).toString()}`,
    { credentials: "same-origin", headers: { Accept: "application/pdf", ...tokenHeaders(token) } },
  );
  if (!response.ok) {
    throw await errorFromBody(response.status, response.statusText, await response.json().catch(() => null));
  }
  const url = URL.createObjectURL(await response.blob());
  const name = identifier.trim().replace(/[\\/:*?"<>|]+/g, "-") || "application";
  saveAs(url, `${name}.pdf`);
  // The click has started the download; the address is only needed until then.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Opens a stored file through its short-lived download address (served as an attachment). */
export async function downloadFile(file: SubmissionFile, token: Token): Promise<void> {
  const { url } = await submissionApi.fileUrl(file._id, token);
  saveAs(url, file.name);
}

/**
 * Uploads one file for a question: an upload address first (the server checks count, type and size),
 * then the bytes, with progress. Resolves with the stored file, already attached to the question.
 */
export async function uploadFile(
  submissionId: string,
  questionId: string,
  file: File,
  token: Token,
  onProgress: (fraction: number) => void,
): Promise<SubmissionFile> {
  const query = new URLSearchParams({
    submissionId,
    questionId,
    filename: file.name,
    size: String(file.size),
  });
  const grant = await apiGet(
    `/api/files/signedUrl/private/putObject?${query.toString()}`,
    submissions("fileUploadGrantSchema"),
    {
      headers: tokenHeaders(token),
    },
  );
  return apiUpload(grant, file, submissions("submissionFileSchema"), {
    headers: tokenHeaders(token),
    onProgress,
  });
}

/** A guest's link to continue in another browser (docs/decisions/028). */
export const continueApi = {
  /** Emails the link to the contact email the saved answers give. */
  ask: (submissionId: string, token: Token, language: Language) =>
    apiSend(
      "POST",
      `${apiPath`/api/submissions/${submissionId}/continue-link`}?lang=${language}`,
      undefined,
      applicantEmails("continueLinkResultSchema"),
      { headers: tokenHeaders(token) },
    ),
  /** Opens the emailed link: this browser gets the application's new token. */
  open: (token: string) =>
    apiSend(
      "POST",
      "/api/submissions/continue",
      { token },
      applicantEmails("redeemContinueLinkResultSchema"),
    ),
};
