import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox, errorReports, feedback } from "../db/schema";
import { buildCast } from "../test/factories";
import { createTestApp, type TestApp } from "../test/harness";

let t: TestApp;
let cast: Awaited<ReturnType<typeof buildCast>>;
beforeAll(async () => {
  t = await createTestApp({ OPERATOR_EMAILS: "ops@decisionhub.example" });
  cast = await buildCast(t.deps.db);
});
afterAll(() => t.close());

describe("POST /api/email (feedback)", () => {
  it("needs a session", async () => {
    const res = await t.request("/api/email", {
      method: "POST",
      body: { experience: "good", feedbackType: "Bug", comment: "hi" },
    });
    expect(res.status).toBe(401);
  });

  it("stores feedback under the signed-in user, whatever userId the body claims, and emails the operators escaped", async () => {
    const cookie = await t.signIn(cast.members.REVIEWER.email);
    const res = await t.request("/api/email", {
      method: "POST",
      cookie,
      body: {
        userId: cast.orgAdmin.id,
        user: "Someone Else",
        experience: "bad",
        feedbackType: "Bug",
        comment: "<script>alert(1)</script>",
      },
    });
    expect(res.status).toBe(200);
    const rows = await t.deps.db.select().from(feedback);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      userId: cast.members.REVIEWER.id,
      experience: "bad",
      feedbackType: "Bug",
      organizationId: cast.org.id,
    });
    const [mail] = await t.deps.db.select().from(emailOutbox).where(eq(emailOutbox.kind, "feedback"));
    expect(mail!.to).toEqual(["ops@decisionhub.example"]);
    expect(mail!.html).not.toContain("<script>");
    expect(mail!.html).toContain("&lt;script&gt;");
  });

  it("refuses unknown experiences and types, and empty comments", async () => {
    const cookie = await t.signIn(cast.members.GUEST.email);
    for (const body of [
      { experience: "great", feedbackType: "Bug", comment: "x" },
      { experience: "good", feedbackType: "Praise", comment: "x" },
      { experience: "good", feedbackType: "Bug", comment: "   " },
      { experience: "good", feedbackType: "Bug" },
    ]) {
      expect((await t.request("/api/email", { method: "POST", cookie, body })).status).toBe(400);
    }
    expect(
      await t.deps.db.select().from(feedback).where(eq(feedback.userId, cast.members.GUEST.id)),
    ).toHaveLength(0);
  });
});

describe("POST /api/email/error (error reports)", () => {
  it("stores a report from anyone, naming the session's user only", async () => {
    const res = await t.request("/api/email/error", {
      method: "POST",
      body: { code: "404", message: "Uh Oh!", userId: cast.orgAdmin.id, path: "/programs/x" },
    });
    expect(res.status).toBe(200);
    const [row] = await t.deps.db.select().from(errorReports);
    expect(row).toMatchObject({ code: "404", message: "Uh Oh!", userId: null, path: "/programs/x" });
    // The page shows the report's id, so that a person writing to support can name it.
    expect(await res.json()).toEqual({ ok: true, reportId: row!.id });
    const mails = await t.deps.db.select().from(emailOutbox).where(eq(emailOutbox.kind, "error-report"));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`Report id: ${row!.id}`);
  });

  it("refuses an over-long message", async () => {
    const res = await t.request("/api/email/error", {
      method: "POST",
      body: { code: "500", message: "x".repeat(5001) },
    });
    expect(res.status).toBe(400);
  });
});

describe("development mailbox", () => {
  it("is shown to this machine only: a development server reachable from the network keeps reset links to itself", async () => {
    // Even behind a trusted proxy: a forwarded address, whatever it says, is not this machine.
    const dev = await createTestApp({ TRUST_PROXY: "1" });
    try {
      const from = (remoteAddress: string) =>
        dev.app.request("/api/dev/mailbox", {}, { incoming: { socket: { remoteAddress } } });
      expect((await from("127.0.0.1")).status).toBe(200);
      expect((await from("::1")).status).toBe(200);
      expect((await from("::ffff:127.0.0.1")).status).toBe(200);
      const outside = await from("203.0.113.7");
      expect(outside.status).toBe(404);
      expect(JSON.stringify(await outside.json())).not.toContain("messages");
      const forged = await dev.app.request(
        "/api/dev/mailbox",
        { headers: { "x-forwarded-for": "127.0.0.1" } },
        { incoming: { socket: { remoteAddress: "203.0.113.7" } } },
      );
      expect(forged.status).toBe(404);
      // A proxy on this machine forwarding someone else's request: its socket is loopback, but the
      // mailbox is for a browser on this machine, not for whoever the proxy serves.
      const proxied = await dev.app.request(
        "/api/dev/mailbox",
        { headers: { "x-forwarded-for": "203.0.113.7" } },
        { incoming: { socket: { remoteAddress: "127.0.0.1" } } },
      );
      expect(proxied.status).toBe(404);
    } finally {
      await dev.close();
    }
  });

  it("does not exist in production", async () => {
    const prod = await createTestApp({ NODE_ENV: "production", ALLOW_NO_MAIL_PROVIDER: "on" });
    try {
      expect((await prod.request("/api/dev/mailbox")).status).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
