import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultFormContent } from "../../../shared/forms/defaults";
import { buildOrg, buildProgram, buildPublishedForm, buildUser } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/harness";
import { buildCandidate } from "../../test/review-factories";
import type { Db } from "../client";
import { programs, reviewerCandidates, submissionReviewers, submissions, users } from "../schema";

/**
 * submission_reviewers' keys to its candidate and its member, kept by the statement triggers of
 * src/server/db/sql/submission-reviewers-keys.sql instead of foreign keys (decision 034): what the keys did,
 * whoever writes.
 */

let t: TestApp;
let db: Db;
let serial = 0;

beforeAll(async () => {
  t = await createTestApp();
  db = t.deps.db;
});
afterAll(() => t?.close());

/** A program with three candidates and two members, each candidate assigned to both. */
async function assignedProgram() {
  const org = await buildOrg(db, { name: `Keys ${++serial}` });
  const program = await buildProgram(db, org.id, { name: `Keys program ${serial}` });
  const { formId } = await buildPublishedForm(db, program, defaultFormContent("Keys"));
  const candidates = [];
  for (const name of ["Ada", "Bo", "Cy"]) {
    candidates.push((await buildCandidate(db, { program, formId, identifier: `${name} ${serial}` })).id);
  }
  const members = [
    (await buildUser(db, { name: `Rev A ${serial}` })).id,
    (await buildUser(db, { name: `Rev B ${serial}` })).id,
  ];
  await db
    .insert(submissionReviewers)
    .values(
      candidates.flatMap((submissionId) =>
        members.map((userId) => ({ submissionId, userId, programId: program.id })),
      ),
    );
  return { program, formId, candidates, members };
}

async function assignmentsOf(programId: string) {
  const rows = await db
    .select({ submissionId: submissionReviewers.submissionId, userId: submissionReviewers.userId })
    .from(submissionReviewers)
    .where(eq(submissionReviewers.programId, programId));
  return rows.map((r) => `${r.submissionId} ${r.userId}`).sort();
}

async function listRowsOf(programId: string) {
  return (await db.select().from(reviewerCandidates).where(eq(reviewerCandidates.programId, programId)))
    .length;
}

/** The SQLSTATE of what `write` threw (drizzle wraps the driver's error in `cause`). */
async function refusal(write: () => Promise<unknown>): Promise<string | undefined> {
  const error = await failure(write);
  return error?.cause?.code ?? error?.code;
}

/** The message of a foreign_key_violation `write` threw. */
async function refusalMessage(write: () => Promise<unknown>): Promise<string | undefined> {
  const error = await failure(write);
  const cause = error?.cause ?? error;
  return cause?.code === "23503"
    ? cause.message
    : `not refused as a key would: ${cause?.code} ${cause?.message}`;
}

type DbError = { code?: string; message?: string; cause?: { code?: string; message?: string } };

async function failure(write: () => Promise<unknown>): Promise<DbError | undefined> {
  try {
    await write();
  } catch (error) {
    return error as DbError;
  }
  return undefined;
}

