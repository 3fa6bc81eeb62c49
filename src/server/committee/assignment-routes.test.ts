import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { ProgramRole } from "../../shared/authz/roles";
import { defaultFormContent } from "../../shared/forms/defaults";
import type { CandidateStatsPage } from "../../shared/schemas/candidate-statistics";
import {
  type AssignmentListResult,
  type AssignmentRow,
  COMMITTEE_LIMITS,
  COMMITTEE_MESSAGES,
} from "../../shared/schemas/committee";
import { EDIT_CONFLICT_MESSAGES } from "../../shared/schemas/edit-conflict";
import type { CandidateListResult } from "../../shared/schemas/reviews";
import { auditTrail } from "../audit/test/trail";
import {
  programMembers,
  reviews,
  submissionReviewerGroups,
  submissionReviewers,
  submissions,
  users,
} from "../db/schema";
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

const forms = new Map<string, string>();
/** A submitted candidate (a draft or a test when asked) on the program's published form. */
async function candidate(
  program: ProgramRef,
  identifier: string,
  opts: { submitted?: boolean; test?: boolean } = {},
) {
  let formId = forms.get(program.id);
  if (formId === undefined) {
    formId = (await buildPublishedForm(t.deps.db, program, defaultFormContent(`${program.name} form`)))
      .formId;
    forms.set(program.id, formId);
  }
  return (await buildCandidate(t.deps.db, { program, formId, identifier, ...opts })).id;
}

const call = <T = unknown>(method: string, path: string, cookie: string | undefined, body?: unknown) =>
  callApi<T>(t, method, path, cookie, body);
type ErrorAnswer = { error: { code: string; fields?: Record<string, string[]> } };

const listPath = (programId: string, extra = "") => `/api/admin/assignments?programId=${programId}${extra}`;
const reviewersPath = (submissionId: string) => `/api/submissions/reviewers/${submissionId}`;
const groupsPath = (submissionId: string) => `/api/submissions/reviewerGroups/${submissionId}`;
const BULK = "/api/admin/assignments/bulk";

async function list(cookie: string, programId: string, extra = "") {
  const answer = await call<AssignmentListResult>("GET", listPath(programId, extra), cookie);
  expect(answer.status, answer.text).toBe(200);
  return answer.body;
}

/** What is stored for a candidate: its reviewers and groups (sorted ids) and the open_to_all flag. */
async function stored(submissionId: string) {
  const db = t.deps.db;
  const reviewerRows = await db
    .select({ id: submissionReviewers.userId, programId: submissionReviewers.programId })
    .from(submissionReviewers)
    .where(eq(submissionReviewers.submissionId, submissionId));
  const groupRows = await db
    .select({ id: submissionReviewerGroups.groupId, programId: submissionReviewerGroups.programId })
    .from(submissionReviewerGroups)
    .where(eq(submissionReviewerGroups.submissionId, submissionId));
  const [row] = await db
    .select({ open: submissions.openToAll, programId: submissions.programId })
    .from(submissions)
    .where(eq(submissions.id, submissionId));
  // Every assignment row carries its candidate's program.
  for (const r of [...reviewerRows, ...groupRows]) expect(r.programId).toBe(row!.programId);
  return {
    reviewers: reviewerRows.map((r) => r.id).sort(),
    groups: groupRows.map((r) => r.id).sort(),
    openToAll: row!.open,
  };
}

const sorted = (...ids: string[]) => [...ids].sort();
const identifiers = (rows: { identifier: string }[]) => rows.map((r) => r.identifier);

/** Step 1's list and view as a member sees them. */
/** Whom a member's list holds, by name (their list is in an order of their own: decision 037). */
const sees = async (person: Person, programId: string) =>
  identifiers(
    (await call<CandidateListResult>("GET", `/api/applications?programId=${programId}`, person.cookie)).body
      .rows,
  ).sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()));
const opens = async (person: Person, programId: string, submissionId: string) =>
  (await call("GET", `/api/applications/${programId}/${submissionId}`, person.cookie)).status;

// ————— Who may assign —————

