import { createRoute } from "@hono/zod-openapi";
import { eq } from "drizzle-orm";
import { okSchema } from "../../shared/schemas/common";
import {
  errorReportBodySchema,
  errorReportResultSchema,
  feedbackBodySchema,
  mailboxResultSchema,
} from "../../shared/schemas/support";
import { isProduction, TRUST_PROXY_HEADERS } from "../config";
import { errorReports, feedback, users } from "../db/schema";
import { enqueueEmail, listRecentEmails } from "../email/outbox";
import { errorReportEmail, feedbackEmail } from "../email/templates";
import { authorize } from "../http/door";
import { notFound } from "../http/errors";
import { rateLimit, socketAddress } from "../http/rate-limit";
import { createRouter, errorResponses, jsonBody, jsonResponse } from "../http/router";

/** Feedback and error reports: stored, and emailed to the operators when OPERATOR_EMAILS is set. */
export const supportRoutes = createRouter();
supportRoutes.use("/", rateLimit("feedback", { windowSeconds: 60, max: 10 }));
supportRoutes.use("/error", rateLimit("error-report", { windowSeconds: 60, max: 30 }));
supportRoutes
  .openapi(
    createRoute({
      method: "post",
      path: "/",
      tags: ["support"],
      summary: "Submit Feedback (experience, type, comment)",
      request: { body: jsonBody(feedbackBodySchema) },
      responses: {
        200: jsonResponse(okSchema, "Stored"),
        400: errorResponses[400],
        401: errorResponses[401],
      },
    }),
    async (c) => {
      const actor = authorize(c, "feedback:send", null)!;
      const { db, config, mailer } = c.get("deps");
      const body = c.req.valid("json");
      // Who sent it comes from the session, never from the body.
      const [me] = await db
        .select({ name: users.name, email: users.email })
        .from(users)
        .where(eq(users.id, actor.userId));
      await db.transaction(async (tx) => {
        await tx.insert(feedback).values({
          userId: actor.userId,
          organizationId: actor.adminOrganizationId ?? actor.memberships[0]?.organizationId ?? null,
          experience: body.experience,
          feedbackType: body.feedbackType,
          comment: body.comment,
        });
        if (config.operatorEmails.length > 0) {
          const from = me ? `${me.name} <${me.email}>` : actor.userId;
          await enqueueEmail(tx, {
            kind: "feedback",
            to: config.operatorEmails,
            replyTo: me?.email ?? null,
            ...feedbackEmail(from, body.experience, body.feedbackType, body.comment),
          });
        }
      });
      mailer.kick();
      return c.json({ ok: true as const }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/error",
      tags: ["support"],
      summary: "Report an error shown on the error page",
      request: { body: jsonBody(errorReportBodySchema) },
      responses: {
        200: jsonResponse(errorReportResultSchema, "Stored, with the report's id"),
        400: errorResponses[400],
      },
    }),
    async (c) => {
      const actor = authorize(c, "errorReport:create", null);
      const { db, config, mailer } = c.get("deps");
      const body = c.req.valid("json");
      const userAgent = c.req.header("user-agent")?.slice(0, 500) ?? null;
      const reportId = await db.transaction(async (tx) => {
        const [report] = await tx
          .insert(errorReports)
          .values({
            // The reporter is whoever holds the session; an unauthenticated report names nobody.
            userId: actor?.userId ?? null,
            code: body.code,
            message: body.message,
            path: body.path ?? null,
            userAgent,
          })
          .returning({ id: errorReports.id });
        if (config.operatorEmails.length > 0) {
          await enqueueEmail(tx, {
            kind: "error-report",
            to: config.operatorEmails,
            ...errorReportEmail(
              report!.id,
              body.code,
              body.message,
              actor?.userId ?? "an anonymous visitor",
              body.path ?? "",
            ),
          });
        }
        return report!.id;
      });
      mailer.kick();
      return c.json({ ok: true as const, reportId }, 200);
    },
  );

/** The development mailbox: what the outbox holds. Not mounted in production. */
/** The socket's own address: the forwarded-for header could claim loopback. No socket: an in-process test. */
function isLoopback(address: string | undefined): boolean {
  return address === undefined || address === "::1" || /^(::ffff:)?127\./.test(address);
}

/** Headers a proxy adds for the client it forwards (TRUST_PROXY_HEADERS and the standard ones). */
const FORWARDED_HEADERS = [
  "x-forwarded-for",
  "forwarded",
  "x-real-ip",
  ...Object.values(TRUST_PROXY_HEADERS),
];

export const devMailboxRoutes = createRouter().openapi(
  createRoute({
    method: "get",
    path: "/mailbox",
    tags: ["development"],
    summary: "Recent messages of the email outbox (development only)",
    responses: {
      200: jsonResponse(mailboxResultSchema, "Messages, newest first"),
    },
  }),
  async (c) => {
    const { db, config } = c.get("deps");
    if (isProduction(config)) throw notFound();
    // The mailbox holds password-reset links: a development server reachable from the network must
    // not hand them to anyone else. Only this machine's own browser (or an in-process test) sees it.
    // A request a proxy forwarded (a tunnel or a reverse proxy on this machine) comes from someone else.
    if (!isLoopback(socketAddress(c)) || FORWARDED_HEADERS.some((h) => c.req.header(h) !== undefined)) {
      throw notFound();
    }
    authorize(c, "devMailbox:read", null);
    const rows = await listRecentEmails(db);
    return c.json(
      {
        messages: rows.map((r) => ({
          id: r.id,
          kind: r.kind,
          to: r.to,
          subject: r.subject,
          text: r.text,
          html: r.html,
          status: r.status,
          createdAt: r.createdAt.toISOString(),
        })),
      },
      200,
    );
  },
);
