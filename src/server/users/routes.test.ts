import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMMON_PASSWORD, MESSAGES, SUPPORT_EMAIL } from "../../shared/messages";
import { emailOutbox, organizations, plans, users } from "../db/schema";
import { addMember, buildCast } from "../test/factories";
import { createTestApp, TEST_PASSWORD, type TestApp } from "../test/harness";

let t: TestApp;
let cast: Awaited<ReturnType<typeof buildCast>>;

beforeAll(async () => {
  t = await createTestApp();
  cast = await buildCast(t.deps.db);
});
afterAll(() => t.close());

const json = async (res: Response) =>
  (await res.json()) as Record<string, unknown> & {
    error?: { code: string; message: string; fields?: Record<string, string[]> };
  };
const countOf = async (table: typeof users | typeof organizations) =>
  (await t.deps.db.select({ n: count() }).from(table))[0]!.n;

async function publicPlanId(name = "Starter") {
  const [p] = await t.deps.db.select().from(plans).where(eq(plans.name, name));
  return p!.id;
}

describe("POST /api/users/create (sign-up)", () => {
  it("creates the organization on a one-month free trial with the signer as its admin", async () => {
    const starter = await publicPlanId();
    const res = await t.request("/api/users/create", {
      method: "POST",
      body: {
        displayName: "  Grace Hopper ",
        email: " Grace@Example.TEST ",
        password: "a-strong-password",
        applicant: false,
        admin: true,
        organizationName: "Hopper Fund",
        emailConsent: true,
        organizationPlan: starter,
      },
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { userId: string; organizationId: string };
    const [org] = await t.deps.db
      .select()
      .from(organizations)
      .where(eq(organizations.id, body.organizationId));
    const [trialPlan] = await t.deps.db.select().from(plans).where(eq(plans.id, org!.planId));
    expect(org!.name).toBe("Hopper Fund");
    expect(trialPlan!.name).toBe("Free Trial");
    expect(org!.requestedPlanId).toBe(starter);
    const days = (org!.trialEndsAt!.getTime() - org!.createdAt.getTime()) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(28);
    expect(days).toBeLessThanOrEqual(31);
    const [user] = await t.deps.db.select().from(users).where(eq(users.id, body.userId));
    expect(user).toMatchObject({
      email: "grace@example.test",
      name: "Grace Hopper",
      adminOrganizationId: body.organizationId,
      applicant: false,
      emailConsent: true,
    });
    // The new account signs in with its email in any case.
    const cookie = await t.signIn("GRACE@example.test", "a-strong-password");
    const me = await json(await t.request(`/api/users/${body.userId}`, { cookie }));
    expect(me).toMatchObject({ admin: true, adminOrganization: body.organizationId, registered: true });
    // The welcome email the password-reset page refers to, queued once, a reply reaching support.
    const welcomes = await t.deps.db.select().from(emailOutbox).where(eq(emailOutbox.kind, "welcome"));
    const mine = welcomes.filter((w) => w.to.includes("grace@example.test"));
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ subject: "Welcome to DecisionHub", replyTo: SUPPORT_EMAIL });
    expect(mine[0]!.text).toContain("Hello Grace Hopper,");
    expect(mine[0]!.text).toContain("Hopper Fund is set up, on a free trial until");
    expect(mine[0]!.text).toContain("Reply to this email");
    expect(mine[0]!.text).toContain("http://localhost:3000/login?email=grace%40example.test");
  });

  it("creates an applicant account without an organization", async () => {
    const orgsBefore = await countOf(organizations);
    const res = await t.request("/api/users/create", {
      method: "POST",
      body: {
        displayName: "Al Applicant",
        email: "al@example.test",
        password: "password-123",
        applicant: true,
        admin: false,
      },
    });
    expect(res.status).toBe(201);
    expect(((await res.json()) as { organizationId: unknown }).organizationId).toBeNull();
    expect(await countOf(organizations)).toBe(orgsBefore);
    const cookie = await t.signIn("al@example.test", "password-123");
    const session = (await (await t.request("/api/auth/get-session", { cookie })).json()) as {
      user: { id: string };
    };
    expect(await json(await t.request(`/api/users/${session.user.id}`, { cookie }))).toMatchObject({
      applicant: true,
      registered: true,
    });
  });

  it("answers 400 with field errors for bad input and writes nothing", async () => {
    const before = [await countOf(users), await countOf(organizations)];
    const cases: [unknown, string][] = [
      [
        {
          displayName: "X",
          email: "not-an-email",
          password: "password-123",
          organizationName: "O",
          organizationPlan: await publicPlanId(),
        },
        "email",
      ],
      [
        {
          displayName: "",
          email: "a@b.test",
          password: "password-123",
          organizationName: "O",
          organizationPlan: await publicPlanId(),
        },
        "displayName",
      ],
      [
        {
          displayName: "X",
          email: "a@b.test",
          password: "short",
          organizationName: "O",
          organizationPlan: await publicPlanId(),
        },
        "password",
      ],
      [
        {
          displayName: "X",
          email: "a@b.test",
          password: "password-123",
          organizationName: "",
          organizationPlan: await publicPlanId(),
        },
        "organizationName",
      ],
      [
        {
          displayName: "X",
          email: "a@b.test",
          password: "password-123",
          organizationName: "O",
          organizationPlan: "not-a-plan",
        },
        "organizationPlan",
      ],
      [
        {
          displayName: "X",
          email: "a@b.test",
          password: "password-123",
          organizationName: "O",
          organizationPlan: await publicPlanId(),
          isAdmin: true,
        },
        "_",
      ],
      [
        {
          displayName: "X".repeat(5000),
          email: "a@b.test",
          password: "password-123",
          organizationName: "O",
          organizationPlan: await publicPlanId(),
        },
        "displayName",
      ],
      [
        {
          displayName: 7,
          email: "a@b.test",
          password: "password-123",
          organizationName: "O",
          organizationPlan: await publicPlanId(),
        },
        "displayName",
      ],
    ];
    for (const [body, field] of cases) {
      const res = await t.request("/api/users/create", { method: "POST", body });
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(Object.keys((await json(res)).error!.fields!)).toContain(field);
    }
    expect(await json(await t.request("/api/users/create", { method: "POST", body: "{oops" }))).toMatchObject(
      { error: { code: "VALIDATION" } },
    );
    expect([await countOf(users), await countOf(organizations)]).toEqual(before);
  });

  it("refuses a non-public plan: a client cannot choose the Free Trial or grant itself a plan", async () => {
    const res = await t.request("/api/users/create", {
      method: "POST",
      body: {
        displayName: "X",
        email: "x1@example.test",
        password: "password-123",
        organizationName: "O",
        organizationPlan: await publicPlanId("Free Trial"),
      },
    });
    expect(res.status).toBe(400);
    expect((await json(res)).error!.fields).toHaveProperty("organizationPlan");
  });

  it("refuses a common password, whatever its case, for an organization or an applicant; a long passphrase is fine", async () => {
    const before = [await countOf(users), await countOf(organizations)];
    const plan = await publicPlanId();
    const signUp = (password: string, applicant: boolean, email: string) =>
      t.request("/api/users/create", {
        method: "POST",
        body: applicant
          ? { displayName: "Common Pat", email, password, applicant: true, admin: false }
          : {
              displayName: "Common Pat",
              email,
              password,
              organizationName: "Common Fund",
              organizationPlan: plan,
            },
      });
    for (const password of ["password", "12345678", "PassWord", "iloveyou1"]) {
      for (const applicant of [false, true]) {
        const res = await signUp(password, applicant, "common@example.test");
        expect(res.status, password).toBe(400);
        expect((await json(res)).error).toEqual({
          code: "VALIDATION",
          message: "Some fields are not valid.",
          fields: { password: [COMMON_PASSWORD] },
        });
      }
    }
    expect([await countOf(users), await countOf(organizations)]).toEqual(before);
    const passphrase = "correct horse battery staple ".repeat(4).trim();
    expect(passphrase.length).toBeLessThanOrEqual(128);
    expect((await signUp(passphrase, true, "passphrase@example.test")).status).toBe(201);
    expect(
      (
        await t.request("/api/auth/sign-in/email", {
          method: "POST",
          body: { email: "passphrase@example.test", password: passphrase },
        })
      ).status,
    ).toBe(200);
  });

  it("refuses an email that is taken, whatever its case, and creates no organization", async () => {
    const orgsBefore = await countOf(organizations);
    const res = await t.request("/api/users/create", {
      method: "POST",
      body: {
        displayName: "Dup",
        email: cast.orgAdmin.email.toUpperCase(),
        password: "password-123",
        organizationName: "Dup Org",
        organizationPlan: await publicPlanId(),
      },
    });
    expect(res.status).toBe(409);
    expect((await json(res)).error!.code).toBe("EMAIL_TAKEN");
    expect(await countOf(organizations)).toBe(orgsBefore);
  });
});

