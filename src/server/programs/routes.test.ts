import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { defaultFormContent } from "../../shared/forms/defaults";
import { organizations, plans, programMembers, programs, submissions } from "../db/schema";
import {
  addMember,
  buildOrg,
  buildProgram,
  buildPublishedForm,
  buildUser,
  type Cast,
  withCastTestApp,
} from "../test/factories";
import { TEST_PASSWORD, type TestApp } from "../test/harness";
import { signUp } from "../users/sign-up";

let t: TestApp;
let cast: Cast;
let cookies: Record<string, string>;

withCastTestApp((app) => {
  ({ t, cast, cookies } = app);
});

type ProgramBody = { program: { id: string; name: string; archived: boolean; appVersion: number } };
const programRow = async (id: string) =>
  (await t.deps.db.select().from(programs).where(eq(programs.id, id)))[0];
const programCount = async () => (await t.deps.db.select({ n: count() }).from(programs))[0]!.n;

describe("who may manage programs", () => {
  const attempts = (id: string) => [
    { path: "/api/programs", method: "POST", body: { displayName: "Sneaky" } },
    { path: `/api/programs/${id}/name`, method: "PATCH", body: { name: "Renamed by intruder" } },
    { path: `/api/programs/${id}/archived`, method: "PATCH", body: { archived: true } },
    { path: `/api/programs/duplicate/${id}`, method: "POST" },
    { path: `/api/programs/${id}`, method: "DELETE" },
  ];

  for (const who of ["admin", "adminReviewer", "reviewer", "applicant", "otherOrgAdmin"]) {
    it(`refuses a ${who} every management action on the program, and changes nothing`, async () => {
      const before = await programCount();
      for (const a of attempts(cast.program.id)) {
        const res = await t.request(a.path, { method: a.method, body: a.body, cookie: cookies[who] });
        // The other organization's admin may create in their own organization; nothing else.
        if (who === "otherOrgAdmin" && a.path === "/api/programs") {
          expect(res.status).toBe(201);
          continue;
        }
        expect(res.status, `${a.method} ${a.path}`).toBe(404);
        expect(await res.text()).not.toContain("Arts 2026");
      }
      const row = await programRow(cast.program.id);
      expect(row).toMatchObject({ name: "Arts 2026", archived: false });
      expect(await programCount()).toBe(who === "otherOrgAdmin" ? before + 1 : before);
    });
  }

  it("answers 401 without a session", async () => {
    for (const a of attempts(cast.program.id)) {
      expect((await t.request(a.path, { method: a.method, body: a.body })).status).toBe(401);
    }
  });

  it("refuses to create a program in another organization", async () => {
    const res = await t.request("/api/programs", {
      method: "POST",
      cookie: cookies.orgAdmin,
      body: { displayName: "Planted", organization: cast.otherOrg.id },
    });
    expect(res.status).toBe(404);
    expect(await t.deps.db.select().from(programs).where(eq(programs.name, "Planted"))).toHaveLength(0);
  });
});

