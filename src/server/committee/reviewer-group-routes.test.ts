import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { ProgramRole } from "../../shared/authz/roles";
import { defaultFormContent } from "../../shared/forms/defaults";
import type { CandidateStatsPage } from "../../shared/schemas/candidate-statistics";
import {
  type AssignmentListResult,
  COMMITTEE_LIMITS,
  COMMITTEE_MESSAGES,
  type ReviewerGroup,
} from "../../shared/schemas/committee";
import { programMembers, reviewerGroupMembers, reviewerGroups, reviews, submissions } from "../db/schema";
import {
  buildProgram,
  buildPublishedForm,
  type Cast,
  callApi,
  type ParsedAnswer,
  signedInMember,
  withCastTestApp,
} from "../test/factories";
import type { TestApp } from "../test/harness";
import {
  assignGroup,
  assignReviewer,
  buildCandidate,
  buildGroup,
  countQueries,
  insertReview,
} from "../test/review-factories";

let t: TestApp;
let cast: Cast;
let cookies: Record<string, string>;
withCastTestApp((app) => {
  ({ t, cast, cookies } = app);
});

type ProgramRef = { id: string; organizationId: string; name: string };
type Person = { id: string; email: string; name: string; cookie: string };

/** A new account with this role in the program, signed in. */
const member = (program: ProgramRef, name: string, role: ProgramRole = "REVIEWER"): Promise<Person> =>
  signedInMember(t, program, name, role);

const call = <T = unknown>(method: string, path: string, cookie: string | undefined, body?: unknown) =>
  callApi<T>(t, method, path, cookie, body);
type ErrorAnswer = { error: { code: string; fields?: Record<string, string[]> } };

const GROUPS = "/api/reviewerGroups";
const listGroups = async (cookie: string, programId: string) => {
  const answer = await call<ReviewerGroup[]>("GET", `${GROUPS}/${programId}`, cookie);
  expect(answer.status, answer.text).toBe(200);
  return answer.body;
};
const create = (cookie: string | undefined, body: unknown) =>
  call<ReviewerGroup>("POST", GROUPS, cookie, body);
const update = (cookie: string | undefined, id: string, body: unknown) =>
  call<ReviewerGroup>("PUT", `${GROUPS}/${id}`, cookie, body);
const remove = (cookie: string | undefined, id: string) => call("DELETE", `${GROUPS}/${id}`, cookie);

/** The group as stored: name, description and member ids (sorted); null once deleted. */
async function storedGroup(id: string) {
  const [group] = await t.deps.db.select().from(reviewerGroups).where(eq(reviewerGroups.id, id));
  if (!group) return null;
  const members = await t.deps.db
    .select({ userId: reviewerGroupMembers.userId })
    .from(reviewerGroupMembers)
    .where(eq(reviewerGroupMembers.groupId, id));
  return { name: group.name, description: group.description, members: members.map((m) => m.userId).sort() };
}
const groupCount = async (programId: string) =>
  (
    await t.deps.db.select({ n: count() }).from(reviewerGroups).where(eq(reviewerGroups.programId, programId))
  )[0]!.n;

const sorted = (...ids: string[]) => [...ids].sort();
const expectRefused = (answer: ParsedAnswer<ErrorAnswer>, field: string, message?: string) => {
  expect(answer.status, answer.text).toBe(400);
  expect(answer.body.error.code).toBe("VALIDATION");
  const fields = Object.keys(answer.body.error.fields ?? {});
  expect(
    fields.some((f) => f === field || f.startsWith(`${field}.`)),
    answer.text,
  ).toBe(true);
  if (message !== undefined) expect(answer.body.error.fields?.[field]).toEqual([message]);
};

// ————— Who may manage groups —————