describe("GET /api/users/{userId}", () => {
  it("returns the user's own profile with their program roles", async () => {
    const cookie = await t.signIn(cast.members.REVIEWER.email);
    const me = await json(await t.request(`/api/users/${cast.members.REVIEWER.id}`, { cookie }));
    expect(me).toMatchObject({
      userId: cast.members.REVIEWER.id,
      email: cast.members.REVIEWER.email,
      applicant: false,
      admin: false,
      registered: true,
      programs: [{ id: cast.program.id, organizationId: cast.org.id, role: "REVIEWER" }],
    });
  });

  it("answers anyone else only that the account exists, public as in the call table: nothing private", async () => {
    const asAdmin = await t.signIn(cast.members.ADMIN.email);
    const asOtherOrg = await t.signIn(cast.otherOrgAdmin.email);
    for (const cookie of [asAdmin, asOtherOrg, undefined]) {
      const res = await t.request(`/api/users/${cast.orgAdmin.id}`, { cookie });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ userId: cast.orgAdmin.id, visibility: "public" });
    }
    const text = await (await t.request(`/api/users/${cast.members.REVIEWER.id}`)).text();
    for (const secret of [cast.members.REVIEWER.email, "REVIEWER", cast.program.id, cast.org.id]) {
      expect(text).not.toContain(secret);
    }
  });

  it("answers 404 for an unknown id and 400 for a malformed one, signed in or not", async () => {
    const cookie = await t.signIn(cast.members.ADMIN.email);
    for (const who of [cookie, undefined]) {
      expect((await t.request("/api/users/no-such-user", { cookie: who })).status).toBe(404);
      const res = await t.request(`/api/users/${"x".repeat(65)}`, { cookie: who });
      expect(res.status).toBe(400);
      expect((await json(res)).error?.fields).toHaveProperty("userId");
    }
  });

  it("marks an account the product does not know as not registered", async () => {
    const cookie = await t.signIn(cast.stranger.email);
    expect(await json(await t.request(`/api/users/${cast.stranger.id}`, { cookie }))).toMatchObject({
      registered: false,
    });
  });
});

