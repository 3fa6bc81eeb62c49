import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SIGN_IN_LOCKED } from "../../shared/messages";
import { rateLimits } from "../db/schema";
import { createLogger } from "../logger";
import { buildUser } from "../test/factories";
import { createTestApp, TEST_PASSWORD, type TestApp } from "../test/harness";
import {
  ACCOUNT_LOCK,
  accountLockSeconds,
  guardSignIn,
  SIGN_IN_LIMITS,
  SIGN_IN_PATH,
  signInCounterKeys,
  signInEmailOf,
} from "./sign-in-guard";

const WRONG = "not-the-password";
const { accountFromAddress: NARROW, account: WIDE } = SIGN_IN_LIMITS;

describe("sign-in limits per account", () => {
  let t: TestApp;
  let nextAddress = 0;
  // better-auth's own limit (10 sign-ins a minute per address) must not be what answers: every
  // test signs in from addresses of its own.
  const freshAddress = () => {
    nextAddress++;
    return `192.0.${2 + Math.floor(nextAddress / 250)}.${(nextAddress % 250) + 1}`;
  };

  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT: "on", TRUST_PROXY: "on" });
  });
  afterAll(() => t.close());

  const signInFrom = (address: string, email: string, password: string) =>
    t.request(SIGN_IN_PATH, {
      method: "POST",
      body: { email, password },
      headers: { "x-forwarded-for": address },
    });

  async function statusesOf(count: number, attempt: () => Promise<Response>): Promise<number[]> {
    const statuses: number[] = [];
    for (let i = 0; i < count; i++) statuses.push((await attempt()).status);
    return statuses;
  }

  /** NARROW.max failures from `address`: the most it may try before being refused. */
  async function failFrom(address: string, email: string) {
    expect(await statusesOf(NARROW.max, () => signInFrom(address, email, WRONG))).toEqual(
      Array(NARROW.max).fill(401),
    );
  }

  it("stops guessing from one address at the limit while the account signs in from another", async () => {
    const user = await buildUser(t.deps.db);
    const attacker = freshAddress();
    await failFrom(attacker, user.email);

    const refused = await signInFrom(attacker, user.email, WRONG);
    expect(refused.status).toBe(429);
    // Refused without checking the password: the right one is refused too.
    expect((await signInFrom(attacker, user.email, TEST_PASSWORD)).status).toBe(429);
    // The account's owner, elsewhere, is not locked out.
    expect((await signInFrom(freshAddress(), user.email, TEST_PASSWORD)).status).toBe(200);
  });

  it("answers 429 with its message and the seconds left in the window", async () => {
    const user = await buildUser(t.deps.db);
    const address = freshAddress();
    await failFrom(address, user.email);
    const res = await signInFrom(address, user.email, WRONG);
    expect(res.status).toBe(429);
    expect(await res.json()).toEqual({ code: "RATE_LIMITED", message: SIGN_IN_LOCKED });
    const retryAfter = Number(res.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(NARROW.windowSeconds - 60);
    expect(retryAfter).toBeLessThanOrEqual(NARROW.windowSeconds);
    expect(res.headers.get("set-cookie")).toBeNull();
  });

  it("limits an address for that account only: other accounts sign in from it", async () => {
    const target = await buildUser(t.deps.db);
    const neighbour = await buildUser(t.deps.db);
    const shared = freshAddress(); // e.g. an office behind one public address
    await failFrom(shared, target.email);
    expect((await signInFrom(shared, target.email, TEST_PASSWORD)).status).toBe(429);
    expect((await signInFrom(shared, neighbour.email, TEST_PASSWORD)).status).toBe(200);
  });

  it("answers the same for an account that does not exist", async () => {
    const user = await buildUser(t.deps.db);
    const address = freshAddress();
    await failFrom(address, user.email);
    await failFrom(address, "nobody-here@example.test");
    const existing = await signInFrom(address, user.email, WRONG);
    const unknown = await signInFrom(address, "nobody-here@example.test", WRONG);
    expect([existing.status, unknown.status]).toEqual([429, 429]);
    expect(await unknown.text()).toBe(await existing.text());
  });

  it("counts the address in any letter case and body encoding better-auth accepts", async () => {
    const user = await buildUser(t.deps.db);
    const address = freshAddress();
    await failFrom(address, user.email.toUpperCase());
    // A form with two addresses: better-auth reads the last one, and so does the count.
    const form = await t.request(SIGN_IN_PATH, {
      method: "POST",
      body: new URLSearchParams([
        ["email", "decoy@example.test"],
        ["email", user.email],
        ["password", TEST_PASSWORD],
      ]).toString(),
      headers: { "x-forwarded-for": address, "content-type": "application/x-www-form-urlencoded" },
    });
    expect(form.status).toBe(429);
  });

  it("lets no more than the limit through when the guesses come all at once", async () => {
    const user = await buildUser(t.deps.db);
    const address = freshAddress();
    const answers = await Promise.all(
      Array.from({ length: NARROW.max * 2 }, () => signInFrom(address, user.email, WRONG)),
    );
    const statuses = answers.map((res) => res.status).sort();
    expect(statuses).toEqual([...Array(NARROW.max).fill(401), ...Array(NARROW.max).fill(429)]);
  });

  it("starts an address afresh after a successful sign-in from it", async () => {
    const user = await buildUser(t.deps.db);
    const address = freshAddress();
    const { accountFromAddress } = signInCounterKeys(user.email, address);
    expect(await statusesOf(NARROW.max - 1, () => signInFrom(address, user.email, WRONG))).toEqual(
      Array(NARROW.max - 1).fill(401),
    );
    expect((await signInFrom(address, user.email, TEST_PASSWORD)).status).toBe(200);
    const rows = await t.deps.db.select().from(rateLimits).where(eq(rateLimits.key, accountFromAddress));
    expect(rows).toEqual([]);
    await failFrom(address, user.email);
  });

  it("starts afresh when the window has passed", async () => {
    const user = await buildUser(t.deps.db);
    const address = freshAddress();
    await failFrom(address, user.email);
    expect((await signInFrom(address, user.email, TEST_PASSWORD)).status).toBe(429);

    // Move the clock: the window began a whole window ago.
    const { accountFromAddress } = signInCounterKeys(user.email, address);
    await t.deps.db
      .update(rateLimits)
      .set({ lastRequest: sql`${rateLimits.lastRequest} - ${NARROW.windowSeconds * 1000}` })
      .where(eq(rateLimits.key, accountFromAddress));
    expect((await signInFrom(address, user.email, TEST_PASSWORD)).status).toBe(200);
  });

  it("counts the address the proxy saw: left-most X-Forwarded-For entries a client makes up change nothing", async () => {
    const user = await buildUser(t.deps.db);
    const real = freshAddress();
    // 50 failures, each claiming another address in front of the one the proxy appended.
    const statuses: number[] = [];
    for (let i = 0; i < WIDE.max; i++) {
      const res = await t.request(SIGN_IN_PATH, {
        method: "POST",
        body: { email: user.email, password: WRONG },
        headers: { "x-forwarded-for": `198.18.${i}.1, ${real}` },
      });
      statuses.push(res.status);
    }
    // One bucket: the narrow limit stops them, and the account is not locked for anyone else.
    expect(statuses).toEqual([...Array(NARROW.max).fill(401), ...Array(WIDE.max - NARROW.max).fill(429)]);
    expect((await signInFrom(freshAddress(), user.email, TEST_PASSWORD)).status).toBe(200);
    const rows = await t.deps.db
      .select({ key: rateLimits.key })
      .from(rateLimits)
      .where(sql`${rateLimits.key} like ${`${signInCounterKeys(user.email, undefined).account}|%`}`);
    expect(rows.map((r) => r.key)).toEqual([signInCounterKeys(user.email, real).accountFromAddress]);
  });

  // About seventy sign-ins, each checking a password hash (scrypt, slow by design): more than the default
  // timeout on a busy machine.
  it("refuses every address once the account as a whole has failed too often", {
    timeout: 120_000,
  }, async () => {
    const user = await buildUser(t.deps.db);
    // One address hammering: what its own limit refuses does not use up the account's allowance.
    const hammer = freshAddress();
    await failFrom(hammer, user.email);
    const hammered = await statusesOf(20, () => signInFrom(hammer, user.email, WRONG));
    expect(hammered).toEqual(Array(20).fill(429));

    // Many addresses sharing the work, up to one failure short of the account's limit...
    for (let failed = NARROW.max; failed < WIDE.max - 1; failed += NARROW.max) {
      const address = freshAddress();
      const tries = Math.min(NARROW.max, WIDE.max - 1 - failed);
      expect(await statusesOf(tries, () => signInFrom(address, user.email, WRONG))).toEqual(
        Array(tries).fill(401),
      );
    }
    // ...where the owner still signs in (a success is not a failure),
    expect((await signInFrom(freshAddress(), user.email, TEST_PASSWORD)).status).toBe(200);
    // and the last failure allowed closes the account to every address, the owner's included.
    expect((await signInFrom(freshAddress(), user.email, WRONG)).status).toBe(401);
    const closed = await signInFrom(freshAddress(), user.email, TEST_PASSWORD);
    expect(closed.status).toBe(429);
    expect(await closed.json()).toEqual({ code: "RATE_LIMITED", message: SIGN_IN_LOCKED });
    // The first lock: five minutes, not the rest of an hour.
    expect(Number(closed.headers.get("retry-after"))).toBe(ACCOUNT_LOCK.firstSeconds);
    expect((await signInFrom(freshAddress(), user.email, TEST_PASSWORD)).status).toBe(429);
  });

  describe("the account lock", () => {
    /** The account's failures one short of its limit, as after an attack from many addresses. */
    async function nearTheLimit(email: string) {
      const { account } = signInCounterKeys(email, undefined);
      await t.deps.db
        .insert(rateLimits)
        .values({ id: account, key: account, count: WIDE.max - 1, lastRequest: Date.now() })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: { count: WIDE.max - 1, lastRequest: Date.now() },
        });
    }
    /** Moves the clock past the account's current lock (or `extraSeconds` further back). */
    async function lockEnded(email: string, extraSeconds = 0) {
      const { accountLock } = signInCounterKeys(email, undefined);
      const [row] = await t.deps.db.select().from(rateLimits).where(eq(rateLimits.key, accountLock));
      const back = (accountLockSeconds(row!.count) + extraSeconds) * 1000;
      await t.deps.db
        .update(rateLimits)
        .set({ lastRequest: sql`${rateLimits.lastRequest} - ${back}` })
        .where(eq(rateLimits.key, accountLock));
    }
    /** One more failure: the lock it starts, in seconds (its Retry-After). */
    async function lockStartedBy(email: string): Promise<number> {
      const res = await signInFrom(freshAddress(), email, WRONG);
      expect(res.status).toBe(429);
      return Number(res.headers.get("retry-after"));
    }

    it("doubles from 5 minutes up to an hour, lock after lock; a sign-in between them does not shorten the next", async () => {
      const user = await buildUser(t.deps.db);
      const locks: number[] = [];
      for (let i = 0; i < 6; i++) {
        await nearTheLimit(user.email);
        expect((await signInFrom(freshAddress(), user.email, WRONG)).status).toBe(401); // the last one allowed
        locks.push(await lockStartedBy(user.email));
        // Locked for everyone, the owner with the right password too.
        expect((await signInFrom(freshAddress(), user.email, TEST_PASSWORD)).status).toBe(429);
        await lockEnded(user.email);
        // The lock over, the owner signs in; the next lock still grows.
        expect((await signInFrom(freshAddress(), user.email, TEST_PASSWORD)).status).toBe(200);
      }
      expect(locks).toEqual([300, 600, 1200, 2400, 3600, 3600]);
    });

    it("starts again from 5 minutes a day after the last lock", async () => {
      const user = await buildUser(t.deps.db);
      await nearTheLimit(user.email);
      await signInFrom(freshAddress(), user.email, WRONG);
      expect(await lockStartedBy(user.email)).toBe(300);
      await lockEnded(user.email);
      await nearTheLimit(user.email);
      await signInFrom(freshAddress(), user.email, WRONG);
      expect(await lockStartedBy(user.email)).toBe(600);
      await lockEnded(user.email, ACCOUNT_LOCK.forgottenAfterSeconds);
      await nearTheLimit(user.email);
      await signInFrom(freshAddress(), user.email, WRONG);
      expect(await lockStartedBy(user.email)).toBe(300);
    });

    it("gives the account its allowance back once the lock is over, and counts no refused attempt", async () => {
      const user = await buildUser(t.deps.db);
      await nearTheLimit(user.email);
      await signInFrom(freshAddress(), user.email, WRONG);
      await lockStartedBy(user.email);
      // Refused during the lock: not counted towards anything.
      for (let i = 0; i < 10; i++)
        expect((await signInFrom(freshAddress(), user.email, WRONG)).status).toBe(429);
      await lockEnded(user.email);
      const { account } = signInCounterKeys(user.email, undefined);
      expect(await t.deps.db.select().from(rateLimits).where(eq(rateLimits.key, account))).toEqual([]);
      expect((await signInFrom(freshAddress(), user.email, WRONG)).status).toBe(401);
    });
  });
});

