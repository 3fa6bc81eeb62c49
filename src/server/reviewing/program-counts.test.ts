import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultFormContent } from "../../shared/forms/defaults";
import type { Db } from "../db/client";
import {
  forms,
  programSubmissionCounts,
  programs,
  reviewerGroups,
  submissionReviewers,
  submissions,
} from "../db/schema";
import { buildCast, buildProgram, buildPublishedForm, buildUser, type Cast } from "../test/factories";
import { createTestApp, type TestApp } from "../test/harness";
import { assignGroup, assignReviewer, buildCandidate, buildGroup } from "../test/review-factories";

/**
 * program_submission_counts — how many submissions each program's lists hold — is kept by triggers on
 * submissions (src/server/db/sql/program-counts.sql), so every writer keeps it right without
 * code of its own. These tests write the tables directly, as any writer would, and after each write
 * compare the stored counts with the counts of the rows themselves.
 */

let t: TestApp;
let db: Db;
let cast: Cast;
let serial = 0;

beforeAll(async () => {
  t = await createTestApp();
  db = t.deps.db;
  cast = await buildCast(db);
});
afterAll(() => t?.close());

type Program = { id: string; organizationId: string; name: string };

async function programWithForm(): Promise<Program & { formId: string }> {
  const program = await buildProgram(db, cast.org.id, { name: `Counted ${++serial}` });
  const { formId } = await buildPublishedForm(db, program, defaultFormContent(`Counted form ${serial}`));
  return { ...program, formId };
}

/** What the triggers stored for the program. */
async function stored(programId: string) {
  const [row] = await db
    .select({
      all: programSubmissionCounts.submissions,
      reviewable: programSubmissionCounts.reviewable,
      open: programSubmissionCounts.openReviewable,
    })
    .from(programSubmissionCounts)
    .where(eq(programSubmissionCounts.programId, programId));
  return row ?? null;
}

/** The same counts from the rows themselves. */
async function counted(programId: string) {
  const reviewable = sql`${submissions.submissionDate} is not null and not ${submissions.softDeleted}`;
  const [row] = await db
    .select({
      all: sql<number>`count(*)::int`,
      reviewable: sql<number>`(count(*) filter (where ${reviewable}))::int`,
      open: sql<number>`(count(*) filter (where ${reviewable} and ${submissions.openToAll}))::int`,
    })
    .from(submissions)
    .where(eq(submissions.programId, programId));
  return row!;
}

/** The stored counts equal the counted ones and the figures expected. */
async function expectCounts(programId: string, expected: { all: number; reviewable: number; open: number }) {
  expect(await counted(programId)).toEqual(expected);
  expect(await stored(programId)).toEqual(expected);
}

const candidate = (
  program: Program & { formId: string },
  opts: { submitted?: boolean; test?: boolean } = {},
) => buildCandidate(db, { program, formId: program.formId, identifier: `Candidate ${++serial}`, ...opts });

