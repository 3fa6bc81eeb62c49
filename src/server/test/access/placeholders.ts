import { randomUUID } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import { HEADER_IMAGE_MAX_BYTES } from "../../../shared/schemas/files";
import { applyAutoAssignment, proposeAutoAssignment } from "../../committee/auto-assignment-service";
import { conflicts, formLinks, forms, plans, submissions } from "../../db/schema";
import { exportDownloadUrl } from "../../exports/download-link";
import { createExportJob } from "../../exports/job-store";
import { signDownloadGrant, signUploadGrant } from "../../files/upload-grants";
import { formAddress } from "../../forms/address";
import { SAMPLE_TEMPLATES } from "../../review-templates/samples";
import { createTemplate } from "../../review-templates/service";
import { issueContinueLink } from "../../submissions/continue-links";
import { addMember, buildInvitation, buildProgram, callApi } from "../factories";
import { assignReviewer, buildCandidate, buildGroup, insertComment, insertFile } from "../review-factories";
import type { Caller } from "./actors";
import {
  buildPasswordlessUser,
  DECISION_AMOUNT,
  FORM,
  HEADER_PNG,
  markerText,
  type OrgWorld,
  type World,
} from "./world";

/**
 * The {placeholders} of the matrix's calls. Each is resolved when the call is made, in one
 * organization's world and as one caller: `{program}` is A's program in the matrix and B's in the
 * direct-object sweep. The `reference` ones name an object someone owns: those the sweep swaps.
 */
export interface Scope {
  world: World;
  /** The organization whose objects fill the call. */
  o: OrgWorld;
  me: Caller;
}

type Resolve = (s: Scope) => unknown;

interface Placeholder {
  resolve: Resolve;
  /** "org": the other organization's object; "user": another user's id. */
  reference?: "org" | "user";
}

const MINUTES = 60_000;
let counter = 0;
const fresh = (what: string) => `${what} ${++counter}`;

async function submissionColumn<K extends "revision" | "answers">(s: Scope, id: string, column: K) {
  const [row] = await s.world.t.deps.db
    .select({ value: submissions[column] })
    .from(submissions)
    .where(eq(submissions.id, id));
  return row!.value;
}

async function formColumn<K extends "revision" | "content">(s: Scope, column: K) {
  const [row] = await s.world.t.deps.db
    .select({ value: forms[column] })
    .from(forms)
    .where(eq(forms.id, s.o.formId));
  return row!.value;
}

/** The caller's stacked ranking as they see it: the order to send back (empty when they have none). */
async function rankingOf(s: Scope) {
  if (!s.me.user) return { applications: [] as { _id: string }[], revision: 0 };
  const answer = await callApi<{ applications: { _id: string }[]; revision: number }>(
    s.world.t,
    "GET",
    `/api/rankings/${s.me.user.id}/${s.o.program.id}`,
    s.me.cookie,
  );
  return answer.status === 200 ? answer.body : { applications: [], revision: 0 };
}

/** Someone else's user id: the applicant who owns the data, or the other applicant for that owner. */
function anotherUser(s: Scope): string {
  const { owner, otherApplicant } = s.world.A.people;
  return s.me.user?.id === owner.id ? otherApplicant.id : owner.id;
}

const db = (s: Scope) => s.world.t.deps.db;

const proposeOne = (s: Scope) =>
  proposeAutoAssignment(
    db(s),
    s.o.program,
    { reviewsPerCandidate: 1, candidates: "all" },
    s.o.people.owner.id,
  );

