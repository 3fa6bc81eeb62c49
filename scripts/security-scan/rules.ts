import { randomUUID } from "node:crypto";
import { must } from "./api";
import type { ScanContext } from "./build";
import { OMIT, type Schema } from "./examples";
import { type GuestDraft, SCAN_PDF, type ScratchForm } from "./fresh";
import type { Operation } from "./operations";
import type { Actor, Session } from "./sessions";

/**
 * What an endpoint needs beyond its schema to be a valid call: who may make it, the objects it must
 * name (made fresh when the call uses them up), and the bodies no schema example can be (a form's
 * whole content, a review of the form's criteria). Endpoints not listed take the defaults (build.ts).
 */

export interface RuleInput {
  ctx: ScanContext;
  op: Operation;
  me: Session | undefined;
  actor: Actor;
}

export interface Rule {
  /** Who to try, in order (build.ts DEFAULT_ACTORS otherwise). */
  actors?: readonly Actor[];
  /** Values by field name (path and query parameters, headers, body fields) over the defaults. */
  values?: (input: RuleInput) => Promise<Record<string, unknown>>;
  /** The whole JSON body, from the values. */
  body?: (input: RuleInput, values: Record<string, unknown>) => Promise<unknown>;
  /** A body that is not JSON (an upload). */
  raw?: { text: string; contentType: string };
  /** Headers the document does not declare that the call needs (sent and scanned like declared ones). */
  headers?: string[];
  /** Inputs the call uses up, and where fresh ones come from (for the refresh proxy: refresh-proxy.ts). */
  renew?: Renewal;
}

export interface Renewal {
  /** Path parameters, headers or top-level body fields, by name. */
  names: string[];
  fresh: (input: RuleInput, values: Record<string, unknown>) => Promise<Record<string, unknown>>;
}

const COMMITTEE: readonly Actor[] = ["adminReviewer", "reviewer", "orgAdmin"];
const APPLICANT_FIRST: readonly Actor[] = ["applicant", "orgAdmin", "anonymous"];
const NOBODY_FIRST: readonly Actor[] = ["anonymous", "orgAdmin"];

const freshProgram = async ({ ctx }: RuleInput) => ({ id: await ctx.fresh.program() });
const freshMember = async ({ ctx }: RuleInput) => ({ userId: await ctx.fresh.member() });

/** A form of its own, in the state the call starts from. */
const scratchForm =
  (state: "draft" | "published" | "closed") =>
  async ({ ctx }: RuleInput): Promise<Record<string, unknown>> => {
    const scratch = await ctx.fresh.scratchForm(state);
    return { formId: scratch.formId, revision: scratch.revision, scratch };
  };

/** The revision the next save must carry: the object's current one. */
const currentRevision = (
  read: (input: RuleInput, values: Record<string, unknown>) => Promise<number>,
): Renewal => ({
  names: ["revision"],
  fresh: async (input, values) => ({ revision: await read(input, values) }),
});

/** The scratch form's revision now. */
const formRevision = currentRevision(async ({ ctx }, v) => {
  const { programId } = v.scratch as ScratchForm;
  const { form } = await must<{ form: { revision: number } }>(
    ctx.target,
    ctx.sessions.orgAdmin.cookie,
    "GET",
    `/api/forms/program/${programId}`,
  );
  return form.revision;
});

/** The guest draft's revision now (read with its token). */
const draftRevision = currentRevision(async ({ ctx }, v) => {
  const draft = v.draft as GuestDraft;
  const { submission } = await must<{ submission: { revision: number } }>(
    ctx.target,
    undefined,
    "GET",
    `/api/submissions/${draft.id}`,
    { headers: { "x-submission-token": draft.token } },
  );
  return submission.revision;
});

/** The caller's stacked ranking's revision now. */
const rankingRevision = currentRevision(
  async ({ ctx, me }) =>
    (
      await must<{ revision: number }>(
        ctx.target,
        me?.cookie,
        "GET",
        `/api/rankings/${me?.userId}/${ctx.demo.programId}`,
      )
    ).revision,
);

/** A new scratch form for each request of a call that changes the form's state (publish, close…). */
const freshForm = (state: "draft" | "published" | "closed"): Renewal => ({
  names: ["formId", "revision"],
  fresh: (input) => scratchForm(state)(input),
});

/** A new object for each request of a call that uses it up (a delete). */
const renewed = (
  name: string,
  make: (input: RuleInput, values: Record<string, unknown>) => Promise<unknown>,
): Renewal => ({
  names: [name],
  fresh: async (input, values) => ({ [name]: await make(input, values) }),
});

