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

describe("The organization's contact email in Organization Settings", () => {
  const save = async (email: string, body: Record<string, unknown>) =>
    t.request("/api/organizations/updateOrg", {
      method: "POST",
      cookie: await t.signIn(email),
      body: { orgId: cast.org.id, name: "First Foundation", increment: 1, ...body },
    });

  it("is saved trimmed, shown back, cleared by an empty field and kept when not sent", async () => {
    const res = await save(cast.orgAdmin.email, { contactEmail: "  grants@first.example " });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { organization: { contactEmail: string } }).organization.contactEmail).toBe(
      "grants@first.example",
    );
    expect((await orgRow(cast.org.id)).contactEmail).toBe("grants@first.example");
    // A program member reads it too: it is what applicants are shown.
    const read = await t.request(`/api/organizations/${cast.org.id}`, {
      cookie: await t.signIn(cast.members.REVIEWER.email),
    });
    expect(
      ((await read.json()) as { organization: { contactEmail: string } }).organization.contactEmail,
    ).toBe("grants@first.example");
    expect((await save(cast.orgAdmin.email, {})).status).toBe(200);
    expect((await orgRow(cast.org.id)).contactEmail).toBe("grants@first.example");
    expect((await save(cast.orgAdmin.email, { contactEmail: "" })).status).toBe(200);
    expect((await orgRow(cast.org.id)).contactEmail).toBeNull();
  });

  it("refuses a malformed address with a field error, changing nothing", async () => {
    for (const contactEmail of ["not an email", "a@", `${"x".repeat(250)}@b.example`]) {
      const res = await save(cast.orgAdmin.email, { contactEmail });
      expect(res.status).toBe(400);
      expect(Object.keys(((await res.json()) as { error: { fields: object } }).error.fields)).toEqual([
        "contactEmail",
      ]);
    }
    expect((await orgRow(cast.org.id)).contactEmail).toBeNull();
  });

  it("cannot be set by a program admin nor by another organization's admin", async () => {
    for (const email of [cast.members.ADMIN.email, cast.otherOrgAdmin.email]) {
      expect((await save(email, { contactEmail: "taken@over.example" })).status).toBe(404);
    }
    expect((await orgRow(cast.org.id)).contactEmail).toBeNull();
  });

  it("is part of the settings a stale save is checked against", async () => {
    await t.deps.db
      .update(organizations)
      .set({ contactEmail: "theirs@first.example" })
      .where(eq(organizations.id, cast.org.id));
    const res = await save(cast.orgAdmin.email, {
      contactEmail: "mine@first.example",
      expected: { name: "First Foundation", increment: 1, contactEmail: null },
    });
    expect(res.status).toBe(409);
    expect((await orgRow(cast.org.id)).contactEmail).toBe("theirs@first.example");
    await t.deps.db
      .update(organizations)
      .set({ contactEmail: null })
      .where(eq(organizations.id, cast.org.id));
  });
});
