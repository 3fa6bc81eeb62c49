import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { okSchema } from "../../shared/schemas/common";
import { editConflictBodySchema } from "../../shared/schemas/edit-conflict";
import {
  commentSchema,
  countResultSchema,
  createCommentBodySchema,
  REVIEW_MESSAGES,
  type Review,
  reviewSchema,
  type SaveReviewBody,
  saveReviewBodySchema,
  saveReviewResultSchema,
  updateCommentBodySchema,
} from "../../shared/schemas/reviews";
import type { AppContext } from "../http/context";
import { authorize, authorizeOwnOrAdmin, authorizeWrite, may, requireActor } from "../http/door";
import { AppError, notFound } from "../http/errors";
import { createRouter, errorResponses, jsonBody, jsonResponse } from "../http/router";
import { findProgram } from "../programs/service";
import { findCandidate } from "./candidates";
import { createComment, deleteComment, findComment, listComments, updateComment } from "./comment-service";
import { presentReview } from "./present";
import {
  countRatedReviews,
  findReview,
  findReviewById,
  listUserReviews,
  saveReview,
  startingReview,
} from "./review-service";

/**
 * Reviews, ratings (the seed's legacy name for the same records) and comments. Each handler:
 * validate → load → authorize → service → present. A `{userId}` in a path is the caller's own or, for
 * anyone else's, readable by the program's admins only (404 otherwise).
 */

const tags = ["reviews"];
const id = z.string().min(1).max(64);
const programQuery = z.object({ programId: id });
/** The seed's count calls carry `?count=true`; these routes answer only the count. */
const countQuery = z.object({ count: z.literal("true") });
const refusalSchema = z.object({ error: z.object({ code: z.string(), message: z.string() }) });
const refused = jsonResponse(refusalSchema, "Refused: the program is archived (CONFLICT)");
/** A replacing write's 409: also a stale one (decision 016), with what is stored now as `current`. */
const refusedOrStale = <T extends z.ZodType>(current: T, what: string) =>
  jsonResponse(
    z.union([editConflictBodySchema(current), refusalSchema]),
    `Refused: the program is archived (CONFLICT), or ${what} changed since the client read it (CONFLICT, with the stored one as \`current\`)`,
  );

type ProgramScope = { programId: string; organizationId: string };

async function programScope(c: AppContext, programId: string): Promise<ProgramScope> {
  requireActor(c);
  const program = await findProgram(c.get("deps").db, programId);
  return { programId: program.id, organizationId: program.organizationId };
}

/** POST /api/reviews and POST /api/ratings: the caller's whole review of one candidate. */
async function saveCallersReview(c: AppContext, body: SaveReviewBody) {
  const actor = requireActor(c);
  const { db } = c.get("deps");
  const { candidate, resource } = await findCandidate(db, actor.userId, body.submissionId);
  authorizeWrite(c, "review:write", { ...resource, archived: candidate.program.archived });
  return { ok: 1 as const, review: await saveReview(db, candidate, actor.userId, body) };
}

/** One user's review of one candidate (an empty one when none is saved yet). */
async function reviewOf(
  c: AppContext,
  userId: string,
  submissionId: string,
  programId?: string,
): Promise<Review> {
  const actor = requireActor(c);
  const { db } = c.get("deps");
  const { candidate, resource } = await findCandidate(db, actor.userId, submissionId, programId);
  authorizeOwnOrAdmin(c, userId, resource, ["candidate:read", resource]);
  const row = await findReview(db, candidate.id, userId);
  if (row) return presentReview(row);
  return startingReview({ ...candidate, appVersion: candidate.program.appVersion }, userId);
}

async function ratedCountOf(c: AppContext, userId: string, programId: string) {
  const scope = await programScope(c, programId);
  authorizeOwnOrAdmin(c, userId, scope, ["candidate:list", scope]);
  return { count: await countRatedReviews(c.get("deps").db, scope.programId, userId) };
}

