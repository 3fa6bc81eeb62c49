import { and, asc, eq } from "drizzle-orm";
import type { Actor } from "../../shared/authz/actor";
import { type CandidateResource, can } from "../../shared/authz/matrix";
import type { Answer } from "../../shared/forms/answers";
import { type FormContent, liveSections } from "../../shared/forms/model";
import type { CandidateView, ReviewAnswer } from "../../shared/schemas/reviews";
import type { SubmissionFile } from "../../shared/schemas/submissions";
import type { Tx } from "../db/client";
import { reviewComments, reviews, submissionFiles, submissions, users } from "../db/schema";
import { AppError } from "../http/errors";
import { versionContent } from "../submissions/form-versions";
import { neighboursOf, viewerIn } from "./candidate-list";
import { type Candidate, findCandidate } from "./candidates";
import { amountOf, emptyReview, isoOrNull, presentComment, presentReview, reviewProgram } from "./present";

/**
 * The submission view (review-and-administration §2): the answers of the version the candidate applied
 * on, with anonymized answers withheld from everyone but the program's admins — the text never leaves
 * the server for a reviewer — plus the caller's review and the comments they may see.
 */

/** Questions whose answers (and files) only the program's admins receive. */
export function anonymizedQuestionIds(content: FormContent): Set<string> {
  return new Set(content.sections.flatMap((s) => s.questions.filter((q) => q.anonymize).map((q) => q._id)));
}

function reviewAnswers(
  content: FormContent,
  answers: readonly Answer[],
  files: readonly SubmissionFile[],
  isAdmin: boolean,
): ReviewAnswer[] {
  const filesByQuestion = new Map<string, string[]>();
  for (const file of files) {
    filesByQuestion.set(file.questionId, [...(filesByQuestion.get(file.questionId) ?? []), file._id]);
  }
  const given = new Map(answers.map((a) => [a.questionId, a]));
  const result: ReviewAnswer[] = [];
  // In form order; an answer to no live question of its version has nothing to be shown beside.
  for (const section of liveSections(content.sections)) {
    for (const question of section.questions) {
      const answer = given.get(question._id);
      const fileIds = question.type === "FILE_UPLOAD" ? (filesByQuestion.get(question._id) ?? []) : [];
      if (!answer && fileIds.length === 0) continue;
      const { _id: questionId, type } = question;
      const sectionId = answer?.sectionId ?? section._id;
      if (question.anonymize && !isAdmin) {
        result.push({ questionId, sectionId, type, anonymized: true, withheld: true });
        continue;
      }
      const base = answer ?? {
        questionId,
        sectionId,
        type,
        answerString: "",
        answerArray: [],
        answerMatrix: [],
      };
      // File answers list the files the submission really has (the table is the truth, as for applicants).
      result.push({
        ...base,
        ...(type === "FILE_UPLOAD" ? { answerArray: fileIds } : {}),
        ...(question.anonymize ? { anonymized: true } : {}),
      });
    }
  }
  return result;
}

async function detailsOf(db: Tx, candidate: Candidate) {
  const [answers, files] = await Promise.all([
    db
      .select({ answers: submissions.answers })
      .from(submissions)
      .where(and(eq(submissions.programId, candidate.programId), eq(submissions.id, candidate.id))),
    db
      .select()
      .from(submissionFiles)
      .where(eq(submissionFiles.submissionId, candidate.id))
      .orderBy(asc(submissionFiles.createdAt), asc(submissionFiles.id)),
  ]);
  return {
    answers: answers[0]?.answers ?? [],
    files: files.map((f) => ({
      _id: f.id,
      questionId: f.questionId,
      name: f.name,
      size: f.size,
      contentType: f.contentType,
    })),
  };
}

async function ownReview(db: Tx, candidate: Candidate, userId: string) {
  const [row] = await db
    .select()
    .from(reviews)
    .where(
      and(
        eq(reviews.programId, candidate.programId),
        eq(reviews.submissionId, candidate.id),
        eq(reviews.userId, userId),
      ),
    );
  return row;
}

