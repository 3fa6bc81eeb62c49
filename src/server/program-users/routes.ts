import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { okSchema } from "../../shared/schemas/common";
import {
  addProgramUserBodySchema,
  addProgramUserResultSchema,
  invitationResultSchema,
  programUserResultSchema,
  programUsersResultSchema,
  updateInvitationBodySchema,
  updateProgramUserBodySchema,
} from "../../shared/schemas/program-users";
import { organizationCanGrow } from "../billing/plan-changes";
import type { AppContext } from "../http/context";
import { authorize } from "../http/door";
import { createRouter, errorResponses, jsonBody, jsonResponse } from "../http/router";
import { findProgram } from "../programs/service";
import {
  cancelInvitation,
  changeInvitationRole,
  listProgramInvitations,
  resendInvitation,
} from "./invitations";
import { seatsOf } from "./seats";
import { senderOf, sendingEmail } from "./sending";
import {
  addProgramUser,
  changeProgramUserRole,
  listProgramUsers,
  removeProgramUser,
  resendAccessEmail,
} from "./service";

const tags = ["program users"];
const id = z.string().min(1).max(64);
const memberParams = z.object({ programId: id, userId: id });
const invitationParams = z.object({ programId: id, invitationId: id });
const refused = jsonResponse(
  z.object({ error: z.object({ code: z.string(), message: z.string() }) }),
  "Refused: plan limit (403), or the last admin, yourself, an existing member, a role changed meanwhile by someone else (409, with the stored member as `current`)",
);
const tooMany = jsonResponse(
  z.object({ error: z.object({ code: z.string(), message: z.string() }) }),
  "Too many invitation emails to this address or for this program in the last hour (Retry-After), nothing sent",
);

/** The program, if the caller administers it (ADMIN, ADMIN_REVIEWER or its organization admin); 404 otherwise. */
async function administeredProgram(c: AppContext, programId: string) {
  const program = await findProgram(c.get("deps").db, programId);
  const actor = authorize(c, "program:administer", {
    programId: program.id,
    organizationId: program.organizationId,
  })!;
  return { program, actor };
}

export const programUserRoutes = createRouter()
  .openapi(
    createRoute({
      method: "get",
      path: "/{programId}/users",
      tags,
      summary: "Manage User Access: the program's members and the organization's seats against the plan",
      request: { params: z.object({ programId: id }) },
      responses: { 200: jsonResponse(programUsersResultSchema, "The members"), ...errorResponses },
    }),
    async (c) => {
      const { program } = await administeredProgram(c, c.req.valid("param").programId);
      const { db } = c.get("deps");
      const [users, invitations, seats, canInvite] = await Promise.all([
        listProgramUsers(db, program),
        listProgramInvitations(db, program),
        seatsOf(db, program.organizationId),
        organizationCanGrow(db, program.organizationId),
      ]);
      return c.json({ users, invitations, seats, canInvite }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/{id}/user",
      tags,
      summary:
        "Add a person by email: someone already in the organization at once, anyone else invited to accept (decision 019)",
      request: { params: z.object({ id }), body: jsonBody(addProgramUserBodySchema) },
      responses: {
        201: jsonResponse(addProgramUserResultSchema, "Added, or invited, and emailed"),
        403: refused,
        409: refused,
        429: tooMany,
        ...errorResponses,
      },
    }),
    async (c) => {
      const { program, actor } = await administeredProgram(c, c.req.valid("param").id);
      const { db } = c.get("deps");
      const sender = await senderOf(c, actor);
      const added = await sendingEmail(c, () => addProgramUser(db, program, c.req.valid("json"), sender));
      return c.json({ ...added, seats: await seatsOf(db, program.organizationId) }, 201);
    },
  )
  .openapi(
    createRoute({
      method: "patch",
      path: "/{programId}/user/{userId}",
      tags,
      summary: "Change a member's role",
      request: { params: memberParams, body: jsonBody(updateProgramUserBodySchema) },
      responses: {
        200: jsonResponse(programUserResultSchema, "Saved"),
        403: refused,
        409: refused,
        ...errorResponses,
      },
    }),
    async (c) => {
      const { programId, userId } = c.req.valid("param");
      const { program, actor } = await administeredProgram(c, programId);
      const { db } = c.get("deps");
      const { role, expected } = c.req.valid("json");
      const user = await changeProgramUserRole(db, program, userId, role, actor.userId, expected);
      return c.json({ user, seats: await seatsOf(db, program.organizationId) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "delete",
      path: "/{programId}/user/{userId}",
      tags,
      summary: "Remove a member from the program (their finished reviews stay)",
      request: { params: memberParams },
      responses: { 200: jsonResponse(okSchema, "Removed"), 409: refused, ...errorResponses },
    }),
    async (c) => {
      const { programId, userId } = c.req.valid("param");
      const { program, actor } = await administeredProgram(c, programId);
      await removeProgramUser(c.get("deps").db, program, userId, actor);
      return c.json({ ok: true as const }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/{programId}/user/{userId}/invitation",
      tags,
      summary: "Resend Email to a member: the access note again",
      request: { params: memberParams },
      responses: { 200: jsonResponse(okSchema, "Queued"), 429: tooMany, ...errorResponses },
    }),
    async (c) => {
      const { programId, userId } = c.req.valid("param");
      const { program, actor } = await administeredProgram(c, programId);
      const sender = await senderOf(c, actor);
      await sendingEmail(c, () => resendAccessEmail(c.get("deps").db, program, userId, sender));
      return c.json({ ok: true as const }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/{programId}/invitation/{invitationId}/resend",
      tags,
      summary: "Resend Email for a pending invitation: a fresh link (the previous one stops working)",
      request: { params: invitationParams },
      responses: { 200: jsonResponse(invitationResultSchema, "Queued"), 429: tooMany, ...errorResponses },
    }),
    async (c) => {
      const { programId, invitationId } = c.req.valid("param");
      const { program, actor } = await administeredProgram(c, programId);
      const sender = await senderOf(c, actor);
      const invitation = await sendingEmail(c, () =>
        resendInvitation(c.get("deps").db, program, invitationId, sender),
      );
      return c.json({ invitation }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "patch",
      path: "/{programId}/invitation/{invitationId}",
      tags,
      summary: "Change the role a pending invitation offers",
      request: { params: invitationParams, body: jsonBody(updateInvitationBodySchema) },
      responses: { 200: jsonResponse(invitationResultSchema, "Saved"), 403: refused, ...errorResponses },
    }),
    async (c) => {
      const { programId, invitationId } = c.req.valid("param");
      const { program, actor } = await administeredProgram(c, programId);
      const { role } = c.req.valid("json");
      const invitation = await changeInvitationRole(
        c.get("deps").db,
        program,
        invitationId,
        role,
        actor.userId,
      );
      return c.json({ invitation }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "delete",
      path: "/{programId}/invitation/{invitationId}",
      tags,
      summary: "Cancel a pending invitation: its link stops working",
      request: { params: invitationParams },
      responses: { 200: jsonResponse(okSchema, "Cancelled"), ...errorResponses },
    }),
    async (c) => {
      const { programId, invitationId } = c.req.valid("param");
      const { program, actor } = await administeredProgram(c, programId);
      await cancelInvitation(c.get("deps").db, program, invitationId, actor.userId);
      return c.json({ ok: true as const }, 200);
    },
  );