async function reviewsOf(c: AppContext, userId: string, programId: string) {
  const scope = await programScope(c, programId);
  authorizeOwnOrAdmin(c, userId, scope, ["candidate:list", scope]);
  return listUserReviews(c.get("deps").db, scope.programId, userId);
}

const saveRoute = (summary: string) =>
  createRoute({
    method: "post",
    path: "/",
    tags,
    summary,
    request: { body: jsonBody(saveReviewBodySchema) },
    responses: {
      200: jsonResponse(saveReviewResultSchema, "Saved: ok is 1"),
      409: refusedOrStale(reviewSchema.nullable(), "the review"),
      ...errorResponses,
    },
  });

export const reviewRoutes = createRouter()
  .openapi(saveRoute("Save the caller's review of a candidate (ratings, criteria, overall)"), async (c) =>
    c.json(await saveCallersReview(c, c.req.valid("json")), 200),
  )
  // Static paths first: `/comments/…` and `/criteria/…` would otherwise match the `{userId}` paths.
  .openapi(
    createRoute({
      method: "post",
      path: "/comments",
      tags,
      summary: "Comment on a section of a candidate",
      request: { body: jsonBody(createCommentBodySchema) },
      responses: { 201: jsonResponse(commentSchema, "The comment"), 409: refused, ...errorResponses },
    }),
    async (c) => {
      const actor = requireActor(c);
      const body = c.req.valid("json");
      const { db } = c.get("deps");
      const { candidate, resource } = await findCandidate(db, actor.userId, body.submissionId);
      authorizeWrite(c, "review:write", { ...resource, archived: candidate.program.archived });
      return c.json(await createComment(db, candidate, actor.userId, body), 201);
    },
  )
  .openapi(
    createRoute({
      method: "patch",
      path: "/comments/{id}",
      tags,
      summary: "Edit one's own comment",
      request: { params: z.object({ id }), body: jsonBody(updateCommentBodySchema) },
      responses: {
        200: jsonResponse(commentSchema, "The comment"),
        409: refusedOrStale(commentSchema, "the comment"),
        ...errorResponses,
      },
    }),
    async (c) => {
      const actor = requireActor(c);
      const { db } = c.get("deps");
      const comment = await findComment(db, c.req.valid("param").id);
      // Words are their author's: nobody else edits them, admins included.
      if (comment.userId !== actor.userId) throw notFound();
      const { candidate, resource } = await findCandidate(db, actor.userId, comment.submissionId);
      authorizeWrite(c, "review:write", { ...resource, archived: candidate.program.archived });
      const { value, expected } = c.req.valid("json");
      return c.json(await updateComment(db, comment.id, value, expected), 200);
    },
  )
  .openapi(
    createRoute({
      method: "delete",
      path: "/comments/{id}",
      tags,
      summary: "Delete a comment: its author, or an admin of the program (moderation)",
      request: { params: z.object({ id }) },
      responses: { 200: jsonResponse(okSchema, "Deleted"), 409: refused, ...errorResponses },
    }),
    async (c) => {
      const actor = requireActor(c);
      const { db } = c.get("deps");
      const comment = await findComment(db, c.req.valid("param").id);
      const { candidate, resource } = await findCandidate(db, actor.userId, comment.submissionId);
      const archived = candidate.program.archived;
      if (comment.userId === actor.userId) {
        authorizeWrite(c, "review:write", { ...resource, archived });
      } else {
        // Admins read every comment, so they may also remove an inappropriate one; an archived program
        // stays as it was archived.
        authorize(c, "review:readAll", resource);
        if (archived) throw new AppError("CONFLICT", REVIEW_MESSAGES.archived);
      }
      await deleteComment(db, comment.id);
      return c.json({ ok: true as const }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/comments/{submissionId}",
      tags,
      summary: "A candidate's comments: the caller's own, or everyone's for the program's admins",
      request: { params: z.object({ submissionId: id }) },
      responses: { 200: jsonResponse(z.array(commentSchema), "The comments"), ...errorResponses },
    }),
    async (c) => {
      const actor = requireActor(c);
      const { db } = c.get("deps");
      const { candidate, resource } = await findCandidate(
        db,
        actor.userId,
        c.req.valid("param").submissionId,
      );
      authorize(c, "candidate:read", resource);
      const onlyOwn = may(actor, "review:readAll", resource) ? null : actor.userId;
      return c.json(await listComments(db, candidate.id, onlyOwn), 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/criteria/users/{id}",
      tags,
      summary: "A user's reviews in a program, with their criteria (the user, or the program's admins)",
      request: { params: z.object({ id }), query: programQuery },
      responses: { 200: jsonResponse(z.array(reviewSchema), "The reviews"), ...errorResponses },
    }),
    async (c) => c.json(await reviewsOf(c, c.req.valid("param").id, c.req.valid("query").programId), 200),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/{userId}/{applicationId}/{program}",
      tags,
      summary: "A user's review of a candidate (empty when not started)",
      request: { params: z.object({ userId: id, applicationId: id, program: id }) },
      responses: { 200: jsonResponse(reviewSchema, "The review"), ...errorResponses },
    }),
    async (c) => {
      const { userId, applicationId, program } = c.req.valid("param");
      return c.json(await reviewOf(c, userId, applicationId, program), 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/{userId}/{programId}",
      tags,
      summary: "How many candidates a user has rated in a program (?count=true)",
      request: { params: z.object({ userId: id, programId: id }), query: countQuery },
      responses: { 200: jsonResponse(countResultSchema, "The count"), ...errorResponses },
    }),
    async (c) => {
      const { userId, programId } = c.req.valid("param");
      return c.json(await ratedCountOf(c, userId, programId), 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/{id}",
      tags,
      summary: "One review by id: its author, or an admin of its program",
      request: { params: z.object({ id }) },
      responses: { 200: jsonResponse(reviewSchema, "The review"), ...errorResponses },
    }),
    async (c) => {
      const actor = requireActor(c);
      const row = await findReviewById(c.get("deps").db, c.req.valid("param").id);
      if (row.userId !== actor.userId) {
        authorize(c, "review:readAll", { programId: row.programId, organizationId: row.organizationId });
      }
      return c.json(presentReview(row), 200);
    },
  );