describe("the organization admin", () => {
  it("creates a program on appVersion 3 and sees it in the list", async () => {
    const res = await t.request("/api/programs", {
      method: "POST",
      cookie: cookies.orgAdmin,
      body: { displayName: "  Music 2027 " },
    });
    expect(res.status).toBe(201);
    const { program } = (await res.json()) as ProgramBody;
    expect(program).toMatchObject({ name: "Music 2027", appVersion: 3, archived: false });
    const list = (await (
      await t.request(`/api/programs/all/${cast.orgAdmin.id}`, { cookie: cookies.orgAdmin })
    ).json()) as {
      programs: { id: string }[];
      allowance: { used: number; max: number };
    };
    expect(list.programs.map((p) => p.id)).toContain(program.id);
    expect(list.allowance).toMatchObject({ max: 10 });
  });

  it("renames, archives, unarchives, duplicates and deletes", async () => {
    const p = await buildProgram(t.deps.db, cast.org.id, { name: "Lifecycle" });
    const member = await buildUser(t.deps.db);
    await addMember(t.deps.db, p, member.id, "REVIEWER");
    const as = { cookie: cookies.orgAdmin };

    expect(
      (
        await t.request(`/api/programs/${p.id}/name`, {
          method: "PATCH",
          ...as,
          body: { name: "Lifecycle II" },
        })
      ).status,
    ).toBe(200);
    expect((await programRow(p.id))!.name).toBe("Lifecycle II");

    const archived = (await (
      await t.request(`/api/programs/${p.id}/archived`, { method: "PATCH", ...as, body: { archived: true } })
    ).json()) as ProgramBody;
    expect(archived.program.archived).toBe(true);
    expect((await programRow(p.id))!.archivedAt).not.toBeNull();
    await t.request(`/api/programs/${p.id}/archived`, { method: "PATCH", ...as, body: { archived: false } });
    expect(await programRow(p.id)).toMatchObject({ archived: false, archivedAt: null });

    const dup = await t.request(`/api/programs/duplicate/${p.id}`, { method: "POST", ...as });
    expect(dup.status).toBe(201);
    const copy = ((await dup.json()) as ProgramBody).program;
    expect(copy.name).toBe("Copy of Lifecycle II");
    expect(
      await t.deps.db.select().from(programMembers).where(eq(programMembers.programId, copy.id)),
    ).toHaveLength(0);

    expect((await t.request(`/api/programs/${p.id}`, { method: "DELETE", ...as })).status).toBe(200);
    expect(await programRow(p.id)).toBeUndefined();
    expect(
      await t.deps.db.select().from(programMembers).where(eq(programMembers.programId, p.id)),
    ).toHaveLength(0);
    expect((await t.request(`/api/programs/${p.id}`, as)).status).toBe(404);
  });

  it("refuses an empty name, and changes nothing", async () => {
    for (const body of [{ name: "   " }, { name: "" }, {}, { name: 12 }]) {
      const res = await t.request(`/api/programs/${cast.program.id}/name`, {
        method: "PATCH",
        cookie: cookies.orgAdmin,
        body,
      });
      expect(res.status).toBe(400);
    }
    expect(
      (
        await t.request("/api/programs", {
          method: "POST",
          cookie: cookies.orgAdmin,
          body: { displayName: " " },
        })
      ).status,
    ).toBe(400);
    expect((await programRow(cast.program.id))!.name).toBe("Arts 2026");
  });
});

describe("the plan's program limit", () => {
  it("counts active programs, refuses the one too many, and frees a slot when one is archived", async () => {
    const org = await buildOrg(t.deps.db, { planName: "Starter" }); // at most 2 programs
    const owner = await buildUser(t.deps.db, { adminOrganizationId: org.id });
    const cookie = await t.signIn(owner.email);
    const create = (name: string) =>
      t.request("/api/programs", { method: "POST", cookie, body: { displayName: name } });

    const first = ((await (await create("One")).json()) as ProgramBody).program;
    expect((await create("Two")).status).toBe(201);
    const third = await create("Three");
    expect(third.status).toBe(403);
    expect(((await third.json()) as { error: { code: string } }).error.code).toBe("PLAN_LIMIT");
    expect((await t.request(`/api/programs/duplicate/${first.id}`, { method: "POST", cookie })).status).toBe(
      403,
    );

    const list = (await (await t.request(`/api/programs/all/${owner.id}`, { cookie })).json()) as {
      allowance: unknown;
    };
    expect(list.allowance).toMatchObject({ organizationId: org.id, used: 2, max: 2, canCreate: false });

    await t.request(`/api/programs/${first.id}/archived`, {
      method: "PATCH",
      cookie,
      body: { archived: true },
    });
    expect((await create("Three")).status).toBe(201);
    // Now full again: the archived one cannot come back.
    const unarchive = await t.request(`/api/programs/${first.id}/archived`, {
      method: "PATCH",
      cookie,
      body: { archived: false },
    });
    expect(unarchive.status).toBe(403);
    expect((await programRow(first.id))!.archived).toBe(true);
  });
});

