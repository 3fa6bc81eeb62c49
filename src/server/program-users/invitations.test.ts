import { and, count, eq, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INVITATION_EMAIL_LIMITS } from "../../shared/limits";
import { PROGRAM_USER_MESSAGES } from "../../shared/program-users/seats";
import type { InvitationView } from "../../shared/schemas/invitations";
import type { ProgramInvitation } from "../../shared/schemas/program-users";
import { emailOutbox, plans, programInvitations, programMembers, users, verifications } from "../db/schema";
import { appRateLimitKey, countHit } from "../http/rate-limit";
import {
  addMember,
  buildCast,
  buildOrg,
  buildProgram,
  buildUser,
  type Cast,
  signInCast,
  withCastTestApp,
} from "../test/factories";
import { createTestApp, type TestApp } from "../test/harness";

/** The invitee's side of an invitation (decision 019): consent before membership. */

let t: TestApp;
let cast: Cast;
let cookies: Record<string, string>;

withCastTestApp((app) => {
  ({ t, cast, cookies } = app);
});

const uniqueEmail = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2, 8)}@example.test`;
const addPath = (programId: string) => `/api/programs/${programId}/user`;

async function emailsTo(app: TestApp, address: string) {
  return app.deps.db
    .select()
    .from(emailOutbox)
    .where(sql`${address} = any(${emailOutbox.to})`)
    .orderBy(emailOutbox.createdAt);
}

/** Invites the address as the cast's program admin; the token from the email. */
async function invite(email: string, role = "REVIEWER", program = cast.program) {
  const res = await t.request(addPath(program.id), {
    method: "POST",
    cookie: cookies.admin,
    body: { email, role },
  });
  expect(res.status).toBe(201);
  const { invitation } = (await res.json()) as { invitation: ProgramInvitation };
  const mails = await emailsTo(t, email);
  const link = new URL(mails.at(-1)!.text.match(/http\S+/)![0]);
  return { invitation, token: link.searchParams.get("invitation")! };
}

const isMember = async (userId: string, programId = cast.program.id) =>
  (
    await t.deps.db
      .select({ n: count() })
      .from(programMembers)
      .where(and(eq(programMembers.userId, userId), eq(programMembers.programId, programId)))
  )[0]!.n === 1;
const invitationCount = async (email: string) =>
  (
    await t.deps.db.select({ n: count() }).from(programInvitations).where(eq(programInvitations.email, email))
  )[0]!.n;
const errorMessage = async (res: Response) =>
  ((await res.json()) as { error: { message: string } }).error.message;

describe("answering by the email's link", () => {
  it("shows the token's holder who invites them to what, as what, and accepting gives access and verifies the address", async () => {
    const person = await buildUser(t.deps.db, { name: "Elsewhere Person" });
    const { token } = await invite(person.email, "GUEST");
    const view = await t.request(`/api/invitations/${token}`);
    expect(view.status).toBe(200);
    expect((await view.json()) as InvitationView).toEqual({
      programName: cast.program.name,
      organizationName: cast.org.name,
      invitedBy: "ADMIN person",
      role: "GUEST",
      email: person.email,
      accountExists: true,
    });

    const cookie = await t.signIn(person.email);
    expect((await t.request(`/api/programs/${cast.program.id}`, { cookie })).status).toBe(404);
    // Signed out, accepting needs a sign-in first.
    expect((await t.request(`/api/invitations/${token}/accept`, { method: "POST" })).status).toBe(401);
    const accepted = await t.request(`/api/invitations/${token}/accept`, { method: "POST", cookie });
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toEqual({ programId: cast.program.id });
    expect(await isMember(person.id)).toBe(true);
    expect((await t.request(`/api/programs/${cast.program.id}`, { cookie })).status).toBe(200);
    const [row] = await t.deps.db.select().from(users).where(eq(users.id, person.id));
    expect(row?.emailVerified).toBe(true);

    // Used: the link is dead.
    const again = await t.request(`/api/invitations/${token}`);
    expect(again.status).toBe(404);
    expect(await errorMessage(again)).toBe(PROGRAM_USER_MESSAGES.invitationGone);
    expect((await t.request(`/api/invitations/${token}/accept`, { method: "POST", cookie })).status).toBe(
      404,
    );
  });

  it("declines without an account: the invitation is gone and the program never saw them", async () => {
    const person = await buildUser(t.deps.db, { name: "Declining Person" });
    const { token } = await invite(person.email);
    const declined = await t.request(`/api/invitations/${token}/decline`, { method: "POST" });
    expect(declined.status).toBe(200);
    expect(await invitationCount(person.email)).toBe(0);
    expect(await isMember(person.id)).toBe(false);
    const list = await t.request(`/api/programs/${cast.program.id}/users`, { cookie: cookies.admin });
    expect(await list.text()).not.toContain(person.email);
    expect((await t.request(`/api/invitations/${token}`)).status).toBe(404);
  });

  it("refuses a session of another address, naming the invited one, and changes nothing", async () => {
    const email = uniqueEmail("meant-for");
    const { token } = await invite(email);
    const res = await t.request(`/api/invitations/${token}/accept`, {
      method: "POST",
      cookie: cookies.reviewer,
    });
    expect(res.status).toBe(409);
    expect(await errorMessage(res)).toBe(PROGRAM_USER_MESSAGES.invitationForAnotherAddress(email));
    expect(await invitationCount(email)).toBe(1);
  });

  it("tells an applicant account it cannot take a program role", async () => {
    const { token } = await invite(cast.applicant.email);
    const res = await t.request(`/api/invitations/${token}/accept`, {
      method: "POST",
      cookie: cookies.applicant,
    });
    expect(res.status).toBe(409);
    expect(await errorMessage(res)).toBe(PROGRAM_USER_MESSAGES.applicantAccount);
    expect(await isMember(cast.applicant.id)).toBe(false);
  });

  it("answers 404 with the reason for an expired token, and for one nobody issued", async () => {
    const email = uniqueEmail("expired");
    const { token } = await invite(email);
    await t.deps.db
      .update(programInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(programInvitations.email, email));
    for (const path of [`/api/invitations/${token}`, `/api/invitations/${"x".repeat(43)}`]) {
      const res = await t.request(path);
      expect(res.status).toBe(404);
      expect(await errorMessage(res)).toBe(PROGRAM_USER_MESSAGES.invitationGone);
    }
    const account = await t.request(`/api/invitations/${token}/account`, {
      method: "POST",
      body: { name: "Too Late", password: "a-long-password-1" },
    });
    expect(account.status).toBe(404);
    expect((await t.request(`/api/invitations/${token}/decline`, { method: "POST" })).status).toBe(404);
  });

  it("creates the account of a new address from the link, accepts in the same step, and the password signs in", async () => {
    const email = uniqueEmail("newcomer");
    const { token } = await invite(email, "REVIEWER");
    const view = (await (await t.request(`/api/invitations/${token}`)).json()) as InvitationView;
    expect(view.accountExists).toBe(false);
    const bad = await t.request(`/api/invitations/${token}/account`, {
      method: "POST",
      body: { name: "Two\nLines", password: "short" },
    });
    expect(bad.status).toBe(400);
    const created = await t.request(`/api/invitations/${token}/account`, {
      method: "POST",
      body: { name: "  New Comer ", password: "a-long-password-1" },
    });
    expect(created.status).toBe(201);
    const [account] = await t.deps.db.select().from(users).where(eq(users.email, email));
    expect(account).toMatchObject({ name: "New Comer", emailVerified: true });
    expect(await isMember(account!.id)).toBe(true);
    const cookie = await t.signIn(email, "a-long-password-1");
    expect((await t.request(`/api/programs/${cast.program.id}`, { cookie })).status).toBe(200);
    expect((await t.request(`/api/invitations/${token}`)).status).toBe(404);
  });

  it("does not create a second account for an address that has one", async () => {
    const { token } = await invite(cast.stranger.email);
    const res = await t.request(`/api/invitations/${token}/account`, {
      method: "POST",
      body: { name: "Impostor", password: "a-long-password-1" },
    });
    expect(res.status).toBe(409);
    expect(await errorMessage(res)).toBe(PROGRAM_USER_MESSAGES.invitationAccountExists);
    expect(await isMember(cast.stranger.id)).toBe(false);
  });

  it("refuses accepting once the role's seat is gone, with the plan's message", async () => {
    const org = await buildOrg(t.deps.db, { planName: "Free Trial" });
    const program = await buildProgram(t.deps.db, org.id);
    const admin = await buildUser(t.deps.db, { name: "Small Admin" });
    await addMember(t.deps.db, program, admin.id, "ADMIN");
    const adminCookie = await t.signIn(admin.email);
    const email = uniqueEmail("late-seat");
    const res = await t.request(addPath(program.id), {
      method: "POST",
      cookie: adminCookie,
      body: { email, role: "ADMIN" },
    });
    expect(res.status).toBe(201);
    const link = new URL((await emailsTo(t, email))[0]!.text.match(/http\S+/)![0]);
    // Meanwhile the second (last) admin seat of the Free Trial is taken.
    const other = await buildUser(t.deps.db, { name: "Seat Taker" });
    await addMember(t.deps.db, program, other.id, "ADMIN");
    const accepted = await t.request(`/api/invitations/${link.searchParams.get("invitation")}/account`, {
      method: "POST",
      body: { name: "Late Admin", password: "a-long-password-1" },
    });
    expect(accepted.status).toBe(403);
    expect(await errorMessage(accepted)).toBe(PROGRAM_USER_MESSAGES.adminLimit(2));
    expect(await t.deps.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    expect(await invitationCount(email)).toBe(1);
  });
});

describe("an invited address that signs up on its own", () => {
  it("signs up normally (201), and the invitation still waits; in the app it is answered only once the address is verified", async () => {
    const email = uniqueEmail("self-signup");
    const { invitation } = await invite(email, "GUEST");
    const signUp = await t.request("/api/users/create", {
      method: "POST",
      body: {
        displayName: "Self Starter",
        email,
        password: "a-long-password-1",
        organizationName: "Self Org",
        organizationPlan: await publicPlanId(),
      },
    });
    expect(signUp.status).toBe(201);
    const { userId } = (await signUp.json()) as { userId: string };
    expect(await invitationCount(email)).toBe(1);

    const cookie = await t.signIn(email, "a-long-password-1");
    const mine = await t.request("/api/invitations", { cookie });
    expect(mine.status).toBe(200);
    const unverified = await mine.text();
    expect(JSON.parse(unverified)).toEqual({ emailVerified: false, invitations: [], unverifiedCount: 1 });
    expect(unverified).not.toContain(cast.program.name);
    for (const action of ["accept", "decline"]) {
      const res = await t.request(`/api/invitations/id/${invitation.invitationId}/${action}`, {
        method: "POST",
        cookie,
      });
      expect(res.status).toBe(409);
      expect(await errorMessage(res)).toBe(PROGRAM_USER_MESSAGES.openInvitationLink);
    }
    expect(await isMember(userId)).toBe(false);

    // A password reset proves the address.
    await t.request("/api/users/password-reset", { method: "POST", body: { email } });
    const [reset] = await t.deps.db
      .select()
      .from(verifications)
      .where(and(eq(verifications.value, userId), like(verifications.identifier, "reset-password:%")));
    const done = await t.request("/api/auth/reset-password", {
      method: "POST",
      body: { token: reset!.identifier.slice("reset-password:".length), newPassword: "another-password-2" },
    });
    expect(done.status).toBe(200);
    const verifiedCookie = await t.signIn(email, "another-password-2");
    const listed = (await (await t.request("/api/invitations", { cookie: verifiedCookie })).json()) as {
      emailVerified: boolean;
      invitations: { id: string; programName: string; invitedBy: string; role: string }[];
    };
    expect(listed.emailVerified).toBe(true);
    expect(listed.invitations).toEqual([
      {
        id: invitation.invitationId,
        programName: cast.program.name,
        organizationName: cast.org.name,
        invitedBy: "ADMIN person",
        role: "GUEST",
      },
    ]);
    const accepted = await t.request(`/api/invitations/id/${invitation.invitationId}/accept`, {
      method: "POST",
      cookie: verifiedCookie,
    });
    expect(accepted.status).toBe(200);
    expect(await isMember(userId)).toBe(true);
  });

  it("answers 404 for someone else's invitation id, and 401 signed out", async () => {
    const { invitation } = await invite(uniqueEmail("not-yours"));
    const res = await t.request(`/api/invitations/id/${invitation.invitationId}/accept`, {
      method: "POST",
      cookie: cookies.orgAdmin,
    });
    expect(res.status).toBe(404);
    expect((await t.request("/api/invitations")).status).toBe(401);
  });
});

async function publicPlanId() {
  const [plan] = await t.deps.db.select({ id: plans.id }).from(plans).where(eq(plans.public, true)).limit(1);
  return plan!.id;
}

describe("invitation email limits", () => {
  let limited: TestApp;
  let limitedCast: Cast;
  let admin: string;
  beforeAll(async () => {
    limited = await createTestApp({ AUTH_RATE_LIMIT: "on" });
    limitedCast = await buildCast(limited.deps.db);
    admin = (await signInCast(limited, limitedCast)).admin;
  });
  afterAll(() => limited?.close());

  const add = (programId: string, email: string) =>
    limited.request(addPath(programId), { method: "POST", cookie: admin, body: { email, role: "REVIEWER" } });

  it(`sends at most ${INVITATION_EMAIL_LIMITS.perRecipient.max} invitation emails an hour to one address, across programs (invite and resend)`, async () => {
    const email = uniqueEmail("flooded");
    const second = await buildProgram(limited.deps.db, limitedCast.org.id);
    await addMember(limited.deps.db, second, limitedCast.members.ADMIN.id, "ADMIN");
    const first = (await (await add(limitedCast.program.id, email)).json()) as {
      invitation: ProgramInvitation;
    };
    const resend = `/api/programs/${limitedCast.program.id}/invitation/${first.invitation.invitationId}/resend`;
    expect((await limited.request(resend, { method: "POST", cookie: admin })).status).toBe(200);
    expect((await add(limitedCast.program.id, email)).status).toBe(201);
    expect((await add(second.id, email)).status).toBe(201);
    expect((await limited.request(resend, { method: "POST", cookie: admin })).status).toBe(200);
    expect(await emailsTo(limited, email)).toHaveLength(5);

    for (const res of [
      await limited.request(resend, { method: "POST", cookie: admin }),
      await add(second.id, email),
    ]) {
      expect(res.status).toBe(429);
      expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(Number(res.headers.get("retry-after"))).toBeLessThanOrEqual(3600);
      expect(await errorMessage(res)).toBe(PROGRAM_USER_MESSAGES.tooManyToRecipient);
    }
    expect(await emailsTo(limited, email)).toHaveLength(5);
    // Another address is not affected.
    expect((await add(limitedCast.program.id, uniqueEmail("other"))).status).toBe(201);
  });

  it(`sends at most ${INVITATION_EMAIL_LIMITS.perProgram.max} invitation emails an hour for one program`, async () => {
    const program = await buildProgram(limited.deps.db, limitedCast.org.id);
    await addMember(limited.deps.db, program, limitedCast.members.ADMIN.id, "ADMIN");
    // The hour's first 50 emails, counted as the route counts them.
    const key = appRateLimitKey("program-emails", program.id);
    for (let i = 0; i < INVITATION_EMAIL_LIMITS.perProgram.max; i++)
      await countHit(limited.deps.db, key, 3600);
    const email = uniqueEmail("one-too-many");
    const res = await add(program.id, email);
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).not.toBeNull();
    expect(await errorMessage(res)).toBe(PROGRAM_USER_MESSAGES.tooManyInProgram);
    expect(await emailsTo(limited, email)).toEqual([]);
    const rows = await limited.deps.db
      .select()
      .from(programInvitations)
      .where(eq(programInvitations.email, email));
    expect(rows).toEqual([]);
  });
});
