import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox, exportJobs } from "../src/server/db/schema";
import { enqueueEmail } from "../src/server/email/outbox";
import { buildCast, type Cast, signInCast } from "../src/server/test/factories";
import { createTestApp, type TestApp } from "../src/server/test/harness";
import { createJobTriggers, type JobKind, runDueExports, sendDueMail, tick } from "./jobs";

/** An enqueue that records its calls and finishes when told to. */
function recordingQueue() {
  const calls: JobKind[] = [];
  const waiting: (() => void)[] = [];
  return {
    calls,
    enqueue: (kind: JobKind) => {
      calls.push(kind);
      return new Promise<void>((resolve) => waiting.push(resolve));
    },
    finishAll: () => {
      for (const resolve of waiting.splice(0)) resolve();
    },
  };
}

describe("job triggers", () => {
  it("enqueue one task per kind while the last one's enqueue is under way, and settle once they went out", async () => {
    const queue = recordingQueue();
    const jobs = createJobTriggers(queue.enqueue, () => {});
    jobs.triggers.mailQueued();
    jobs.triggers.mailQueued();
    jobs.triggers.exportQueued();
    expect(queue.calls).toEqual(["mail", "exports"]);
    let settled = false;
    const settling = jobs.settle().then(() => {
      settled = true;
    });
    await new Promise((r) => setTimeout(r, 10));
    expect(settled).toBe(false);
    queue.finishAll();
    await settling;
    jobs.triggers.mailQueued();
    expect(queue.calls).toEqual(["mail", "exports", "mail"]);
  });

  it("settle without waiting past their bound for an enqueue that hangs", async () => {
    const queue = recordingQueue();
    const jobs = createJobTriggers(queue.enqueue, () => {});
    jobs.triggers.mailQueued();
    const started = performance.now();
    await jobs.settle(50);
    expect(performance.now() - started).toBeLessThan(1000);
    queue.finishAll();
  });

  it("only log an enqueue that failed (the next tick runs the work), and settle all the same", async () => {
    const errors: string[] = [];
    const jobs = createJobTriggers(
      () => Promise.reject(new Error("queue unreachable")),
      (m) => errors.push(m),
    );
    jobs.triggers.exportQueued();
    await jobs.settle();
    expect(errors).toEqual([
      "[jobs] could not enqueue runExports (the next tick will run it): queue unreachable",
    ]);
  });
});

describe("the job functions run the server's own runners", () => {
  let t: TestApp;
  let cast: Cast;
  let cookies: Awaited<ReturnType<typeof signInCast>>;
  const queue = recordingQueue();
  const jobs = createJobTriggers(queue.enqueue, () => {});
  beforeAll(async () => {
    t = await createTestApp({}, jobs.triggers);
    cast = await buildCast(t.deps.db);
    cookies = await signInCast(t, cast);
  });
  afterAll(() => t?.close());

  it("a request that queues mail asks for the mail task (better-auth's reset email included)", async () => {
    queue.calls.length = 0;
    const res = await t.request("/api/users/password-reset", {
      method: "POST",
      body: { email: cast.members.REVIEWER.email },
    });
    expect(res.status).toBe(200);
    expect(queue.calls).toEqual(["mail"]);
    queue.finishAll();
    await jobs.settle();
    expect(await sendDueMail(t.deps)).toBeGreaterThanOrEqual(1);
    const [reset] = await t.deps.db.select().from(emailOutbox).where(eq(emailOutbox.kind, "password-reset"));
    expect(reset?.status).toBe("sent");
  });

  it("a queued export asks for the export task, which runs it to ready", async () => {
    queue.calls.length = 0;
    const res = await t.request("/api/exports", {
      method: "POST",
      body: { programId: cast.program.id, kind: "data", format: "csv" },
      cookie: cookies.admin,
    });
    expect(res.status).toBe(202);
    const { _id } = (await res.json()) as { _id: string };
    expect(queue.calls).toEqual(["exports"]);
    queue.finishAll();
    expect(await runDueExports(t.deps)).toBe(1);
    const [job] = await t.deps.db.select().from(exportJobs).where(eq(exportJobs.id, _id));
    expect(job?.status).toBe("ready");
  });

  it("the scheduled tick sends what is due, does the runner's minute sweep and runs due exports", async () => {
    await enqueueEmail(t.deps.db, {
      kind: "test",
      to: ["someone@example.org"],
      subject: "s",
      text: "t",
      html: "h",
    });
    const [job] = await t.deps.db.select().from(exportJobs);
    await t.deps.db
      .update(exportJobs)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(exportJobs.id, job!.id));
    expect(await tick(t.deps)).toEqual({ mail: 1, swept: { exports: 1, uploads: 0 }, exports: 0 });
    expect(await tick(t.deps)).toEqual({ mail: 0, swept: { exports: 0, uploads: 0 }, exports: 0 });
  });
});
