import { and, count, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { PROGRAM_USER_MESSAGES } from "../../shared/program-users/seats";
import { BILLING_MESSAGES } from "../../shared/schemas/billing";
import type { ProgramInvitation, ProgramUser, ProgramUsersResult } from "../../shared/schemas/program-users";
import { emailOutbox, organizations, programInvitations, programMembers, users } from "../db/schema";
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
const invitationPath = (programId: string, invitationId: string) =>
  `/api/programs/${programId}/invitation/${invitationId}`;

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

describe("adding people by email", () => {
  const mailLink = (text: string) => new URL(text.match(/http\S+/)![0]);
  const invite = (email: string, role = "REVIEWER", cookie = cookies.admin, programId = cast.program.id) =>
    t.request(addPath(programId), { method: "POST", cookie, body: { email, role } });
  const invitationRows = (email: string) =>
    t.deps.db.select().from(programInvitations).where(eq(programInvitations.email, email));

  it("invites an address nobody has: no account is made, the email links to /login with a token, the answer is a pending row", async () => {
    const before = { users: await userCount(), memberships: await membershipCount() };
    const res = await invite("  New.Reviewer@Example.TEST ");
    expect(res.status).toBe(201);
    const { invitation } = (await res.json()) as { invitation: ProgramInvitation };
    expect(invitation).toMatchObject({
      email: "new.reviewer@example.test",
      name: "",
      role: "REVIEWER",
      invitationPending: true,
      seat: "reviewer",
      expired: false,
    });
    expect({ users: await userCount(), memberships: await membershipCount() }).toEqual(before);

    const [mail] = await emailsTo("new.reviewer@example.test");
    expect(mail?.kind).toBe("invitation");
    expect(mail?.subject).toBe(`Invitation to ${cast.program.name} on DecisionHub`);
    expect(mail?.text).toContain(
      `ADMIN person invited you to join ${cast.program.name} (${cast.org.name}) on DecisionHub as a Committee Member.`,
    );
    expect(mail?.text).toContain("Nothing is shared with the program until you accept.");
    const link = mailLink(mail!.text);
    expect(link.origin + link.pathname).toBe("http://localhost:3000/login");
    expect(link.searchParams.get("email")).toBe("new.reviewer@example.test");
    expect(link.searchParams.get("invitation")).toMatch(/^[\w-]{40,}$/);
    // Only the token's hash is stored.
    const [row] = await invitationRows("new.reviewer@example.test");
    expect(row?.tokenHash).not.toContain(link.searchParams.get("invitation"));

    const listed = await listAs(cookies.admin!);
    expect(listed.users.some((m) => m.email === "new.reviewer@example.test")).toBe(false);
    expect(listed.invitations.find((i) => i.email === "new.reviewer@example.test")).toMatchObject({
      invitationId: invitation.invitationId,
      role: "REVIEWER",
    });
  });

  it("invites another organization's user: the answer holds no name, and they get nothing before accepting", async () => {
    const before = await membershipCount();
    const res = await invite(cast.otherOrgAdmin.email.toUpperCase(), "ADMIN");
    expect(res.status).toBe(201);
    const text = await res.text();
    expect(text).not.toContain("Other Admin");
    expect((JSON.parse(text) as { invitation: ProgramInvitation }).invitation).toMatchObject({
      email: cast.otherOrgAdmin.email,
      name: "",
      invitationPending: true,
    });
    expect(await membershipCount()).toBe(before);
    const [mail] = await emailsTo(cast.otherOrgAdmin.email);
    expect(mail?.kind).toBe("invitation");
    expect(mail?.subject).not.toContain("You now have access");

    expect((await listAs(cookies.admin!)).users.some((m) => m.userId === cast.otherOrgAdmin.id)).toBe(false);
    const open = await t.request(`/api/programs/${cast.program.id}`, { cookie: cookies.otherOrgAdmin });
    expect(open.status).toBe(404);
    const theirs = await t.request(`/api/users/${cast.otherOrgAdmin.id}/programs`, {
      cookie: cookies.otherOrgAdmin,
    });
    expect(await theirs.text()).not.toContain(cast.program.name);
  });

  it("quotes the inviter's name on one line, cut short, whatever they stored as their name", async () => {
    const inviter = await buildUser(t.deps.db, { name: "placeholder" });
    await addMember(t.deps.db, cast.program, inviter.id, "ADMIN");
    const hostile = `Mallory\n\nURGENT: your account is locked, log in at https://evil.example/login\r\n${"x".repeat(60_000)}`;
    await t.deps.db.update(users).set({ name: hostile }).where(eq(users.id, inviter.id));
    const email = uniqueEmail("quoted");
    const res = await invite(email, "GUEST", await t.signIn(inviter.email));
    expect(res.status).toBe(201);
    const [mail] = await emailsTo(email);
    const invitedLine = mail!.text.split("\n\n")[1]!;
    expect(
      invitedLine.startsWith(
        "Mallory URGENT: your account is locked, log in at https://evil.example/login x",
      ),
    ).toBe(true);
    expect(invitedLine).toContain(`x… invited you to join ${cast.program.name}`);
    expect(mail!.text.length).toBeLessThan(1000);
    expect(mail!.html).not.toContain('<a href="https://evil.example');
  });

  it("answers an applicant's address, a stranger's and a new one alike", async () => {
    const shapes = [];
    for (const email of [cast.applicant.email, cast.stranger.email, uniqueEmail("nobody")]) {
      const res = await invite(email, "GUEST");
      expect(res.status, email).toBe(201);
      const { invitation, seats } = (await res.json()) as { invitation: ProgramInvitation; seats: unknown };
      expect(invitation.email).toBe(email);
      shapes.push({ ...invitation, invitationId: "", email: "", lastSentAt: "", seats });
    }
    expect(shapes[1]).toEqual(shapes[0]);
    expect(shapes[2]).toEqual(shapes[0]);
    const [mail] = await emailsTo(cast.applicant.email);
    expect(mail?.kind).toBe("invitation");
  });

  it("adds someone already in the organization at once and tells them to sign in", async () => {
    const sibling = await buildProgram(t.deps.db, cast.org.id);
    const colleague = await buildUser(t.deps.db, { name: "Known Colleague" });
    await addMember(t.deps.db, sibling, colleague.id, "REVIEWER");
    const res = await t.request(addPath(cast.program.id), {
      method: "POST",
      cookie: cookies.orgAdmin,
      body: { email: colleague.email.toUpperCase(), role: "GUEST" },
    });
    expect(res.status).toBe(201);
    const { user } = (await res.json()) as { user: ProgramUser };
    expect(user).toMatchObject({ userId: colleague.id, name: "Known Colleague", role: "GUEST" });
    const [mail] = await emailsTo(colleague.email);
    expect(mail?.kind).toBe("program-access");
    const link = mailLink(mail!.text);
    expect(link.searchParams.get("email")).toBe(colleague.email);
    expect(link.searchParams.has("invitation")).toBe(false);
    expect(await invitationRows(colleague.email)).toEqual([]);
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

  it("refuses someone who already has access, with the reason", async () => {
    const already = await invite(cast.members.GUEST.email, "ADMIN");
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
  });

  it("resends a fresh link that replaces the previous one, changes the role and cancels", async () => {
    const email = uniqueEmail("resend");
    const { invitation } = (await (await invite(email)).json()) as { invitation: ProgramInvitation };
    const path = invitationPath(cast.program.id, invitation.invitationId);
    const res = await t.request(`${path}/resend`, { method: "POST", cookie: cookies.adminReviewer });
    expect(res.status).toBe(200);
    const mails = await emailsTo(email);
    expect(mails).toHaveLength(2);
    const tokens = mails.map((m) => mailLink(m.text).searchParams.get("invitation")!);
    expect(tokens[0]).not.toBe(tokens[1]);
    expect((await t.request(`/api/invitations/${tokens[0]}`)).status).toBe(404);
    expect((await t.request(`/api/invitations/${tokens[1]}`)).status).toBe(200);

    const changed = await t.request(path, {
      method: "PATCH",
      cookie: cookies.admin,
      body: { role: "GUEST" },
    });
    expect(changed.status).toBe(200);
    expect(((await changed.json()) as { invitation: ProgramInvitation }).invitation.role).toBe("GUEST");
    const bad = await t.request(path, { method: "PATCH", cookie: cookies.admin, body: { role: "OWNER" } });
    expect(bad.status).toBe(400);

    expect((await t.request(path, { method: "DELETE", cookie: cookies.orgAdmin })).status).toBe(200);
    expect(await invitationRows(email)).toEqual([]);
    expect((await t.request(`/api/invitations/${tokens[1]}`)).status).toBe(404);
    expect((await t.request(path, { method: "DELETE", cookie: cookies.orgAdmin })).status).toBe(404);
  });

  it("shows, resends, changes and cancels an invitation for nobody outside the program's admins (404)", async () => {
    const email = `${"secret-invitee"}-${Math.random().toString(36).slice(2, 8)}@example.test`;
    const { invitation } = (await (await invite(email)).json()) as { invitation: ProgramInvitation };
    const path = invitationPath(cast.program.id, invitation.invitationId);
    for (const who of ["reviewer", "guest", "applicant", "otherOrgAdmin"]) {
      const cookie = cookies[who]!;
      const attempts = [
        t.request(`${path}/resend`, { method: "POST", cookie }),
        t.request(path, { method: "PATCH", cookie, body: { role: "ADMIN" } }),
        t.request(path, { method: "DELETE", cookie }),
        // Another organization's program with this invitation's id.
        t.request(invitationPath(cast.otherProgram.id, invitation.invitationId), {
          method: "DELETE",
          cookie,
        }),
      ];
      for (const res of await Promise.all(attempts)) {
        expect(res.status, who).toBe(404);
        expect(await res.text()).not.toContain(email);
      }
    }
    // The other organization's admin, in their own program, with this invitation's id.
    const otherAdmin = await t.request(invitationPath(cast.otherProgram.id, invitation.invitationId), {
      method: "PATCH",
      cookie: cookies.otherOrgAdmin,
      body: { role: "ADMIN" },
    });
    expect(otherAdmin.status).toBe(404);
    const [row] = await invitationRows(email);
    expect(row?.role).toBe("REVIEWER");
    expect(await emailsTo(email)).toHaveLength(1);
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

  it("invites without taking a seat, refuses an invitation once the role's seats are full, and counts a person once across programs", async () => {
    const { org, program, cookie } = await smallOrganization();
    const invited = await t.request(addPath(program.id), {
      method: "POST",
      cookie,
      body: { email: uniqueEmail("pending"), role: "REVIEWER" },
    });
    expect(invited.status).toBe(201);
    expect(((await invited.json()) as { seats: unknown }).seats).toMatchObject({ reviewers: 0 });
    const people = [];
    for (let i = 0; i < 5; i++) {
      const person = await buildUser(t.deps.db, { name: `Seat ${i}` });
      await addMember(t.deps.db, program, person.id, "REVIEWER");
      people.push(person);
    }
    const over = await t.request(addPath(program.id), {
      method: "POST",
      cookie,
      body: { email: uniqueEmail("sixth"), role: "GUEST" },
    });
    expect(over.status).toBe(403);
    expect(((await over.json()) as { error: { message: string } }).error.message).toBe(
      PROGRAM_USER_MESSAGES.reviewerLimit(5),
    );
    expect((await listAs(cookie, program.id)).invitations).toHaveLength(1);

    // The same people in a second program take no new seat (already in the organization: added at once).
    const second = await buildProgram(t.deps.db, org.id);
    const again = await t.request(addPath(second.id), {
      method: "POST",
      cookie,
      body: { email: people[0]!.email, role: "REVIEWER" },
    });
    expect(again.status).toBe(201);
    expect((await listAs(cookie, second.id)).seats).toEqual({
      admins: 0,
      reviewers: 5,
      adminLimit: 2,
      reviewerLimit: 5,
    });

    // Promoting a reviewer to admin moves their seat: reviewers 4, admins 1.
    const promoted = await t.request(memberPath(program.id, people[1]!.id), {
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
      const person = await buildUser(t.deps.db, { name: role });
      await addMember(t.deps.db, program, person.id, role);
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
