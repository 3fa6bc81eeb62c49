import { beforeAll, describe, expect, it } from "vitest";
import { defaultFormContent, newQuestion, newSection } from "../../shared/forms/defaults";
import type { FormContent } from "../../shared/forms/model";
import type { DashboardFigures, FundingStats, ReviewerStatsResult } from "../../shared/schemas/committee";
import { loadConfig } from "../config";
import {
  addMember,
  buildProgram,
  buildPublishedForm,
  buildUser,
  type Cast,
  signedInMember,
  withCastTestApp,
} from "../test/factories";
import { createTestApp, type TestApp } from "../test/harness";
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

const form = (): FormContent => ({
  ...defaultFormContent("Statistics form"),
  sections: [
    {
      ...newSection("About", "Admin Info"),
      _id: "about",
      questions: [{ ...newQuestion("IDENTIFIER", "name"), _id: "name", required: true }],
    },
  ],
});

type Person = { id: string; email: string; cookie: string };
type Role = "ADMIN" | "ADMIN_REVIEWER" | "REVIEWER" | "GUEST";
const member = (program: { id: string; organizationId: string }, name: string, role: Role, email?: string) =>
  signedInMember(t, program, name, role, email);

async function get<T>(
  path: string,
  cookie: string | undefined,
  status = 200,
): Promise<{ body: T; text: string }> {
  const res = await t.request(path, cookie ? { cookie } : {});
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return { body: (status === 200 ? JSON.parse(text) : null) as T, text };
}

/** A program of the cast's organization with its own admin and admin-reviewer (the cast's ADMIN is a sibling's). */
async function programWithAdmins(name: string) {
  const program = await buildProgram(t.deps.db, cast.org.id, { name });
  const { formId } = await buildPublishedForm(t.deps.db, program, form());
  const admin = await member(program, `${name} admin`, "ADMIN");
  const adminReviewer = await member(program, `${name} admin-reviewer`, "ADMIN_REVIEWER");
  return { program, formId, admin, adminReviewer };
}

describe("GET /api/admin/funding-stats", () => {
  let program: { id: string; organizationId: string; name: string };
  let admin: Person;
  let adminReviewer: Person;
  let reviewer: Person;
  let guest: Person;
  beforeAll(async () => {
    let formId: string;
    ({ program, formId, admin, adminReviewer } = await programWithAdmins("Funding"));
    reviewer = await member(program, "Funding reviewer", "REVIEWER");
    guest = await member(program, "Funding guest", "GUEST");
    const make = async (identifier: string, opts: { submitted?: boolean; test?: boolean } = {}) =>
      (await buildCandidate(t.deps.db, { program, formId, identifier, ...opts })).id;
    const decide = async (id: string, body: unknown) => {
      const res = await t.request(`/api/submissions/updateField/${id}`, {
        method: "PATCH",
        body,
        cookie: admin.cookie,
      });
      expect(res.status, await res.text()).toBe(200);
    };
    // Decided through the route, as the page does: 0.10 and 0.20 approved, one disapproved with an
    // amount (not funded), one with an amount of 0 (disapproved), two pending.
    await decide(await make("ten cents"), { status: "approved", amount: 0.1 });
    await decide(await make("twenty cents"), { status: "approved", amount: 0.2 });
    await decide(await make("refused"), { status: "disapproved", amount: 999 });
    await decide(await make("nothing"), { amount: 0 });
    await make("waiting");
    await decide(await make("amount only"), { amount: 50 });
    // Approved amounts on a draft and a test never count (written directly: the route refuses them).
    await buildCandidate(t.deps.db, {
      program,
      formId,
      identifier: "draft",
      submitted: false,
      status: "approved",
      amountCents: 1_000_000,
    });
    await buildCandidate(t.deps.db, {
      program,
      formId,
      identifier: "test",
      submitted: false,
      test: true,
      status: "approved",
      amountCents: 2_000_000,
    });
  });
  const funding = (cookie: string | undefined, programId = program.id, status = 200) =>
    get<FundingStats>(`/api/admin/funding-stats?programId=${programId}`, cookie, status);

  it("sums the approved amounts exactly (0.10 + 0.20 is 0.30) and counts each decision", async () => {
    const { body } = await funding(admin.cookie);
    expect(body).toEqual({
      totalFunding: 0.3,
      averageFunding: 0.15,
      approved: 2,
      disapproved: 2,
      pending: 2,
    });
  });

  it("rounds the average of the approved half away from zero to 2 decimals; an empty program is all zeros", async () => {
    const { program: other, formId } = await programWithAdmins("Average");
    expect((await funding(cookies.orgAdmin!, other.id)).body).toEqual({
      totalFunding: 0,
      averageFunding: 0,
      approved: 0,
      disapproved: 0,
      pending: 0,
    });
    for (const [identifier, amountCents] of [
      ["one cent", 1],
      ["two cents", 2],
      ["big", 100_000_000_000_000],
    ] as const) {
      await buildCandidate(t.deps.db, {
        program: other,
        formId,
        identifier,
        status: "approved",
        amountCents,
      });
    }
    // (0.01 + 0.02 + 1,000,000,000,000) / 3 = 333,333,333,333.343333…
    expect((await funding(cookies.orgAdmin!, other.id)).body).toMatchObject({
      totalFunding: 1_000_000_000_000.03,
      averageFunding: 333_333_333_333.34,
      approved: 3,
    });
    const half = await programWithAdmins("Halves");
    for (const [identifier, amountCents] of [
      ["a", 1],
      ["b", 2],
    ] as const) {
      await buildCandidate(t.deps.db, {
        program: half.program,
        formId: half.formId,
        identifier,
        status: "approved",
        amountCents,
      });
    }
    // 0.015 → 0.02.
    expect((await funding(cookies.orgAdmin!, half.program.id)).body.averageFunding).toBe(0.02);
  });

  it("is for the program's admins and the organization admin; 404 for everyone else, 401 signed out", async () => {
    for (const cookie of [admin.cookie, adminReviewer.cookie, cookies.orgAdmin!]) await funding(cookie);
    for (const cookie of [
      reviewer.cookie,
      guest.cookie,
      cookies.otherOrgAdmin!,
      cookies.admin!,
      cookies.applicant!,
    ]) {
      const { text } = await funding(cookie, program.id, 404);
      expect(text).not.toContain("0.3");
    }
    await funding(undefined, program.id, 401);
    await funding(admin.cookie, "not-a-uuid", 404);
    await funding(cookies.otherOrgAdmin!, cast.program.id, 404);
    await get(`/api/admin/funding-stats`, admin.cookie, 400);
    await get(`/api/admin/funding-stats?programId=${program.id}&extra=1`, admin.cookie, 400);
  });
});

