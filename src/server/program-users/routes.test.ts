import { and, count, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { PROGRAM_USER_MESSAGES } from "../../shared/program-users/seats";
import { BILLING_MESSAGES } from "../../shared/schemas/billing";
import type { ProgramUser, ProgramUsersResult } from "../../shared/schemas/program-users";
import { emailOutbox, organizations, programMembers, users, verifications } from "../db/schema";
import { addMember, buildOrg, buildProgram, buildUser, type Cast, withCastTestApp } from "../test/factories";
import type { TestApp } from "../test/harness";

let t: TestApp;
let cast: Cast;
let cookies: Record<string, string>;

withCastTestApp((app) => {
  ({ t, cast, cookies } = app);
});

const usersPath = (programId: string) => `/api/programs/${programId}/users`;
const addPath = (programId: string) => `/api/programs/${programId}/user`;
const memberPath = (programId: string, userId: string) => `/api/programs/${programId}/user/${userId}`;

async function listAs(cookie: string, programId = cast.program.id): Promise<ProgramUsersResult> {
  const res = await t.request(usersPath(programId), { cookie });
  expect(res.status).toBe(200);
  return (await res.json()) as ProgramUsersResult;
}
const userCount = async () => (await t.deps.db.select({ n: count() }).from(users))[0]!.n;
const membershipCount = async () => (await t.deps.db.select({ n: count() }).from(programMembers))[0]!.n;
const emailsTo = (address: string) =>
  t.deps.db
    .select()
    .from(emailOutbox)
    .where(sql`${address} = any(${emailOutbox.to})`)
    .orderBy(emailOutbox.createdAt);
const uniqueEmail = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2, 8)}@example.test`;

describe("who may manage the program's people", () => {
  it("shows program admins, admin-reviewers and the organization admin the members with their seats", async () => {
    for (const who of ["admin", "adminReviewer", "orgAdmin"]) {
      const { users: members, seats, canInvite } = await listAs(cookies[who]!);
      expect(members.map((m) => m.role).sort()).toEqual(["ADMIN", "ADMIN_REVIEWER", "GUEST", "REVIEWER"]);
      expect(members.find((m) => m.role === "ADMIN")).toMatchObject({
        userId: cast.members.ADMIN.id,
        email: cast.members.ADMIN.email,
        name: "ADMIN person",
        deleted: false,
        invitationPending: false,
        seat: "admin",
      });
      expect(members.find((m) => m.role === "GUEST")?.seat).toBe("reviewer");
      // The cast's organization is on the Foundation plan: 5 admins, 50 reviewers.
      expect(seats).toMatchObject({ adminLimit: 5, reviewerLimit: 50 });
      expect(seats.admins).toBeGreaterThanOrEqual(2);
      expect(canInvite).toBe(true);
    }
  });

  it("answers 404 to committee members, guests, applicants and another organization's admin, revealing nobody", async () => {
    const secretEmail = uniqueEmail("secret");
    const secret = await buildUser(t.deps.db, { email: secretEmail, name: "Hidden Person" });
    await addMember(t.deps.db, cast.program, secret.id, "REVIEWER");
    const before = { users: await userCount(), memberships: await membershipCount() };
    for (const who of ["reviewer", "guest", "applicant", "otherOrgAdmin"]) {
      const cookie = cookies[who]!;
      const attempts = [
        t.request(usersPath(cast.program.id), { cookie }),
        t.request(addPath(cast.program.id), {
          method: "POST",
          cookie,
          body: { email: uniqueEmail("x"), role: "ADMIN" },
        }),
        t.request(memberPath(cast.program.id, secret.id), {
          method: "PATCH",
          cookie,
          body: { role: "ADMIN" },
        }),
        t.request(memberPath(cast.program.id, secret.id), { method: "DELETE", cookie }),
        t.request(`${memberPath(cast.program.id, secret.id)}/invitation`, { method: "POST", cookie }),
      ];
      for (const res of await Promise.all(attempts)) {
        expect(res.status, who).toBe(404);
        const text = await res.text();
        expect(text).not.toContain(secretEmail);
        expect(text).not.toContain("Hidden Person");
      }
    }
    expect(await userCount()).toBe(before.users);
    expect(await membershipCount()).toBe(before.memberships);
    expect(await emailsTo(secretEmail)).toEqual([]);
  });

  it("answers 401 without a session", async () => {
    expect((await t.request(usersPath(cast.program.id))).status).toBe(401);
    const res = await t.request(addPath(cast.program.id), {
      method: "POST",
      body: { email: "a@b.test", role: "GUEST" },
    });
    expect(res.status).toBe(401);
  });

  it("does not let an admin of one program manage another program of the same organization", async () => {
    const sibling = await buildProgram(t.deps.db, cast.org.id, { name: "Sibling" });
    expect((await t.request(usersPath(sibling.id), { cookie: cookies.admin })).status).toBe(404);
    expect((await t.request(usersPath(sibling.id), { cookie: cookies.orgAdmin })).status).toBe(200);
  });

  it("answers 404 for a member id that is not in this program", async () => {
    const res = await t.request(memberPath(cast.program.id, cast.stranger.id), {
      method: "PATCH",
      cookie: cookies.admin,
      body: { role: "GUEST" },
    });
    expect(res.status).toBe(404);
  });
});

describe("inviting people", () => {
  it("creates a newcomer without a password, emails a set-password link, and the link lets them in", async () => {
    const res = await t.request(addPath(cast.program.id), {
      method: "POST",
      cookie: cookies.admin,
      body: { email: "  New.Reviewer@Example.TEST ", role: "REVIEWER" },
    });
    expect(res.status).toBe(201);
    const { user } = (await res.json()) as { user: ProgramUser };
    expect(user).toMatchObject({
      email: "new.reviewer@example.test",
      name: "",
      role: "REVIEWER",
      invitationPending: true,
      seat: "reviewer",
    });

    const [mail] = await emailsTo("new.reviewer@example.test");
    expect(mail?.kind).toBe("invitation");
    expect(mail?.subject).toBe(`You're invited to ${cast.program.name} on DecisionHub`);
    expect(mail?.text).toContain("ADMIN person invited you");
    const link = new URL(mail!.text.match(/http\S+/)![0]);
    expect(link.origin + link.pathname).toBe("http://localhost:3000/login");
    expect(link.searchParams.get("email")).toBe("new.reviewer@example.test");
    const token = link.searchParams.get("invite")!;
    expect(token).toMatch(/^[\w-]{20,}$/);

    // Without a password nobody can sign in as them.
    const early = await t.request("/api/auth/sign-in/email", {
      method: "POST",
      body: { email: "new.reviewer@example.test", password: "whatever-password" },
    });
    expect(early.status).toBe(401);

    // The link's token is better-auth's reset token: choosing a password consumes it.
    const chosen = await t.request("/api/auth/reset-password", {
      method: "POST",
      body: { token, newPassword: "chosen-password-1" },
    });
    expect(chosen.status).toBe(200);
    const cookie = await t.signIn("new.reviewer@example.test", "chosen-password-1");
    const programs = await t.request(`/api/users/${user.userId}/programs`, { cookie });
    expect(JSON.stringify(await programs.json())).toContain(cast.program.name);
    const again = await t.request("/api/auth/reset-password", {
      method: "POST",
      body: { token, newPassword: "another-password-2" },
    });
    expect(again.status).toBe(400);

    const listed = (await listAs(cookies.admin!)).users.find((m) => m.userId === user.userId);
    expect(listed?.invitationPending).toBe(false);
  });

  it("gives an existing account access and tells them to sign in, without a set-password link", async () => {
    const existing = await buildUser(t.deps.db, { name: "Known Person" });
    const res = await t.request(addPath(cast.program.id), {
      method: "POST",
      cookie: cookies.orgAdmin,
      body: { email: existing.email.toUpperCase(), role: "GUEST" },
    });
    expect(res.status).toBe(201);
    const [mail] = await emailsTo(existing.email);
    expect(mail?.kind).toBe("program-access");
    const link = new URL(mail!.text.match(/http\S+/)![0]);
    expect(link.searchParams.get("email")).toBe(existing.email);
    expect(link.searchParams.has("invite")).toBe(false);
  });

  it("refuses bad input with field errors and changes nothing", async () => {
    const before = { users: await userCount(), memberships: await membershipCount() };
    const cases = [
      { body: { email: "not-an-email", role: "REVIEWER" }, field: "email", message: "Invalid Email" },
      { body: { email: uniqueEmail("r"), role: "OWNER" }, field: "role" },
      { body: { email: uniqueEmail("r") }, field: "role" },
      { body: { email: uniqueEmail("r"), role: "GUEST", admin: true }, field: "" },
    ];
    for (const { body, field, message } of cases) {
      const res = await t.request(addPath(cast.program.id), { method: "POST", cookie: cookies.admin, body });
      expect(res.status).toBe(400);
      const error = ((await res.json()) as { error: { fields?: Record<string, string[]> } }).error;
      if (field) expect(error.fields?.[field]).toBeDefined();
      if (message) expect(error.fields?.[field]).toContain(message);
    }
    expect(await userCount()).toBe(before.users);
    expect(await membershipCount()).toBe(before.memberships);
  });

  it("refuses someone who already has access, and an applicant account, with the reason", async () => {
    const already = await t.request(addPath(cast.program.id), {
      method: "POST",
      cookie: cookies.admin,
      body: { email: cast.members.GUEST.email, role: "ADMIN" },
    });
    expect(already.status).toBe(409);
    expect(((await already.json()) as { error: { message: string } }).error.message).toBe(
      PROGRAM_USER_MESSAGES.alreadyMember,
    );
    const [guest] = await t.deps.db
      .select({ role: programMembers.role })
      .from(programMembers)
      .where(
        and(eq(programMembers.programId, cast.program.id), eq(programMembers.userId, cast.members.GUEST.id)),
      );
    expect(guest?.role).toBe("GUEST");

    const applicant = await t.request(addPath(cast.program.id), {
      method: "POST",
      cookie: cookies.admin,
      body: { email: cast.applicant.email, role: "REVIEWER" },
    });
    expect(applicant.status).toBe(409);
    expect(((await applicant.json()) as { error: { message: string } }).error.message).toBe(
      PROGRAM_USER_MESSAGES.applicantAccount,
    );
  });

  it("resends a fresh link that replaces the previous one", async () => {
    const email = uniqueEmail("resend");
    const added = await t.request(addPath(cast.program.id), {
      method: "POST",
      cookie: cookies.admin,
      body: { email, role: "REVIEWER" },
    });
    const { user } = (await added.json()) as { user: ProgramUser };
    const res = await t.request(`${memberPath(cast.program.id, user.userId)}/invitation`, {
      method: "POST",
      cookie: cookies.adminReviewer,
    });
    expect(res.status).toBe(200);
    const mails = await emailsTo(email);
    expect(mails).toHaveLength(2);
    const tokens = mails.map((m) => new URL(m.text.match(/http\S+/)![0]).searchParams.get("invite"));
    expect(tokens[0]).not.toBe(tokens[1]);
    const stale = await t.request("/api/auth/reset-password", {
      method: "POST",
      body: { token: tokens[0], newPassword: "chosen-password-1" },
    });
    expect(stale.status).toBe(400);
    const live = await t.deps.db.select().from(verifications).where(eq(verifications.value, user.userId));
    expect(live).toHaveLength(1);
  });
});