/** The caller's comments on the candidate, or everyone's for an admin; oldest first. */
async function visibleComments(db: Tx, candidate: Candidate, userId: string, everyone: boolean) {
  const rows = await db
    .select({ comment: reviewComments, authorName: users.name })
    .from(reviewComments)
    .innerJoin(users, eq(users.id, reviewComments.userId))
    .where(
      and(
        eq(reviewComments.programId, candidate.programId),
        eq(reviewComments.submissionId, candidate.id),
        everyone ? undefined : eq(reviewComments.userId, userId),
      ),
    )
    .orderBy(asc(reviewComments.createdAt), asc(reviewComments.id));
  return rows.map((r) => presentComment(r.comment, r.authorName));
}

/** The view of a candidate the caller may read (the route has asked `candidate:read`). */
export async function candidateView(
  db: Tx,
  actor: Actor,
  { candidate, resource }: { candidate: Candidate; resource: CandidateResource },
): Promise<CandidateView> {
  const program = { ...candidate.program, id: candidate.programId };
  const programRef = { ...program, organizationId: candidate.organizationId };
  const viewer = viewerIn(actor, programRef);
  const canRate = can(actor, "review:write", { ...resource, archived: program.archived });
  // In an archived program a committee member still sees the review they wrote, read-only.
  const mayReview = can(actor, "review:write", { ...resource, archived: false });
  const [content, details, neighbours, review, comments] = await Promise.all([
    versionContent(db, candidate.formId, candidate.formVersion),
    detailsOf(db, candidate),
    neighboursOf(db, programRef, viewer, candidate),
    mayReview ? ownReview(db, candidate, actor.userId) : undefined,
    visibleComments(db, candidate, actor.userId, viewer.isAdmin),
  ]);
  const anonymized = anonymizedQuestionIds(content);
  const files = viewer.isAdmin ? details.files : details.files.filter((f) => !anonymized.has(f.questionId));
  return {
    program: reviewProgram(program, candidate.incrementTenths),
    submission: {
      _id: candidate.id,
      formId: candidate.formId,
      identifier: candidate.identifier,
      submissionDate: isoOrNull(candidate.submissionDate),
      lastSaveDate: candidate.lastSaveDate.toISOString(),
      draft: candidate.submissionDate === null,
      test: candidate.softDeleted,
      reviewCount: candidate.reviewCount,
      ...(viewer.isAdmin ? { status: candidate.status, amount: amountOf(candidate.amountCents) } : {}),
    },
    sections: liveSections(content.sections),
    // All files: a withheld file answer still says the question was answered, without the file ids.
    answers: reviewAnswers(content, details.answers, details.files, viewer.isAdmin),
    files,
    ...neighbours,
    review: mayReview
      ? review
        ? presentReview(review)
        : emptyReview(candidate.id, candidate.programId, actor.userId)
      : null,
    comments,
    isAdmin: viewer.isAdmin,
    canRate,
  };
}

/**
 * Whether a program member may download one of a candidate's files as a reviewer: they may read the
 * candidate, and the file does not answer an anonymized question (unless they are its admin).
 */
export async function mayDownloadAsReviewer(
  db: Tx,
  actor: Actor,
  file: { submissionId: string; questionId: string },
): Promise<boolean> {
  // Applicants and strangers have no program to review in: spare them the query.
  if (actor.memberships.length === 0 && actor.adminOrganizationId === null) return false;
  const found = await findCandidate(db, actor.userId, file.submissionId).catch((error: unknown) => {
    if (error instanceof AppError && error.code === "NOT_FOUND") return null;
    throw error;
  });
  if (found === null || !can(actor, "candidate:read", found.resource)) return false;
  if (can(actor, "review:readAll", found.resource)) return true;
  const { candidate } = found;
  const content = await versionContent(db, candidate.formId, candidate.formVersion);
  return !anonymizedQuestionIds(content).has(file.questionId);
}