export const PLACEHOLDERS: Record<string, Placeholder> = {
  // ——— Who is asking (the sweep tries another user's id) ———
  me: { resolve: (s) => s.me.user?.id ?? anotherUser(s), reference: "user" },
  myName: { resolve: (s) => s.me.user?.name ?? "Nobody" },

  // ——— The organization's objects ———
  org: { resolve: (s) => s.o.org.id, reference: "org" },
  orgName: { resolve: (s) => s.o.org.name },
  program: { resolve: (s) => s.o.program.id, reference: "org" },
  form: { resolve: (s) => s.o.formId, reference: "org" },
  owned: { resolve: (s) => s.o.candidates.owned, reference: "org" },
  grouped: { resolve: (s) => s.o.candidates.grouped, reference: "org" },
  open: { resolve: (s) => s.o.candidates.open, reference: "org" },
  draft: { resolve: (s) => s.o.candidates.draft, reference: "org" },
  group: { resolve: (s) => s.o.groupId, reference: "org" },
  comment: { resolve: (s) => s.o.commentId, reference: "org" },
  review: { resolve: (s) => s.o.reviewId, reference: "org" },
  export: { resolve: (s) => s.o.exportJob.id, reference: "org" },
  plainFile: { resolve: (s) => s.o.files.plain, reference: "org" },
  hiddenFile: { resolve: (s) => s.o.files.hidden, reference: "org" },
  /** People of the program whose data someone else may ask for. */
  assigned: { resolve: (s) => s.o.people.assigned.id, reference: "org" },
  owner: { resolve: (s) => s.o.people.owner.id, reference: "org" },
  /** The form's latest applicant link (reopening a form makes a new one). */
  link: {
    resolve: async (s) => {
      const [link] = await db(s)
        .select({ id: formLinks.id })
        .from(formLinks)
        .where(and(eq(formLinks.formId, s.o.formId), eq(formLinks.kind, "submission")))
        .orderBy(desc(formLinks.createdAt))
        .limit(1);
      return link!.id;
    },
    reference: "org",
  },
  headerImage: { resolve: (s) => s.o.headerImageKey, reference: "org" },
  /** The form's stable address as it is now (the matrix's PUT changes the form's part). */
  orgSlug: { resolve: async (s) => (await formAddress(db(s), s.o.formId))!.organization },
  formSlug: { resolve: async (s) => (await formAddress(db(s), s.o.formId))!.form },

  // ——— Signed addresses (the sweep presents the other organization's) ———
  exportLink: {
    resolve: (s) =>
      exportDownloadUrl(
        s.world.t.deps.exports.linkSecret,
        s.o.exportJob,
        s.world.t.deps.config.EXPORT_LINK_MINUTES,
      ),
    reference: "org",
  },
  /** A download address made for the owner's session. */
  ownerDownload: {
    resolve: (s) =>
      signDownloadGrant(s.world.t.deps.files.secret, {
        fileId: s.o.files.plain,
        userId: s.o.people.owner.id,
        expiresAt: Date.now() + 5 * MINUTES,
      }),
    reference: "org",
  },
  /** A download address made for the guest's draft: no session to bind it to, the address is the key. */
  guestDownload: {
    resolve: (s) =>
      signDownloadGrant(s.world.t.deps.files.secret, {
        fileId: s.o.files.draft,
        userId: null,
        expiresAt: Date.now() + 5 * MINUTES,
      }),
    reference: "org",
  },
  /** An upload address for the program admin's header image. */
  headerUpload: {
    resolve: (s) =>
      signUploadGrant(s.world.t.deps.files.secret, {
        bucket: "public",
        key: `programs/${s.o.program.id}/${randomUUID()}-header.png`,
        userId: s.o.people.programAdmin.id,
        maxBytes: HEADER_IMAGE_MAX_BYTES,
        expiresAt: Date.now() + 15 * MINUTES,
      }),
    reference: "org",
  },
  /** An upload address for a file of the guest's draft (its token must come with the bytes). */
  draftUpload: {
    resolve: (s) => privateUpload(s, s.o.candidates.draft, null),
    reference: "org",
  },
  /** An upload address made for the owner, for a file of their application. */
  ownerUpload: {
    resolve: (s) => privateUpload(s, s.o.candidates.owned, s.o.people.owner.id),
    reference: "org",
  },
  /** The program admin's header image, already sent to its address (as a browser does to a bucket). */
  headerSent: {
    resolve: async (s) => {
      const key = `programs/${s.o.program.id}/${randomUUID()}-header.png`;
      await s.world.t.deps.files.storage.write("public", key, HEADER_PNG);
      return signUploadGrant(s.world.t.deps.files.secret, {
        bucket: "public",
        key,
        userId: s.o.people.programAdmin.id,
        maxBytes: HEADER_IMAGE_MAX_BYTES,
        expiresAt: Date.now() + 15 * MINUTES,
      });
    },
    reference: "org",
  },
  /** A file of the guest's draft, already sent to its address. */
  draftSent: {
    resolve: (s) => privateUpload(s, s.o.candidates.draft, null, PDF_BYTES),
    reference: "org",
  },
  /** A file of the owner's application, already sent to its address. */
  ownerSent: {
    resolve: (s) => privateUpload(s, s.o.candidates.owned, s.o.people.owner.id, PDF_BYTES),
    reference: "org",
  },

  // ——— What is stored, to write it back unchanged ———
  commentText: { resolve: (s) => markerText(s.o.key, "comment-by-assigned") },
  decisionAmount: { resolve: (s) => DECISION_AMOUNT[s.o.key] },

  // ——— Current values (read when the call is made: earlier calls change them) ———
  ownedRevision: { resolve: (s) => submissionColumn(s, s.o.candidates.owned, "revision") },
  ownedAnswers: { resolve: (s) => submissionColumn(s, s.o.candidates.owned, "answers") },
  draftRevision: { resolve: (s) => submissionColumn(s, s.o.candidates.draft, "revision") },
  draftAnswers: { resolve: (s) => submissionColumn(s, s.o.candidates.draft, "answers") },
  formRevision: { resolve: (s) => formColumn(s, "revision") },
  formContent: { resolve: (s) => formColumn(s, "content") },
  currentPlan: { resolve: (s) => s.o.org.planId },
  otherPlan: {
    resolve: async (s) => {
      const [plan] = await db(s).select({ id: plans.id }).from(plans).where(eq(plans.name, "Foundation"));
      return plan!.id;
    },
  },
  myRanking: { resolve: async (s) => (await rankingOf(s)).applications.map((a) => a._id) },
  myRankingRevision: { resolve: async (s) => (await rankingOf(s)).revision },

  // ——— Made fresh for each call, for the calls that delete or change what they are given ———
  newEmail: { resolve: () => `matrix-${++counter}@matrix.test` },
  newName: { resolve: () => fresh("Matrix name") },
  newSlug: { resolve: () => `matrix-address-${++counter}` },
  newUuid: { resolve: () => randomUUID() },
  newProgram: { resolve: async (s) => (await buildProgram(db(s), s.o.org.id)).id, reference: "org" },
  /** The organization's review template, and one made for a call that changes or deletes it. */
  template: { resolve: (s) => s.o.reviewTemplateId, reference: "org" },
  newTemplate: {
    resolve: async (s) =>
      (
        await createTemplate(
          db(s),
          s.o.org.id,
          { ...SAMPLE_TEMPLATES[1]!, name: fresh("Matrix template") },
          null,
        )
      )._id,
    reference: "org",
  },
  newMember: {
    resolve: async (s) => {
      const user = await buildPasswordlessUser(db(s), {
        name: fresh("Matrix member"),
        email: `matrix-${++counter}@matrix.test`,
      });
      await addMember(db(s), s.o.program, user.id, "REVIEWER");
      return user.id;
    },
    reference: "org",
  },
  /** A pending invitation to the program, for an address nobody has. */
  newInvitation: {
    resolve: async (s) => (await buildInvitation(db(s), s.o.program)).id,
    reference: "org",
  },
  /** The emailed token of such an invitation. */
  newInvitationToken: { resolve: async (s) => (await buildInvitation(db(s), s.o.program)).token },
  newGroup: {
    resolve: async (s) => (await buildGroup(db(s), s.o.program, fresh("Matrix group"), [])).id,
    reference: "org",
  },
  /** An automatic assignment proposed (not applied) in the program, one reviewer per candidate. */
  newProposal: {
    resolve: async (s) => (await proposeOne(s)).id,
    reference: "org",
  },
  /** An automatic assignment proposed and applied in the program: the last one, so it can be undone. */
  appliedProposal: {
    resolve: async (s) => {
      const { id } = await proposeOne(s);
      await applyAutoAssignment(db(s), s.o.program, id, s.o.people.owner.id);
      return id;
    },
    reference: "org",
  },
  /** A submitted candidate of no one's (open to all), new for each call. */
  newCandidate: {
    resolve: async (s) =>
      (
        await buildCandidate(db(s), {
          program: s.o.program,
          formId: s.o.formId,
          identifier: fresh("Matrix candidate"),
        })
      ).id,
    reference: "org",
  },
  /** A conflict of interest of the assigned reviewer with a new candidate, recorded by the program admin. */
  newConflict: {
    resolve: async (s) => {
      const candidate = await buildCandidate(db(s), {
        program: s.o.program,
        formId: s.o.formId,
        identifier: fresh("Matrix conflicted candidate"),
      });
      await assignReviewer(db(s), candidate.id, s.o.people.assigned.id, s.o.program.id);
      const [row] = await db(s)
        .insert(conflicts)
        .values({
          organizationId: s.o.program.organizationId,
          programId: s.o.program.id,
          submissionId: candidate.id,
          userId: s.o.people.assigned.id,
          declaredBy: "admin",
          recordedBy: s.o.people.programAdmin.id,
        })
        .returning({ id: conflicts.id });
      return row!.id;
    },
    reference: "org",
  },
  /** A comment of the assigned reviewer on the owned candidate. */
  newComment: {
    resolve: async (s) =>
      (
        await insertComment(db(s), {
          program: s.o.program,
          submissionId: s.o.candidates.owned,
          userId: s.o.people.assigned.id,
          sectionId: FORM.merit,
          body: fresh("A remark"),
        })
      ).id,
    reference: "org",
  },
  /** A draft of no one's, without answers. */
  newDraft: {
    resolve: async (s) =>
      (
        await buildCandidate(db(s), {
          program: s.o.program,
          formId: s.o.formId,
          identifier: fresh("Matrix draft"),
          submitted: false,
        })
      ).id,
    reference: "org",
  },
  /** An emailed link to continue a new guest draft (its token, as the link's address carries it). */
  newContinueToken: {
    resolve: async (s) => {
      const draft = await buildCandidate(db(s), {
        program: s.o.program,
        formId: s.o.formId,
        identifier: fresh("Matrix guest draft"),
        submitted: false,
      });
      const url = await issueContinueLink(db(s), draft.id, s.world.t.deps.config.publicUrl);
      return url.slice(url.indexOf("#") + 1);
    },
  },
  /** An export of the program admin's, still queued. */
  newExport: {
    resolve: async (s) =>
      (
        await createExportJob(db(s), s.o.program, s.o.people.programAdmin.id, {
          programId: s.o.program.id,
          kind: "data",
          format: "csv",
          includeAnonymized: false,
        })
      ).id,
    reference: "org",
  },
  newDraftFile: {
    resolve: async (s) =>
      (
        await insertFile(db(s), {
          submissionId: s.o.candidates.draft,
          questionId: FORM.plainFile,
          name: "x.pdf",
        })
      ).id,
    reference: "org",
  },
  newOwnedFile: {
    resolve: async (s) =>
      (
        await insertFile(db(s), {
          submissionId: s.o.candidates.owned,
          questionId: FORM.plainFile,
          name: "y.pdf",
        })
      ).id,
    reference: "org",
  },
};