describe("who may assign", () => {
  let siblingAdmin: Person;
  let rita: Person;
  let leaky: string;
  let otherCandidate: string;
  let group: string;
  beforeAll(async () => {
    const sibling = await buildProgram(t.deps.db, cast.org.id, { name: "Sibling 2026" });
    siblingAdmin = await member(sibling, "Sibling Admin", "ADMIN");
    rita = await member(cast.program, "Rita Reviewer");
    leaky = await candidate(cast.program, "Leaky Candidate could-leak");
    await assignReviewer(t.deps.db, leaky, cast.members.REVIEWER.id, cast.program.id);
    group = (await buildGroup(t.deps.db, cast.program, "Leaky Panel could-leak", [rita.id])).id;
    otherCandidate = await candidate(cast.otherProgram, "Other organization's candidate");
  });

  /** Everyone who may not assign in the cast's program: a 404 that names nothing. */
  const refusedPeople = () => ({
    reviewer: cookies.reviewer!,
    guest: cookies.guest!,
    applicant: cookies.applicant!,
    otherOrgAdmin: cookies.otherOrgAdmin!,
    siblingAdmin: siblingAdmin.cookie,
  });

  it("GET /api/admin/assignments: the program's admins and the organization admin; 404 revealing nothing to anyone else", async () => {
    for (const who of ["admin", "adminReviewer", "orgAdmin"]) {
      const body = await list(cookies[who]!, cast.program.id);
      expect(identifiers(body.rows)).toContain("Leaky Candidate could-leak");
    }
    for (const [who, cookie] of Object.entries(refusedPeople())) {
      const answer = await call("GET", listPath(cast.program.id), cookie);
      expect(answer.status, who).toBe(404);
      expect(answer.text).not.toContain("could-leak");
      expect(answer.text).not.toContain(cast.members.REVIEWER.email);
    }
    expect((await call("GET", listPath(cast.program.id), undefined)).status).toBe(401);
    // Unknown and malformed programs, and another organization's program for our admins.
    expect((await call("GET", listPath(crypto.randomUUID()), cookies.orgAdmin)).status).toBe(404);
    expect((await call("GET", listPath("not-a-uuid"), cookies.orgAdmin)).status).toBe(404);
    expect((await call("GET", listPath(cast.otherProgram.id), cookies.orgAdmin)).status).toBe(404);
    expect((await call("GET", listPath(cast.otherProgram.id), cookies.otherOrgAdmin)).status).toBe(200);
  });

  it("PATCH /api/submissions/reviewers/{id}: admins only; a refused caller changes nothing", async () => {
    const before = await stored(leaky);
    for (const [who, cookie] of Object.entries(refusedPeople())) {
      const answer = await call("PATCH", reviewersPath(leaky), cookie, { reviewers: [rita.id] });
      expect(answer.status, who).toBe(404);
      expect(answer.text).not.toContain("could-leak");
    }
    expect((await call("PATCH", reviewersPath(leaky), undefined, { reviewers: [rita.id] })).status).toBe(401);
    expect(await stored(leaky)).toEqual(before);
    // Our admins cannot reach another organization's candidate, even with a valid body.
    expect(
      (await call("PATCH", reviewersPath(otherCandidate), cookies.orgAdmin, { reviewers: [] })).status,
    ).toBe(404);

    for (const [who, reviewers] of [
      ["admin", [rita.id]],
      ["adminReviewer", [cast.members.REVIEWER.id]],
      ["orgAdmin", [cast.members.REVIEWER.id, rita.id]],
    ] as const) {
      const answer = await call<AssignmentRow>("PATCH", reviewersPath(leaky), cookies[who], { reviewers });
      expect(answer.status, answer.text).toBe(200);
      expect(answer.body.reviewers.map((r) => r._id).sort()).toEqual(sorted(...reviewers));
      expect((await stored(leaky)).reviewers).toEqual(sorted(...reviewers));
    }
  });

  it("PATCH /api/submissions/reviewerGroups/{id}: admins only; a refused caller changes nothing", async () => {
    const before = await stored(leaky);
    for (const [who, cookie] of Object.entries(refusedPeople())) {
      const answer = await call("PATCH", groupsPath(leaky), cookie, { reviewerGroups: [group] });
      expect(answer.status, who).toBe(404);
      expect(answer.text).not.toContain("could-leak");
    }
    expect((await call("PATCH", groupsPath(leaky), undefined, { reviewerGroups: [group] })).status).toBe(401);
    expect(await stored(leaky)).toEqual(before);
    expect(
      (await call("PATCH", groupsPath(otherCandidate), cookies.orgAdmin, { reviewerGroups: [] })).status,
    ).toBe(404);

    for (const [who, groups] of [
      ["admin", [group]],
      ["adminReviewer", []],
      ["orgAdmin", [group]],
    ] as const) {
      const answer = await call<AssignmentRow>("PATCH", groupsPath(leaky), cookies[who], {
        reviewerGroups: groups,
      });
      expect(answer.status, answer.text).toBe(200);
      expect(answer.body.reviewerGroups).toEqual(
        groups.length === 0 ? [] : [{ _id: group, name: "Leaky Panel could-leak" }],
      );
    }
  });

  it("a refused caller with a stale `expected` gets 404, never the 409 that would show the stored list", async () => {
    const before = await stored(leaky);
    // Leaky has reviewers and a group by now: both `expected` lists are stale.
    const stale = [
      [reviewersPath(leaky), { reviewers: [rita.id], expected: { reviewers: [] } }],
      [groupsPath(leaky), { reviewerGroups: [group], expected: { reviewerGroups: [crypto.randomUUID()] } }],
    ] as const;
    for (const [who, cookie] of Object.entries(refusedPeople())) {
      for (const [path, body] of stale) {
        const answer = await call("PATCH", path, cookie, body);
        expect(answer.status, who).toBe(404);
        expect(answer.text).not.toContain("could-leak");
        expect(answer.text).not.toContain(cast.members.REVIEWER.id);
      }
    }
    expect(await stored(leaky)).toEqual(before);

    // Another organization's candidate, with a reviewer: our admins get 404, not its list.
    const outsider = await signedInMember(t, cast.otherProgram, "Other Reviewer could-leak");
    await assignReviewer(t.deps.db, otherCandidate, outsider.id, cast.otherProgram.id);
    for (const [path, body] of [
      [reviewersPath(otherCandidate), { reviewers: [], expected: { reviewers: [] } }],
      [
        groupsPath(otherCandidate),
        { reviewerGroups: [], expected: { reviewerGroups: [crypto.randomUUID()] } },
      ],
    ] as const) {
      for (const cookie of [cookies.orgAdmin, cookies.admin, siblingAdmin.cookie]) {
        const answer = await call("PATCH", path, cookie, body);
        expect(answer.status, answer.text).toBe(404);
        expect(answer.text).not.toContain("could-leak");
        expect(answer.text).not.toContain(outsider.id);
      }
    }
    expect(await stored(otherCandidate)).toEqual({ reviewers: [outsider.id], groups: [], openToAll: false });
  });

  it("POST /api/admin/assignments/bulk: admins only; a refused caller changes nothing", async () => {
    const target = await candidate(cast.program, "Bulk target");
    const body = { programId: cast.program.id, submissionIds: [target], reviewers: [rita.id] };
    for (const [who, cookie] of Object.entries(refusedPeople())) {
      const answer = await call("POST", BULK, cookie, body);
      expect(answer.status, who).toBe(404);
    }
    expect((await call("POST", BULK, undefined, body)).status).toBe(401);
    expect(await stored(target)).toEqual({ reviewers: [], groups: [], openToAll: true });
    // Another organization's admin naming their own program: our candidate is not in it.
    const foreign = await call("POST", BULK, cookies.otherOrgAdmin, {
      ...body,
      programId: cast.otherProgram.id,
    });
    expect(foreign.status).toBe(404);
    expect(await stored(target)).toEqual({ reviewers: [], groups: [], openToAll: true });

    for (const who of ["admin", "adminReviewer", "orgAdmin"]) {
      const answer = await call("POST", BULK, cookies[who], body);
      expect(answer.status, answer.text).toBe(200);
      expect(answer.body).toEqual({ updated: 1 });
    }
    expect(await stored(target)).toEqual({ reviewers: [rita.id], groups: [], openToAll: false });
  });
});

// ————— The list —————

