import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import {
  assignmentListResultSchema,
  assignmentResultSchema,
  bulkAssignBodySchema,
  bulkAssignResultSchema,
  createReviewerGroupBodySchema,
  reviewerGroupListSchema,
  reviewerGroupSchema,
  setReviewerGroupsBodySchema,
  setReviewersBodySchema,
  updateReviewerGroupBodySchema,
} from "../../shared/schemas/committee";
import { okSchema } from "../../shared/schemas/common";
import { editConflictBodySchema } from "../../shared/schemas/edit-conflict";
import type { AppContext } from "../http/context";
import { authorize, requireActor } from "../http/door";
import { createRouter, errorResponses, jsonBody, jsonResponse } from "../http/router";
import { findProgram } from "../programs/service";
import {
  assignmentPageQuerySchema,
  bulkAssign,
  findAssignmentTarget,
  listAssignments,
  setReviewerGroups,
  setReviewers,
} from "./assignment-service";
import {
  createReviewerGroup,
  deleteReviewerGroup,
  findGroup,
  listReviewerGroups,
  updateReviewerGroup,
} from "./reviewer-group-service";

/**
 * Running the committee (docs/decisions/010-committee.md): assigning reviewers and reviewer groups to
 * candidates, and the groups themselves. Every route is for the program's admins (`committee:assign`: ADMIN,
 * ADMIN_REVIEWER, the organization admin); anyone else gets 404, as for a program they cannot see.
 */
const tags = ["committee"];
const id = z.string().min(1).max(64);

/** The program, if the caller may assign in it; 404 otherwise (unknown, other organization, not an admin). */
async function assigningIn(c: AppContext, programId: string) {
  requireActor(c);
  const program = await findProgram(c.get("deps").db, programId);
  authorize(c, "committee:assign", { programId: program.id, organizationId: program.organizationId });
  return program;
}

/** The submission, if the caller may assign in its program; 404 otherwise. */
async function assignmentTarget(c: AppContext, submissionId: string) {
  requireActor(c);
  const target = await findAssignmentTarget(c.get("deps").db, submissionId);
  authorize(c, "committee:assign", { programId: target.programId, organizationId: target.organizationId });
  return target;
}

/** The reviewer group, if the caller may assign in its program; 404 otherwise. */
async function administeredGroup(c: AppContext, groupId: string) {
  requireActor(c);
  const group = await findGroup(c.get("deps").db, groupId);
  authorize(c, "committee:assign", { programId: group.programId, organizationId: group.organizationId });
  return group;
}

/** Mounted at /api/admin. */
export const assignmentRoutes = createRouter()
  .openapi(
    createRoute({
      method: "get",
      path: "/assignments",
      tags,
      summary:
        "Assign reviewers: a page of the program's submitted candidates with their reviewers and groups, and who may be assigned",
      request: { query: assignmentPageQuerySchema },
      responses: { 200: jsonResponse(assignmentListResultSchema, "A page of candidates"), ...errorResponses },
    }),
    async (c) => {
      const query = c.req.valid("query");
      const program = await assigningIn(c, query.programId);
      return c.json(await listAssignments(c.get("deps").db, program, query), 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/assignments/bulk",
      tags,
      summary: "Add reviewers and/or groups to every selected candidate of a program (never removes any)",
      request: { body: jsonBody(bulkAssignBodySchema) },
      responses: { 200: jsonResponse(bulkAssignResultSchema, "How many candidates"), ...errorResponses },
    }),
    async (c) => {
      const body = c.req.valid("json");
      const program = await assigningIn(c, body.programId);
      return c.json(await bulkAssign(c.get("deps").db, program, body, requireActor(c).userId), 200);
    },
  );

/** A replacement based on a list changed meanwhile by someone else (decision 016). */
const staleAssignment = jsonResponse(
  editConflictBodySchema(assignmentResultSchema),
  "Changed meanwhile by someone else (CONFLICT, with the stored assignment as `current`); nothing written",
);