/** The seed's rating calls: the same review records, kept thin over the review service. */
export const ratingRoutes = createRouter()
  .openapi(saveRoute("Save the caller's rating of a candidate (same as POST /api/reviews)"), async (c) =>
    c.json(await saveCallersReview(c, c.req.valid("json")), 200),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/",
      tags,
      summary: "The caller's ratings in a program",
      request: { query: programQuery },
      responses: { 200: jsonResponse(z.array(reviewSchema), "The ratings"), ...errorResponses },
    }),
    async (c) => {
      const actor = requireActor(c);
      return c.json(await reviewsOf(c, actor.userId, c.req.valid("query").programId), 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/{userId}/{applicationId}",
      tags,
      summary: "A user's rating of a candidate (empty when not started)",
      request: { params: z.object({ userId: id, applicationId: id }) },
      responses: { 200: jsonResponse(reviewSchema, "The rating"), ...errorResponses },
    }),
    async (c) => {
      const { userId, applicationId } = c.req.valid("param");
      return c.json(await reviewOf(c, userId, applicationId), 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/{userId}",
      tags,
      summary: "How many candidates a user has rated in a program (?count=true&programId=)",
      request: { params: z.object({ userId: id }), query: countQuery.extend(programQuery.shape) },
      responses: { 200: jsonResponse(countResultSchema, "The count"), ...errorResponses },
    }),
    async (c) => {
      const { userId } = c.req.valid("param");
      return c.json(await ratedCountOf(c, userId, c.req.valid("query").programId), 200);
    },
  );
