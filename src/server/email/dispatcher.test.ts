import { setTimeout as sleep } from "node:timers/promises";
import { eq, type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import type { Database } from "../db/client";
import { emailOutbox } from "../db/schema";
import { createTestDatabase } from "../test/database";
import { createMailDispatcher, MAX_ATTEMPTS, messageIdFor, retryDelaySeconds } from "./dispatcher";
import { enqueueEmail } from "./outbox";
import { createTransport, type MailMessage, type MailTransport } from "./transports";

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
/** As if the lease of every message being sent had run out (its sender is gone or too slow). */
const expireLeases = () =>
  database.db
    .update(emailOutbox)
    .set({ lockedUntil: sql`now() - interval '1 second'` })
    .where(eq(emailOutbox.status, "sending"));
const FROM = "DecisionHub <no-reply@example.test>";
const rowOf = async (id: string) =>
  (await database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id)))[0]!;

/**
 * A provider that accepts each message and then holds the sender until released: "accepted by the
 * provider, not yet marked sent". Never released, it is a sender that crashed right after sending.
 */
function stallingTransport(): MailTransport & {
  sent: MailMessage[];
  release(): void;
  accepted: Promise<void>;
} {
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  let accept = () => {};
  const accepted = new Promise<void>((resolve) => {
    accept = resolve;
  });
  const t = {
    name: "stalling",
    sent: [] as MailMessage[],
    accepted,
    release: () => release(),
    async send(m: MailMessage) {
      t.sent.push(m);
      accept();
      await gate;
    },
  };
  return t;
}

/** The database, except that the first `failures` statements marking a message sent throw. */
function sentUpdatesFail(db: Database["db"], failures: number): Database["db"] {
  const dialect = new PgDialect();
  let left = failures;
  return new Proxy(db, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target);
      if (prop !== "execute") return typeof value === "function" ? value.bind(target) : value;
      return async (query: SQL) => {
        if (dialect.sqlToQuery(query).sql.includes("status = 'sent'") && left-- > 0) {
          throw new Error("connection lost");
        }
        return target.execute(query);
      };
    },
  });
}