describe("GET /api/admin/assignments", () => {
  let program: ProgramRef;
  let admin: Person;
  let amy: Person;
  let bob: Person;
  let cat: Person;
  let panelA: string;
  let panelB: string;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    program = await buildProgram(t.deps.db, cast.org.id, { name: "Listing 2026" });
    admin = await member(program, "Zed Admin", "ADMIN");
    amy = await member(program, "amy Admin-Reviewer", "ADMIN_REVIEWER");
    bob = await member(program, "Bob Reviewer", "REVIEWER");
    cat = await member(program, "Cat Guest", "GUEST");
    for (const name of ["zeta_x", "Gamma 100%", "delta", "Beta", "alpha"])
      ids[name] = await candidate(program, name);
    ids.draft = await candidate(program, "alpha draft", { submitted: false });
    ids.test = await candidate(program, "alpha test", { submitted: false, test: true });
    panelB = (await buildGroup(t.deps.db, program, "panel B", [bob.id])).id;
    panelA = (await buildGroup(t.deps.db, program, "Panel a", [amy.id, cat.id])).id;
    await assignReviewer(t.deps.db, ids.alpha!, bob.id, program.id);
    await assignReviewer(t.deps.db, ids.alpha!, amy.id, program.id);
    await assignGroup(t.deps.db, ids.alpha!, panelB, program.id);
    await assignGroup(t.deps.db, ids.alpha!, panelA, program.id);
    await assignGroup(t.deps.db, ids.Beta!, panelB, program.id);
    // Another program's assignments never show here.
    await assignReviewer(
      t.deps.db,
      await candidate(cast.program, "alpha elsewhere"),
      cast.members.REVIEWER.id,
      cast.program.id,
    );
  });

  const person = (p: Person) => ({ _id: p.id, name: p.name, email: p.email });

  it("lists the submitted, non-test candidates by name with their reviewers and groups, the committee and the groups", async () => {
    const body = await list(admin.cookie, program.id);
    expect(body).toEqual({
      rows: [
        {
          _id: ids.alpha,
          identifier: "alpha",
          reviewers: [person(amy), person(bob)],
          reviewerGroups: [
            { _id: panelA, name: "Panel a" },
            { _id: panelB, name: "panel B" },
          ],
        },
        {
          _id: ids.Beta,
          identifier: "Beta",
          reviewers: [],
          reviewerGroups: [{ _id: panelB, name: "panel B" }],
        },
        { _id: ids.delta, identifier: "delta", reviewers: [], reviewerGroups: [] },
        { _id: ids["Gamma 100%"], identifier: "Gamma 100%", reviewers: [], reviewerGroups: [] },
        { _id: ids.zeta_x, identifier: "zeta_x", reviewers: [], reviewerGroups: [] },
      ],
      total: 5,
      page: 1,
      pageSize: COMMITTEE_LIMITS.assignDefaultPageSize,
      // Plain admins are not offered: they see every candidate anyway.
      // Each with their load: alpha (directly and through panel A) counts once for Amy; Bob has alpha and,
      // through panel B, Beta. The draft, the test and the candidates open to all count for no one.
      committee: [
        { ...person(amy), role: "ADMIN_REVIEWER", assigned: 1 },
        { ...person(bob), role: "REVIEWER", assigned: 2 },
        { ...person(cat), role: "GUEST", assigned: 1 },
      ],
      groups: [
        { _id: panelA, name: "Panel a" },
        { _id: panelB, name: "panel B" },
      ],
    });
  });

  it("pages in the database with the total; a page past the end is empty", async () => {
    const second = await list(admin.cookie, program.id, "&page=2&pageSize=5");
    expect(second).toMatchObject({ rows: [], total: 5, page: 2, pageSize: 5 });
    const first = await list(admin.cookie, program.id, "&page=1&pageSize=5");
    expect(identifiers(first.rows)).toEqual(["alpha", "Beta", "delta", "Gamma 100%", "zeta_x"]);
  });

  it("searches the applicant name anywhere, whatever the case, with % and _ as plain characters", async () => {
    const search = async (text: string) => {
      const body = await list(admin.cookie, program.id, `&search=${encodeURIComponent(text)}`);
      expect(body.total).toBe(body.rows.length);
      return identifiers(body.rows);
    };
    expect(await search("BETA")).toEqual(["Beta"]);
    expect(await search("ta")).toEqual(["Beta", "delta", "zeta_x"]);
    expect(await search("  ALP ")).toEqual(["alpha"]);
    expect(await search("%")).toEqual(["Gamma 100%"]);
    expect(await search("_")).toEqual(["zeta_x"]);
    expect(await search("a_x")).toEqual(["zeta_x"]);
    expect(await search("\\")).toEqual([]);
    expect(await search("draft")).toEqual([]);
    expect(await search("")).toHaveLength(5);
  });

  it("refuses bad queries with field errors", async () => {
    for (const extra of [
      "&pageSize=7",
      "&pageSize=abc",
      "&page=0",
      "&page=-1",
      "&unknown=1",
      `&search=${"x".repeat(201)}`,
    ]) {
      const answer = await call<ErrorAnswer>("GET", listPath(program.id, extra), admin.cookie);
      expect(answer.status, extra).toBe(400);
      expect(answer.body.error.code).toBe("VALIDATION");
    }
    expect((await call("GET", "/api/admin/assignments", admin.cookie)).status).toBe(400);
  });

  it("costs the same number of queries for 1 row and for 20", async () => {
    const db = t.deps.db;
    const busy = await buildProgram(db, cast.org.id, { name: "Busy 2026" });
    const busyAdmin = await member(busy, "Busy Admin", "ADMIN");
    const people = [await member(busy, "P one"), await member(busy, "P two")];
    const panel = await buildGroup(db, busy, "Busy panel", [people[0]!.id]);
    for (let i = 0; i < 20; i++) {
      const id = await candidate(busy, `c${String(i).padStart(2, "0")}`);
      for (const p of people) await assignReviewer(db, id, p.id, busy.id);
      await assignGroup(db, id, panel.id, busy.id);
    }
    await list(busyAdmin.cookie, busy.id); // the session lookup, warmed up
    const one = await countQueries(db, () => list(busyAdmin.cookie, busy.id, "&pageSize=25&search=c07"));
    const twenty = await countQueries(db, () => list(busyAdmin.cookie, busy.id, "&pageSize=25"));
    expect(one.result.rows).toHaveLength(1);
    expect(twenty.result.rows).toHaveLength(20);
    expect(twenty.result.rows.every((r) => r.reviewers.length === 2 && r.reviewerGroups.length === 1)).toBe(
      true,
    );
    expect(one.queries).toBeGreaterThan(0);
    expect(twenty.queries).toBe(one.queries);
  });
});