/** A guest's draft on the demo form, opened by its token (the x-submission-token header). */
async function guestDraft({ ctx }: RuleInput) {
  const draft = await ctx.fresh.guestDraft();
  return { draft, id: draft.id, submissionId: draft.id, "x-submission-token": draft.token };
}

/** The identifier question of the demo form, answered: what an applicant's first autosave sends. */
async function identifierAnswer(ctx: ScanContext) {
  const { form } = await must<{
    form: { sections: { _id: string; questions: { _id: string; type: string }[] }[] };
  }>(ctx.target, ctx.sessions.orgAdmin.cookie, "GET", `/api/forms/program/${ctx.demo.programId}`);
  for (const section of form.sections) {
    const question = section.questions.find((q) => q.type === "IDENTIFIER");
    if (question) {
      return {
        questionId: question._id,
        sectionId: section._id,
        type: "IDENTIFIER",
        answerString: "Security scan applicant",
        answerArray: [],
        answerMatrix: [],
      };
    }
  }
  throw new Error("The demo form has no identifier question.");
}

interface Review {
  _id: string;
  rating: number;
  sections: { sectionId: string; rating: number; criteria: unknown[] }[];
}

/** Ada's review of the candidate open to the whole committee (the demo seeds it). */
async function adasReview(ctx: ScanContext): Promise<Review> {
  const ada = ctx.sessions.adminReviewer;
  return must<Review>(
    ctx.target,
    ada.cookie,
    "GET",
    `/api/reviews/${ada.userId}/${ctx.demo.candidates.open}/${ctx.demo.programId}`,
  );
}

/** The same review sent again: every criterion rated, as the reviewing page saves it. */
async function reviewBody({ ctx }: RuleInput): Promise<unknown> {
  const review = await adasReview(ctx);
  return {
    submissionId: ctx.demo.candidates.open,
    sections: review.sections.map((s) => ({
      sectionId: s.sectionId,
      rating: s.rating,
      criteria: s.criteria,
    })),
    rating: review.rating,
  };
}

/** The caller's stacked ranking, in its own order, with its revision. */
async function rankingBody({ ctx, me }: RuleInput): Promise<unknown> {
  const programId = ctx.demo.programId;
  const ranking = await must<{ applications: { _id: string }[]; revision: number }>(
    ctx.target,
    me?.cookie,
    "GET",
    `/api/rankings/${me?.userId}/${programId}`,
  );
  return { programId, rankings: ranking.applications.map((a) => a._id), revision: ranking.revision };
}

/** The form's content as the editor sends it back: the fields the body's schema names. */
function formContent(op: Operation, scratch: ScratchForm): Record<string, unknown> {
  const schema = op.body?.properties?.content as Schema | undefined;
  const keys = Object.keys(schema?.properties ?? {});
  return Object.fromEntries(keys.filter((k) => k in scratch.form).map((k) => [k, scratch.form[k]]));
}