describe("why a new organization cannot add a program", () => {
  it("says the free trial, the plan chosen at sign-up and the trial's end; an ended trial adds nothing", async () => {
    const [foundation] = await t.deps.db
      .select({ id: plans.id })
      .from(plans)
      .where(eq(plans.name, "Foundation"));
    const email = `trial-${Date.now()}@example.test`;
    const { userId, organizationId } = await signUp(
      t.deps.db,
      {
        displayName: "Tia Trial",
        email,
        password: TEST_PASSWORD,
        applicant: false,
        admin: true,
        organizationName: "Trial Foundation",
        emailConsent: false,
        organizationPlan: foundation!.id,
      },
      { publicUrl: "http://localhost:3000" },
    );
    const cookie = await t.signIn(email);
    const allowance = async () =>
      ((await (await t.request(`/api/programs/all/${userId}`, { cookie })).json()) as { allowance: unknown })
        .allowance;
    expect(await allowance()).toMatchObject({
      used: 0,
      max: 1,
      canCreate: true,
      planName: "Free Trial",
      requestedPlanName: "Foundation",
      trialEnded: false,
    });
    expect((await allowance()) as { trialEndsAt: string }).toHaveProperty("trialEndsAt", expect.any(String));

    await t.deps.db
      .update(organizations)
      .set({ trialEndsAt: new Date(Date.now() - 1000) })
      .where(eq(organizations.id, organizationId!));
    expect(await allowance()).toMatchObject({ used: 0, canCreate: false, trialEnded: true });
  });
});

describe("reading programs", () => {
  it("lets a member open their program, and answers 404 to others and to malformed ids", async () => {
    expect((await t.request(`/api/programs/${cast.program.id}`, { cookie: cookies.reviewer })).status).toBe(
      200,
    );
    const res = await t.request(`/api/programs/${cast.program.id}`, { cookie: cookies.otherOrgAdmin });
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain("Arts 2026");
    expect((await t.request("/api/programs/not-a-uuid", { cookie: cookies.orgAdmin })).status).toBe(404);
    expect(
      (await t.request(`/api/programs/${cast.otherProgram.id}`, { cookie: cookies.reviewer })).status,
    ).toBe(404);
  });

  it("shows the allowance only to an organization admin, and nobody's list but one's own", async () => {
    const mine = (await (
      await t.request(`/api/programs/all/${cast.members.REVIEWER.id}`, { cookie: cookies.reviewer })
    ).json()) as { allowance: unknown; programs: { id: string }[] };
    expect(mine.allowance).toBeNull();
    expect(mine.programs.map((p) => p.id)).toEqual([cast.program.id]);
    expect(
      (await t.request(`/api/programs/all/${cast.orgAdmin.id}`, { cookie: cookies.reviewer })).status,
    ).toBe(404);
  });

  it("counts submitted applications (not drafts or tests) and their started reviews", async () => {
    const program = await buildProgram(t.deps.db, cast.org.id, { name: "Counted Program" });
    await addMember(t.deps.db, program, cast.members.REVIEWER.id, "REVIEWER");
    const { formId } = await buildPublishedForm(t.deps.db, program, defaultFormContent("Counted form"));
    const base = { organizationId: cast.org.id, programId: program.id, formId, formVersion: 1, answers: [] };
    await t.deps.db.insert(submissions).values([
      { ...base, submissionDate: new Date(), reviewCount: 2 },
      { ...base, submissionDate: new Date(), reviewCount: 1 },
      { ...base, submissionDate: null, reviewCount: 0 },
      { ...base, submissionDate: new Date(), softDeleted: true, reviewCount: 4 },
    ]);
    const list = (await (
      await t.request(`/api/programs/all/${cast.members.REVIEWER.id}`, { cookie: cookies.reviewer })
    ).json()) as { programs: { id: string; numSubmissions: number; numReviews: number }[] };
    expect(list.programs.find((p) => p.id === program.id)).toMatchObject({
      numSubmissions: 2,
      numReviews: 3,
    });
    expect(list.programs.find((p) => p.id === cast.program.id)).toMatchObject({
      numSubmissions: 0,
      numReviews: 0,
    });
  });
});