describe("the committee and groups Assign Reviewers offers", () => {
  it("follow every change to them, however it is written, and are read from memory while none is made", async () => {
    const db = t.deps.db;
    const program = await buildProgram(db, cast.org.id, { name: "Kept committee 2026" });
    const admin = await member(program, "Kept Admin", "ADMIN");
    const bob = await member(program, "Bob Kept", "REVIEWER");
    const cat = await member(program, "Cat Kept", "GUEST");
    const first = await candidate(program, "first");
    const second = await candidate(program, "second");
    await assignReviewer(db, first, bob.id, program.id);
    await assignReviewer(db, second, bob.id, program.id);
    const offered = async () => {
      const { committee, groups } = await list(admin.cookie, program.id);
      return {
        committee: committee.map((m) => [m.name, m.role, m.assigned]),
        groups: groups.map((g) => g.name),
      };
    };
    expect(await offered()).toEqual({
      committee: [
        ["Bob Kept", "REVIEWER", 2],
        ["Cat Kept", "GUEST", 0],
      ],
      groups: [],
    });

    // Nothing changed: the committee and the groups come from memory, two statements fewer.
    const changed = await countQueries(db, async () => {
      await assignReviewer(db, first, cat.id, program.id);
      return list(admin.cookie, program.id);
    });
    const unchanged = await countQueries(db, () => list(admin.cookie, program.id));
    expect(unchanged.result).toEqual(changed.result);
    expect(unchanged.queries).toBe(changed.queries - 1 /* the assignment */ - 2);

    // A candidate made a test counts for no one (only the candidates changed, not the committee).
    await db.update(submissions).set({ softDeleted: true }).where(eq(submissions.id, second));
    expect(await offered()).toEqual({
      committee: [
        ["Bob Kept", "REVIEWER", 1],
        ["Cat Kept", "GUEST", 1],
      ],
      groups: [],
    });
    // A rename, a new group, a role and a departure show.
    await db.update(users).set({ name: "Bobby Kept" }).where(eq(users.id, bob.id));
    await buildGroup(db, program, "Kept panel", [cat.id]);
    await db
      .update(programMembers)
      .set({ role: "ADMIN_REVIEWER" })
      .where(and(eq(programMembers.programId, program.id), eq(programMembers.userId, bob.id)));
    expect(await offered()).toEqual({
      committee: [
        ["Bobby Kept", "ADMIN_REVIEWER", 1],
        ["Cat Kept", "GUEST", 1],
      ],
      groups: ["Kept panel"],
    });
    await db
      .delete(programMembers)
      .where(and(eq(programMembers.programId, program.id), eq(programMembers.userId, cat.id)));
    expect(await offered()).toEqual({
      committee: [["Bobby Kept", "ADMIN_REVIEWER", 1]],
      groups: ["Kept panel"],
    });
  });
});

// ————— Assignments change what reviewers see —————

describe("assignments take effect at once in what each reviewer sees", () => {
  let program: ProgramRef;
  let rita: Person;
  let ulla: Person;
  let gina: Person;
  let target: string;
  beforeAll(async () => {
    program = await buildProgram(t.deps.db, cast.org.id, { name: "Visibility 2026" });
    rita = await member(program, "Rita Reviewer");
    ulla = await member(program, "Ulla Reviewer");
    gina = await member(program, "Gina Guest", "GUEST");
    await candidate(program, "Open one");
    target = await candidate(program, "Target");
  });
  const orgAdmin = () => cookies.orgAdmin!;

  it("assign a reviewer: they see the candidate and open it; an unassigned reviewer gets 404", async () => {
    expect(await sees(ulla, program.id)).toEqual(["Open one", "Target"]);
    const answer = await call<AssignmentRow>("PATCH", reviewersPath(target), orgAdmin(), {
      reviewers: [rita.id],
    });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toEqual({
      _id: target,
      identifier: "Target",
      reviewers: [{ _id: rita.id, name: "Rita Reviewer", email: rita.email }],
      reviewerGroups: [],
    });
    expect(await sees(rita, program.id)).toEqual(["Open one", "Target"]);
    expect(await opens(rita, program.id, target)).toBe(200);
    expect(await sees(ulla, program.id)).toEqual(["Open one"]);
    expect(await opens(ulla, program.id, target)).toBe(404);
    expect(await opens(gina, program.id, target)).toBe(404);
  });

  it("unassign: the reviewer gets 404, their finished review is kept and still counted for admins", async () => {
    await insertReview(t.deps.db, { program, submissionId: target, userId: rita.id, rating: 4 });
    // Rita leaves and Ulla comes: the candidate stays assigned (to Ulla), so Rita loses it.
    const answer = await call<AssignmentRow>("PATCH", reviewersPath(target), orgAdmin(), {
      reviewers: [ulla.id],
    });
    expect(answer.status, answer.text).toBe(200);
    expect(await opens(rita, program.id, target)).toBe(404);
    expect(await sees(rita, program.id)).toEqual(["Open one"]);
    expect(await opens(ulla, program.id, target)).toBe(200);

    const kept = await t.deps.db.select().from(reviews).where(eq(reviews.submissionId, target));
    expect(kept.map((r) => [r.userId, r.rating])).toEqual([[rita.id, 4]]);
    const stats = await call<CandidateStatsPage>(
      "GET",
      `/api/admin/candidate-submissions?programId=${program.id}`,
      orgAdmin(),
    );
    expect(stats.body.rows.find((r) => r._id === target)).toMatchObject({ numReviews: 1, averageRating: 4 });
  });

  it("assign a group: its members see the candidate, others do not; with nothing assigned it is everyone's again", async () => {
    const panel = await buildGroup(t.deps.db, program, "Guests panel", [gina.id]);
    expect((await call("PATCH", reviewersPath(target), orgAdmin(), { reviewers: [] })).status).toBe(200);
    const answer = await call<AssignmentRow>("PATCH", groupsPath(target), orgAdmin(), {
      reviewerGroups: [panel.id],
    });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.reviewerGroups).toEqual([{ _id: panel.id, name: "Guests panel" }]);
    expect(await opens(gina, program.id, target)).toBe(200);
    expect(await sees(gina, program.id)).toEqual(["Open one", "Target"]);
    for (const outsider of [rita, ulla]) {
      expect(await opens(outsider, program.id, target)).toBe(404);
      expect(await sees(outsider, program.id)).toEqual(["Open one"]);
    }
    expect((await call("PATCH", groupsPath(target), orgAdmin(), { reviewerGroups: [] })).status).toBe(200);
    expect(await stored(target)).toEqual({ reviewers: [], groups: [], openToAll: true });
    for (const anyone of [rita, ulla, gina]) expect(await opens(anyone, program.id, target)).toBe(200);
  });
});

// ————— Replacing a candidate's lists —————