describe("who may manage reviewer groups", () => {
  let siblingAdmin: Person;
  let rita: Person;
  let secret: string;
  beforeAll(async () => {
    const sibling = await buildProgram(t.deps.db, cast.org.id, { name: "Sibling 2026" });
    siblingAdmin = await member(sibling, "Sibling Admin", "ADMIN");
    rita = await member(cast.program, "Rita could-leak");
    secret = (await buildGroup(t.deps.db, cast.program, "Secret Panel could-leak", [rita.id])).id;
  });
  const refusedPeople = () => ({
    reviewer: cookies.reviewer!,
    guest: cookies.guest!,
    applicant: cookies.applicant!,
    otherOrgAdmin: cookies.otherOrgAdmin!,
    siblingAdmin: siblingAdmin.cookie,
  });

  it("GET /api/reviewerGroups/{programId}: the program's admins and the organization admin; 404 revealing nothing to others", async () => {
    for (const who of ["admin", "adminReviewer", "orgAdmin"]) {
      const groups = await listGroups(cookies[who]!, cast.program.id);
      expect(groups.map((g) => g.name)).toContain("Secret Panel could-leak");
    }
    for (const [who, cookie] of Object.entries(refusedPeople())) {
      const answer = await call("GET", `${GROUPS}/${cast.program.id}`, cookie);
      expect(answer.status, who).toBe(404);
      expect(answer.text).not.toContain("could-leak");
    }
    expect((await call("GET", `${GROUPS}/${cast.program.id}`, undefined)).status).toBe(401);
    for (const programId of [crypto.randomUUID(), "not-a-uuid", cast.otherProgram.id]) {
      expect((await call("GET", `${GROUPS}/${programId}`, cookies.orgAdmin)).status).toBe(404);
    }
  });

  it("POST /api/reviewerGroups: the program's admins and the organization admin; no group for anyone else", async () => {
    const before = await groupCount(cast.program.id);
    const body = { programId: cast.program.id, name: "Intruders", reviewers: [rita.id] };
    for (const [who, cookie] of Object.entries(refusedPeople())) {
      expect((await create(cookie, body)).status, who).toBe(404);
    }
    expect((await create(undefined, body)).status).toBe(401);
    expect(await groupCount(cast.program.id)).toBe(before);
    for (const who of ["admin", "adminReviewer", "orgAdmin"]) {
      const answer = await create(cookies[who], { ...body, name: `Made by ${who}` });
      expect(answer.status, answer.text).toBe(201);
      expect(answer.body).toMatchObject({ name: `Made by ${who}`, programId: cast.program.id });
    }
    expect(await groupCount(cast.program.id)).toBe(before + 3);
  });

  it("PUT /api/reviewerGroups/{id}: the program's admins and the organization admin; others change nothing", async () => {
    const before = await storedGroup(secret);
    const body = { name: "Renamed by intruder", reviewers: [] };
    for (const [who, cookie] of Object.entries(refusedPeople())) {
      const answer = await update(cookie, secret, body);
      expect(answer.status, who).toBe(404);
      expect(answer.text).not.toContain("could-leak");
    }
    expect((await update(undefined, secret, body)).status).toBe(401);
    expect(await storedGroup(secret)).toEqual(before);
    for (const who of ["admin", "adminReviewer", "orgAdmin"]) {
      const answer = await update(cookies[who], secret, {
        name: "Secret Panel could-leak",
        description: who,
        reviewers: [rita.id],
      });
      expect(answer.status, answer.text).toBe(200);
      expect(answer.body.description).toBe(who);
    }
  });

  it("DELETE /api/reviewerGroups/{id}: the program's admins and the organization admin; others delete nothing", async () => {
    for (const [who, cookie] of Object.entries(refusedPeople())) {
      expect((await remove(cookie, secret)).status, who).toBe(404);
    }
    expect((await remove(undefined, secret)).status).toBe(401);
    expect(await storedGroup(secret)).not.toBeNull();
    for (const who of ["admin", "adminReviewer", "orgAdmin"]) {
      const group = await buildGroup(t.deps.db, cast.program, `Doomed ${who}`, [rita.id]);
      const answer = await remove(cookies[who], group.id);
      expect(answer.status, answer.text).toBe(200);
      expect(answer.body).toEqual({ ok: true });
      expect(await storedGroup(group.id)).toBeNull();
      // Gone: a second delete, or an edit, finds nothing.
      expect((await remove(cookies[who], group.id)).status).toBe(404);
      expect((await update(cookies[who], group.id, { name: "Back" })).status).toBe(404);
    }
    for (const id of [crypto.randomUUID(), "not-a-uuid"]) {
      expect((await remove(cookies.orgAdmin, id)).status).toBe(404);
      expect((await update(cookies.orgAdmin, id, { name: "x" })).status).toBe(404);
    }
  });
});