describe("GET /api/users/{userId}/programs", () => {
  it("lists a member's programs only, never another organization's", async () => {
    const cookie = await t.signIn(cast.members.GUEST.email);
    const { programs } = (await json(
      await t.request(`/api/users/${cast.members.GUEST.id}/programs`, { cookie }),
    )) as unknown as { programs: { id: string; role: string }[] };
    expect(programs).toEqual([
      expect.objectContaining({ id: cast.program.id, role: "GUEST", organizationName: "First Foundation" }),
    ]);
  });

  it("lists every program of the organization for its admin, non-archived first", async () => {
    const archived = await (await import("../test/factories")).buildProgram(t.deps.db, cast.org.id, {
      name: "Aardvark 2020",
      archived: true,
    });
    const cookie = await t.signIn(cast.orgAdmin.email);
    const res = await t.request(`/api/users/${cast.orgAdmin.id}/programs`, { cookie });
    const { programs } = (await res.json()) as {
      programs: { id: string; archived: boolean; role: unknown; isOrganizationAdmin: boolean }[];
    };
    expect(programs.map((p) => p.id)).toEqual([cast.program.id, archived.id]);
    expect(programs.every((p) => p.isOrganizationAdmin && p.role === null)).toBe(true);
    expect(JSON.stringify(programs)).not.toContain(cast.otherProgram.id);
  });

  it("answers 404 for another user's list", async () => {
    const cookie = await t.signIn(cast.otherOrgAdmin.email);
    const res = await t.request(`/api/users/${cast.orgAdmin.id}/programs`, { cookie });
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain(cast.program.id);
  });
});