const PDF_BYTES = new TextEncoder().encode("%PDF-1.4 sent to the bucket");

/** An upload address for a file of an application; with `sent`, those bytes are already at its key. */
async function privateUpload(s: Scope, submissionId: string, userId: string | null, sent?: Uint8Array) {
  const key = `submissions/${submissionId}/${randomUUID()}-matrix.pdf`;
  if (sent) await s.world.t.deps.files.storage.write("private", key, sent);
  return signUploadGrant(s.world.t.deps.files.secret, {
    bucket: "private",
    key,
    userId,
    submissionId,
    questionId: FORM.plainFile,
    name: "matrix.pdf",
    maxBytes: 1024 * 1024,
    expiresAt: Date.now() + 15 * MINUTES,
  });
}

const PATTERN = /\{([A-Za-z]+)\}/g;

/** The placeholders a case's call and body name. */
export function placeholdersIn(call: string, body: unknown): string[] {
  const text = `${call} ${JSON.stringify(body ?? null)}`;
  return [...new Set([...text.matchAll(PATTERN)].map((m) => m[1]!))];
}

/** A placeholder's value in this scope. */
export function placeholderValue(name: string, scope: Scope): Promise<unknown> {
  const placeholder = PLACEHOLDERS[name];
  if (!placeholder) throw new Error(`No placeholder {${name}}`);
  return Promise.resolve(placeholder.resolve(scope));
}