// ————— Listing —————

describe("GET /api/reviewerGroups/{programId}", () => {
  it("lists the program's groups by name, each with its members by name", async () => {
    const db = t.deps.db;
    const program = await buildProgram(db, cast.org.id, { name: "Groups listing" });
    const admin = await member(program, "Zed Admin", "ADMIN");
    const [amy, bob, cat] = [
      await member(program, "amy", "ADMIN_REVIEWER"),
      await member(program, "Bob"),
      await member(program, "Cat", "GUEST"),
    ];
    const b = await buildGroup(db, program, "beta", [cat.id, amy.id]);
    const a = await buildGroup(db, program, "Alpha", [bob.id, cat.id, amy.id]);
    const empty = await buildGroup(db, program, "Charlie", []);
    await db.update(reviewerGroups).set({ description: "Arts panel" }).where(eq(reviewerGroups.id, a.id));
    await buildGroup(db, cast.program, "Another program's group", [amy.id]);
    expect(await listGroups(admin.cookie, program.id)).toEqual([
      {
        _id: a.id,
        programId: program.id,
        name: "Alpha",
        description: "Arts panel",
        reviewers: [
          { _id: amy.id, name: "amy" },
          { _id: bob.id, name: "Bob" },
          { _id: cat.id, name: "Cat" },
        ],
      },
      {
        _id: b.id,
        programId: program.id,
        name: "beta",
        description: "",
        reviewers: [
          { _id: amy.id, name: "amy" },
          { _id: cat.id, name: "Cat" },
        ],
      },
      { _id: empty.id, programId: program.id, name: "Charlie", description: "", reviewers: [] },
    ]);
    const none = await buildProgram(db, cast.org.id, { name: "No groups" });
    expect(await listGroups(cookies.orgAdmin!, none.id)).toEqual([]);
  });

  it("costs the same number of queries for 1 group and for 20", async () => {
    const db = t.deps.db;
    const [few, many] = [
      await buildProgram(db, cast.org.id, { name: "Few groups" }),
      await buildProgram(db, cast.org.id, { name: "Many groups" }),
    ];
    const people = [await member(many, "M one"), await member(many, "M two"), await member(many, "M three")];
    await buildGroup(db, few, "Only", []);
    for (let i = 0; i < 20; i++) {
      await buildGroup(
        db,
        many,
        `G${String(i).padStart(2, "0")}`,
        people.map((p) => p.id),
      );
    }
    await listGroups(cookies.orgAdmin!, few.id); // the session lookup, warmed up
    const one = await countQueries(db, () => listGroups(cookies.orgAdmin!, few.id));
    const twenty = await countQueries(db, () => listGroups(cookies.orgAdmin!, many.id));
    expect(one.result).toHaveLength(1);
    expect(twenty.result).toHaveLength(20);
    expect(twenty.result.every((g) => g.reviewers.length === 3)).toBe(true);
    expect(twenty.queries).toBe(one.queries);
  });
});

// ————— Creating and editing —————