describe("current program", () => {
  it("defaults to the first accessible program and saves it", async () => {
    const cookie = await t.signIn(cast.members.ADMIN.email);
    const res = await json(await t.request(`/api/users/${cast.members.ADMIN.id}/currentProgram`, { cookie }));
    expect(res.currentProgram).toMatchObject({ id: cast.program.id });
    const [row] = await t.deps.db.select().from(users).where(eq(users.id, cast.members.ADMIN.id));
    expect(row!.currentProgramId).toBe(cast.program.id);
  });

  it("switches to a program the user may open, and refuses another organization's with 404", async () => {
    const user = cast.members.ADMIN_REVIEWER;
    const second = await (await import("../test/factories")).buildProgram(t.deps.db, cast.org.id, {
      name: "Zinnia",
    });
    await addMember(t.deps.db, second, user.id, "REVIEWER");
    const cookie = await t.signIn(user.email);
    const ok = await t.request(`/api/users/${user.id}/current-program`, {
      method: "PATCH",
      cookie,
      body: { programId: second.id },
    });
    expect(ok.status).toBe(200);
    expect((await json(ok)).currentProgram).toMatchObject({ id: second.id, role: "REVIEWER" });
    const denied = await t.request(`/api/users/${user.id}/current-program`, {
      method: "PATCH",
      cookie,
      body: { programId: cast.otherProgram.id },
    });
    expect(denied.status).toBe(404);
    const [row] = await t.deps.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.currentProgramId).toBe(second.id);
  });

  it("is reset when the user lost access", async () => {
    const user = cast.members.GUEST;
    await t.deps.db
      .update(users)
      .set({ currentProgramId: cast.otherProgram.id })
      .where(eq(users.id, user.id));
    const cookie = await t.signIn(user.email);
    const res = await json(await t.request(`/api/users/${user.id}/currentProgram`, { cookie }));
    expect(res.currentProgram).toMatchObject({ id: cast.program.id });
  });

  it("cannot be changed for someone else", async () => {
    const cookie = await t.signIn(cast.orgAdmin.email);
    const res = await t.request(`/api/users/${cast.members.GUEST.id}/current-program`, {
      method: "PATCH",
      cookie,
      body: { programId: cast.program.id },
    });
    expect(res.status).toBe(404);
  });
});

