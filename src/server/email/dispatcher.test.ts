import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../db/client";
import { emailOutbox } from "../db/schema";
import { createTestDatabase } from "../test/database";
import { createMailDispatcher, MAX_ATTEMPTS, retryDelaySeconds } from "./dispatcher";
import { enqueueEmail } from "./outbox";
import type { MailMessage, MailTransport } from "./transports";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  await database.migrate();
});
afterAll(() => database.close());
beforeEach(async () => {
  await database.db.delete(emailOutbox);
});

function recordingTransport(): MailTransport & { sent: MailMessage[]; down: boolean } {
  const t = {
    name: "test",
    sent: [] as MailMessage[],
    down: false,
    async send(m: MailMessage) {
      if (t.down) throw new Error("provider unavailable");
      t.sent.push(m);
    },
  };
  return t;
}

const message = (n: number) => ({
  kind: "test",
  to: [`to${n}@example.test`],
  subject: `Message ${n}`,
  text: "t",
  html: "<p>t</p>",
});
const makeDue = () =>
  database.db.update(emailOutbox).set({ nextAttemptAt: sql`now() - interval '1 second'` });

describe("mail dispatcher", () => {
  it("sends each due message once, in order", async () => {
    for (const n of [1, 2, 3]) await enqueueEmail(database.db, message(n));
    const transport = recordingTransport();
    const a = createMailDispatcher({ db: database.db, transport, from: "x@example.test" });
    const b = createMailDispatcher({ db: database.db, transport, from: "x@example.test" });
    await Promise.all([a.dispatchDue(), b.dispatchDue()]);
    expect(transport.sent.map((m) => m.subject)).toEqual(["Message 1", "Message 2", "Message 3"]);
    expect(await a.dispatchDue()).toBe(0);
    const rows = await database.db.select().from(emailOutbox);
    expect(rows.every((r) => r.status === "sent" && r.sentAt !== null && r.transport === "test")).toBe(true);
  });

  it("keeps a message while the provider is down and sends it once when it is back", async () => {
    const id = await enqueueEmail(database.db, message(1));
    const transport = recordingTransport();
    transport.down = true;
    const d = createMailDispatcher({ db: database.db, transport, from: "x@example.test" });
    expect(await d.dispatchDue()).toBe(1);
    let [row] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(row).toMatchObject({ status: "pending", attempts: 1, lastError: "provider unavailable" });
    // Not due again before its backoff.
    expect(await d.dispatchDue()).toBe(0);
    transport.down = false;
    await makeDue();
    await d.dispatchDue();
    [row] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(row!.status).toBe("sent");
    expect(transport.sent).toHaveLength(1);
  });

  it("retries a message whose sender died mid-send once its lease expires", async () => {
    const id = await enqueueEmail(database.db, message(1));
    await database.db
      .update(emailOutbox)
      .set({ status: "sending", attempts: 1, lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(emailOutbox.id, id));
    const transport = recordingTransport();
    await createMailDispatcher({ db: database.db, transport, from: "x@example.test" }).dispatchDue();
    expect(transport.sent).toHaveLength(1);
  });

  it("gives up after the last attempt and marks the message failed", async () => {
    const id = await enqueueEmail(database.db, message(1));
    await database.db
      .update(emailOutbox)
      .set({ attempts: MAX_ATTEMPTS - 1 })
      .where(eq(emailOutbox.id, id));
    const transport = recordingTransport();
    transport.down = true;
    await createMailDispatcher({ db: database.db, transport, from: "x@example.test" }).dispatchDue();
    const [row] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(row!.status).toBe("failed");
  });

  it("backs off exponentially up to an hour", () => {
    expect([1, 2, 3, 4].map(retryDelaySeconds)).toEqual([30, 60, 120, 240]);
    expect(retryDelaySeconds(20)).toBe(3600);
  });
});