export const RULES: Record<string, Rule> = {
  // ——— Accounts ———
  // Sign-up and the reset request are for people without a session.
  // An address can sign up once: a new one for each request.
  "POST /api/users/create": {
    actors: NOBODY_FIRST,
    renew: renewed("email", async ({ ctx }) => ctx.fresh.email()),
  },
  "POST /api/users/password-reset": {
    actors: NOBODY_FIRST,
    values: async ({ ctx }) => ({ email: ctx.sessions.applicant.email }),
  },

  // ——— Programs: the ones that rename, archive or delete take a program of their own ———
  "DELETE /api/programs/{id}": {
    values: freshProgram,
    renew: renewed("id", ({ ctx }) => ctx.fresh.program()),
  },
  "PATCH /api/programs/{id}/name": { values: freshProgram },
  "PATCH /api/programs/{id}/archived": {
    values: async (input) => ({ ...(await freshProgram(input)), archived: true }),
  },
  "POST /api/programs/{id}/user": {
    values: async () => ({ role: "REVIEWER" }),
    renew: renewed("email", async ({ ctx }) => ctx.fresh.email()),
  },
  "PATCH /api/programs/{programId}/user/{userId}": {
    values: async (input) => ({ ...(await freshMember(input)), role: "GUEST" }),
  },
  "DELETE /api/programs/{programId}/user/{userId}": {
    values: freshMember,
    renew: renewed("userId", ({ ctx }) => ctx.fresh.member()),
  },
  "POST /api/programs/{programId}/user/{userId}/invitation": { values: freshMember },

  // ——— The form editor, on forms of their own ———
  "PUT /api/forms/{formId}": {
    values: scratchForm("draft"),
    renew: formRevision,
    body: async ({ op }, v) => ({ revision: v.revision, content: formContent(op, v.scratch as ScratchForm) }),
  },
  // Each request adds a section: a new form each time, or the form (sent back whole in every answer)
  // grows by hundreds of sections over the scan.
  "POST /api/forms/{formId}/sections": {
    values: scratchForm("draft"),
    renew: freshForm("draft"),
    body: async (_input, v) => {
      const { form } = v.scratch as ScratchForm;
      const model = form.sections.find((s) => s.sectionType === "Decision Criteria") ?? form.sections[0]!;
      return {
        revision: v.revision,
        index: -1,
        section: { ...model, _id: randomUUID(), name: "Scan section", questions: [], criteria: [] },
      };
    },
  },
  "POST /api/forms/{formId}/sections/{sectionId}/{action}": {
    values: async (input) => {
      const v = await scratchForm("draft")(input);
      const { form } = v.scratch as ScratchForm;
      // Not the section with the identifier (it cannot be deleted).
      const section = form.sections.find((s) => !s.questions.some((q) => q.type === "IDENTIFIER"));
      return { ...v, sectionId: section?._id, action: "delete" };
    },
    // A deleted section cannot be deleted again: a new form (and its section) each time.
    renew: {
      names: ["formId", "sectionId", "revision"],
      fresh: async (input) => {
        const v = await scratchForm("draft")(input);
        const { form } = v.scratch as ScratchForm;
        const section = form.sections.find((s) => !s.questions.some((q) => q.type === "IDENTIFIER"));
        return { ...v, sectionId: section?._id };
      },
    },
  },
  // Each changes the form's state once: a new form in the starting state for each request.
  "POST /api/forms/{formId}/publish": { values: scratchForm("draft"), renew: freshForm("draft") },
  "POST /api/forms/{formId}/unpublish": { values: scratchForm("published"), renew: freshForm("published") },
  "POST /api/forms/{formId}/close": { values: scratchForm("published"), renew: freshForm("published") },
  "POST /api/forms/{formId}/reopen": { values: scratchForm("closed"), renew: freshForm("closed") },
  "PATCH /api/forms/{formId}/allow-edit": {
    values: async (input) => ({ ...(await scratchForm("published")(input)), allowEdit: true }),
  },

  // ——— Applications: the applicant's own, and guests' drafts opened by their token ———
  "POST /api/submissions": { actors: APPLICANT_FIRST },
  "GET /api/submissions/applicant/{user}": { actors: APPLICANT_FIRST },
  "GET /api/submissions/user/{userId}/{program}": { actors: APPLICANT_FIRST },
  "GET /api/submissions/{id}": { values: guestDraft },
  "PATCH /api/submissions/{id}": {
    values: guestDraft,
    body: async ({ ctx }) => ({ revision: 0, answers: [await identifierAnswer(ctx)] }),
    renew: draftRevision,
  },
  "PATCH /api/submissions/submissionDate/{id}": {
    values: guestDraft,
    body: async () => ({ submitted: false, revision: 0 }),
    renew: draftRevision,
  },
  "GET /api/submissions/{id}/pdf": {
    values: async (input) => ({ ...(await guestDraft(input)), lang: "en" }),
  },
  "POST /api/submissions/{id}/autofill": {
    actors: APPLICANT_FIRST,
    values: async ({ ctx }) => ({ id: ctx.demo.candidates.ann }),
  },
  // A claimed draft is the claimer's: a new guest's draft (and its token) for each request.
  "POST /api/submissions/{id}/claim": {
    actors: APPLICANT_FIRST,
    values: guestDraft,
    renew: { names: ["id", "x-submission-token"], fresh: (input) => guestDraft(input) },
  },
  // Decisions and assignments change a candidate the committee's calls do not use.
  "PATCH /api/submissions/updateField/{id}": {
    values: async ({ ctx }) => ({ id: ctx.demo.candidates.changed }),
    body: async () => ({ status: "approved", amount: 1500 }),
  },
  "PATCH /api/submissions/reviewers/{id}": {
    values: async ({ ctx }) => ({ id: ctx.demo.candidates.changed }),
  },
  "PATCH /api/submissions/reviewerGroups/{id}": {
    values: async ({ ctx }) => ({ id: ctx.demo.candidates.changed }),
  },
  "POST /api/admin/assignments/bulk": {
    values: async ({ ctx }) => ({ submissionIds: [ctx.demo.candidates.changed] }),
  },

  // ——— The long lists: page 2 after a row, so that the page anchor is looked up ———
  "GET /api/applications": { values: async () => ({ page: 2 }) },
  "GET /api/applications/{userId}": { values: async () => ({ page: 2 }) },
  "GET /api/admin/assignments": { values: async () => ({ page: 2 }) },

  // ——— Files ———
  "GET /api/files/signedUrl/private/putObject": {
    values: async (input) => ({ ...(await guestDraft(input)), size: SCAN_PDF.length }),
  },
  "PUT /api/files/upload/{token}": {
    values: async (input) => {
      const v = await guestDraft(input);
      return { "x-submission-token": v.draft.token, token: await input.ctx.fresh.uploadToken(v.draft) };
    },
    raw: { text: SCAN_PDF, contentType: "application/pdf" },
    // A guest's upload is theirs by the draft's token (requireUploader in src/server/files/routes.ts).
    headers: ["x-submission-token"],
  },
  "GET /api/files/signedUrl/private/getObject": {
    values: async (input) => {
      const v = await guestDraft(input);
      return { ...v, fileId: await input.ctx.fresh.draftFile(v.draft) };
    },
  },
  "GET /api/files/download/{token}": {
    values: async ({ ctx }) => ({ token: await ctx.fresh.downloadToken() }),
  },
  "POST /api/files/delete/{name}": {
    values: async (input) => {
      const v = await guestDraft(input);
      return { ...v, name: await input.ctx.fresh.draftFile(v.draft) };
    },
    // A new draft with a new file each time: a request whose token is bent deletes nothing, and the
    // files such requests leave behind would fill the question's file limit on one draft.
    renew: {
      names: ["name", "x-submission-token"],
      fresh: async (input) => {
        const v = await guestDraft(input);
        return { name: await input.ctx.fresh.draftFile(v.draft), "x-submission-token": v.draft.token };
      },
    },
  },
  "POST /api/files/signedUrl/public/putObject": { values: async () => ({ filename: "header.png" }) },

  // ——— Reviewer groups: changing or deleting one takes a group of its own ———
  "PUT /api/reviewerGroups/{id}": { values: async ({ ctx }) => ({ id: await ctx.fresh.group() }) },
  "DELETE /api/reviewerGroups/{id}": {
    values: async ({ ctx }) => ({ id: await ctx.fresh.group() }),
    renew: renewed("id", ({ ctx }) => ctx.fresh.group()),
  },

  // ——— Reviewing, as Ada (admin and committee member) ———
  "POST /api/reviews": { actors: COMMITTEE, body: reviewBody },
  "POST /api/ratings": { actors: COMMITTEE, body: reviewBody },
  "POST /api/reviews/comments": { actors: COMMITTEE },
  "PATCH /api/reviews/comments/{id}": {
    actors: COMMITTEE,
    values: async ({ ctx }) => ({ id: (await ctx.fresh.comment()).id }),
  },
  "DELETE /api/reviews/comments/{id}": {
    actors: COMMITTEE,
    values: async ({ ctx }) => ({ id: (await ctx.fresh.comment()).id }),
    renew: renewed("id", async ({ ctx }) => (await ctx.fresh.comment()).id),
  },
  "GET /api/reviews/comments/{submissionId}": { actors: COMMITTEE },
  "GET /api/reviews/criteria/users/{id}": {
    actors: COMMITTEE,
    values: async ({ me }) => ({ id: me?.userId }),
  },
  "GET /api/reviews/{userId}/{applicationId}/{program}": { actors: COMMITTEE },
  "GET /api/reviews/{userId}/{programId}": { actors: COMMITTEE },
  "GET /api/reviews/{id}": {
    actors: COMMITTEE,
    values: async ({ ctx }) => ({ id: (await adasReview(ctx))._id }),
  },
  "GET /api/ratings": { actors: COMMITTEE },
  "GET /api/ratings/{userId}/{applicationId}": { actors: COMMITTEE },
  "GET /api/ratings/{userId}": { actors: COMMITTEE },
  "GET /api/rankings/{userId}/{programId}": { actors: COMMITTEE },
  "GET /api/rankings/{programId}": { actors: COMMITTEE },
  "POST /api/rankings": { actors: COMMITTEE, body: rankingBody, renew: rankingRevision },
  "PUT /api/rankings": { actors: COMMITTEE, body: rankingBody, renew: rankingRevision },
  "GET /api/stackings": { actors: COMMITTEE },
  "POST /api/stackings": { actors: COMMITTEE, body: rankingBody, renew: rankingRevision },
  "GET /api/stackings/{userId}": { actors: COMMITTEE },

  // ——— Organization ———
  // A real switch each time: back to Foundation first, then the call moves to Enterprise again.
  "POST /api/organizations/updatePlan": {
    values: async ({ ctx }) => {
      await must(ctx.target, ctx.sessions.orgAdmin.cookie, "POST", "/api/organizations/updatePlan", {
        json: { orgId: ctx.demo.orgId, planId: ctx.demo.plans.foundation },
      });
      return { planId: ctx.demo.plans.enterprise };
    },
  },
  // Another plan than the current one: the refusal is then billing's (off here), not "already on it".
  "POST /api/organizations/checkout": { values: async ({ ctx }) => ({ planId: ctx.demo.plans.foundation }) },
  // The cursor is an opaque position from an earlier page: no example to give.
  "GET /api/organizations/{organizationId}/audit-events": {
    values: async () => ({
      cursor: OMIT,
      from: "2020-01-01T00:00:00.000Z",
      before: new Date(Date.now() + 86_400_000).toISOString(),
    }),
  },

  // ——— Exports ———
  // A candidate is named only for a dossier: the data export is of the whole program.
  "POST /api/exports": { values: async () => ({ submissionId: OMIT }) },
  "GET /api/exports/{id}": { values: async ({ ctx }) => ({ id: (await ctx.fresh.exportJob(false)).id }) },
  "DELETE /api/exports/{id}": {
    values: async ({ ctx }) => ({ id: (await ctx.fresh.exportJob(true)).id }),
    renew: renewed("id", async ({ ctx }) => (await ctx.fresh.exportJob(true)).id),
  },
  "GET /api/exports/{id}/download": {
    values: async ({ ctx }) => {
      const job = await ctx.fresh.exportJob(true);
      const link = new URL(job.downloadUrl!, "http://scan.invalid");
      return {
        id: job.id,
        expires: link.searchParams.get("expires"),
        signature: link.searchParams.get("signature"),
      };
    },
  },

  // ——— Email ———
  "POST /api/email/reminder": { values: async ({ ctx }) => ({ userId: ctx.sessions.reviewer.userId }) },

  // ——— Stripe's webhook (billing is off here: refused before any lookup, scanned all the same) ———
  "POST /api/webhooks/stripe": {
    actors: NOBODY_FIRST,
    values: async () => ({ "stripe-signature": "t=1700000000,v1=0000" }),
    raw: { text: '{"id":"evt_scan","type":"checkout.session.completed"}', contentType: "application/json" },
  },

  // ——— better-auth ———
  // Signing in works (the demo password): what a real sign-in's queries see.
  "POST /api/auth/sign-in/email": {
    actors: NOBODY_FIRST,
    body: async ({ ctx }) => ({
      email: ctx.sessions.applicant.email,
      password: ctx.password,
      rememberMe: true,
    }),
  },
  "POST /api/auth/sign-up/email": { actors: NOBODY_FIRST },
  "POST /api/auth/request-password-reset": {
    actors: NOBODY_FIRST,
    body: async ({ ctx }) => ({ email: ctx.sessions.applicant.email, redirectTo: "/reset-password" }),
  },
  "POST /api/auth/reset-password": { actors: NOBODY_FIRST },
  // An account id that names nothing: unlinking the demo's only (password) account is refused anyway.
  "POST /api/auth/unlink-account": {
    body: async () => ({ providerId: "credential", accountId: "scan-account" }),
  },
  // Two-factor authentication (decision 015). Starting to set it up with the demo password works for the
  // organization admin (a new secret each time; it is on only once a code confirms it, which the scan
  // never sends), and then the app's URI can be read again. The other calls keep the fuzzer's example
  // (the test accounts' password, wrong here) and are scanned as refused: new backup codes need it on,
  // the codes cannot be known, and turning it off with the right password would end the session.
  "POST /api/auth/two-factor/enable": { body: async ({ ctx }) => ({ password: ctx.password }) },
  "POST /api/auth/two-factor/get-totp-uri": { body: async ({ ctx }) => ({ password: ctx.password }) },
};
