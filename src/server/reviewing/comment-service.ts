import { and, asc, eq, type SQL } from "drizzle-orm";
import type { Comment } from "../../shared/schemas/reviews";
import type { Db, Tx } from "../db/client";
import { reviewComments, users } from "../db/schema";
import { EditConflict } from "../http/edit-conflict";
import { AppError, notFound } from "../http/errors";
import { isUuid } from "../http/ids";
import type { Candidate } from "./candidates";
import { presentComment } from "./present";
import { isCommentableSection, reviewableSections } from "./review-service";

/**
 * Comments on a candidate's sections (review-and-administration, "6. Roles and permissions"): seen only by
 * their author and the program's admins. Callers pass `onlyUserId` for everyone who is not an admin, so a
 * list query can never return someone else's comment to them.
 */

const commentColumns = {
  id: reviewComments.id,
  organizationId: reviewComments.organizationId,
  programId: reviewComments.programId,
  submissionId: reviewComments.submissionId,
  sectionId: reviewComments.sectionId,
  userId: reviewComments.userId,
  body: reviewComments.body,
  updatedAt: reviewComments.updatedAt,
  authorName: users.name,
};
const presentRow = ({ authorName, ...row }: Awaited<ReturnType<typeof selectComments>>[number]) =>
  presentComment(row, authorName);

async function selectComments(db: Tx, where: SQL | undefined) {
  return db
    .select(commentColumns)
    .from(reviewComments)
    .innerJoin(users, eq(users.id, reviewComments.userId))
    .where(where)
    .orderBy(asc(reviewComments.createdAt), asc(reviewComments.id));
}

/** A candidate's comments, oldest first: the author's own when `onlyUserId` is given, else everyone's. */
export async function listComments(
  db: Tx,
  submissionId: string,
  onlyUserId: string | null,
): Promise<Comment[]> {
  const rows = await selectComments(
    db,
    onlyUserId === null
      ? eq(reviewComments.submissionId, submissionId)
      : and(eq(reviewComments.submissionId, submissionId), eq(reviewComments.userId, onlyUserId)),
  );
  return rows.map(presentRow);
}

/** The comment and the candidate it belongs to, for the access check of an edit or a delete. */
export async function findComment(db: Tx, id: string) {
  if (!isUuid(id)) throw notFound();
  const [row] = await selectComments(db, eq(reviewComments.id, id));
  if (!row) throw notFound();
  return row;
}

export async function createComment(
  db: Db,
  candidate: Candidate,
  userId: string,
  input: { sectionId: string; value: string },
): Promise<Comment> {
  if (!isCommentableSection(await reviewableSections(db, candidate), input.sectionId)) {
    throw new AppError("VALIDATION", "Some fields are not valid.", {
      sectionId: ["Not a section of this application."],
    });
  }
  const [row] = await db
    .insert(reviewComments)
    .values({
      organizationId: candidate.organizationId,
      programId: candidate.programId,
      submissionId: candidate.id,
      userId,
      sectionId: input.sectionId,
      body: input.value,
    })
    .returning({ id: reviewComments.id });
  return presentRow(await findComment(db, row!.id));
}

/**
 * Replaces a comment's text. With `expected` (decision 016: the text the client last saw) only while
 * the stored text still is that, in the UPDATE's WHERE: otherwise nothing is written and the answer is
 * 409 with the stored comment.
 */
export async function updateComment(
  db: Db,
  id: string,
  value: string,
  expected?: { value: string },
): Promise<Comment> {
  const [updated] = await db
    .update(reviewComments)
    .set({ body: value, updatedAt: new Date() })
    .where(and(eq(reviewComments.id, id), expected && eq(reviewComments.body, expected.value)))
    .returning({ id: reviewComments.id });
  const comment = presentRow(await findComment(db, id));
  if (!updated) throw new EditConflict("comment", comment);
  return comment;
}

export async function deleteComment(db: Db, id: string): Promise<void> {
  await db.delete(reviewComments).where(eq(reviewComments.id, id));
}
