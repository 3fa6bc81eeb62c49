import { asc, desc, eq, inArray } from "drizzle-orm";
import { type Answer, answerMap } from "../../../shared/forms/answers";
import type { FormContent, Question } from "../../../shared/forms/model";
import type { Tx } from "../../db/client";
import { forms, formVersions, submissionFiles, submissions } from "../../db/schema";
import { ANONYMIZED, type AnswerFile, answerText } from "../tabular/answer-text";
import {
  candidatePages,
  candidatesAfter,
  countCandidates,
  figuresOf,
  LIST_ORDER,
  nameKey,
  parseRatings,
  ratingsColumn,
} from "../tabular/candidate-pages";
import { amountCell, STATUS_LABELS } from "../tabular/labels";
import { type QuestionColumn, questionColumns } from "../tabular/question-columns";
import { type Cell, openTable, tableContentType } from "../tabular/table";
import type { ExportContext, ExportProducer } from "../types";

/**
 * The data export (docs/decisions/011-exports.md; review-and-administration, "Export Options"): one row per
 * submitted, non-test submission — drafts are unfinished and not yet applications, tests are not applications
 * at all (the admins' lists leave both out too) — with its identifier, dates (UTC), decision, amount,
 * average rating and number of rated reviews, then one column per question of every published version
 * of the form (tabular/question-columns.ts), each answer flattened to readable text
 * (tabular/answer-text.ts). Answers to anonymized questions read "[anonymized]" unless the admin asked
 * for them (the same promise the submission view keeps towards reviewers).
 *
 * Read 200 submissions at a time (keyset pages, tabular/candidate-pages.ts): their answers are the
 * widest rows of the database. A page costs two queries whatever the program's size: the submissions
 * with their ratings, and their files.
 */

export const DATA_FIXED_HEADERS = [
  "Identifier",
  "Submission date (UTC)",
  "Last saved (UTC)",
  "Status",
  "Amount",
  "Average rating",
  "Number of reviews",
] as const;

const PAGE_SIZE = 200;

/** The program's published form versions, newest first. */
async function versionsOf(db: Tx, programId: string) {
  return db
    .select({ version: formVersions.version, content: formVersions.content })
    .from(formVersions)
    .innerJoin(forms, eq(forms.id, formVersions.formId))
    .where(eq(forms.programId, programId))
    .orderBy(desc(formVersions.version));
}

function questionsById(content: FormContent): Map<string, Question> {
  return new Map(content.sections.flatMap((s) => s.questions.map((q) => [q._id, q] as const)));
}

async function filesOf(db: Tx, ids: readonly string[]): Promise<Map<string, AnswerFile[]>> {
  const rows = await db
    .select({
      submissionId: submissionFiles.submissionId,
      id: submissionFiles.id,
      questionId: submissionFiles.questionId,
      name: submissionFiles.name,
    })
    .from(submissionFiles)
    .where(inArray(submissionFiles.submissionId, [...ids]))
    .orderBy(asc(submissionFiles.createdAt), asc(submissionFiles.id));
  const bySubmission = new Map<string, AnswerFile[]>();
  for (const { submissionId, ...file } of rows) {
    const list = bySubmission.get(submissionId);
    if (list) list.push(file);
    else bySubmission.set(submissionId, [file]);
  }
  return bySubmission;
}

function pageOf(db: Tx, programId: string) {
  return (cursor: Parameters<typeof candidatesAfter>[1], limit: number) =>
    db
      .select({
        id: submissions.id,
        key: nameKey,
        identifier: submissions.identifier,
        formVersion: submissions.formVersion,
        submissionDate: submissions.submissionDate,
        lastSaveDate: submissions.lastSaveDate,
        status: submissions.status,
        amountCents: submissions.amountCents,
        answers: submissions.answers,
        ratings: ratingsColumn(programId),
      })
      .from(submissions)
      .where(candidatesAfter(programId, cursor))
      .orderBy(...LIST_ORDER)
      .limit(limit);
}

/** One answer's cell: empty when the submission's version has no such question (it was never asked). */
function answerCell(
  column: QuestionColumn,
  question: Question | undefined,
  answer: Answer | undefined,
  files: readonly AnswerFile[],
  includeAnonymized: boolean,
): string {
  if (question === undefined) return "";
  const text = answerText(question, answer, files);
  return column.anonymized && !includeAnonymized && text !== "" ? ANONYMIZED : text;
}

async function run(ctx: ExportContext): Promise<void> {
  const { db, program, params, signal } = ctx;
  const versions = await versionsOf(db, program.id);
  const columns = questionColumns(
    versions.map((v) => v.content),
    DATA_FIXED_HEADERS,
  );
  const questionsOfVersion = new Map(versions.map((v) => [v.version, questionsById(v.content)]));
  const total = await countCandidates(db, program.id);

  const table = openTable(params.format, ctx.output, signal, "Data");
  await table.header([...DATA_FIXED_HEADERS, ...columns.map((c) => c.header)]);
  await ctx.progress(0, total);
  let processed = 0;
  for await (const page of candidatePages(pageOf(db, program.id), PAGE_SIZE, signal)) {
    const files = await filesOf(
      db,
      page.map((s) => s.id),
    );
    for (const submission of page) {
      const questions = questionsOfVersion.get(submission.formVersion);
      const answers = answerMap(submission.answers);
      const ownFiles = files.get(submission.id) ?? [];
      const { averageRating, numReviews } = figuresOf(parseRatings(submission.ratings));
      const cells: Cell[] = [
        submission.identifier,
        submission.submissionDate,
        submission.lastSaveDate,
        STATUS_LABELS[submission.status],
        amountCell(submission.amountCents),
        averageRating,
        numReviews,
      ];
      for (const column of columns) {
        const question = questions?.get(column.questionId);
        cells.push(
          answerCell(column, question, answers.get(column.questionId), ownFiles, params.includeAnonymized),
        );
      }
      await table.row(cells);
    }
    processed += page.length;
    await ctx.progress(processed, Math.max(total, processed));
  }
  await table.end();
}

export const dataExport: ExportProducer = { kind: "data", contentType: tableContentType, run };