describe("PATCH replaces the candidate's whole list", () => {
  let program: ProgramRef;
  let people: Person[];
  let target: string;
  beforeAll(async () => {
    program = await buildProgram(t.deps.db, cast.org.id, { name: "Replace 2026" });
    people = [
      await member(program, "Ann", "REVIEWER"),
      await member(program, "Ben", "ADMIN_REVIEWER"),
      await member(program, "Cy", "GUEST"),
    ];
    target = await candidate(program, "Replaced");
  });

  it("inserts what is missing, deletes what is not listed, and takes repeated ids once", async () => {
    const [ann, ben, cy] = people as [Person, Person, Person];
    const set = (reviewers: string[]) =>
      call<AssignmentRow>("PATCH", reviewersPath(target), cookies.orgAdmin, { reviewers });
    const first = await set([ann.id, ben.id, ann.id]);
    expect(first.status, first.text).toBe(200);
    expect(first.body.reviewers.map((r) => r.name)).toEqual(["Ann", "Ben"]);
    expect(await stored(target)).toEqual({ reviewers: sorted(ann.id, ben.id), groups: [], openToAll: false });
    expect((await set([ben.id, cy.id])).body.reviewers.map((r) => r.name)).toEqual(["Ben", "Cy"]);
    expect((await stored(target)).reviewers).toEqual(sorted(ben.id, cy.id));
    expect((await set([ben.id, cy.id])).status).toBe(200);
    expect((await set([])).body.reviewers).toEqual([]);
    expect(await stored(target)).toEqual({ reviewers: [], groups: [], openToAll: true });
  });

  it("replaces groups the same way", async () => {
    const [g1, g2, g3] = [
      await buildGroup(t.deps.db, program, "G1", []),
      await buildGroup(t.deps.db, program, "G2", []),
      await buildGroup(t.deps.db, program, "G3", []),
    ];
    const set = (reviewerGroups: string[]) =>
      call<AssignmentRow>("PATCH", groupsPath(target), cookies.orgAdmin, { reviewerGroups });
    expect((await set([g1.id, g2.id, g2.id])).body.reviewerGroups.map((g) => g.name)).toEqual(["G1", "G2"]);
    expect((await set([g3.id, g2.id])).body.reviewerGroups.map((g) => g.name)).toEqual(["G2", "G3"]);
    expect(await stored(target)).toEqual({ reviewers: [], groups: sorted(g2.id, g3.id), openToAll: false });
    expect((await set([])).body.reviewerGroups).toEqual([]);
    expect((await stored(target)).openToAll).toBe(true);
  });

  it("keeps listing someone already assigned who has since left the committee, but adds no one outside it", async () => {
    const leaver = await member(program, "Lee Leaver");
    const [ann] = people as [Person];
    await assignReviewer(t.deps.db, target, leaver.id, program.id);
    await t.deps.db.delete(programMembers).where(eq(programMembers.userId, leaver.id));
    // The list as the screen shows it, with one more: accepted, the leaver stays.
    const kept = await call<AssignmentRow>("PATCH", reviewersPath(target), cookies.orgAdmin, {
      reviewers: [leaver.id, ann.id],
    });
    expect(kept.status, kept.text).toBe(200);
    expect(kept.body.reviewers.map((r) => r.name)).toEqual(["Ann", "Lee Leaver"]);
    // Once removed, the leaver cannot be added back.
    expect(
      (await call("PATCH", reviewersPath(target), cookies.orgAdmin, { reviewers: [ann.id] })).status,
    ).toBe(200);
    const refused = await call<ErrorAnswer>("PATCH", reviewersPath(target), cookies.orgAdmin, {
      reviewers: [ann.id, leaver.id],
    });
    expect(refused.status).toBe(400);
    expect((await stored(target)).reviewers).toEqual([ann.id]);
  });

  it("accepts drafts and tests too (admins can see them in Admin Mode), and answers 404 for unknown ids", async () => {
    const draft = await candidate(program, "Draft one", { submitted: false });
    const [ann] = people as [Person];
    expect(
      (await call("PATCH", reviewersPath(draft), cookies.orgAdmin, { reviewers: [ann.id] })).status,
    ).toBe(200);
    for (const id of [crypto.randomUUID(), "not-a-uuid"]) {
      expect((await call("PATCH", reviewersPath(id), cookies.orgAdmin, { reviewers: [] })).status).toBe(404);
      expect((await call("PATCH", groupsPath(id), cookies.orgAdmin, { reviewerGroups: [] })).status).toBe(
        404,
      );
    }
  });
});

// ————— Stale lists (decision 016) —————

