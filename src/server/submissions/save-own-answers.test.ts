import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Answer } from "../../shared/forms/answers";
import { defaultFormContent, newQuestion, newSection } from "../../shared/forms/defaults";
import type { FormContent } from "../../shared/forms/model";
import { formLinks, forms, submissions } from "../db/schema";
import { buildPublishedForm, buildUser, type Cast, withCastTestApp } from "../test/factories";
import type { TestApp } from "../test/harness";
import { formState } from "./form-versions";
import { findSubmissionRef, openSubmission, type SubmissionRef, saveOwnAnswers } from "./service";

// saveOwnAnswers is one call of the database function save_own_answers (src/server/db/sql/save-own-answers.sql): these tests
// hold it to the rules it carries, the form's accepting rule above all, which it repeats in SQL.

let t: TestApp;
let cast: Cast;
withCastTestApp((app) => {
  ({ t, cast } = app);
});

function oneQuestionForm(): FormContent {
  const content = defaultFormContent("Autosave rules");
  const section = { ...newSection("About you", "Admin Info"), _id: "about" };
  section.questions = [{ ...newQuestion("IDENTIFIER", "Your name"), _id: "name" }];
  return { ...content, sections: [section] };
}
const named = (name: string): Answer[] => [
  {
    questionId: "name",
    sectionId: "about",
    type: "IDENTIFIER",
    answerString: name,
    answerArray: [],
    answerMatrix: [],
  },
];

let form: Awaited<ReturnType<typeof buildPublishedForm>>;
beforeAll(async () => {
  form = await buildPublishedForm(t.deps.db, cast.program, oneQuestionForm());
});

async function guestDraft(): Promise<SubmissionRef> {
  const { submissionId } = await openSubmission(t.deps.db, form.linkId, null);
  return findSubmissionRef(t.deps.db, submissionId);
}
const stored = async (id: string) =>
  (await t.deps.db.select().from(submissions).where(eq(submissions.id, id)))[0]!;

describe("an applicant's own save", () => {
  it("writes the answers, the identifier, the save time and the next revision", async () => {
    const ref = await guestDraft();
    const at = new Date("2026-03-01T10:00:00.000Z");
    const saved = await saveOwnAnswers(t.deps.db, ref, { revision: 0, answers: named("  Ada  ") }, at);
    expect(saved).toEqual({ revision: 1, lastSaveDate: at.toISOString(), identifier: "Ada" });
    const row = await stored(ref.id);
    expect(row.revision).toBe(1);
    expect(row.answers).toEqual(named("  Ada  "));
    expect(row.identifier).toBe("Ada");
    expect(row.lastSaveDate.toISOString()).toBe(at.toISOString());
  });

  it("writes nothing and answers null when any fact it was based on no longer holds", async () => {
    const db = t.deps.db;
    const ref = await guestDraft();
    await saveOwnAnswers(db, ref, { revision: 0, answers: named("First") });
    const refused = {
      "a stale revision": [ref, 0],
      "a revision from the future": [ref, 5],
      "another token": [{ ...ref, guestTokenHash: "not-the-hash" }, 1],
      "a user who does not own it": [{ ...ref, userId: cast.applicant.id, guestTokenHash: null }, 1],
    } as const;
    for (const [reason, [asRef, revision]] of Object.entries(refused)) {
      expect(await saveOwnAnswers(db, asRef, { revision, answers: named(reason) }), reason).toBeNull();
    }
    expect((await stored(ref.id)).answers).toEqual(named("First"));

    // Moved to another version of the form since `ref` was read.
    const moved = ref.formVersion + 1;
    await db.update(submissions).set({ formVersion: moved }).where(eq(submissions.id, ref.id));
    expect(await saveOwnAnswers(db, ref, { revision: 1, answers: named("Old version") })).toBeNull();
    await db.update(submissions).set({ formVersion: ref.formVersion }).where(eq(submissions.id, ref.id));
    expect((await stored(ref.id)).answers).toEqual(named("First"));

    // Claimed by a user: the token no longer saves it; the user does.
    const owner = await buildUser(db, { applicant: true, name: "Claiming Applicant" });
    await db
      .update(submissions)
      .set({ userId: owner.id, guestTokenHash: null })
      .where(eq(submissions.id, ref.id));
    expect(await saveOwnAnswers(db, ref, { revision: 1, answers: named("Token") })).toBeNull();
    const claimed = await findSubmissionRef(db, ref.id);
    expect(await saveOwnAnswers(db, claimed, { revision: 1, answers: named("Owner") })).toMatchObject({
      revision: 2,
    });

    // Submitted: no more saves.
    await db.update(submissions).set({ submissionDate: new Date() }).where(eq(submissions.id, ref.id));
    expect(await saveOwnAnswers(db, claimed, { revision: 2, answers: named("Late") })).toBeNull();
    const row = await stored(ref.id);
    expect([row.revision, row.answers]).toEqual([2, named("Owner")]);
  });

  it("saves exactly while the form accepts responses, as formState judges it", async () => {
    const db = t.deps.db;
    const ref = await guestDraft();
    const now = new Date();
    const later = (seconds: number) => new Date(now.getTime() + seconds * 1000);
    const setLatestLink = async (closeAt: Date | null, createdAt: Date) =>
      db.insert(formLinks).values({ formId: form.formId, kind: "submission", closeAt, createdAt });
    const states: [string, () => Promise<unknown>, boolean][] = [
      ["the applicant link open", async () => {}, true],
      [
        "closing later",
        () =>
          db
            .update(formLinks)
            .set({ closeAt: later(3600) })
            .where(eq(formLinks.id, form.linkId)),
        true,
      ],
      [
        "closed",
        () =>
          db
            .update(formLinks)
            .set({ closeAt: later(-1) })
            .where(eq(formLinks.id, form.linkId)),
        false,
      ],
      ["reopened with a new link", () => setLatestLink(null, later(1)), true],
      ["an older link open, the latest closed", () => setLatestLink(later(-1), later(2)), false],
      ["the latest link open again", () => setLatestLink(null, later(3)), true],
      ["unpublished", () => db.update(forms).set({ draft: true }).where(eq(forms.id, form.formId)), false],
    ];
    let revision = 0;
    for (const [state, arrange, accepting] of states) {
      await arrange();
      expect((await formState(db, form.formId, now)).accepting, state).toBe(accepting);
      const saved = await saveOwnAnswers(db, ref, { revision, answers: named(state) }, now);
      expect(saved === null ? "refused" : "saved", state).toBe(accepting ? "saved" : "refused");
      if (saved) revision = saved.revision;
    }
    await db.update(forms).set({ draft: false }).where(eq(forms.id, form.formId));
    expect((await stored(ref.id)).answers).toEqual(named("the latest link open again"));
  });
});