/**
 * A reference placeholder's value for the direct-object sweep: the other organization's object, or
 * another user's id. Null for a placeholder that names nothing anyone owns (a revision, a name).
 */
export function swappedValueOf(name: string, scope: Scope, other: OrgWorld): Promise<unknown> | null {
  const placeholder = PLACEHOLDERS[name];
  if (placeholder?.reference === "org") return Promise.resolve(placeholder.resolve({ ...scope, o: other }));
  if (placeholder?.reference === "user") return Promise.resolve(anotherUser(scope));
  return null;
}

/**
 * Fills a template with `value(name)` for each placeholder, each resolved once per template (a fresh
 * object named twice is the same object). A string that is exactly "{name}" takes the value as is.
 */
export async function fill<T>(template: T, value: (name: string) => Promise<unknown>): Promise<T> {
  const resolved = new Map<string, Promise<unknown>>();
  const once = (name: string) => {
    if (!resolved.has(name)) resolved.set(name, value(name));
    return resolved.get(name)!;
  };
  const walk = async (node: unknown): Promise<unknown> => {
    if (typeof node === "string") {
      const whole = /^\{([A-Za-z]+)\}$/.exec(node);
      if (whole) return once(whole[1]!);
      let out = "";
      let last = 0;
      for (const m of node.matchAll(PATTERN)) {
        out += node.slice(last, m.index) + String(await once(m[1]!));
        last = m.index + m[0].length;
      }
      return out + node.slice(last);
    }
    if (Array.isArray(node)) return Promise.all(node.map(walk));
    if (node !== null && typeof node === "object" && !(node instanceof Uint8Array)) {
      const entries = await Promise.all(
        Object.entries(node).map(async ([k, v]) => [k, await walk(v)] as const),
      );
      return Object.fromEntries(entries);
    }
    return node;
  };
  return (await walk(template)) as T;
}
