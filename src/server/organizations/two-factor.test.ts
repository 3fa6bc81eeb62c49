import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultFormContent } from "../../shared/forms/defaults";
import { TWO_FACTOR_TEXT } from "../../shared/schemas/two-factor";
import { enrolTwoFactor, signInPlain } from "../auth/test/two-factor";
import { auditEvents, organizations } from "../db/schema";
import { addMember, buildOrg, buildProgram, buildPublishedForm, buildUser, callApi } from "../test/factories";
import { createTestApp, TEST_PASSWORD, type TestApp } from "../test/harness";
import { buildCandidate } from "../test/review-factories";

/**
 * "Require two-factor authentication for admins" (decision 015): the organization admin's setting, its
 * audit event, and what it withholds — admin roles in that organization only, until the admin sets it up.
 */

const REQUIRED = { error: { code: "TWO_FACTOR_REQUIRED", message: TWO_FACTOR_TEXT.required } };

describe("the organization's two-factor requirement", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: "on" });
  });
  afterAll(() => t.close());

  /** An organization with a program, its organization admin and one person per program role, signed in. */
  async function organization(name: string) {
    const { db } = t.deps;
    const org = await buildOrg(db, { name });
    const program = await buildProgram(db, org.id, { name: `${name} program` });
    const person = async (label: string, role?: "ADMIN" | "ADMIN_REVIEWER" | "REVIEWER") => {
      const user = await buildUser(db, {
        name: `${name} ${label}`,
        ...(role ? {} : { adminOrganizationId: org.id }),
      });
      if (role) await addMember(db, program, user.id, role);
      return { ...user, label: `${name} ${label} (${user.email})`, cookie: await signInPlain(t, user.email) };
    };
    return {
      org,
      program,
      orgAdmin: await person("Organization Admin"),
      admin: await person("Program Admin", "ADMIN"),
      adminReviewer: await person("Admin Reviewer", "ADMIN_REVIEWER"),
      reviewer: await person("Reviewer", "REVIEWER"),
    };
  }

  const setting = (cookie: string | undefined, orgId: string) =>
    callApi(t, "GET", `/api/organizations/${orgId}/two-factor`, cookie);
  const setRequired = (cookie: string | undefined, orgId: string, required: boolean) =>
    callApi(t, "PUT", `/api/organizations/${orgId}/two-factor`, cookie, { required });
  const events = (orgId: string) =>
    t.deps.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.organizationId, orgId),
          eq(auditEvents.action, "organization.two_factor_requirement_changed"),
        ),
      )
      .orderBy(asc(auditEvents.createdAt));

  // Calls only an admin of the program may make, one a reviewer makes, and one for the organization admin.
  const programUsers = (cookie: string, programId: string) =>
    callApi(t, "GET", `/api/programs/${programId}/users`, cookie);
  const candidates = (cookie: string, programId: string) =>
    callApi(t, "GET", `/api/applications?programId=${programId}`, cookie);
  const auditLog = (cookie: string, orgId: string) =>
    callApi(t, "GET", `/api/organizations/${orgId}/audit-events`, cookie);

  it("is read and changed by the organization admin only", async () => {
    const a = await organization("Alder");
    const b = await organization("Birch");
    const read = await setting(a.orgAdmin.cookie, a.org.id);
    expect(read.status).toBe(200);
    expect(read.body).toEqual({
      twoFactor: {
        required: false,
        adminsWithoutTwoFactor: [a.adminReviewer.label, a.orgAdmin.label, a.admin.label],
      },
    });
    for (const cookie of [a.admin.cookie, a.adminReviewer.cookie, a.reviewer.cookie, b.orgAdmin.cookie]) {
      expect((await setting(cookie, a.org.id)).status).toBe(404);
      expect((await setRequired(cookie, a.org.id, false)).status).toBe(404);
    }
    expect((await setting(undefined, a.org.id)).status).toBe(401);
    expect((await setRequired(undefined, a.org.id, true)).status).toBe(401);
  });

  it("cannot be turned on by an organization admin without two-factor authentication of their own", async () => {
    const a = await organization("Cedar");
    const refused = await setRequired(a.orgAdmin.cookie, a.org.id, true);
    expect(refused).toMatchObject({
      status: 409,
      body: { error: { message: TWO_FACTOR_TEXT.setUpYourOwnFirst } },
    });
    const [org] = await t.deps.db.select().from(organizations).where(eq(organizations.id, a.org.id));
    expect(org?.requireAdminTwoFactor).toBe(false);
    expect(await events(a.org.id)).toEqual([]);
  });

  it("is recorded in the audit log when it changes, and only then", async () => {
    const a = await organization("Dogwood");
    const { cookie } = await enrolTwoFactor(t, a.orgAdmin.cookie);
    const on = await setRequired(cookie, a.org.id, true);
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ twoFactor: { required: true } });
    expect((await setRequired(cookie, a.org.id, true)).status).toBe(200); // the same again: no event
    expect((await setRequired(cookie, a.org.id, false)).status).toBe(200);
    const recorded = await events(a.org.id);
    expect(
      recorded.map((e) => ({
        actor: e.actorUserId,
        subject: e.subjectId,
        label: e.subjectLabel,
        details: e.details,
      })),
    ).toEqual([
      {
        actor: a.orgAdmin.id,
        subject: a.org.id,
        label: "Dogwood",
        details: { requireAdminTwoFactor: { before: false, after: true } },
      },
      {
        actor: a.orgAdmin.id,
        subject: a.org.id,
        label: "Dogwood",
        details: { requireAdminTwoFactor: { before: true, after: false } },
      },
    ]);
    // The organization admin reads it in the log.
    const log = await auditLog(cookie, a.org.id);
    expect(log.text).toContain("organization.two_factor_requirement_changed");
  });

  describe("while it is required", () => {
    let a: Awaited<ReturnType<typeof organization>>;
    let b: Awaited<ReturnType<typeof organization>>;
    let orgAdminCookie: string;

    beforeAll(async () => {
      a = await organization("Elm");
      b = await organization("Fir");
      orgAdminCookie = (await enrolTwoFactor(t, a.orgAdmin.cookie)).cookie;
      // The sessions opened above, before the requirement, are the ones used below: it applies at once.
      expect((await setRequired(orgAdminCookie, a.org.id, true)).status).toBe(200);
    });

    it("answers every admin-only call of an admin without it with 403 and what to do", async () => {
      for (const person of [a.admin, a.adminReviewer]) {
        const answer = await programUsers(person.cookie, a.program.id);
        expect(answer.status, person.label).toBe(403);
        expect(answer.body).toEqual(REQUIRED);
      }
      const status = await callApi(t, "GET", "/api/auth/two-factor/requirement", a.admin.cookie);
      expect(status.body).toEqual({ enabled: false, requiredBy: ["Elm"] });
      // Their own account still answers: they can sign in and reach the setup page.
      expect((await callApi(t, "GET", `/api/users/${a.admin.id}`, a.admin.cookie)).status).toBe(200);
    });

    it("answers an admin's application routes as every other admin route: 403 and what to do, never 404", async () => {
      const applicant = await buildUser(t.deps.db, { name: "Elm Applicant", applicant: true });
      const { formId } = await buildPublishedForm(t.deps.db, a.program, defaultFormContent("Elm form"));
      const application = await buildCandidate(t.deps.db, {
        program: a.program,
        formId,
        identifier: "Elm application",
        submitted: false,
        userId: applicant.id,
      });
      const answer = await callApi(t, "GET", `/api/submissions/${application.id}`, a.admin.cookie);
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual(REQUIRED);
      // Someone with no role there still gets 404: the requirement reveals nothing to them.
      expect((await callApi(t, "GET", `/api/submissions/${application.id}`, b.admin.cookie)).status).toBe(
        404,
      );
    });

    it("leaves an admin reviewer their committee seat", async () => {
      const list = await candidates(a.adminReviewer.cookie, a.program.id);
      expect(list.status).toBe(200);
      expect(list.body).toMatchObject({ isAdmin: false });
    });

    it("does not touch reviewers", async () => {
      const list = await candidates(a.reviewer.cookie, a.program.id);
      expect(list.status).toBe(200);
      expect((await programUsers(a.reviewer.cookie, a.program.id)).status).toBe(404);
    });

    it("lets an admin who has set it up work as before", async () => {
      expect((await programUsers(orgAdminCookie, a.program.id)).status).toBe(200);
      expect((await auditLog(orgAdminCookie, a.org.id)).status).toBe(200);
      const { cookie } = await enrolTwoFactor(t, a.admin.cookie);
      expect((await programUsers(cookie, a.program.id)).status).toBe(200);
      const status = await callApi(t, "GET", "/api/auth/two-factor/requirement", cookie);
      expect(status.body).toEqual({ enabled: true, requiredBy: ["Elm"] });
    });

    it("does not reach another organization's admins", async () => {
      expect((await programUsers(b.admin.cookie, b.program.id)).status).toBe(200);
      expect((await auditLog(b.orgAdmin.cookie, b.org.id)).status).toBe(200);
      // Someone who is an admin in Fir and a reviewer in Elm keeps both.
      const both = await buildUser(t.deps.db, { name: "Both Places" });
      await addMember(t.deps.db, b.program, both.id, "ADMIN");
      await addMember(t.deps.db, a.program, both.id, "REVIEWER");
      const cookie = await signInPlain(t, both.email);
      expect((await programUsers(cookie, b.program.id)).status).toBe(200);
      expect((await candidates(cookie, a.program.id)).status).toBe(200);
      // Its admin in Elm, though, is held back there only.
      const elmAdmin = await buildUser(t.deps.db, { name: "Elm Admin, Fir Admin" });
      await addMember(t.deps.db, a.program, elmAdmin.id, "ADMIN");
      await addMember(t.deps.db, b.program, elmAdmin.id, "ADMIN");
      const elmCookie = await signInPlain(t, elmAdmin.email);
      expect((await programUsers(elmCookie, a.program.id)).status).toBe(403);
      expect((await programUsers(elmCookie, b.program.id)).status).toBe(200);
    });

    it("keeps an organization admin without it away from the organization's pages", async () => {
      const other = await buildUser(t.deps.db, { name: "Second Org Admin", adminOrganizationId: a.org.id });
      const cookie = await signInPlain(t, other.email);
      expect((await auditLog(cookie, a.org.id)).body).toEqual(REQUIRED);
      expect((await setting(cookie, a.org.id)).body).toEqual(REQUIRED);
      expect((await setRequired(cookie, a.org.id, false)).body).toEqual(REQUIRED);
      expect((await callApi(t, "GET", `/api/organizations/${a.org.id}`, cookie)).body).toEqual(REQUIRED);
    });

    it("cannot be turned off by an admin it applies to", async () => {
      const admin = await buildUser(t.deps.db, { name: "Second Program Admin" });
      await addMember(t.deps.db, a.program, admin.id, "ADMIN");
      const { cookie } = await enrolTwoFactor(t, await signInPlain(t, admin.email));
      const refused = await callApi(t, "POST", "/api/auth/two-factor/disable", cookie, {
        password: TEST_PASSWORD,
      });
      expect(refused).toMatchObject({
        status: 403,
        body: {
          code: "TWO_FACTOR_REQUIRED_BY_ORGANIZATION",
          message: TWO_FACTOR_TEXT.cannotDisableWhileRequired,
        },
      });
      expect((await programUsers(cookie, a.program.id)).status).toBe(200);
    });
  });
});
