import { createRoute } from "@hono/zod-openapi";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { isRegistered } from "../../shared/authz/actor";
import { MESSAGES } from "../../shared/messages";
import { okSchema } from "../../shared/schemas/common";
import {
  currentProgramResultSchema,
  passwordResetRequestSchema,
  publicUserProfileSchema,
  signUpBodySchema,
  signUpResultSchema,
  updateCurrentProgramBodySchema,
  updateNameBodySchema,
  userProfileSchema,
  userProgramsResultSchema,
} from "../../shared/schemas/users";
import { resetRequestLimit } from "../auth/reset-limits";
import { users } from "../db/schema";
import { authorize } from "../http/door";
import { AppError, notFound } from "../http/errors";
import { rateLimit } from "../http/rate-limit";
import { createRouter, errorResponses, jsonBody, jsonResponse } from "../http/router";
import { emailIsTaken } from "./accounts";
import { loadActor } from "./actor";
import { updateOwnUser } from "./own-user";
import { listProgramsOfUser, resolveCurrentProgram, setCurrentProgram } from "./programs-of-user";
import { signUp } from "./sign-up";

const userIdParams = z.object({ userId: z.string().min(1).max(64) });
const tags = ["users"];

export const userRoutes = createRouter();
// Public endpoints that create accounts or send mail: limited per client address.
userRoutes.use("/create", rateLimit("sign-up", { windowSeconds: 3600, max: 20 }));
// One bucket with better-auth's own reset request (app.ts): decision 020.
userRoutes.use("/password-reset", resetRequestLimit());
userRoutes
  .openapi(
    createRoute({
      method: "post",
      path: "/create",
      tags,
      summary: "Sign up: an organization admin with a new organization on a free trial, or an applicant",
      request: { body: jsonBody(signUpBodySchema) },
      responses: { 201: jsonResponse(signUpResultSchema, "Created"), 400: errorResponses[400] },
    }),
    async (c) => {
      authorize(c, "account:signUp", null);
      const { db, config } = c.get("deps");
      const result = await signUp(db, c.req.valid("json"), { publicUrl: config.publicUrl });
      return c.json(result, 201);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/password-reset",
      tags,
      summary: "Send a password-reset email; 404 with the spec's message for an unknown address",
      request: { body: jsonBody(passwordResetRequestSchema) },
      responses: {
        200: jsonResponse(okSchema, "Email queued"),
        400: errorResponses[400],
        404: errorResponses[404],
      },
    }),
    async (c) => {
      authorize(c, "account:requestPasswordReset", null);
      const { db, auth, config } = c.get("deps");
      const { email } = c.req.valid("json");
      // The spec asks to tell the person when no account has this address.
      if (!(await emailIsTaken(db, email))) throw new AppError("UNKNOWN_EMAIL", MESSAGES.unknownResetEmail);
      await auth.api.requestPasswordReset({
        body: { email, redirectTo: `${config.publicUrl}/reset-password` },
      });
      return c.json({ ok: true as const }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/{userId}",
      tags,
      summary:
        "A user's own profile with their program roles; asked by anyone else (public), only that the account exists",
      request: { params: userIdParams },
      responses: {
        200: jsonResponse(
          z.union([userProfileSchema, publicUserProfileSchema]),
          "The own profile, or the public answer",
        ),
        ...errorResponses,
      },
    }),
    async (c) => {
      const { userId } = c.req.valid("param");
      const { db } = c.get("deps");
      if (c.get("actor")?.userId !== userId) {
        // Public in the spec's call table: nothing private, whoever asks (docs/decisions/030).
        authorize(c, "user:readPublic", null);
        const [known] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
        if (!known) throw notFound();
        return c.json({ userId: known.id, visibility: "public" as const }, 200);
      }
      authorize(c, "user:read", { userId });
      const [user] = await db.select().from(users).where(eq(users.id, userId));
      const actor = await loadActor(db, userId);
      if (!user || !actor) throw notFound();
      return c.json(
        {
          userId: user.id,
          name: user.name,
          preferredName: user.preferredName,
          email: user.email,
          applicant: user.applicant,
          admin: user.adminOrganizationId !== null,
          adminOrganization: user.adminOrganizationId,
          currentProgram: user.currentProgramId,
          programs: actor.memberships.map((m) => ({
            id: m.programId,
            organizationId: m.organizationId,
            role: m.role,
          })),
          emailConsent: user.emailConsent,
          language: user.language,
          registered: isRegistered(actor),
        },
        200,
      );
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/{userId}/programs",
      tags,
      summary: "The programs a user may open, non-archived first",
      request: { params: userIdParams },
      responses: {
        200: jsonResponse(userProgramsResultSchema, "The programs"),
        ...errorResponses,
      },
    }),
    async (c) => {
      const actor = authorize(c, "user:read", c.req.valid("param"))!;
      return c.json({ programs: await listProgramsOfUser(c.get("deps").db, actor) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/{userId}/currentProgram",
      tags,
      summary: "The user's current program (reset when access was lost, defaulted and saved)",
      request: { params: userIdParams },
      responses: { 200: jsonResponse(currentProgramResultSchema, "The current program"), ...errorResponses },
    }),
    async (c) => {
      const actor = authorize(c, "user:read", c.req.valid("param"))!;
      return c.json({ currentProgram: await resolveCurrentProgram(c.get("deps").db, actor) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "patch",
      path: "/{userId}/current-program",
      tags,
      summary: "Switch the current program",
      request: { params: userIdParams, body: jsonBody(updateCurrentProgramBodySchema) },
      responses: {
        200: jsonResponse(currentProgramResultSchema, "The new current program"),
        ...errorResponses,
      },
    }),
    async (c) => {
      const actor = authorize(c, "user:update", c.req.valid("param"))!;
      const { programId } = c.req.valid("json");
      return c.json({ currentProgram: await setCurrentProgram(c.get("deps").db, actor, programId) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "patch",
      path: "/{userId}/name",
      tags,
      summary: "Set the user's name (first login: first and last name as 'first last')",
      request: { params: userIdParams, body: jsonBody(updateNameBodySchema) },
      responses: { 200: jsonResponse(okSchema, "Saved"), ...errorResponses },
    }),
    async (c) => {
      await updateOwnUser(c, c.req.valid("param").userId, { name: c.req.valid("json").name });
      return c.json({ ok: true as const }, 200);
    },
  );