describe("creating and editing a group", () => {
  let program: ProgramRef;
  let ann: Person;
  let ben: Person;
  let gil: Person;
  let outsiders: Record<string, string>;
  beforeAll(async () => {
    const db = t.deps.db;
    program = await buildProgram(db, cast.org.id, { name: "Group edits" });
    ann = await member(program, "Ann");
    ben = await member(program, "Ben", "ADMIN_REVIEWER");
    gil = await member(program, "Gil", "GUEST");
    const sibling = await buildProgram(db, cast.org.id, { name: "Group edits sibling" });
    outsiders = {
      unknown: "no-such-user",
      "another program's reviewer": (await member(sibling, "Sibling Reviewer")).id,
      "another organization's reviewer": cast.members.REVIEWER.id,
      "a plain admin of the program": (await member(program, "Plain Admin", "ADMIN")).id,
      "an applicant": cast.applicant.id,
    };
  });

  it("creates the group with its members (repeats taken once), the name trimmed and the description optional", async () => {
    const answer = await create(cookies.orgAdmin, {
      programId: program.id,
      name: "  Science panel  ",
      reviewers: [gil.id, ann.id, gil.id, ben.id],
    });
    expect(answer.status, answer.text).toBe(201);
    expect(answer.body).toEqual({
      _id: expect.any(String),
      programId: program.id,
      name: "Science panel",
      description: "",
      reviewers: [
        { _id: ann.id, name: "Ann" },
        { _id: ben.id, name: "Ben" },
        { _id: gil.id, name: "Gil" },
      ],
    });
    expect(await storedGroup(answer.body._id)).toEqual({
      name: "Science panel",
      description: "",
      members: sorted(ann.id, ben.id, gil.id),
    });
    const bare = await create(cookies.orgAdmin, {
      programId: program.id,
      name: "Empty",
      description: " Later ",
    });
    expect(bare.status).toBe(201);
    expect(bare.body).toMatchObject({ name: "Empty", description: "Later", reviewers: [] });
  });

  it("refuses a blank name with “Group name is required”, and other bad input, creating nothing", async () => {
    const before = await groupCount(program.id);
    for (const name of ["", "   "]) {
      const answer = await call<ErrorAnswer>("POST", GROUPS, cookies.orgAdmin, {
        programId: program.id,
        name,
      });
      expectRefused(answer, "name", COMMITTEE_MESSAGES.groupNameRequired);
    }
    for (const [who, userId] of Object.entries(outsiders)) {
      const answer = await call<ErrorAnswer>("POST", GROUPS, cookies.orgAdmin, {
        programId: program.id,
        name: `With ${who}`,
        reviewers: [ann.id, userId],
      });
      expectRefused(answer, "reviewers", COMMITTEE_MESSAGES.notACommitteeMember);
    }
    const tooMany = Array.from({ length: COMMITTEE_LIMITS.groupMembers + 1 }, (_, i) => `u${i}`);
    for (const [body, field] of [
      [{ programId: program.id }, "name"],
      [{ programId: program.id, name: 5 }, "name"],
      [{ programId: program.id, name: "x".repeat(COMMITTEE_LIMITS.groupNameLength + 1) }, "name"],
      [
        {
          programId: program.id,
          name: "Long",
          description: "x".repeat(COMMITTEE_LIMITS.groupDescriptionLength + 1),
        },
        "description",
      ],
      [{ programId: program.id, name: "Many", reviewers: tooMany }, "reviewers"],
      [{ programId: program.id, name: "Typed", reviewers: "x" }, "reviewers"],
      [{ programId: program.id, name: "Typed", reviewers: [1] }, "reviewers"],
      [{ name: "No program" }, "programId"],
      [{ programId: program.id, name: "Extra", extra: 1 }, "_"],
    ] as const) {
      expectRefused(await call<ErrorAnswer>("POST", GROUPS, cookies.orgAdmin, body), field);
    }
    expect(await groupCount(program.id)).toBe(before);
    // Another organization's program is not found, whatever the body.
    expect(
      (await create(cookies.orgAdmin, { programId: cast.otherProgram.id, name: "Elsewhere" })).status,
    ).toBe(404);
  });

  it("renames, describes and replaces the members", async () => {
    const group = await buildGroup(t.deps.db, program, "Old name", [ann.id, ben.id]);
    const answer = await update(cookies.orgAdmin, group.id, {
      name: " New name ",
      description: "Reads the science applications",
      reviewers: [gil.id, ben.id, gil.id],
    });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toEqual({
      _id: group.id,
      programId: program.id,
      name: "New name",
      description: "Reads the science applications",
      reviewers: [
        { _id: ben.id, name: "Ben" },
        { _id: gil.id, name: "Gil" },
      ],
    });
    expect(await storedGroup(group.id)).toEqual({
      name: "New name",
      description: "Reads the science applications",
      members: sorted(ben.id, gil.id),
    });
    // The description is optional: leaving it out clears it, as the whole group is sent.
    const cleared = await update(cookies.orgAdmin, group.id, { name: "New name", reviewers: [] });
    expect(cleared.body).toMatchObject({ description: "", reviewers: [] });
  });

  it("refuses a blank name, outsiders and bad shapes, changing nothing", async () => {
    const group = await buildGroup(t.deps.db, program, "Kept", [ann.id]);
    const before = await storedGroup(group.id);
    for (const name of ["", "  "]) {
      const answer = await call<ErrorAnswer>("PUT", `${GROUPS}/${group.id}`, cookies.orgAdmin, {
        name,
        reviewers: [],
      });
      expectRefused(answer, "name", COMMITTEE_MESSAGES.groupNameRequired);
    }
    for (const userId of Object.values(outsiders)) {
      const answer = await call<ErrorAnswer>("PUT", `${GROUPS}/${group.id}`, cookies.orgAdmin, {
        name: "Changed",
        reviewers: [userId],
      });
      expectRefused(answer, "reviewers", COMMITTEE_MESSAGES.notACommitteeMember);
    }
    for (const [body, field] of [
      [{ reviewers: [] }, "name"],
      [{ name: "Changed", reviewers: null }, "reviewers"],
      [{ name: "Changed", programId: program.id }, "_"],
    ] as const) {
      expectRefused(await call<ErrorAnswer>("PUT", `${GROUPS}/${group.id}`, cookies.orgAdmin, body), field);
    }
    expect(await storedGroup(group.id)).toEqual(before);
  });

  it("keeps a member who has since left the committee when the list is sent back, but adds no outsider", async () => {
    const leaver = await member(program, "Lee Leaver");
    const group = await buildGroup(t.deps.db, program, "With a leaver", [leaver.id]);
    await t.deps.db.delete(programMembers).where(eq(programMembers.userId, leaver.id));
    const kept = await update(cookies.orgAdmin, group.id, {
      name: "With a leaver",
      reviewers: [leaver.id, ann.id],
    });
    expect(kept.status, kept.text).toBe(200);
    expect(kept.body.reviewers.map((r) => r.name)).toEqual(["Ann", "Lee Leaver"]);
    expect(
      (await update(cookies.orgAdmin, group.id, { name: "With a leaver", reviewers: [ann.id] })).status,
    ).toBe(200);
    const refused = await update(cookies.orgAdmin, group.id, {
      name: "With a leaver",
      reviewers: [ann.id, leaver.id],
    });
    expect(refused.status).toBe(400);
    expect((await storedGroup(group.id))?.members).toEqual([ann.id]);
  });
});

