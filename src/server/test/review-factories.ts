import type { Answer } from "../../shared/forms/answers";
import { defaultFormContent, newQuestion, newSection } from "../../shared/forms/defaults";
import type { FormContent, Question, Section } from "../../shared/forms/model";
import type { ReviewSection } from "../../shared/schemas/reviews";
import type { Db } from "../db/client";
import {
  rankings,
  reviewComments,
  reviewerGroupMembers,
  reviewerGroups,
  reviews,
  submissionFiles,
  submissionReviewerGroups,
  submissionReviewers,
  submissions,
} from "../db/schema";

/**
 * Reviewing test data written straight to the tables: candidates, assignments, reviews, comments and
 * rankings. Going around the HTTP routes keeps each test's setup independent of the code it tests.
 */
type ProgramRef = { id: string; organizationId: string };

/** A one-answer helper for tests that build answers by hand. */
export function answerOf(
  questionId: string,
  sectionId: string,
  type: Answer["type"],
  patch: Partial<Answer> = {},
): Answer {
  return { questionId, sectionId, type, answerString: "", answerArray: [], answerMatrix: [], ...patch };
}

/**
 * The submission view's form: About (the identifier, an anonymized answer, an anonymized CV upload, a
 * budget upload) and Merit (one 5-point criterion).
 */
export function viewTestForm(title = "View form"): FormContent {
  const question = (id: string, type: Question["type"], patch: Partial<Question> = {}): Question => ({
    ...newQuestion(type, id),
    _id: id,
    ...patch,
  });
  const about: Section = {
    ...newSection("About", "Admin Info"),
    _id: "about",
    questions: [
      question("name", "IDENTIFIER", { required: true }),
      question("secret", "SHORT_ANSWER", { anonymize: true }),
      question("cv", "FILE_UPLOAD", { anonymize: true }),
      question("budget", "FILE_UPLOAD"),
    ],
  };
  const merit: Section = {
    ...newSection("Merit"),
    _id: "merit",
    criteria: [{ _id: "impact", description: "Impact", type: "SCALE", maxScale: 5, weight: 1 }],
  };
  return { ...defaultFormContent(title), sections: [about, merit] };
}

/**
 * A candidate on a published form (version 1 unless told): submitted unless `submitted: false`
 * (a draft), a test when `test: true` (softDeleted).
 */
export async function buildCandidate(
  db: Db,
  opts: {
    program: ProgramRef;
    formId: string;
    identifier: string;
    submitted?: boolean;
    test?: boolean;
    answers?: Answer[];
    formVersion?: number;
    status?: "pending" | "approved" | "disapproved";
    amountCents?: number | null;
    userId?: string | null;
    submissionDate?: Date;
  },
) {
  const [row] = await db
    .insert(submissions)
    .values({
      organizationId: opts.program.organizationId,
      programId: opts.program.id,
      formId: opts.formId,
      formVersion: opts.formVersion ?? 1,
      userId: opts.userId ?? null,
      answers: opts.answers ?? [],
      identifier: opts.identifier,
      submissionDate: opts.submitted === false ? null : (opts.submissionDate ?? new Date()),
      softDeleted: opts.test ?? false,
      status: opts.status ?? "pending",
      amountCents: opts.amountCents ?? null,
    })
    .returning();
  return row!;
}

export async function assignReviewer(db: Db, submissionId: string, userId: string, programId: string) {
  await db.insert(submissionReviewers).values({ submissionId, userId, programId });
}

export async function buildGroup(db: Db, program: ProgramRef, name: string, memberIds: readonly string[]) {
  const [group] = await db
    .insert(reviewerGroups)
    .values({ organizationId: program.organizationId, programId: program.id, name })
    .returning();
  if (memberIds.length > 0) {
    await db.insert(reviewerGroupMembers).values(memberIds.map((userId) => ({ groupId: group!.id, userId })));
  }
  return group!;
}

export async function assignGroup(db: Db, submissionId: string, groupId: string, programId: string) {
  await db.insert(submissionReviewerGroups).values({ submissionId, groupId, programId });
}

/** A review row as the review routes would leave it; `startedAt` set when the rating is above -1. */
export async function insertReview(
  db: Db,
  opts: {
    program: ProgramRef;
    submissionId: string;
    userId: string;
    rating: number;
    sections?: ReviewSection[];
    lastReviewed?: Date;
  },
) {
  const lastReviewed = opts.lastReviewed ?? new Date();
  const [row] = await db
    .insert(reviews)
    .values({
      organizationId: opts.program.organizationId,
      programId: opts.program.id,
      submissionId: opts.submissionId,
      userId: opts.userId,
      rating: opts.rating,
      sections: opts.sections ?? [],
      startedAt: opts.rating > -1 ? lastReviewed : null,
      lastReviewed,
    })
    .returning();
  return row!;
}

export async function insertComment(
  db: Db,
  opts: { program: ProgramRef; submissionId: string; userId: string; sectionId: string; body: string },
) {
  const [row] = await db
    .insert(reviewComments)
    .values({
      organizationId: opts.program.organizationId,
      programId: opts.program.id,
      submissionId: opts.submissionId,
      userId: opts.userId,
      sectionId: opts.sectionId,
      body: opts.body,
    })
    .returning();
  return row!;
}

/** A committee member's stacked ranking: candidate ids, best first. */
export async function insertRanking(db: Db, program: ProgramRef, userId: string, applications: string[]) {
  await db
    .insert(rankings)
    .values({ programId: program.id, organizationId: program.organizationId, userId, applications });
}

/** A file row for a submission's file question (no bytes stored unless the test writes them). */
export async function insertFile(
  db: Db,
  opts: { submissionId: string; questionId: string; name: string; key?: string },
) {
  const [row] = await db
    .insert(submissionFiles)
    .values({
      submissionId: opts.submissionId,
      questionId: opts.questionId,
      key: opts.key ?? `submissions/${opts.submissionId}/${opts.name}`,
      name: opts.name,
      size: 10,
      contentType: "application/pdf",
    })
    .returning();
  return row!;
}

/**
 * Counts the SQL statements sent to the database while `run` runs, by wrapping the driver client's
 * `query` (PGlite and node-postgres both send every drizzle statement through it). Used to prove a
 * list costs a fixed number of queries whatever its page size.
 */
export async function countQueries<T>(
  db: Db,
  run: () => Promise<T>,
): Promise<{ result: T; queries: number }> {
  const client = (db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const original = client.query;
  // The method may be the instance's own (pglite-parsers.ts) or its prototype's.
  const ownMethod = Object.hasOwn(client, "query");
  let queries = 0;
  client.query = function (this: unknown, ...args: unknown[]) {
    queries += 1;
    return original.apply(this, args);
  };
  try {
    const result = await run();
    return { result, queries };
  } finally {
    if (ownMethod) client.query = original;
    else delete (client as { query?: unknown }).query;
  }
}
