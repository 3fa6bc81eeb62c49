import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { okSchema } from "../../shared/schemas/common";
import {
  acceptedInvitationSchema,
  invitationAccountBodySchema,
  invitationViewSchema,
  myInvitationsSchema,
} from "../../shared/schemas/invitations";
import { authorize, requireActor } from "../http/door";
import { rateLimit } from "../http/rate-limit";
import { createRouter, errorResponses, jsonBody, jsonResponse } from "../http/router";
import {
  acceptByToken,
  acceptMine,
  createAccountAndAccept,
  declineByToken,
  declineMine,
  listMyInvitations,
  viewInvitation,
} from "./invitations";

/**
 * The invitee's side of an invitation (decision 019): by the token of the email (whoever holds it owns
 * the address), or, signed in with a verified address, from the Programs page.
 */
const tags = ["invitations"];
const tokenParams = z.object({ token: z.string().min(16).max(128) });
const idParams = z.object({ id: z.string().min(1).max(64) });
const refused = jsonResponse(
  z.object({ error: z.object({ code: z.string(), message: z.string() }) }),
  "Refused with the reason: another address, an applicant account, an unverified address (409), the plan's seats (403)",
);

export const invitationRoutes = createRouter();
// It hashes a password: limited per client address like sign-up.
invitationRoutes.use("/:token/account", rateLimit("invitation-account", { windowSeconds: 3600, max: 20 }));
invitationRoutes
  .openapi(
    createRoute({
      method: "get",
      path: "/",
      tags,
      summary: "The signed-in account's pending invitations (details once its address is verified)",
      responses: { 200: jsonResponse(myInvitationsSchema, "The invitations"), ...errorResponses },
    }),
    async (c) => {
      const actor = requireActor(c);
      authorize(c, "invitation:listOwn", { userId: actor.userId });
      return c.json(await listMyInvitations(c.get("deps").db, actor.userId), 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/{token}",
      tags,
      summary:
        "An invitation by its email's token: who invites whom to what, as what; 404 once expired or answered",
      request: { params: tokenParams },
      responses: { 200: jsonResponse(invitationViewSchema, "The invitation"), ...errorResponses },
    }),
    async (c) => {
      authorize(c, "invitation:respond", null);
      return c.json(await viewInvitation(c.get("deps").db, c.req.valid("param").token), 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/{token}/accept",
      tags,
      summary: "Accept by the email's token, signed in with the invited address (it becomes verified)",
      request: { params: tokenParams },
      responses: {
        200: jsonResponse(acceptedInvitationSchema, "Accepted: the program"),
        403: refused,
        409: refused,
        ...errorResponses,
      },
    }),
    async (c) => {
      authorize(c, "invitation:respond", null);
      const actor = requireActor(c);
      return c.json(await acceptByToken(c.get("deps").db, c.req.valid("param").token, actor.userId), 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/{token}/decline",
      tags,
      summary: "Decline by the email's token (no account needed): the invitation is gone",
      request: { params: tokenParams },
      responses: { 200: jsonResponse(okSchema, "Declined"), ...errorResponses },
    }),
    async (c) => {
      const actor = authorize(c, "invitation:respond", null);
      await declineByToken(c.get("deps").db, c.req.valid("param").token, actor?.userId ?? null);
      return c.json({ ok: true as const }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/{token}/account",
      tags,
      summary:
        "Create your account from the invitation (no account has the address yet) and accept, in one step; then sign in",
      request: { params: tokenParams, body: jsonBody(invitationAccountBodySchema) },
      responses: {
        201: jsonResponse(acceptedInvitationSchema, "Created and accepted"),
        403: refused,
        409: refused,
        ...errorResponses,
      },
    }),
    async (c) => {
      authorize(c, "invitation:respond", null);
      const { token } = c.req.valid("param");
      return c.json(await createAccountAndAccept(c.get("deps").db, token, c.req.valid("json")), 201);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/id/{id}/accept",
      tags,
      summary: "Accept one of one's own invitations in the app (the account's address must be verified)",
      request: { params: idParams },
      responses: {
        200: jsonResponse(acceptedInvitationSchema, "Accepted: the program"),
        403: refused,
        409: refused,
        ...errorResponses,
      },
    }),
    async (c) => {
      const actor = requireActor(c);
      authorize(c, "invitation:listOwn", { userId: actor.userId });
      return c.json(await acceptMine(c.get("deps").db, actor.userId, c.req.valid("param").id), 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/id/{id}/decline",
      tags,
      summary: "Decline one of one's own invitations in the app (the account's address must be verified)",
      request: { params: idParams },
      responses: { 200: jsonResponse(okSchema, "Declined"), 409: refused, ...errorResponses },
    }),
    async (c) => {
      const actor = requireActor(c);
      authorize(c, "invitation:listOwn", { userId: actor.userId });
      await declineMine(c.get("deps").db, actor.userId, c.req.valid("param").id);
      return c.json({ ok: true as const }, 200);
    },
  );