// ————— Groups and what reviewers see —————

describe("a group's members and deletion change what reviewers see", () => {
  let program: ProgramRef;
  let ann: Person;
  let ben: Person;
  let cy: Person;
  let onlyGroup: string;
  let groupAndReviewer: string;
  beforeAll(async () => {
    const db = t.deps.db;
    program = await buildProgram(db, cast.org.id, { name: "Group visibility" });
    [ann, ben, cy] = [
      await member(program, "Ann"),
      await member(program, "Ben"),
      await member(program, "Cy", "GUEST"),
    ];
    const { formId } = await buildPublishedForm(db, program, defaultFormContent("Group visibility form"));
    onlyGroup = (await buildCandidate(db, { program, formId, identifier: "Only the group" })).id;
    groupAndReviewer = (await buildCandidate(db, { program, formId, identifier: "Group and Cy" })).id;
  });
  const opens = async (person: Person, submissionId: string) =>
    (await call("GET", `/api/applications/${program.id}/${submissionId}`, person.cookie)).status;
  const openToAll = async (id: string) =>
    (
      await t.deps.db.select({ open: submissions.openToAll }).from(submissions).where(eq(submissions.id, id))
    )[0]!.open;

  it("members added to an assigned group see its candidates; members removed lose them", async () => {
    const created = await create(cookies.orgAdmin, {
      programId: program.id,
      name: "Panel",
      reviewers: [ann.id],
    });
    const panel = created.body._id;
    await assignGroup(t.deps.db, onlyGroup, panel, program.id);
    await assignGroup(t.deps.db, groupAndReviewer, panel, program.id);
    await assignReviewer(t.deps.db, groupAndReviewer, cy.id, program.id);
    expect([await opens(ann, onlyGroup), await opens(ben, onlyGroup), await opens(cy, onlyGroup)]).toEqual([
      200, 404, 404,
    ]);
    expect((await update(cookies.orgAdmin, panel, { name: "Panel", reviewers: [ben.id] })).status).toBe(200);
    expect([await opens(ann, onlyGroup), await opens(ben, onlyGroup)]).toEqual([404, 200]);
    expect([
      await opens(ann, groupAndReviewer),
      await opens(ben, groupAndReviewer),
      await opens(cy, groupAndReviewer),
    ]).toEqual([404, 200, 200]);
  });

  it("deleting the group takes its assignments: its candidates are everyone's again unless something else is assigned; reviews stay", async () => {
    const [panel] = (await listGroups(cookies.orgAdmin!, program.id)).filter((g) => g.name === "Panel");
    await insertReview(t.deps.db, { program, submissionId: groupAndReviewer, userId: ben.id, rating: 3 });
    expect((await remove(cookies.orgAdmin, panel!._id)).status).toBe(200);

    expect(await openToAll(onlyGroup)).toBe(true);
    expect([await opens(ann, onlyGroup), await opens(ben, onlyGroup), await opens(cy, onlyGroup)]).toEqual([
      200, 200, 200,
    ]);
    // Cy is still assigned directly: Ben, who read it through the group, loses it; his review stays.
    expect(await openToAll(groupAndReviewer)).toBe(false);
    expect([
      await opens(ann, groupAndReviewer),
      await opens(ben, groupAndReviewer),
      await opens(cy, groupAndReviewer),
    ]).toEqual([404, 404, 200]);
    const kept = await t.deps.db.select().from(reviews).where(eq(reviews.submissionId, groupAndReviewer));
    expect(kept.map((r) => [r.userId, r.rating])).toEqual([[ben.id, 3]]);
    const stats = await call<CandidateStatsPage>(
      "GET",
      `/api/admin/candidate-submissions?programId=${program.id}`,
      cookies.orgAdmin,
    );
    expect(stats.body.rows.find((r) => r._id === groupAndReviewer)).toMatchObject({ numReviews: 1 });

    const assignments = await call<AssignmentListResult>(
      "GET",
      `/api/admin/assignments?programId=${program.id}`,
      cookies.orgAdmin,
    );
    expect(assignments.body.groups).toEqual([]);
    expect(
      assignments.body.rows.map((r) => [r.identifier, r.reviewers.map((p) => p.name), r.reviewerGroups]),
    ).toEqual([
      ["Group and Cy", ["Cy"], []],
      ["Only the group", [], []],
    ]);
    expect(await listGroups(cookies.orgAdmin!, program.id)).toEqual([]);
  });
});