describe("mail dispatcher", () => {
  it("sends each due message once, in order", async () => {
    // PGlite's clock ticks in milliseconds: messages queued in the same one have no order between them.
    for (const n of [1, 2, 3]) {
      await enqueueEmail(database.db, message(n));
      await sleep(2);
    }
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

  it("gives every message a Message-ID derived from its outbox id", async () => {
    const id = await enqueueEmail(database.db, message(1));
    const transport = recordingTransport();
    await createMailDispatcher({ db: database.db, transport, from: FROM }).dispatchDue();
    expect(transport.sent[0]!.messageId).toBe(`<${id}@example.test>`);
    expect(messageIdFor(id, "plain@mail.example.org")).toBe(`<${id}@mail.example.org>`);
    expect(messageIdFor(id, "no address")).toBe(`<${id}@decisionhub.invalid>`);
  });

  it("re-sends a message whose sender crashed after the provider accepted it with the same Message-ID", async () => {
    const id = await enqueueEmail(database.db, message(1));
    const crashed = stallingTransport();
    // The first sender hands the message over and never comes back: "sent" is never written.
    void createMailDispatcher({ db: database.db, transport: crashed, from: FROM }).dispatchDue();
    await crashed.accepted;
    expect((await rowOf(id)).status).toBe("sending");
    // Nobody takes the message over while the lease runs…
    const next = recordingTransport();
    const survivor = createMailDispatcher({ db: database.db, transport: next, from: FROM });
    expect(await survivor.dispatchDue()).toBe(0);
    // …and after it, the re-send is the same message to the receiving side.
    await expireLeases();
    expect(await survivor.dispatchDue()).toBe(1);
    expect(next.sent).toHaveLength(1);
    expect(next.sent[0]!.messageId).toBe(crashed.sent[0]!.messageId);
    expect(next.sent[0]!.messageId).toBe(`<${id}@example.test>`);
    expect(await rowOf(id)).toMatchObject({ status: "sent", attempts: 2, transport: "test" });
  });

  it("never re-sends a message the provider accepted when marking it sent fails", async () => {
    const id = await enqueueEmail(database.db, message(1));
    const transport = recordingTransport();
    const errors: string[] = [];
    const d = createMailDispatcher({
      db: sentUpdatesFail(database.db, 1),
      transport,
      from: FROM,
      onError: (m) => errors.push(m),
    });
    expect(await d.dispatchDue()).toBe(1);
    // Not treated as a failed send (which would be retried): still leased, no error recorded.
    expect(await rowOf(id)).toMatchObject({ status: "sending", lastError: null });
    expect(errors).toEqual([expect.stringContaining("was sent but could not be marked sent")]);
    // The next round writes "sent" before claiming anything, even with the lease gone.
    await expireLeases();
    expect(await d.dispatchDue()).toBe(0);
    expect(await rowOf(id)).toMatchObject({ status: "sent", attempts: 1 });
    expect(transport.sent).toHaveLength(1);
  });

  it("leaves a message to the dispatcher that took it over when its own lease ran out", async () => {
    const first = await enqueueEmail(database.db, message(1));
    await sleep(2); // queued in another millisecond, so the first is sent first
    const second = await enqueueEmail(database.db, message(2));
    const slow = stallingTransport();
    const slowRound = createMailDispatcher({ db: database.db, transport: slow, from: FROM }).dispatchDue();
    await slow.accepted;
    // The slow dispatcher holds both messages and is stuck on the first beyond the lease.
    await expireLeases();
    const fast = recordingTransport();
    expect(await createMailDispatcher({ db: database.db, transport: fast, from: FROM }).dispatchDue()).toBe(
      2,
    );
    slow.release();
    await slowRound;
    // The first was in the provider's hands twice (same Message-ID); the second was sent once.
    expect(slow.sent.map((m) => m.subject)).toEqual(["Message 1"]);
    expect(fast.sent.map((m) => m.subject)).toEqual(["Message 1", "Message 2"]);
    expect(fast.sent[0]!.messageId).toBe(slow.sent[0]!.messageId);
    expect(await rowOf(first)).toMatchObject({ status: "sent" });
    expect(await rowOf(second)).toMatchObject({ status: "sent", attempts: 2 });
  });

  it("does not let a dispatcher that lost its lease undo a delivery with a late failure", async () => {
    const id = await enqueueEmail(database.db, message(1));
    let fail = () => {};
    let started = () => {};
    const sending = new Promise<void>((resolve) => {
      started = resolve;
    });
    const failing: MailTransport = {
      name: "failing",
      send: () =>
        new Promise<void>((_, reject) => {
          fail = () => reject(new Error("timed out"));
          started();
        }),
    };
    const staleRound = createMailDispatcher({
      db: database.db,
      transport: failing,
      from: FROM,
    }).dispatchDue();
    await sending;
    await expireLeases();
    const fast = recordingTransport();
    await createMailDispatcher({ db: database.db, transport: fast, from: FROM }).dispatchDue();
    fail();
    await staleRound;
    expect(await rowOf(id)).toMatchObject({ status: "sent", lastError: null });
    expect(fast.sent).toHaveLength(1);
  });

  it("backs off exponentially up to an hour", () => {
    expect([1, 2, 3, 4].map(retryDelaySeconds)).toEqual([30, 60, 120, 240]);
    expect(retryDelaySeconds(20)).toBe(3600);
  });
});

describe("with no mail provider", () => {
  const RESET_LINK = "http://localhost:3000/reset-password?token=secret-reset-token-123";
  const resetEmail = {
    kind: "password-reset",
    to: ["pat@example.test"],
    subject: "Reset your password",
    text: `Open ${RESET_LINK}`,
    html: `<a href="${RESET_LINK}">Reset</a>`,
  };

  async function logOfDelivery(env: Record<string, string>): Promise<{ lines: string[]; id: string }> {
    const lines: string[] = [];
    const config = loadConfig({ BETTER_AUTH_SECRET: "s".repeat(32), ...env });
    const transport = await createTransport(config, (line) => lines.push(line));
    const id = await enqueueEmail(database.db, resetEmail);
    await createMailDispatcher({ db: database.db, transport, from: FROM }).dispatchDue();
    return { lines, id };
  }

  it("in production logs the kind, the number of recipients and the id: never a link, an address or a subject", async () => {
    const { lines, id } = await logOfDelivery({ NODE_ENV: "production", ALLOW_NO_MAIL_PROVIDER: "on" });
    expect(lines).toEqual([
      `[mail] ${messageIdFor(id, FROM)} (password-reset, 1 recipient) not delivered: no mail provider`,
    ]);
  });

  it("in development logs the whole message, for the flows to be completed locally", async () => {
    const { lines } = await logOfDelivery({ NODE_ENV: "development" });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(RESET_LINK);
    expect(lines[0]).toContain("pat@example.test");
  });
});