describe("submission_reviewers' keys", () => {
  it("deleting a program deletes its assignments through its candidates, and leaves other programs' alone", async () => {
    const doomed = await assignedProgram();
    const kept = await assignedProgram();
    expect(await assignmentsOf(doomed.program.id)).toHaveLength(6);
    expect(await listRowsOf(doomed.program.id)).toBe(6);

    await db.delete(programs).where(eq(programs.id, doomed.program.id));

    expect(await assignmentsOf(doomed.program.id)).toEqual([]);
    expect(await listRowsOf(doomed.program.id)).toBe(0);
    expect(await assignmentsOf(kept.program.id)).toHaveLength(6);
    expect(await listRowsOf(kept.program.id)).toBe(6);
  });

  it("deleting candidates or a member deletes exactly their assignments, and the candidate's list rows follow", async () => {
    const { program, candidates, members } = await assignedProgram();
    const [ada, bo, cy] = candidates as [string, string, string];
    const [revA, revB] = members as [string, string];

    await db.delete(submissions).where(eq(submissions.id, ada));
    expect(await assignmentsOf(program.id)).toEqual(
      [`${bo} ${revA}`, `${bo} ${revB}`, `${cy} ${revA}`, `${cy} ${revB}`].sort(),
    );

    await db.delete(users).where(eq(users.id, revA));
    expect(await assignmentsOf(program.id)).toEqual([`${bo} ${revB}`, `${cy} ${revB}`].sort());
    expect(await listRowsOf(program.id)).toBe(2);
    const [open] = await db
      .select({ openToAll: submissions.openToAll })
      .from(submissions)
      .where(eq(submissions.id, bo));
    expect(open).toEqual({ openToAll: false });

    await db.delete(users).where(eq(users.id, revB));
    expect(await assignmentsOf(program.id)).toEqual([]);
    const opened = await db
      .select({ openToAll: submissions.openToAll })
      .from(submissions)
      .where(inArray(submissions.id, [bo, cy]));
    expect(opened).toEqual([{ openToAll: true }, { openToAll: true }]);
  });

  it("refuses a statement naming a missing candidate or member, as a foreign key did, and writes none of its rows", async () => {
    const { program, candidates, members } = await assignedProgram();
    const [ada] = candidates as [string];
    const [revA] = members as [string];
    const newcomer = (await buildUser(db, { name: `Newcomer ${serial}` })).id;
    const before = await assignmentsOf(program.id);

    const missingMember = await refusal(() =>
      db.insert(submissionReviewers).values([
        { submissionId: ada, userId: newcomer, programId: program.id },
        { submissionId: ada, userId: "no-such-user", programId: program.id },
      ]),
    );
    const missingCandidate = await refusal(() =>
      db.insert(submissionReviewers).values([
        { submissionId: ada, userId: newcomer, programId: program.id },
        { submissionId: "00000000-0000-4000-8000-000000000000", userId: newcomer, programId: program.id },
      ]),
    );
    const movedToMissing = await refusal(() =>
      db
        .update(submissionReviewers)
        .set({ userId: "no-such-user" })
        .where(eq(submissionReviewers.userId, revA)),
    );

    expect([missingMember, missingCandidate, movedToMissing]).toEqual(["23503", "23503", "23503"]);
    expect(await assignmentsOf(program.id)).toEqual(before);
  });

  it("refuses changing the id of a candidate or member that assignments name", async () => {
    const { program, candidates } = await assignedProgram();
    // A member with nothing but an assignment: no account row, whose own key would refuse first.
    const bare = `bare-member-${serial}`;
    await db.insert(users).values({ id: bare, email: `${bare}@example.test` });
    await db
      .insert(submissionReviewers)
      .values({ submissionId: candidates[0]!, userId: bare, programId: program.id });
    const changedCandidate = await refusalMessage(() =>
      db.execute(sql`update submissions set id = gen_random_uuid() where id = ${candidates[0]!}`),
    );
    const changedMember = await refusalMessage(() =>
      db.execute(sql`update users set id = 'renamed-member' where id = ${bare}`),
    );
    expect([changedCandidate, changedMember]).toEqual([
      'update on table "submissions" changes an id "submission_reviewers" still names',
      'update on table "users" changes an id "submission_reviewers" still names',
    ]);
    // Unnamed by any assignment, the same change goes through.
    await db.delete(submissionReviewers).where(eq(submissionReviewers.userId, bare));
    await db.execute(sql`update users set id = 'renamed-member' where id = ${bare}`);
    expect(await db.select({ id: users.id }).from(users).where(eq(users.id, "renamed-member"))).toEqual([
      { id: "renamed-member" },
    ]);
  });

  // Last: it empties the file's database.
  it("a truncate of the candidates (CASCADE, as their other keys ask) empties the assignments and the lists", async () => {
    const { program } = await assignedProgram();
    expect(await assignmentsOf(program.id)).toHaveLength(6);
    await db.execute(sql`truncate ${submissions} cascade`);
    const [left] = await db.select({ n: sql<number>`count(*)::int` }).from(submissionReviewers);
    const [listed] = await db.select({ n: sql<number>`count(*)::int` }).from(reviewerCandidates);
    expect([left?.n, listed?.n]).toEqual([0, 0]);
  });
});
