import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { EDIT_CONFLICT_MESSAGES } from "../../shared/schemas/edit-conflict";
import { auditTrail } from "../audit/test/trail";
import { organizations, programMembers, programs } from "../db/schema";
import { buildProgram, buildUser, callApi, signedInMember, withCastTestApp } from "../test/factories";
import type { TestApp } from "../test/harness";
import { buildGroup } from "../test/review-factories";

/**
 * Decision 016 for the admins' settings: two admins editing the same reviewer group, program name,
 * member's role or organization settings. The one whose edit is based on a value no longer stored gets
 * 409 with the stored value, and nothing is written or logged; an edit based on the stored value goes
 * through. (Decisions, reviews and comments: reviewing/concurrent-edits.test.ts.)
 */

let t: TestApp;
let orgId: string;
let orgAdminCookie: string;
withCastTestApp((app) => {
  t = app.t;
  orgId = app.cast.org.id;
  orgAdminCookie = app.cookies.orgAdmin!;
});

type Conflict<T> = { error: { code: string; message: string; current: T } };

let program: { id: string; organizationId: string; name: string };
let first: { id: string; cookie: string };
let second: { id: string; cookie: string };
let newEvents: ReturnType<typeof auditTrail>;
beforeAll(async () => {
  program = await buildProgram(t.deps.db, orgId, { name: "Settings race" });
  first = await signedInMember(t, program, "First Settings Admin", "ADMIN");
  second = await signedInMember(t, program, "Second Settings Admin", "ADMIN_REVIEWER");
  newEvents = auditTrail(t.deps.db, orgId);
  await newEvents();
});

describe("a reviewer group (PUT /api/reviewerGroups/{id})", () => {
  it("an edit of a group changed meanwhile gets 409 with the stored group; nothing changes", async () => {
    const ann = await signedInMember(t, program, "Ann Member");
    const bob = await signedInMember(t, program, "Bob Member");
    const group = await buildGroup(t.deps.db, program, "Panel", [ann.id]);
    const seen = { name: "Panel", description: "", reviewers: [ann.id] };
    await newEvents();

    const fresh = await callApi(t, "PUT", `/api/reviewerGroups/${group.id}`, first.cookie, {
      name: "Panel",
      reviewers: [ann.id, bob.id],
      expected: seen,
    });
    expect(fresh.status, fresh.text).toBe(200);
    expect(await newEvents()).toMatchObject([{ action: "reviewer_group.updated" }]);

    // The second admin still shows Ann alone, and renames: Bob would be dropped without a word.
    const stale = await callApi<Conflict<{ name: string; reviewers: { _id: string }[] }>>(
      t,
      "PUT",
      `/api/reviewerGroups/${group.id}`,
      second.cookie,
      { name: "Renamed panel", reviewers: [ann.id], expected: seen },
    );
    expect(stale.status).toBe(409);
    expect(stale.body.error.message).toBe(EDIT_CONFLICT_MESSAGES.reviewerGroup);
    expect(stale.body.error.current).toMatchObject({ _id: group.id, name: "Panel" });
    expect(stale.body.error.current.reviewers.map((r) => r._id).sort()).toEqual([ann.id, bob.id].sort());
    expect(await newEvents()).toEqual([]);
    const [listed] = await callApi<{ name: string; reviewers: unknown[] }[]>(
      t,
      "GET",
      `/api/reviewerGroups/${program.id}`,
      first.cookie,
    ).then((a) => a.body);
    expect(listed).toMatchObject({ name: "Panel", reviewers: [{ _id: ann.id }, { _id: bob.id }] });

    // The members in another order are the same members.
    const kept = await callApi(t, "PUT", `/api/reviewerGroups/${group.id}`, second.cookie, {
      name: "Renamed panel",
      reviewers: [ann.id, bob.id],
      expected: { name: "Panel", description: "", reviewers: [bob.id, ann.id] },
    });
    expect(kept.status, kept.text).toBe(200);
  });
});