/** Mounted at /api/submissions (the seed's paths). */
export const submissionAssignmentRoutes = createRouter()
  .openapi(
    createRoute({
      method: "patch",
      path: "/reviewers/{id}",
      tags,
      summary: "A candidate's individual reviewers, the whole list (removing one keeps their review)",
      request: { params: z.object({ id }), body: jsonBody(setReviewersBodySchema) },
      responses: {
        200: jsonResponse(assignmentResultSchema, "The assignment as stored"),
        409: staleAssignment,
        ...errorResponses,
      },
    }),
    async (c) => {
      const target = await assignmentTarget(c, c.req.valid("param").id);
      const { reviewers, expected } = c.req.valid("json");
      const actorUserId = requireActor(c).userId;
      return c.json(
        await setReviewers(c.get("deps").db, target, reviewers, actorUserId, expected?.reviewers),
        200,
      );
    },
  )
  .openapi(
    createRoute({
      method: "patch",
      path: "/reviewerGroups/{id}",
      tags,
      summary: "A candidate's reviewer groups, the whole list",
      request: { params: z.object({ id }), body: jsonBody(setReviewerGroupsBodySchema) },
      responses: {
        200: jsonResponse(assignmentResultSchema, "The assignment as stored"),
        409: staleAssignment,
        ...errorResponses,
      },
    }),
    async (c) => {
      const target = await assignmentTarget(c, c.req.valid("param").id);
      const { reviewerGroups, expected } = c.req.valid("json");
      const actorUserId = requireActor(c).userId;
      return c.json(
        await setReviewerGroups(
          c.get("deps").db,
          target,
          reviewerGroups,
          actorUserId,
          expected?.reviewerGroups,
        ),
        200,
      );
    },
  );

/** Mounted at /api/reviewerGroups (the seed's paths). */
export const reviewerGroupRoutes = createRouter()
  .openapi(
    createRoute({
      method: "get",
      path: "/{programId}",
      tags,
      summary: "The program's reviewer groups by name, each with its members by name",
      request: { params: z.object({ programId: id }) },
      responses: { 200: jsonResponse(reviewerGroupListSchema, "The groups"), ...errorResponses },
    }),
    async (c) => {
      const program = await assigningIn(c, c.req.valid("param").programId);
      return c.json(await listReviewerGroups(c.get("deps").db, program), 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/",
      tags,
      summary: "Create a reviewer group of the program's committee members",
      request: { body: jsonBody(createReviewerGroupBodySchema) },
      responses: { 201: jsonResponse(reviewerGroupSchema, "Created"), ...errorResponses },
    }),
    async (c) => {
      const { programId, ...fields } = c.req.valid("json");
      const program = await assigningIn(c, programId);
      return c.json(
        await createReviewerGroup(c.get("deps").db, program, fields, requireActor(c).userId),
        201,
      );
    },
  )
  .openapi(
    createRoute({
      method: "put",
      path: "/{id}",
      tags,
      summary: "Rename, describe and set the members of a reviewer group",
      request: { params: z.object({ id }), body: jsonBody(updateReviewerGroupBodySchema) },
      responses: { 200: jsonResponse(reviewerGroupSchema, "Saved"), ...errorResponses },
    }),
    async (c) => {
      const group = await administeredGroup(c, c.req.valid("param").id);
      const fields = c.req.valid("json");
      return c.json(await updateReviewerGroup(c.get("deps").db, group, fields, requireActor(c).userId), 200);
    },
  )
  .openapi(
    createRoute({
      method: "delete",
      path: "/{id}",
      tags,
      summary: "Delete a reviewer group: its assignments go with it, reviews stay",
      request: { params: z.object({ id }) },
      responses: { 200: jsonResponse(okSchema, "Deleted"), ...errorResponses },
    }),
    async (c) => {
      const group = await administeredGroup(c, c.req.valid("param").id);
      await deleteReviewerGroup(c.get("deps").db, group, requireActor(c).userId);
      return c.json({ ok: true as const }, 200);
    },
  );
