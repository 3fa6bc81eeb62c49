import { createRoute } from "@hono/zod-openapi";
import {
  customEmailBodySchema,
  customEmailResultSchema,
  reviewerReminderBodySchema,
  reviewerReminderResultSchema,
} from "../../shared/schemas/committee";
import type { AppContext } from "../http/context";
import { authorize, requireActor } from "../http/door";
import { createRouter, errorResponses, jsonBody, jsonResponse } from "../http/router";
import { inviterName } from "../program-users/service";
import { findProgram } from "../programs/service";
import { sendCustomEmails, sendReviewerReminder } from "./committee-email-service";

/**
 * The committee's emails (docs/decisions/009-committee-emails.md), mounted at /api/email before the support
 * routes (feedback and error reports share the prefix). Messages go to the outbox; the dispatcher is kicked
 * after commit.
 */
const tags = ["committee"];

/** The program, if the caller may email for it (its admins and the organization admin); 404 otherwise. */
async function emailingProgram(c: AppContext, programId: string) {
  // Signed-out callers get 401 before anything about the program is looked up.
  requireActor(c);
  const program = await findProgram(c.get("deps").db, programId);
  const actor = authorize(c, "committee:email", {
    programId: program.id,
    organizationId: program.organizationId,
  })!;
  return { program, actor };
}

export const committeeEmailRoutes = createRouter()
  .openapi(
    createRoute({
      method: "post",
      path: "/custom",
      tags,
      summary:
        "Send Emails: the template filled for each chosen candidate, queued in the outbox (the idempotency key makes a retry queue nothing twice)",
      request: { body: jsonBody(customEmailBodySchema) },
      responses: {
        200: jsonResponse(customEmailResultSchema, "Addresses queued, and recipients refused"),
        ...errorResponses,
      },
    }),
    async (c) => {
      const body = c.req.valid("json");
      const { program } = await emailingProgram(c, body.programId);
      const { db, mailer } = c.get("deps");
      const result = await sendCustomEmails(db, program, body);
      mailer.kick();
      return c.json(result, 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/reminder",
      tags,
      summary: "Remind a committee member or guest of the program that candidates are waiting for them",
      request: { body: jsonBody(reviewerReminderBodySchema) },
      responses: {
        200: jsonResponse(reviewerReminderResultSchema, "Queued: the address it goes to"),
        ...errorResponses,
      },
    }),
    async (c) => {
      const { programId, userId } = c.req.valid("json");
      const { program, actor } = await emailingProgram(c, programId);
      const { db, config, mailer } = c.get("deps");
      const result = await sendReviewerReminder(db, program, userId, {
        sentBy: await inviterName(db, actor),
        publicUrl: config.publicUrl,
      });
      mailer.kick();
      return c.json(result, 200);
    },
  );