describe("program_submission_counts", () => {
  it("counts new submissions, drafts and tests, one INSERT of many rows as well as one by one", async () => {
    const program = await programWithForm();
    expect(await stored(program.id)).toBeNull();
    await candidate(program);
    await candidate(program, { submitted: false });
    await candidate(program, { submitted: false, test: true });
    await expectCounts(program.id, { all: 3, reviewable: 1, open: 1 });

    const other = await programWithForm();
    const row = (p: Program & { formId: string }, submitted: boolean) => ({
      organizationId: p.organizationId,
      programId: p.id,
      formId: p.formId,
      formVersion: 1,
      answers: [],
      identifier: `Bulk ${++serial}`,
      submissionDate: submitted ? new Date() : null,
    });
    await db
      .insert(submissions)
      .values([
        row(program, true),
        row(other, true),
        row(other, false),
        row(program, true),
        row(other, true),
      ]);
    await expectCounts(program.id, { all: 5, reviewable: 3, open: 3 });
    await expectCounts(other.id, { all: 3, reviewable: 2, open: 2 });
  });

  it("follows a force submit, a mark as test and assignments, and ignores every other change", async () => {
    const program = await programWithForm();
    const draft = await candidate(program, { submitted: false });
    const submitted = await candidate(program);
    await expectCounts(program.id, { all: 2, reviewable: 1, open: 1 });

    await db.update(submissions).set({ submissionDate: new Date() }).where(eq(submissions.id, draft.id));
    await expectCounts(program.id, { all: 2, reviewable: 2, open: 2 });

    const reviewer = await buildUser(db, { name: `Assigned ${++serial}` });
    await assignReviewer(db, submitted.id, reviewer.id, program.id);
    await expectCounts(program.id, { all: 2, reviewable: 2, open: 1 });
    const group = await buildGroup(db, program, `Group ${++serial}`, []);
    await assignGroup(db, draft.id, group.id, program.id);
    await expectCounts(program.id, { all: 2, reviewable: 2, open: 0 });
    // Deleting the group deletes its assignments (cascade): the candidate is everyone's again.
    await db.delete(reviewerGroups).where(eq(reviewerGroups.id, group.id));
    await db.delete(submissionReviewers).where(eq(submissionReviewers.submissionId, submitted.id));
    await expectCounts(program.id, { all: 2, reviewable: 2, open: 2 });

    const test = await candidate(program, { submitted: false });
    await db.update(submissions).set({ softDeleted: true }).where(eq(submissions.id, test.id));
    await expectCounts(program.id, { all: 3, reviewable: 2, open: 2 });

    // An autosave, a decision, a review count: no counted column changes.
    await db
      .update(submissions)
      .set({ identifier: "Renamed", answers: [], revision: sql`${submissions.revision} + 1`, reviewCount: 3 })
      .where(eq(submissions.programId, program.id));
    await expectCounts(program.id, { all: 3, reviewable: 2, open: 2 });
  });

  it("follows deletions: a submission, a form's submissions, and a program with its counter", async () => {
    const program = await programWithForm();
    const [a] = [
      await candidate(program),
      await candidate(program),
      await candidate(program, { submitted: false }),
    ];
    await db.delete(submissions).where(eq(submissions.id, a!.id));
    await expectCounts(program.id, { all: 2, reviewable: 1, open: 1 });
    await db.delete(forms).where(eq(forms.programId, program.id));
    await expectCounts(program.id, { all: 0, reviewable: 0, open: 0 });

    const gone = await programWithForm();
    await candidate(gone);
    await db.delete(programs).where(eq(programs.id, gone.id));
    expect(await stored(gone.id)).toBeNull();
  });

  it("moves a submission's counts with it to another program", async () => {
    const from = await programWithForm();
    const to = await programWithForm();
    const moved = await candidate(from);
    await db.update(submissions).set({ programId: to.id }).where(eq(submissions.id, moved.id));
    await expectCounts(from.id, { all: 0, reviewable: 0, open: 0 });
    await expectCounts(to.id, { all: 1, reviewable: 1, open: 1 });
  });
});

/**
 * Writers of one program at once (PostgreSQL only: PGlite runs one transaction at a time): the counter
 * row makes them take turns, and no write is lost.
 */
describe.runIf(process.env.DATABASE_URL)("program_submission_counts under concurrent writers", () => {
  it("counts every draft of applicants starting at once, and every force submit", async () => {
    const program = await programWithForm();
    const drafts = await Promise.all(
      Array.from({ length: 12 }, () =>
        db.transaction(async (tx) =>
          buildCandidate(tx as unknown as Db, {
            program,
            formId: program.formId,
            identifier: `Racer ${++serial}`,
            submitted: false,
          }),
        ),
      ),
    );
    await expectCounts(program.id, { all: 12, reviewable: 0, open: 0 });
    await Promise.all(
      drafts.map((d) =>
        db
          .update(submissions)
          .set({ submissionDate: new Date() })
          .where(and(eq(submissions.id, d.id), eq(submissions.programId, program.id))),
      ),
    );
    await expectCounts(program.id, { all: 12, reviewable: 12, open: 12 });
  });
});
