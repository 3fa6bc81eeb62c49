import { type SQL, sql } from "drizzle-orm";
import type { Actor } from "../../shared/authz/actor";
import type { CandidateResource } from "../../shared/authz/matrix";
import type { Answer } from "../../shared/forms/answers";
import { liveSections } from "../../shared/forms/model";
import type { CandidateView, Review } from "../../shared/schemas/reviews";
import type { SubmissionFile } from "../../shared/schemas/submissions";
import { asksNoConflict } from "../conflicts/no-conflict";
import type { Tx } from "../db/client";
import { reviewComments, reviews, submissionFiles, submissions, users } from "../db/schema";
import { versionContent } from "../forms/versions";
import { may } from "../http/door";
import { AppError } from "../http/errors";
import { programTemplate, reviewedSections } from "../review-templates/service";
import { amountOf } from "./amounts";
import { neighboursOf, orderOfList, type Viewer, viewerIn } from "./candidate-list";
import { type Candidate, findCandidate } from "./candidates";
import { emptyReview, isoOrNull, presentComment, presentReview, reviewProgram } from "./present";
import { anonymizedQuestionIds, reviewAnswers } from "./review-answers";

/**
 * The submission view (review-and-administration, "2. Screens and routes"): the answers of the version the
 * candidate applied on, with anonymized answers withheld from everyone but the program's admins — the text
 * never leaves the server for a reviewer — plus the caller's review and the comments they may see.
 */

/** A file as the view's statement gives it back (json_build_object's keys). */
interface FileJson {
  id: string;
  questionId: string;
  name: string;
  size: number;
  contentType: string;
}

/** The caller's review, as the view's statement gives it back; timestamps in json's ISO 8601 text. */
interface ReviewJson {
  id: string;
  rating: number;
  sections: Review["sections"];
  startedAt: string | null;
  lastReviewed: string;
  noConflictConfirmedAt: string | null;
}

interface CommentJson {
  id: string;
  sectionId: string;
  userId: string;
  body: string;
  updatedAt: string;
  authorName: string;
}

/**
 * A scalar subquery as a column of the view's statement, nested so that its columns keep their table
 * (Drizzle prints a one-table select's own columns without it: `id` would be ambiguous in a join).
 */
const scalar = <T>(query: SQL): SQL<T> => sql<T>`(${query})`;

/**
 * What the view reads of the candidate's own rows, in one statement (one round trip, one plan): the
 * answers, the files, the caller's review (when they may review) and the comments they may see
 * (everyone's for an admin), oldest first. The lists and the review come back as json built by the
 * database.
 */
async function viewRow(db: Tx, candidate: Candidate, viewer: Viewer, mayReview: boolean) {
  const { id, programId } = candidate;
  const f = submissionFiles;
  const r = reviews;
  const c = reviewComments;
  const [row] = await db
    .select({
      answers: scalar<Answer[] | null>(sql`select ${submissions.answers} from ${submissions}
        where ${submissions.programId} = ${programId} and ${submissions.id} = ${id}`),
      files: scalar<FileJson[]>(sql`select coalesce(json_agg(json_build_object('id', ${f.id},
          'questionId', ${f.questionId}, 'name', ${f.name}, 'size', ${f.size}, 'contentType', ${f.contentType})
          order by ${f.createdAt}, ${f.id}), '[]'::json)
        from ${f} where ${f.submissionId} = ${id}`),
      review: mayReview
        ? scalar<ReviewJson | null>(sql`select json_build_object('id', ${r.id}, 'rating', ${r.rating},
            'sections', ${r.sections}, 'startedAt', ${r.startedAt}, 'lastReviewed', ${r.lastReviewed},
            'noConflictConfirmedAt', ${r.noConflictConfirmedAt})
          from ${r} where ${r.programId} = ${programId} and ${r.submissionId} = ${id} and ${r.userId} = ${viewer.userId}`)
        : sql<null>`null`,
      comments: scalar<CommentJson[]>(sql`select coalesce(json_agg(json_build_object('id', ${c.id},
          'sectionId', ${c.sectionId}, 'userId', ${c.userId}, 'body', ${c.body}, 'updatedAt', ${c.updatedAt},
          'authorName', ${users.name}) order by ${c.createdAt}, ${c.id}), '[]'::json)
        from ${c} join ${users} on ${users.id} = ${c.userId}
        where ${c.programId} = ${programId} and ${c.submissionId} = ${id}${
          viewer.isAdmin ? sql`` : sql` and ${c.userId} = ${viewer.userId}`
        }`),
    })
    .from(sql`(select 1) as anchor`);
  if (!row) throw new Error("The view's statement gave no row.");
  return row;
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
  const canRate = may(actor, "review:write", { ...resource, archived: program.archived });
  // In an archived program a committee member still sees the review they wrote, read-only.
  const mayReview = may(actor, "review:write", { ...resource, archived: false });
  const [content, row, neighbours, template] = await Promise.all([
    versionContent(db, candidate.formId, candidate.formVersion),
    viewRow(db, candidate, viewer, mayReview),
    neighboursOf(db, programRef, viewer, candidate, orderOfList(program, viewer)),
    // A third query only for a legacy program bound to a review template.
    candidate.reviewTemplateId === null ? null : programTemplate(db, candidate.programId),
  ]);
  const allFiles: SubmissionFile[] = row.files.map((file) => ({
    _id: file.id,
    questionId: file.questionId,
    name: file.name,
    size: file.size,
    contentType: file.contentType,
  }));
  const anonymized = anonymizedQuestionIds(content);
  const files = viewer.isAdmin ? allFiles : allFiles.filter((file) => !anonymized.has(file.questionId));
  const review = row.review;
  // The program asks for a confirmation first: the answers and files stay here until it is given.
  const confirmNoConflict = asksNoConflict(actor, candidate, resource) && !review?.noConflictConfirmedAt;
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
    sections: liveSections(reviewedSections(content.sections, template)),
    // Said only when there is something to say: a bound template, a confirmation still owed.
    ...(template === null ? {} : { reviewTemplate: { name: template.name } }),
    // All files: a withheld file answer still says the question was answered, without the file ids.
    ...(confirmNoConflict ? { confirmNoConflict: true } : {}),
    answers: confirmNoConflict ? [] : reviewAnswers(content, row.answers ?? [], allFiles, viewer.isAdmin),
    files: confirmNoConflict ? [] : files,
    ...neighbours,
    review: mayReview
      ? review
        ? presentReview({
            id: review.id,
            submissionId: candidate.id,
            programId: candidate.programId,
            userId: actor.userId,
            rating: review.rating,
            sections: review.sections,
            startedAt: review.startedAt === null ? null : new Date(review.startedAt),
            lastReviewed: new Date(review.lastReviewed),
          })
        : emptyReview(candidate.id, candidate.programId, actor.userId)
      : null,
    comments: row.comments.map((comment) =>
      presentComment(
        {
          id: comment.id,
          submissionId: candidate.id,
          sectionId: comment.sectionId,
          userId: comment.userId,
          body: comment.body,
          updatedAt: new Date(comment.updatedAt),
        },
        comment.authorName,
      ),
    ),
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
  if (found === null || !may(actor, "candidate:read", found.resource)) return false;
  if (may(actor, "review:readAll", found.resource)) return true;
  const { candidate } = found;
  const content = await versionContent(db, candidate.formId, candidate.formVersion);
  return !anonymizedQuestionIds(content).has(file.questionId);
}