describe("guardSignIn", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const request = (email: string) =>
    new Request(`http://localhost${SIGN_IN_PATH}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password: WRONG }),
    });
  const log = createLogger("silent");

  it("does not call better-auth once an address is refused", async () => {
    const deps = { db: t.deps.db, log, enabled: true };
    let checked = 0;
    const refuseEach = async () => {
      checked++;
      return new Response("{}", { status: 401 });
    };
    for (let i = 0; i < NARROW.max + 3; i++) {
      await guardSignIn(deps, request("guarded@example.test"), "198.51.100.1", refuseEach);
    }
    expect(checked).toBe(NARROW.max);
  });

  it("gives back attempts that better-auth did not judge (its own 429, a server error)", async () => {
    const deps = { db: t.deps.db, log, enabled: true };
    const keys = signInCounterKeys("judged@example.test", "198.51.100.2");
    for (const status of [429, 500]) {
      await guardSignIn(
        deps,
        request("judged@example.test"),
        "198.51.100.2",
        async () => new Response("{}", { status }),
      );
    }
    const rows = await t.deps.db
      .select({ count: rateLimits.count })
      .from(rateLimits)
      .where(inArray(rateLimits.key, [keys.accountFromAddress, keys.account]));
    expect(rows).toEqual([{ count: 0 }, { count: 0 }]);
  });

  it("counts nothing with AUTH_RATE_LIMIT off", async () => {
    const deps = { db: t.deps.db, log, enabled: false };
    let checked = 0;
    for (let i = 0; i < NARROW.max + 3; i++) {
      await guardSignIn(deps, request("unlimited@example.test"), "198.51.100.3", async () => {
        checked++;
        return new Response("{}", { status: 401 });
      });
    }
    expect(checked).toBe(NARROW.max + 3);
    const keys = signInCounterKeys("unlimited@example.test", "198.51.100.3");
    const rows = await t.deps.db
      .select()
      .from(rateLimits)
      .where(inArray(rateLimits.key, [keys.accountFromAddress, keys.account]));
    expect(rows).toEqual([]);
  });
});

describe("signInEmailOf", () => {
  const post = (contentType: string, body: string) =>
    new Request("http://localhost/", { method: "POST", headers: { "content-type": contentType }, body });

  it("reads the address from JSON and from a form, the last one of a form winning", async () => {
    expect(await signInEmailOf(post("application/json; charset=utf-8", '{"email":"a@b.test"}'))).toBe(
      "a@b.test",
    );
    expect(
      await signInEmailOf(post("application/x-www-form-urlencoded", "email=x%40y.test&email=a%40b.test")),
    ).toBe("a@b.test");
  });

  it("gives null for what better-auth refuses without a password check", async () => {
    expect(await signInEmailOf(post("application/json", "{not json"))).toBeNull();
    expect(await signInEmailOf(post("application/json", '{"email":["a@b.test"]}'))).toBeNull();
    expect(await signInEmailOf(post("application/json", "null"))).toBeNull();
    expect(await signInEmailOf(post("text/plain", "email=a@b.test"))).toBeNull();
  });
});