describe("a replacement based on a list changed meanwhile is refused (decision 016)", () => {
  type Conflict = { error: { code: string; message: string; current: AssignmentRow } };
  let program: ProgramRef;
  let ann: Person;
  let ben: Person;
  let cy: Person;
  /** Two admins of the program, each with the assignment list open. */
  let first: Person;
  let second: Person;
  let newEvents: ReturnType<typeof auditTrail>;
  beforeAll(async () => {
    program = await buildProgram(t.deps.db, cast.org.id, { name: "Stale 2026" });
    ann = await member(program, "Ann Stale");
    ben = await member(program, "Ben Stale", "ADMIN_REVIEWER");
    cy = await member(program, "Cy Stale", "GUEST");
    first = await member(program, "First Stale Admin", "ADMIN");
    second = await member(program, "Second Stale Admin", "ADMIN_REVIEWER");
    newEvents = auditTrail(t.deps.db, cast.org.id);
  });
  const person = (p: Person) => ({ _id: p.id, name: p.name, email: p.email });

  it("reviewers: a stale `expected` gets 409 with the stored assignment, and nothing is written or logged", async () => {
    const target = await candidate(program, "Stale reviewers");
    const panel = await buildGroup(t.deps.db, program, "Stale panel", [cy.id]);
    await assignReviewer(t.deps.db, target, ann.id, program.id);
    await assignGroup(t.deps.db, target, panel.id, program.id);
    await newEvents();

    // The first admin adds Ben to the list both admins saw.
    const fresh = await call<AssignmentRow>("PATCH", reviewersPath(target), first.cookie, {
      reviewers: [ann.id, ben.id],
      expected: { reviewers: [ann.id] },
    });
    expect(fresh.status, fresh.text).toBe(200);
    expect(fresh.body.reviewers).toEqual([person(ann), person(ben)]);
    expect(await newEvents()).toMatchObject([{ action: "assignment.reviewers_changed", subjectId: target }]);

    // The second still shows Ann alone and adds Cy: Ben would be dropped without a word.
    const stale = await call<Conflict>("PATCH", reviewersPath(target), second.cookie, {
      reviewers: [ann.id, cy.id],
      expected: { reviewers: [ann.id] },
    });
    expect(stale.status, stale.text).toBe(409);
    expect(stale.body.error).toEqual({
      code: "CONFLICT",
      message: EDIT_CONFLICT_MESSAGES.reviewers,
      current: {
        _id: target,
        identifier: "Stale reviewers",
        reviewers: [person(ann), person(ben)],
        reviewerGroups: [{ _id: panel.id, name: "Stale panel" }],
      },
    });
    expect(await stored(target)).toEqual({
      reviewers: sorted(ann.id, ben.id),
      groups: [panel.id],
      openToAll: false,
    });
    expect(await newEvents()).toEqual([]);

    // Keep mine: the same change, based on the stored list (in another order, with a repeat).
    const kept = await call<AssignmentRow>("PATCH", reviewersPath(target), second.cookie, {
      reviewers: [ann.id, cy.id],
      expected: { reviewers: [ben.id, ann.id, ben.id] },
    });
    expect(kept.status, kept.text).toBe(200);
    expect(kept.body.reviewers).toEqual([person(ann), person(cy)]);
    expect((await stored(target)).reviewers).toEqual(sorted(ann.id, cy.id));
    expect(await newEvents()).toMatchObject([{ action: "assignment.reviewers_changed", subjectId: target }]);

    // A stale empty list, and a stale list emptied: refused too (nobody is silently unassigned).
    for (const body of [
      { reviewers: [], expected: { reviewers: [] } },
      { reviewers: [], expected: { reviewers: [ann.id] } },
      { reviewers: [ann.id, cy.id], expected: { reviewers: [ann.id, cy.id, ben.id] } },
    ]) {
      const refused = await call<Conflict>("PATCH", reviewersPath(target), cookies.orgAdmin, body);
      expect(refused.status, JSON.stringify(body)).toBe(409);
      expect(refused.body.error.current.reviewers).toEqual([person(ann), person(cy)]);
    }
    expect((await stored(target)).reviewers).toEqual(sorted(ann.id, cy.id));
    expect(await newEvents()).toEqual([]);
  });

  it("reviewer groups: a stale `expected` gets 409 with the stored assignment, and nothing is written or logged", async () => {
    const target = await candidate(program, "Stale groups");
    const [g1, g2, g3] = [
      await buildGroup(t.deps.db, program, "Alpha panel", [ann.id]),
      await buildGroup(t.deps.db, program, "Beta panel", [ben.id]),
      await buildGroup(t.deps.db, program, "Gamma panel", [cy.id]),
    ];
    await assignReviewer(t.deps.db, target, cy.id, program.id);
    await newEvents();
    const set = (reviewerGroups: string[], expected: string[]) =>
      call<Conflict & AssignmentRow>("PATCH", groupsPath(target), cookies.orgAdmin, {
        reviewerGroups,
        expected: { reviewerGroups: expected },
      });

    const fresh = await set([g1.id], []);
    expect(fresh.status, fresh.text).toBe(200);
    expect(fresh.body.reviewerGroups).toEqual([{ _id: g1.id, name: "Alpha panel" }]);
    expect(await newEvents()).toMatchObject([{ action: "assignment.groups_changed", subjectId: target }]);

    const stale = await set([g2.id], []);
    expect(stale.status, stale.text).toBe(409);
    expect(stale.body.error).toEqual({
      code: "CONFLICT",
      message: EDIT_CONFLICT_MESSAGES.reviewerGroups,
      current: {
        _id: target,
        identifier: "Stale groups",
        reviewers: [person(cy)],
        reviewerGroups: [{ _id: g1.id, name: "Alpha panel" }],
      },
    });
    expect(await stored(target)).toEqual({ reviewers: [cy.id], groups: [g1.id], openToAll: false });
    expect(await newEvents()).toEqual([]);

    // Based on the stored list: saved. The order of `expected` does not matter.
    expect((await set([g1.id, g2.id, g3.id], [g1.id])).status).toBe(200);
    const reordered = await set([g3.id], [g3.id, g1.id, g2.id]);
    expect(reordered.status, reordered.text).toBe(200);
    expect(reordered.body.reviewerGroups).toEqual([{ _id: g3.id, name: "Gamma panel" }]);
    expect(await stored(target)).toEqual({ reviewers: [cy.id], groups: [g3.id], openToAll: false });
    expect(await newEvents()).toHaveLength(2);

    // A subset or a superset of the stored list is not the stored list.
    for (const expected of [[], [g3.id, g1.id], [g1.id]]) {
      const refused = await set([], expected);
      expect(refused.status, JSON.stringify(expected)).toBe(409);
      expect(refused.body.error.current.reviewerGroups).toEqual([{ _id: g3.id, name: "Gamma panel" }]);
    }
    expect((await stored(target)).groups).toEqual([g3.id]);
    expect(await newEvents()).toEqual([]);
  });

  it("an `expected` that matches in another order is accepted, also when nothing changes", async () => {
    const target = await candidate(program, "Same list");
    await assignReviewer(t.deps.db, target, ann.id, program.id);
    await assignReviewer(t.deps.db, target, ben.id, program.id);
    await newEvents();
    const same = await call<AssignmentRow>("PATCH", reviewersPath(target), cookies.orgAdmin, {
      reviewers: [ben.id, ann.id],
      expected: { reviewers: [ben.id, ann.id] },
    });
    expect(same.status, same.text).toBe(200);
    expect(same.body.reviewers).toEqual([person(ann), person(ben)]);
    // Nothing changed: nothing logged.
    expect(await newEvents()).toEqual([]);
  });

  it("a call without `expected` (the seed's) still replaces whatever is stored", async () => {
    const target = await candidate(program, "Last write wins");
    await assignReviewer(t.deps.db, target, ann.id, program.id);
    const panel = await buildGroup(t.deps.db, program, "Seed panel", []);
    await assignGroup(t.deps.db, target, panel.id, program.id);
    expect(
      (await call("PATCH", reviewersPath(target), cookies.orgAdmin, { reviewers: [cy.id] })).status,
    ).toBe(200);
    expect((await call("PATCH", groupsPath(target), cookies.orgAdmin, { reviewerGroups: [] })).status).toBe(
      200,
    );
    expect(await stored(target)).toEqual({ reviewers: [cy.id], groups: [], openToAll: false });
  });

  it("a malformed `expected` is a 400 with a field error, and nothing is written", async () => {
    const target = await candidate(program, "Malformed expected");
    await assignReviewer(t.deps.db, target, ann.id, program.id);
    for (const [path, body] of [
      [reviewersPath(target), { reviewers: [], expected: [ann.id] }],
      [reviewersPath(target), { reviewers: [], expected: { reviewers: ann.id } }],
      [reviewersPath(target), { reviewers: [], expected: { reviewers: [ann.id], extra: 1 } }],
      [reviewersPath(target), { reviewers: [], expected: { reviewerGroups: [] } }],
      [reviewersPath(target), { reviewers: [], expected: { reviewers: [""] } }],
      [reviewersPath(target), { reviewers: [], expected: null }],
      [groupsPath(target), { reviewerGroups: [], expected: { reviewers: [] } }],
      [groupsPath(target), { reviewerGroups: [], expected: { reviewerGroups: [7] } }],
      [
        groupsPath(target),
        {
          reviewerGroups: [],
          expected: { reviewerGroups: Array.from({ length: 1_001 }, (_, i) => `g${i}`) },
        },
      ],
    ] as const) {
      const answer = await call<ErrorAnswer>("PATCH", path, cookies.orgAdmin, body);
      expect(answer.status, JSON.stringify(body).slice(0, 200)).toBe(400);
      expect(answer.body.error.code).toBe("VALIDATION");
      expect(Object.keys(answer.body.error.fields ?? {}).some((f) => f.startsWith("expected"))).toBe(true);
    }
    expect(await stored(target)).toEqual({ reviewers: [ann.id], groups: [], openToAll: false });
  });

  it("two admins saving over the same list at once: exactly one is saved, the other gets 409", async () => {
    for (let round = 0; round < 4; round++) {
      const target = await candidate(program, `Raced ${round}`);
      await assignReviewer(t.deps.db, target, ann.id, program.id);
      const answers = await Promise.all([
        call<AssignmentRow>("PATCH", reviewersPath(target), cookies.orgAdmin, {
          reviewers: [ann.id, ben.id],
          expected: { reviewers: [ann.id] },
        }),
        call<AssignmentRow>("PATCH", reviewersPath(target), first.cookie, {
          reviewers: [cy.id],
          expected: { reviewers: [ann.id] },
        }),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      const winner = answers.find((a) => a.status === 200)!.body;
      const loser = answers.find((a) => a.status === 409)!.body as unknown as Conflict;
      // The refused one sees the list the other one saved, and that is what is stored.
      expect(loser.error.current.reviewers).toEqual(winner.reviewers);
      expect((await stored(target)).reviewers).toEqual(winner.reviewers.map((r) => r._id).sort());
    }
  });
});

// ————— Bad input —————

describe("bad input is refused with a field error and changes nothing", () => {
  let program: ProgramRef;
  let ann: Person;
  let panel: string;
  let target: string;
  let outsiders: Record<string, string>;
  let foreignGroups: string[];
  beforeAll(async () => {
    const db = t.deps.db;
    program = await buildProgram(db, cast.org.id, { name: "Strict 2026" });
    ann = await member(program, "Ann Strict");
    panel = (await buildGroup(db, program, "Strict panel", [ann.id])).id;
    target = await candidate(program, "Guarded");
    await assignReviewer(db, target, ann.id, program.id);
    await assignGroup(db, target, panel, program.id);
    const sibling = await buildProgram(db, cast.org.id, { name: "Strict sibling" });
    const siblingReviewer = await member(sibling, "Sibling Reviewer");
    const plainAdmin = await member(program, "Plain Admin", "ADMIN");
    outsiders = {
      unknown: "no-such-user",
      "another program's reviewer": siblingReviewer.id,
      "another organization's reviewer": cast.members.REVIEWER.id,
      "a plain admin of the program": plainAdmin.id,
      "an applicant": cast.applicant.id,
    };
    foreignGroups = [
      (await buildGroup(db, sibling, "Sibling panel", [siblingReviewer.id])).id,
      (await buildGroup(db, cast.otherProgram, "Other org panel", [])).id,
      crypto.randomUUID(),
      "not-a-uuid",
    ];
  });

  const unchanged = async () =>
    expect(await stored(target)).toEqual({ reviewers: [ann.id], groups: [panel], openToAll: false });
  const expectRefused = async (answer: ParsedAnswer<ErrorAnswer>, field: string, message?: string) => {
    expect(answer.status, answer.text).toBe(400);
    expect(answer.body.error.code).toBe("VALIDATION");
    const fields = Object.keys(answer.body.error.fields ?? {});
    expect(
      fields.some((f) => f === field || f.startsWith(`${field}.`)),
      answer.text,
    ).toBe(true);
    if (message !== undefined) expect(answer.body.error.fields?.[field]).toEqual([message]);
  };

  it("PATCH reviewers: people outside the program's committee", async () => {
    for (const [who, userId] of Object.entries(outsiders)) {
      const answer = await call<ErrorAnswer>("PATCH", reviewersPath(target), cookies.orgAdmin, {
        reviewers: [ann.id, userId],
      });
      await expectRefused(answer, "reviewers", COMMITTEE_MESSAGES.notACommitteeMember);
      expect(answer.text, who).not.toContain("Sibling Reviewer");
      // A refused list removes nothing either (an empty list would have removed Ann).
      const alone = await call<ErrorAnswer>("PATCH", reviewersPath(target), cookies.orgAdmin, {
        reviewers: [userId],
      });
      await expectRefused(alone, "reviewers", COMMITTEE_MESSAGES.notACommitteeMember);
    }
    await unchanged();
  });

  it("PATCH reviewers: too many ids and wrong types", async () => {
    const tooMany = Array.from({ length: COMMITTEE_LIMITS.reviewersPerSubmission + 1 }, (_, i) => `u${i}`);
    for (const body of [
      { reviewers: tooMany },
      { reviewers: "x" },
      { reviewers: [1] },
      { reviewers: [""] },
      { reviewers: ["x".repeat(65)] },
      { reviewers: null },
      {},
      { reviewers: [], extra: true },
    ]) {
      await expectRefused(
        await call<ErrorAnswer>("PATCH", reviewersPath(target), cookies.orgAdmin, body),
        Object.keys(body).includes("extra") ? "_" : "reviewers",
      );
    }
    expect((await call("PATCH", reviewersPath(target), cookies.orgAdmin, "{not json")).status).toBe(400);
    await unchanged();
  });

  it("PATCH reviewerGroups: groups of other programs, unknown or malformed ids, too many, wrong types", async () => {
    for (const groupId of foreignGroups) {
      const answer = await call<ErrorAnswer>("PATCH", groupsPath(target), cookies.orgAdmin, {
        reviewerGroups: [groupId],
      });
      await expectRefused(answer, "reviewerGroups", COMMITTEE_MESSAGES.notAGroupOfProgram);
      expect(answer.text).not.toContain("Sibling panel");
    }
    const tooMany = Array.from({ length: COMMITTEE_LIMITS.groupsPerSubmission + 1 }, () =>
      crypto.randomUUID(),
    );
    for (const body of [
      { reviewerGroups: tooMany },
      { reviewerGroups: panel },
      { reviewerGroups: [7] },
      {},
    ]) {
      await expectRefused(
        await call<ErrorAnswer>("PATCH", groupsPath(target), cookies.orgAdmin, body),
        "reviewerGroups",
      );
    }
    await unchanged();
  });

  it("bulk: outsiders, foreign groups and bad shapes are 400; a candidate of another program makes the whole request 404", async () => {
    const fresh = await candidate(program, "Fresh");
    const base = { programId: program.id, submissionIds: [target, fresh] };
    for (const userId of Object.values(outsiders)) {
      const answer = await call<ErrorAnswer>("POST", BULK, cookies.orgAdmin, {
        ...base,
        reviewers: [ann.id, userId],
      });
      await expectRefused(answer, "reviewers", COMMITTEE_MESSAGES.notACommitteeMember);
    }
    for (const groupId of foreignGroups) {
      const answer = await call<ErrorAnswer>("POST", BULK, cookies.orgAdmin, {
        ...base,
        reviewers: [ann.id],
        reviewerGroups: [panel, groupId],
      });
      await expectRefused(answer, "reviewerGroups", COMMITTEE_MESSAGES.notAGroupOfProgram);
    }
    const tooMany = Array.from({ length: COMMITTEE_LIMITS.bulkRows + 1 }, () => crypto.randomUUID());
    for (const [body, field] of [
      [{ ...base, submissionIds: [], reviewers: [ann.id] }, "submissionIds"],
      [{ ...base, submissionIds: tooMany, reviewers: [ann.id] }, "submissionIds"],
      [{ ...base }, "reviewers"],
      [{ ...base, reviewers: [], reviewerGroups: [] }, "reviewers"],
      [{ ...base, reviewers: "x" }, "reviewers"],
      [{ ...base, reviewers: [ann.id], programId: 5 }, "programId"],
    ] as const) {
      await expectRefused(await call<ErrorAnswer>("POST", BULK, cookies.orgAdmin, body), field);
    }

    const elsewhere = await candidate(cast.program, "In another program");
    const otherOrg = await candidate(cast.otherProgram, "In another organization");
    for (const intruder of [elsewhere, otherOrg, crypto.randomUUID(), "not-a-uuid"]) {
      const answer = await call("POST", BULK, cookies.orgAdmin, {
        ...base,
        submissionIds: [fresh, intruder],
        reviewers: [ann.id],
        reviewerGroups: [panel],
      });
      expect(answer.status, answer.text).toBe(404);
      expect(await stored(fresh)).toEqual({ reviewers: [], groups: [], openToAll: true });
    }
    for (const intruder of [elsewhere, otherOrg]) {
      expect(await stored(intruder)).toEqual({ reviewers: [], groups: [], openToAll: true });
    }
    await unchanged();
  });
});

// ————— Bulk —————

describe("POST /api/admin/assignments/bulk", () => {
  it("adds the reviewers and groups to every listed candidate, removes nothing, and can be repeated", async () => {
    const db = t.deps.db;
    const program = await buildProgram(db, cast.org.id, { name: "Bulk 2026" });
    const [ann, ben, cy] = [
      await member(program, "Ann"),
      await member(program, "Ben"),
      await member(program, "Cy", "GUEST"),
    ];
    const panel = await buildGroup(db, program, "Bulk panel", [cy.id]);
    const other = await buildGroup(db, program, "Other panel", []);
    const [a, b, c] = [
      await candidate(program, "A"),
      await candidate(program, "B"),
      await candidate(program, "C"),
    ];
    await assignReviewer(db, a, ann.id, program.id);
    await assignGroup(db, a, other.id, program.id);

    const body = {
      programId: program.id,
      submissionIds: [a, b, a],
      reviewers: [ben.id, cy.id, ben.id],
      reviewerGroups: [panel.id],
    };
    for (let round = 0; round < 2; round++) {
      const answer = await call("POST", BULK, cookies.orgAdmin, body);
      expect(answer.status, answer.text).toBe(200);
      expect(answer.body).toEqual({ updated: 2 });
      expect(await stored(a)).toEqual({
        reviewers: sorted(ann.id, ben.id, cy.id),
        groups: sorted(other.id, panel.id),
        openToAll: false,
      });
      expect(await stored(b)).toEqual({
        reviewers: sorted(ben.id, cy.id),
        groups: [panel.id],
        openToAll: false,
      });
      expect(await stored(c)).toEqual({ reviewers: [], groups: [], openToAll: true });
    }
    // Groups alone, or reviewers alone.
    const groupsOnly = await call("POST", BULK, cookies.orgAdmin, {
      programId: program.id,
      submissionIds: [c],
      reviewerGroups: [other.id],
    });
    expect(groupsOnly.body).toEqual({ updated: 1 });
    expect(await stored(c)).toEqual({ reviewers: [], groups: [other.id], openToAll: false });
    const list = (await call<AssignmentListResult>("GET", listPath(program.id), cookies.orgAdmin)).body;
    expect(
      list.rows.map((r) => [
        r.identifier,
        r.reviewers.map((p) => p.name),
        r.reviewerGroups.map((g) => g.name),
      ]),
    ).toEqual([
      ["A", ["Ann", "Ben", "Cy"], ["Bulk panel", "Other panel"]],
      ["B", ["Ben", "Cy"], ["Bulk panel"]],
      ["C", [], ["Other panel"]],
    ]);
    // Nothing else in the database moved.
    const elsewhere = await db
      .select({ id: submissionReviewers.submissionId })
      .from(submissionReviewers)
      .where(inArray(submissionReviewers.userId, [ben.id, cy.id]));
    expect(elsewhere.every((r) => r.id === a || r.id === b)).toBe(true);
  });
});

// ————— Admins at once —————

/**
 * Two admins changing one candidate at the same moment (PostgreSQL only: PGlite runs one transaction
 * at a time). Replacements apply one after the other, and a group deleted while it is being assigned
 * never deadlocks: every answer is a 200 or a refusal, never a 500.
 */
describe.runIf(process.env.DATABASE_URL)("admins at once (PostgreSQL)", () => {
  let program: ProgramRef;
  let people: Person[];
  beforeAll(async () => {
    program = await buildProgram(t.deps.db, cast.org.id, { name: "Concurrent 2026" });
    people = [await member(program, "Ann"), await member(program, "Ben"), await member(program, "Cy")];
  });

  it("two replacements of one candidate's reviewers never mix", async () => {
    const [ann, ben, cy] = people as [Person, Person, Person];
    const target = await candidate(program, "Contested");
    const set = (reviewers: string[]) =>
      call("PATCH", reviewersPath(target), cookies.orgAdmin, { reviewers });
    for (let round = 0; round < 8; round++) {
      const answers = await Promise.all([
        set([ann.id, ben.id]),
        set([cy.id]),
        set(round % 2 ? [] : [ben.id]),
      ]);
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
      const { reviewers, openToAll } = await stored(target);
      expect([sorted(ann.id, ben.id), [cy.id], round % 2 ? [] : [ben.id]]).toContainEqual(reviewers);
      expect(openToAll).toBe(reviewers.length === 0);
    }
  });

  it("assigning a group, bulk-assigning it and deleting it at once: no deadlock, consistent flags", async () => {
    const [ann] = people as [Person];
    for (let round = 0; round < 6; round++) {
      const group = await buildGroup(t.deps.db, program, `Racing ${round}`, [ann.id]);
      const [one, two] = [
        await candidate(program, `R${round} one`),
        await candidate(program, `R${round} two`),
      ];
      const answers = await Promise.all([
        call("PATCH", groupsPath(one), cookies.orgAdmin, { reviewerGroups: [group.id] }),
        call("DELETE", `/api/reviewerGroups/${group.id}`, cookies.orgAdmin),
        call("POST", BULK, cookies.orgAdmin, {
          programId: program.id,
          submissionIds: [two, one],
          reviewerGroups: [group.id],
        }),
      ]);
      for (const answer of answers) expect([200, 400], answer.text).toContain(answer.status);
      expect(answers[1]!.status).toBe(200);
      for (const id of [one, two]) {
        expect(await stored(id)).toEqual({ reviewers: [], groups: [], openToAll: true });
      }
    }
  });
});