describe("PATCH /api/users/{userId}/name", () => {
  it("stores the first-login name", async () => {
    const cookie = await t.signIn(cast.applicant.email);
    const res = await t.request(`/api/users/${cast.applicant.id}/name`, {
      method: "PATCH",
      cookie,
      body: { name: "  Ann Smith " },
    });
    expect(res.status).toBe(200);
    const [row] = await t.deps.db.select().from(users).where(eq(users.id, cast.applicant.id));
    expect(row!.name).toBe("Ann Smith");
  });

  it("refuses an empty name and someone else's name, changing nothing", async () => {
    const cookie = await t.signIn(cast.applicant.email);
    expect(
      (
        await t.request(`/api/users/${cast.applicant.id}/name`, {
          method: "PATCH",
          cookie,
          body: { name: "   " },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await t.request(`/api/users/${cast.applicant.id}/name`, {
          method: "PATCH",
          cookie,
          body: { name: 5 },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await t.request(`/api/users/${cast.orgAdmin.id}/name`, {
          method: "PATCH",
          cookie,
          body: { name: "Hacked" },
        })
      ).status,
    ).toBe(404);
    const [victim] = await t.deps.db.select().from(users).where(eq(users.id, cast.orgAdmin.id));
    expect(victim!.name).toBe("Org Admin");
  });
});

describe("sign-in and sessions", () => {
  it("refuses a wrong password with 401", async () => {
    const res = await t.request("/api/auth/sign-in/email", {
      method: "POST",
      body: { email: cast.orgAdmin.email, password: "wrong-password" },
    });
    expect(res.status).toBe(401);
  });

  it("ends a session 24 hours after sign-in, and the cookie is HttpOnly and SameSite", async () => {
    const res = await t.request("/api/auth/sign-in/email", {
      method: "POST",
      body: { email: cast.orgAdmin.email, password: TEST_PASSWORD },
    });
    const setCookie = res.headers.get("set-cookie") ?? "";
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Max-Age=86400/);
    const cookie = setCookie.match(/better-auth\.session_token=[^;]+/)![0];
    const session = (await (await t.request("/api/auth/get-session", { cookie })).json()) as {
      session: { expiresAt: string; createdAt: string };
    };
    const hours = (Date.parse(session.session.expiresAt) - Date.parse(session.session.createdAt)) / 3_600_000;
    expect(hours).toBeCloseTo(24, 1);
  });

  it("has no self-service sign-up endpoint that would bypass organization creation", async () => {
    const res = await t.request("/api/auth/sign-up/email", {
      method: "POST",
      body: { email: "sneaky@example.test", password: "password-123", name: "S" },
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    const rows = await t.deps.db.select().from(users).where(eq(users.email, "sneaky@example.test"));
    expect(rows).toHaveLength(0);
  });
});

describe("password reset", () => {
  it("answers the spec's message for an unknown address and sends nothing", async () => {
    const res = await t.request("/api/users/password-reset", {
      method: "POST",
      body: { email: "nobody@example.test" },
    });
    expect(res.status).toBe(404);
    expect((await json(res)).error).toEqual({ code: "UNKNOWN_EMAIL", message: MESSAGES.unknownResetEmail });
  });

  it("sends a link through the outbox that sets a new password once", async () => {
    const user = cast.members.REVIEWER;
    const res = await t.request("/api/users/password-reset", {
      method: "POST",
      body: { email: ` ${user.email.toUpperCase()} ` },
    });
    expect(res.status).toBe(200);
    const mailbox = (await (await t.request("/api/dev/mailbox")).json()) as {
      messages: { to: string[]; text: string; kind: string }[];
    };
    const mail = mailbox.messages.find((m) => m.kind === "password-reset" && m.to.includes(user.email));
    const link = mail?.text.match(/http\S+reset-password\/(\w+)\S*/);
    expect(link).toBeTruthy();
    const token = link![1]!;
    // The link from the email redirects to the SPA's reset page with the token.
    const follow = await t.request(new URL(link![0]).pathname + new URL(link![0]).search);
    expect(follow.status).toBe(302);
    expect(follow.headers.get("location")).toBe(`http://localhost:3000/reset-password?token=${token}`);

    const reset = await t.request("/api/auth/reset-password", {
      method: "POST",
      body: { newPassword: "brand-new-password", token },
    });
    expect(reset.status).toBe(200);
    await expect(t.signIn(user.email)).rejects.toThrow(/401/);
    await t.signIn(user.email, "brand-new-password");
    const again = await t.request("/api/auth/reset-password", {
      method: "POST",
      body: { newPassword: "another-password", token },
    });
    expect(again.status).toBe(400);
  });
});

describe("sign-in rate limit", () => {
  it("limits repeated sign-in attempts from one address, whatever account they try", async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT: "on" });
    try {
      const statuses: number[] = [];
      // One account per attempt: the per-account limits (decision 013) would answer 429 from the sixth.
      for (let i = 0; i < 12; i++) {
        const res = await limited.request("/api/auth/sign-in/email", {
          method: "POST",
          body: { email: `x${i}@example.test`, password: "wrong-password" },
        });
        statuses.push(res.status);
      }
      expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
      expect(statuses.slice(10)).toEqual([429, 429]);

      // Our own reset endpoint calls better-auth from the server, which its limiter does not see.
      const resets: number[] = [];
      for (let i = 0; i < 6; i++) {
        const res = await limited.request("/api/users/password-reset", {
          method: "POST",
          body: { email: "nobody@example.test" },
        });
        resets.push(res.status);
      }
      expect(resets).toEqual([404, 404, 404, 404, 404, 429]);
    } finally {
      await limited.close();
    }
  });
});
