import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { organizations } from "../db/schema";
import { buildCast } from "../test/factories";
import { createTestApp, type TestApp } from "../test/harness";

let t: TestApp;
let cast: Awaited<ReturnType<typeof buildCast>>;
beforeAll(async () => {
  t = await createTestApp();
  cast = await buildCast(t.deps.db);
});
afterAll(() => t.close());

const orgRow = async (id: string) =>
  (await t.deps.db.select().from(organizations).where(eq(organizations.id, id)))[0]!;

describe("GET /api/organizations/{orgId}", () => {
  it("gives the organization admin the plan details", async () => {
    const cookie = await t.signIn(cast.orgAdmin.email);
    const body = (await (await t.request(`/api/organizations/${cast.org.id}`, { cookie })).json()) as {
      organization: { name: string; increment: number; planInfo: { plan: { name: string } } | null };
    };
    expect(body.organization).toMatchObject({ name: "First Foundation", increment: 1 });
    expect(body.organization.planInfo?.plan.name).toBe("Foundation");
  });

  it("gives a program member the name and increment but no plan details", async () => {
    const cookie = await t.signIn(cast.members.REVIEWER.email);
    const body = (await (await t.request(`/api/organizations/${cast.org.id}`, { cookie })).json()) as {
      organization: { planInfo: unknown };
    };
    expect(body.organization).toMatchObject({ _id: cast.org.id, planInfo: null });
  });

  it("answers 404 to another organization's admin and to applicants, 401 without a session", async () => {
    for (const email of [cast.otherOrgAdmin.email, cast.applicant.email, cast.stranger.email]) {
      const res = await t.request(`/api/organizations/${cast.org.id}`, { cookie: await t.signIn(email) });
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain("First Foundation");
    }
    expect((await t.request(`/api/organizations/${cast.org.id}`)).status).toBe(401);
    const cookie = await t.signIn(cast.orgAdmin.email);
    expect((await t.request("/api/organizations/nope", { cookie })).status).toBe(404);
  });
});

describe("POST /api/organizations/updateOrg", () => {
  it("lets the organization admin change the name and the rating increment", async () => {
    const cookie = await t.signIn(cast.orgAdmin.email);
    const res = await t.request("/api/organizations/updateOrg", {
      method: "POST",
      cookie,
      body: { orgId: cast.org.id, name: " First Foundation Trust ", increment: 0.5 },
    });
    expect(res.status).toBe(200);
    expect(await orgRow(cast.org.id)).toMatchObject({ name: "First Foundation Trust", incrementTenths: 5 });
    await t.request("/api/organizations/updateOrg", {
      method: "POST",
      cookie,
      body: { orgId: cast.org.id, name: "First Foundation", increment: 1 },
    });
  });

  it("refuses program admins and other organizations, changing nothing", async () => {
    for (const email of [
      cast.members.ADMIN.email,
      cast.members.ADMIN_REVIEWER.email,
      cast.otherOrgAdmin.email,
    ]) {
      const res = await t.request("/api/organizations/updateOrg", {
        method: "POST",
        cookie: await t.signIn(email),
        body: { orgId: cast.org.id, name: "Taken over", increment: 0.5 },
      });
      expect(res.status).toBe(404);
    }
    expect(await orgRow(cast.org.id)).toMatchObject({ name: "First Foundation", incrementTenths: 10 });
  });

  it("refuses bad input with field errors", async () => {
    const cookie = await t.signIn(cast.orgAdmin.email);
    for (const [body, field] of [
      [{ orgId: cast.org.id, name: "X", increment: 2 }, "increment"],
      [{ orgId: cast.org.id, name: "  ", increment: 1 }, "name"],
      [{ orgId: cast.org.id, name: "X", increment: 1, planId: "free" }, "_"],
    ] as const) {
      const res = await t.request("/api/organizations/updateOrg", { method: "POST", cookie, body });
      expect(res.status).toBe(400);
      expect(Object.keys(((await res.json()) as { error: { fields: object } }).error.fields)).toContain(
        field,
      );
    }
    expect((await orgRow(cast.org.id)).name).toBe("First Foundation");
  });
});