describe("plan seats", () => {
  async function smallOrganization() {
    // The Free Trial plan: 2 admin users, 5 reviewers (no end date here, so it never expires).
    const org = await buildOrg(t.deps.db, { planName: "Free Trial" });
    const program = await buildProgram(t.deps.db, org.id);
    const founder = await buildUser(t.deps.db, { adminOrganizationId: org.id, name: "Founder" });
    return { org, program, cookie: await t.signIn(founder.email), founder };
  }

  it("refuses the reviewer over the plan's limit, creating nobody, and counts a person once across programs", async () => {
    const { org, program, cookie } = await smallOrganization();
    const emails = Array.from({ length: 5 }, (_, i) => uniqueEmail(`seat${i}`));
    for (const email of emails) {
      const res = await t.request(addPath(program.id), {
        method: "POST",
        cookie,
        body: { email, role: "REVIEWER" },
      });
      expect(res.status).toBe(201);
    }
    const before = await userCount();
    const over = await t.request(addPath(program.id), {
      method: "POST",
      cookie,
      body: { email: uniqueEmail("sixth"), role: "GUEST" },
    });
    expect(over.status).toBe(403);
    expect(((await over.json()) as { error: { message: string } }).error.message).toBe(
      PROGRAM_USER_MESSAGES.reviewerLimit(5),
    );
    expect(await userCount()).toBe(before);

    // The same people in a second program take no new seat.
    const second = await buildProgram(t.deps.db, org.id);
    const again = await t.request(addPath(second.id), {
      method: "POST",
      cookie,
      body: { email: emails[0], role: "REVIEWER" },
    });
    expect(again.status).toBe(201);
    expect((await listAs(cookie, second.id)).seats).toEqual({
      admins: 0,
      reviewers: 5,
      adminLimit: 2,
      reviewerLimit: 5,
    });

    // Promoting a reviewer to admin moves their seat: reviewers 4, admins 1.
    const { users: members } = await listAs(cookie, program.id);
    const promoted = await t.request(memberPath(program.id, members[0]!.userId), {
      method: "PATCH",
      cookie,
      body: { role: "ADMIN" },
    });
    expect(promoted.status).toBe(200);
    expect(((await promoted.json()) as { seats: unknown }).seats).toEqual({
      admins: 1,
      reviewers: 4,
      adminLimit: 2,
      reviewerLimit: 5,
    });
  });

  it("refuses a role change that takes an admin seat over the limit", async () => {
    const { program, cookie } = await smallOrganization();
    for (const role of ["ADMIN", "ADMIN_REVIEWER", "REVIEWER"] as const) {
      const res = await t.request(addPath(program.id), {
        method: "POST",
        cookie,
        body: { email: uniqueEmail(role.toLowerCase()), role },
      });
      expect(res.status).toBe(201);
    }
    const reviewer = (await listAs(cookie, program.id)).users.find((m) => m.role === "REVIEWER")!;
    const res = await t.request(memberPath(program.id, reviewer.userId), {
      method: "PATCH",
      cookie,
      body: { role: "ADMIN_REVIEWER" },
    });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
      PROGRAM_USER_MESSAGES.adminLimit(2),
    );
    const after = (await listAs(cookie, program.id)).users.find((m) => m.userId === reviewer.userId);
    expect(after?.role).toBe("REVIEWER");
  });

  it("stops invitations once the free trial has ended, and says why", async () => {
    const { org, program, cookie } = await smallOrganization();
    await t.deps.db
      .update(organizations)
      .set({ trialEndsAt: new Date(Date.now() - 1000) })
      .where(eq(organizations.id, org.id));
    expect((await listAs(cookie, program.id)).canInvite).toBe(false);
    const res = await t.request(addPath(program.id), {
      method: "POST",
      cookie,
      body: { email: uniqueEmail("late"), role: "REVIEWER" },
    });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
      BILLING_MESSAGES.trialExpiredAction,
    );
  });
});

