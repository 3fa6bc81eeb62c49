import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { okSchema } from "../../shared/schemas/common";
import {
  addProgramUserBodySchema,
  programUserResultSchema,
  programUsersResultSchema,
  updateProgramUserBodySchema,
} from "../../shared/schemas/program-users";
import { organizationCanGrow } from "../billing/plan-changes";
import { type AppContext, authorize } from "../http/context";
import { createRouter, errorResponses, jsonBody, jsonResponse } from "../http/router";
import { findProgram } from "../programs/service";
import { seatsOf } from "./seats";
import {
  addProgramUser,
  changeProgramUserRole,
  inviterName,
  listProgramUsers,
  removeProgramUser,
  resendAccessEmail,
} from "./service";

const tags = ["program users"];
const id = z.string().min(1).max(64);
const memberParams = z.object({ programId: id, userId: id });
const refused = jsonResponse(
  z.object({ error: z.object({ code: z.string(), message: z.string() }) }),
  "Refused: plan limit (403), or the last admin, yourself, an existing member, a role changed meanwhile by someone else (409, with the stored member as `current`)",
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

async function invitationContext(c: AppContext, actor: Parameters<typeof inviterName>[1]) {
  const { db, config } = c.get("deps");
  return { publicUrl: config.publicUrl, invitedBy: await inviterName(db, actor) };
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
      const [users, seats, canInvite] = await Promise.all([
        listProgramUsers(db, program),
        seatsOf(db, program.organizationId),
        organizationCanGrow(db, program.organizationId),
      ]);
      return c.json({ users, seats, canInvite }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/{id}/user",
      tags,
      summary: "Add a person to the program by email and send them the invitation",
      request: { params: z.object({ id }), body: jsonBody(addProgramUserBodySchema) },
      responses: {
        201: jsonResponse(programUserResultSchema, "Added and emailed"),
        403: refused,
        409: refused,
        ...errorResponses,
      },
    }),
    async (c) => {
      const { program, actor } = await administeredProgram(c, c.req.valid("param").id);
      const { db, mailer } = c.get("deps");
      const context = await invitationContext(c, actor);
      const user = await addProgramUser(db, program, c.req.valid("json"), context, actor.userId);
      mailer.kick();
      return c.json({ user, seats: await seatsOf(db, program.organizationId) }, 201);
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
      summary: "Resend Email: a fresh invitation link, or the access note for someone with a password",
      request: { params: memberParams },
      responses: { 200: jsonResponse(okSchema, "Queued"), ...errorResponses },
    }),
    async (c) => {
      const { programId, userId } = c.req.valid("param");
      const { program, actor } = await administeredProgram(c, programId);
      const { db, mailer } = c.get("deps");
      await resendAccessEmail(db, program, userId, await invitationContext(c, actor));
      mailer.kick();
      return c.json({ ok: true as const }, 200);
    },
  );