describe("a program's name (PATCH /api/programs/{id}/name)", () => {
  const rename = (body: unknown) =>
    callApi<Conflict<unknown>>(t, "PATCH", `/api/programs/${program.id}/name`, orgAdminCookie, body);
  const storedName = async () =>
    (await t.deps.db.select({ name: programs.name }).from(programs).where(eq(programs.id, program.id)))[0]!
      .name;

  it("a rename based on a name changed meanwhile gets 409 with the stored name; nothing changes", async () => {
    await newEvents();
    expect((await rename({ name: "Arts 2027", expected: { name: "Settings race" } })).status).toBe(200);
    expect(await newEvents()).toMatchObject([{ action: "program.renamed" }]);
    const stale = await rename({ name: "Music 2027", expected: { name: "Settings race" } });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toEqual({
      code: "CONFLICT",
      message: EDIT_CONFLICT_MESSAGES.programName,
      current: { name: "Arts 2027" },
    });
    expect(await storedName()).toBe("Arts 2027");
    expect(await newEvents()).toEqual([]);
    // Renaming to the name already stored is no change, whatever was seen; without `expected` it renames.
    expect((await rename({ name: "Arts 2027", expected: { name: "Settings race" } })).status).toBe(200);
    expect((await rename({ name: "Music 2027" })).status).toBe(200);
    expect(await storedName()).toBe("Music 2027");
  });
});

describe("a member's role (PATCH /api/programs/{programId}/user/{userId})", () => {
  it("a role change based on a role changed meanwhile gets 409 with the stored member; nothing changes", async () => {
    const member = await buildUser(t.deps.db, { name: "Role Target" });
    await t.deps.db
      .insert(programMembers)
      .values({ programId: program.id, organizationId: orgId, userId: member.id, role: "REVIEWER" });
    const path = `/api/programs/${program.id}/user/${member.id}`;
    await newEvents();
    const fresh = await callApi(t, "PATCH", path, first.cookie, {
      role: "GUEST",
      expected: { role: "REVIEWER" },
    });
    expect(fresh.status, fresh.text).toBe(200);
    expect(await newEvents()).toMatchObject([{ action: "member.role_changed" }]);

    const stale = await callApi<Conflict<{ userId: string; role: string }>>(t, "PATCH", path, second.cookie, {
      role: "ADMIN_REVIEWER",
      expected: { role: "REVIEWER" },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error.message).toBe(EDIT_CONFLICT_MESSAGES.role);
    expect(stale.body.error.current).toMatchObject({ userId: member.id, role: "GUEST" });
    const [row] = await t.deps.db
      .select({ role: programMembers.role })
      .from(programMembers)
      .where(eq(programMembers.userId, member.id));
    expect(row!.role).toBe("GUEST");
    expect(await newEvents()).toEqual([]);
  });
});

describe("the organization settings (POST /api/organizations/updateOrg)", () => {
  it("a save based on settings changed meanwhile gets 409 with the stored ones; nothing changes", async () => {
    const [before] = await t.deps.db
      .select({ name: organizations.name })
      .from(organizations)
      .where(eq(organizations.id, orgId));
    const seen = { name: before!.name, increment: 1 };
    const save = (body: object) =>
      callApi<Conflict<unknown>>(t, "POST", "/api/organizations/updateOrg", orgAdminCookie, {
        orgId,
        ...body,
      });
    await newEvents();
    expect((await save({ name: seen.name, increment: 0.5, expected: seen })).status).toBe(200);
    expect(await newEvents()).toMatchObject([{ action: "organization.updated" }]);

    const stale = await save({ name: "Renamed Foundation", increment: 1, expected: seen });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toEqual({
      code: "CONFLICT",
      message: EDIT_CONFLICT_MESSAGES.organization,
      current: { name: seen.name, increment: 0.5, contactEmail: null },
    });
    const [after] = await t.deps.db
      .select({ name: organizations.name, incrementTenths: organizations.incrementTenths })
      .from(organizations)
      .where(eq(organizations.id, orgId));
    expect(after).toEqual({ name: seen.name, incrementTenths: 5 });
    expect(await newEvents()).toEqual([]);
  });
});