describe("GET /api/admin/reviewer-stats", () => {
  let program: { id: string; organizationId: string; name: string };
  let formId: string;
  let admin: Person;
  let adminReviewer: Person;
  const people = {} as Record<"rita" | "gus" | "ralf" | "gina" | "internal" | "bench", Person>;
  const ids = {} as Record<"open1" | "open2" | "direct" | "grouped" | "both" | "draft" | "test", string>;
  beforeAll(async () => {
    const db = t.deps.db;
    ({ program, formId, admin, adminReviewer } = await programWithAdmins("Committee"));
    people.rita = await member(program, "Rita Direct", "REVIEWER");
    people.gus = await member(program, "Gus Group", "REVIEWER");
    people.ralf = await member(program, "ralf open", "REVIEWER");
    people.gina = await member(program, "Gina Guest", "GUEST");
    people.internal = await member(program, "Quinn QA", "REVIEWER", `qa-${Date.now()}@decisionhub.test`);
    people.bench = await member(program, "Bench Bot", "GUEST", `bot-${Date.now()}@Bench.Test`);
    const make = async (identifier: string, opts: { submitted?: boolean; test?: boolean } = {}) =>
      (await buildCandidate(db, { program, formId, identifier, ...opts })).id;
    ids.open1 = await make("open one");
    ids.open2 = await make("open two");
    ids.direct = await make("direct");
    ids.grouped = await make("grouped");
    ids.both = await make("both ways");
    ids.draft = await make("draft", { submitted: false });
    ids.test = await make("test", { submitted: false, test: true });
    const group = await buildGroup(db, program, "Panel", [people.gus.id, people.gina.id, people.rita.id]);
    await assignReviewer(db, ids.direct, people.rita.id, program.id);
    await assignGroup(db, ids.grouped, group.id, program.id);
    // Rita is assigned both directly and through the panel: one candidate, counted once.
    await assignReviewer(db, ids.both, people.rita.id, program.id);
    await assignGroup(db, ids.both, group.id, program.id);
    await assignReviewer(db, ids.draft, people.rita.id, program.id);

    const at = (day: number) => new Date(Date.UTC(2026, 0, day));
    const review = (who: Person, submissionId: string, rating: number, day: number) =>
      insertReview(db, { program, submissionId, userId: who.id, rating, lastReviewed: at(day) });
    await review(people.rita, ids.direct, 4, 3);
    await review(people.rita, ids.open1, -1, 4); // started, not rated: not reviewed
    await review(people.rita, ids.draft, 5, 9); // a draft: not counted, but her latest save
    await review(people.gus, ids.grouped, 3, 2);
    await review(people.gus, ids.open2, 5, 5);
    await review(people.gus, ids.direct, 2, 6); // not his (assigned to Rita): not counted
    await review(people.internal, ids.open1, 5, 7);
    await review(adminReviewer, ids.open1, 1, 8);
  });
  const stats = async (cookie: string, programId = program.id) =>
    (await get<ReviewerStatsResult>(`/api/admin/reviewer-stats?programId=${programId}`, cookie)).body;

  it("lists committee members and guests by name with what they see and rated; admins and internal accounts left out", async () => {
    const { rows } = await stats(admin.cookie);
    expect(rows.map((r) => [r.name, r.role, r.assigned, r.reviewed, r.lastReviewed])).toEqual([
      // An admin-reviewer's list holds every submitted, non-test candidate (five), assigned or not.
      ["Committee admin-reviewer", "ADMIN_REVIEWER", 5, 1, "2026-01-08T00:00:00.000Z"],
      ["Gina Guest", "GUEST", 4, 0, null],
      ["Gus Group", "REVIEWER", 4, 2, "2026-01-06T00:00:00.000Z"],
      ["ralf open", "REVIEWER", 2, 0, null],
      // Direct (direct, both ways) and the panel (grouped, both ways): 2 open + 3.
      ["Rita Direct", "REVIEWER", 5, 1, "2026-01-09T00:00:00.000Z"],
    ]);
    expect(rows[2]).toEqual({
      _id: people.gus.id,
      name: "Gus Group",
      email: people.gus.email,
      role: "REVIEWER",
      assigned: 4,
      reviewed: 2,
      lastReviewed: "2026-01-06T00:00:00.000Z",
    });
    const text = JSON.stringify(rows);
    for (const left of [people.internal.email, people.bench.email, admin.email])
      expect(text).not.toContain(left);
  });

  it("follows assignments as they change", async () => {
    const db = t.deps.db;
    // open one is given to Ralf: it is no longer everyone's (Rita's unrated review of it no longer counts).
    await assignReviewer(db, ids.open1, people.ralf.id, program.id);
    const byName = new Map((await stats(admin.cookie)).rows.map((r) => [r.name, [r.assigned, r.reviewed]]));
    expect(Object.fromEntries(byName)).toEqual({
      // Still all five: an admin-reviewer's list does not depend on assignments.
      "Committee admin-reviewer": [5, 1],
      "Gina Guest": [3, 0],
      "Gus Group": [3, 2],
      "ralf open": [2, 0],
      "Rita Direct": [4, 1],
    });
  });

  it("takes the internal domains from the configuration", async () => {
    expect(loadConfig({}).internalEmailDomains).toEqual([
      "decisionhub.example",
      "decisionhub.test",
      "bench.test",
    ]);
    expect(
      loadConfig({ INTERNAL_EMAIL_DOMAINS: " @Example.ORG, staff.test ,," }).internalEmailDomains,
    ).toEqual(["example.org", "staff.test"]);
    const other = await createTestApp({ INTERNAL_EMAIL_DOMAINS: "" });
    try {
      expect(other.deps.config.internalEmailDomains).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it("costs the same number of queries for 1 member and for 20", async () => {
    const one = await programWithAdmins("One member");
    await member(one.program, "Only member", "REVIEWER");
    const twenty = await programWithAdmins("Twenty members");
    for (let i = 0; i < 19; i += 1) {
      const who = await buildUser(t.deps.db, { name: `Member ${i}` });
      await addMember(t.deps.db, twenty.program, who.id, i % 3 === 0 ? "GUEST" : "REVIEWER");
    }
    for (const p of [one, twenty]) {
      await buildCandidate(t.deps.db, { program: p.program, formId: p.formId, identifier: "someone" });
    }
    // Warm up the session lookup on a third program: both measured requests compute their rows (with the
    // database's statistics versions, a second request would be answered from the kept rows).
    const warmUp = await programWithAdmins("Warm-up");
    await stats(cookies.orgAdmin!, warmUp.program.id);
    const small = await countQueries(t.deps.db, () => stats(cookies.orgAdmin!, one.program.id));
    const large = await countQueries(t.deps.db, () => stats(cookies.orgAdmin!, twenty.program.id));
    expect(small.result.rows).toHaveLength(2);
    expect(large.result.rows).toHaveLength(20);
    expect(large.queries).toBe(small.queries);
  });

  it("is for the program's admins and the organization admin; 404 for everyone else, 401 signed out", async () => {
    for (const cookie of [admin.cookie, adminReviewer.cookie, cookies.orgAdmin!]) await stats(cookie);
    for (const cookie of [
      people.rita.cookie,
      people.gina.cookie,
      cookies.otherOrgAdmin!,
      cookies.admin!,
      cookies.applicant!,
    ]) {
      const { text } = await get(`/api/admin/reviewer-stats?programId=${program.id}`, cookie, 404);
      expect(text).not.toContain("Rita");
    }
    await get(`/api/admin/reviewer-stats?programId=${program.id}`, undefined, 401);
    await get(`/api/admin/reviewer-stats?programId=not-a-uuid`, admin.cookie, 404);
    await get(`/api/admin/reviewer-stats`, admin.cookie, 400);
  });
});

describe("GET /api/admin/dashboard-figures", () => {
  let program: { id: string; organizationId: string; name: string };
  let formId: string;
  let admin: Person;
  let adminReviewer: Person;
  let rita: Person;
  let gina: Person;
  beforeAll(async () => {
    const db = t.deps.db;
    ({ program, formId, admin, adminReviewer } = await programWithAdmins("Dashboard"));
    rita = await member(program, "Rita Dashboard", "REVIEWER");
    gina = await member(program, "Gina Dashboard", "GUEST");
    const make = async (identifier: string, opts: { submitted?: boolean; test?: boolean } = {}) =>
      (await buildCandidate(db, { program, formId, identifier, ...opts })).id;
    const open = await make("open one");
    const mine = await make("Rita's");
    await make("someone else's");
    await make("a draft", { submitted: false });
    await make("a test", { submitted: false, test: true });
    await assignReviewer(db, mine, rita.id, program.id);
    const review = (who: Person, submissionId: string, rating: number) =>
      insertReview(db, { program, submissionId, userId: who.id, rating });
    await review(rita, mine, 4);
    await review(rita, open, -1); // opened, not rated: not done
    await review(gina, open, 5); // a guest observes: not the committee's work
    await review(adminReviewer, open, 3);
    const decide = async (id: string, status: string) => {
      const res = await t.request(`/api/submissions/updateField/${id}`, {
        method: "PATCH",
        body: { status, amount: status === "approved" ? 100 : 0 },
        cookie: admin.cookie,
      });
      expect(res.status, await res.text()).toBe(200);
    };
    await decide(open, "approved");
    await decide(mine, "disapproved");
  });
  const figures = (cookie: string | undefined, status = 200, programId = program.id) =>
    get<DashboardFigures>(`/api/admin/dashboard-figures?programId=${programId}`, cookie, status);

  it("counts the submitted applications, the committee's ratings done of those expected, and the decisions", async () => {
    expect((await figures(admin.cookie)).body).toEqual({
      // Three submitted; the draft and the test are not applications to review.
      submitted: 3,
      // Rita sees the two open ones and her own (3), rated 1; the admin-reviewer sees all 3, rated 1.
      reviews: { done: 2, expected: 6 },
      decisions: { approved: 1, disapproved: 1, pending: 1 },
    });
  });

  it("costs the same number of queries for 1 member and for 20", async () => {
    const one = await programWithAdmins("Dashboard one");
    await member(one.program, "Only dashboard member", "REVIEWER");
    const twenty = await programWithAdmins("Dashboard twenty");
    for (let i = 0; i < 19; i += 1) {
      const who = await buildUser(t.deps.db, { name: `Dashboard member ${i}` });
      await addMember(t.deps.db, twenty.program, who.id, "REVIEWER");
    }
    for (const p of [one, twenty]) {
      for (let i = 0; i < 3; i += 1) {
        await buildCandidate(t.deps.db, { program: p.program, formId: p.formId, identifier: `c${i}` });
      }
    }
    const warmUp = await programWithAdmins("Dashboard warm-up");
    await figures(cookies.orgAdmin!, 200, warmUp.program.id);
    const small = await countQueries(t.deps.db, () => figures(cookies.orgAdmin!, 200, one.program.id));
    const large = await countQueries(t.deps.db, () => figures(cookies.orgAdmin!, 200, twenty.program.id));
    // Each member sees the three open candidates; the program's admin-reviewer too.
    expect(small.result.body.reviews.expected).toBe(2 * 3);
    expect(large.result.body.reviews.expected).toBe(20 * 3);
    expect(large.queries).toBe(small.queries);
  });

  it("is for the program's admins and the organization admin; 404 for everyone else, 401 signed out", async () => {
    for (const cookie of [admin.cookie, adminReviewer.cookie, cookies.orgAdmin!]) await figures(cookie);
    for (const cookie of [
      rita.cookie,
      gina.cookie,
      cookies.otherOrgAdmin!,
      cookies.admin!,
      cookies.applicant!,
    ]) {
      const { text } = await figures(cookie, 404);
      expect(text).not.toContain("submitted");
    }
    await figures(undefined, 401);
    await figures(admin.cookie, 404, "not-a-uuid");
    await figures(cookies.otherOrgAdmin!, 404, cast.program.id);
    await get(`/api/admin/dashboard-figures`, admin.cookie, 400);
    await get(`/api/admin/dashboard-figures?programId=${program.id}&extra=1`, admin.cookie, 400);
  });
});
