import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions } from "../db/schema";
import { addMember, buildOrg, buildProgram, signedInMember } from "../test/factories";
import { createTestApp, type TestApp } from "../test/harness";
import { sessionTokenFromCookie, signSessionToken } from "./session-cookie";

const NAME = "better-auth.session_token";
const SECRET = "a-test-secret";
const signed = (token: string) => encodeURIComponent(`${token}.${signSessionToken(token, SECRET)}`);

describe("sessionTokenFromCookie", () => {
  it("gives the token of a correctly signed cookie among others", () => {
    const header = `theme=dark; ${NAME}=${signed("abc123")}; other=1`;
    expect(sessionTokenFromCookie(header, NAME, SECRET)).toBe("abc123");
  });

  it("refuses a signature made with another secret, a changed token and a missing signature", () => {
    const forged = encodeURIComponent(`abc123.${signSessionToken("abc123", "not-the-secret")}`);
    expect(sessionTokenFromCookie(`${NAME}=${forged}`, NAME, SECRET)).toBeNull();
    const swapped = encodeURIComponent(`abc124.${signSessionToken("abc123", SECRET)}`);
    expect(sessionTokenFromCookie(`${NAME}=${swapped}`, NAME, SECRET)).toBeNull();
    expect(sessionTokenFromCookie(`${NAME}=abc123`, NAME, SECRET)).toBeNull();
    expect(sessionTokenFromCookie(`${NAME}=%E0%A4%A`, NAME, SECRET)).toBeNull();
  });

  it("reads only the cookie of that exact name", () => {
    expect(sessionTokenFromCookie(`x-${NAME}=${signed("abc123")}`, NAME, SECRET)).toBeNull();
    expect(sessionTokenFromCookie(undefined, NAME, SECRET)).toBeNull();
  });
});

describe("the session of an API request", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function member() {
    const org = await buildOrg(t.deps.db);
    const program = await buildProgram(t.deps.db, org.id, { name: "Session Program" });
    const person = await signedInMember(t, program, "REVIEWER");
    const programs = () => t.request(`/api/users/${person.id}/programs`, { cookie: person.cookie });
    return { person, programs };
  }

  it("is the signed-in member with their programs while the session lives", async () => {
    const { programs } = await member();
    const res = await programs();
    expect(res.status).toBe(200);
    expect(JSON.stringify(await res.json())).toContain("Session Program");
  });

  it("ends when the session expires, is deleted (sign-out, password reset) or the cookie is forged", async () => {
    const expired = await member();
    await t.deps.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(sessions.userId, expired.person.id));
    expect((await expired.programs()).status).toBe(401);

    const revoked = await member();
    await t.deps.db.delete(sessions).where(eq(sessions.userId, revoked.person.id));
    expect((await revoked.programs()).status).toBe(401);

    const forged = await member();
    const [row] = await t.deps.db.select().from(sessions).where(eq(sessions.userId, forged.person.id));
    const cookie = `${NAME}=${encodeURIComponent(`${row!.token}.${signSessionToken(row!.token, "guessed")}`)}`;
    const res = await t.request(`/api/users/${forged.person.id}/programs`, { cookie });
    expect(res.status).toBe(401);
    expect(JSON.stringify(await res.json())).not.toContain("Session Program");
  });

  it("sees a membership given after sign-in on the next request", async () => {
    const { person, programs } = await member();
    const org = await buildOrg(t.deps.db);
    const later = await buildProgram(t.deps.db, org.id, { name: "Joined Later" });
    await addMember(t.deps.db, later, person.id, "GUEST");
    expect(JSON.stringify(await (await programs()).json())).toContain("Joined Later");
  });
});