describe("changing roles and removing people", () => {
  async function programWithOneAdmin() {
    const program = await buildProgram(t.deps.db, cast.org.id);
    const onlyAdmin = await buildUser(t.deps.db, { name: "Only Admin" });
    const reviewer = await buildUser(t.deps.db, { name: "Some Reviewer" });
    await addMember(t.deps.db, program, onlyAdmin.id, "ADMIN");
    await addMember(t.deps.db, program, reviewer.id, "REVIEWER");
    return { program, onlyAdmin, reviewer, adminCookie: await t.signIn(onlyAdmin.email) };
  }

  it("keeps the last admin an admin: no demotion and no removal", async () => {
    const { program, onlyAdmin } = await programWithOneAdmin();
    const demote = await t.request(memberPath(program.id, onlyAdmin.id), {
      method: "PATCH",
      cookie: cookies.orgAdmin,
      body: { role: "REVIEWER" },
    });
    expect(demote.status).toBe(409);
    expect(((await demote.json()) as { error: { message: string } }).error.message).toBe(
      PROGRAM_USER_MESSAGES.lastAdmin,
    );
    const remove = await t.request(memberPath(program.id, onlyAdmin.id), {
      method: "DELETE",
      cookie: cookies.orgAdmin,
    });
    expect(remove.status).toBe(409);
    // Switching between the two admin roles is fine.
    const sideways = await t.request(memberPath(program.id, onlyAdmin.id), {
      method: "PATCH",
      cookie: cookies.orgAdmin,
      body: { role: "ADMIN_REVIEWER" },
    });
    expect(sideways.status).toBe(200);
  });

  it("lets nobody remove themselves", async () => {
    const { program, onlyAdmin, adminCookie } = await programWithOneAdmin();
    const res = await t.request(memberPath(program.id, onlyAdmin.id), {
      method: "DELETE",
      cookie: adminCookie,
    });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
      PROGRAM_USER_MESSAGES.cannotRemoveSelf,
    );
  });

  it("changes a role and removes a member; the removed person loses the program", async () => {
    const { program, reviewer, adminCookie } = await programWithOneAdmin();
    const changed = await t.request(memberPath(program.id, reviewer.id), {
      method: "PATCH",
      cookie: adminCookie,
      body: { role: "GUEST" },
    });
    expect(changed.status).toBe(200);
    expect(((await changed.json()) as { user: ProgramUser }).user.role).toBe("GUEST");
    const bad = await t.request(memberPath(program.id, reviewer.id), {
      method: "PATCH",
      cookie: adminCookie,
      body: { role: "guest" },
    });
    expect(bad.status).toBe(400);

    const reviewerCookie = await t.signIn(reviewer.email);
    expect((await t.request(`/api/programs/${program.id}`, { cookie: reviewerCookie })).status).toBe(200);
    const removed = await t.request(memberPath(program.id, reviewer.id), {
      method: "DELETE",
      cookie: adminCookie,
    });
    expect(removed.status).toBe(200);
    expect((await t.request(`/api/programs/${program.id}`, { cookie: reviewerCookie })).status).toBe(404);
    const again = await t.request(memberPath(program.id, reviewer.id), {
      method: "DELETE",
      cookie: adminCookie,
    });
    expect(again.status).toBe(404);
  });
});
