import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultFormContent, newCriterion } from "../../shared/forms/defaults";
import type { FormContent } from "../../shared/forms/model";
import {
  addMember,
  buildOrg,
  buildProgram,
  buildPublishedForm,
  buildUser,
  callApi,
  type ParsedAnswer,
  signedInMember,
} from "./factories";
import { createTestApp, type TestApp } from "./harness";
import { buildCandidate, countQueries, insertComment, insertRanking, insertReview } from "./review-factories";

/**
 * "A test counts queries per request for 1 vs 20 rows on every list endpoint". Each list
 * below is read in an organization holding 1 of each thing and in one holding 20, and must send the
 * same number of SQL statements (no query per row).
 *
 * The index of every list endpoint. Counted in the files beside their routes, not again here:
 * - GET /api/applications (step 1's list): reviewing/candidate-routes.test.ts, "query count"
 * - GET /api/admin/candidate-submissions: reviewing/candidate-routes.test.ts
 * - GET /api/admin/assignments: committee/assignment-routes.test.ts
 * - GET /api/admin/reviewer-stats: statistics/statistics-routes.test.ts
 * - GET /api/reviewerGroups/{programId}: committee/reviewer-group-routes.test.ts
 * - GET /api/exports: exports/routes.test.ts
 * Not counted: GET /api/plans (the fixed catalogue), GET /api/dev/mailbox (development only, the last
 * messages of the outbox), GET /api/submissions/user/{userId}/{program} (at most one row: a program has
 * one form and a person one application per form).
 * Same handler as a list counted below: GET /api/stackings/{userId} (GET /api/stackings), GET
 * /api/ratings/{userId}?count=true (GET /api/reviews/{userId}/{programId}?count=true).
 * Not yet counted: GET /api/organizations/{organizationId}/audit-events (the audit log, added while this
 * file was written; a keyset page of one organization's events).
 * The timings of these lists at 1,000 / 10,000 / 100,000 applications: bench/growth.
 */

let t: TestApp;

/** A form whose Decision Criteria section has a criterion: the section the comments are on. */
function listForm(): FormContent {
  const content = defaultFormContent("Counted form");
  content.sections[1]!.criteria = [newCriterion("Impact")];
  return content;
}

/**
 * An organization with `n` of everything a list shows: n programs with published forms (the reviewer a
 * member of all, the applicant with an application in each); in the first, n candidates (the first the
 * applicant's), reviewed by the reviewer, who also left n comments on the first; n stored rankings (the
 * reviewer's and those of n − 1 other members).
 */
async function buildWorld(n: number) {
  const { db } = t.deps;
  const org = await buildOrg(db);
  const orgAdmin = await buildUser(db, { adminOrganizationId: org.id, name: `Org admin ${n}` });
  const programs = [];
  for (let i = 0; i < n; i += 1) {
    const program = await buildProgram(db, org.id, { name: `Program ${n}-${i}` });
    programs.push({ ...program, ...(await buildPublishedForm(db, program, listForm())) });
  }
  const main = programs[0]!;
  const admin = await signedInMember(t, main, `Admin ${n}`, "ADMIN");
  const reviewer = await signedInMember(t, main, `Reviewer ${n}`);
  for (const other of programs.slice(1)) await addMember(db, other, reviewer.id, "REVIEWER");
  const applicant = await buildUser(db, { applicant: true, name: `Applicant ${n}` });
  for (const other of programs.slice(1)) {
    await buildCandidate(db, {
      program: other,
      formId: other.formId,
      identifier: "Mine",
      userId: applicant.id,
    });
  }
  const candidates = [];
  for (let i = 0; i < n; i += 1) {
    const candidate = await buildCandidate(db, {
      program: main,
      formId: main.formId,
      identifier: `Candidate ${String(i).padStart(2, "0")}`,
      userId: i === 0 ? applicant.id : null,
    });
    await insertReview(db, { program: main, submissionId: candidate.id, userId: reviewer.id, rating: 3 });
    candidates.push(candidate.id);
  }
  const sectionId = listForm().sections[1]!._id;
  for (let i = 0; i < n; i += 1) {
    await insertComment(db, {
      program: main,
      submissionId: candidates[0]!,
      userId: reviewer.id,
      sectionId,
      body: `Comment ${i}`,
    });
  }
  await insertRanking(db, main, reviewer.id, candidates);
  for (let i = 1; i < n; i += 1) {
    const member = await buildUser(db, { name: `Member ${n}-${i}` });
    await addMember(db, main, member.id, "REVIEWER");
    await insertRanking(db, main, member.id, candidates);
  }
  return {
    n,
    org,
    program: main,
    firstCandidate: candidates[0]!,
    reviewer,
    admin,
    orgAdminCookie: await t.signIn(orgAdmin.email),
    applicant: { ...applicant, cookie: await t.signIn(applicant.email) },
  };
}
type World = Awaited<ReturnType<typeof buildWorld>>;

interface ListCase {
  request: string;
  /** The cookie and path of the request in a world. */
  send(w: World): [cookie: string, path: string];
  /** The rows the answer lists, and how many a world of n should give. */
  rows(body: never): number;
  expected(n: number): number;
}

const len = (list: unknown[]) => list.length;

const CASES: ListCase[] = [
  {
    request: "GET /api/applications?adminMode=true (Admin Mode)",
    send: (w) => [w.admin.cookie, `/api/applications?programId=${w.program.id}&adminMode=true&pageSize=20`],
    rows: (b: { rows: unknown[] }) => len(b.rows),
    expected: (n) => n,
  },
  {
    request: "GET /api/applications/{userId} (a member's list, as an admin)",
    send: (w) => [w.admin.cookie, `/api/applications/${w.reviewer.id}?programId=${w.program.id}&pageSize=20`],
    rows: (b: { rows: unknown[] }) => len(b.rows),
    expected: (n) => n,
  },
  {
    request: "GET /api/applications/{programId}/{submissionId} (the view, with the reviewer's comments)",
    send: (w) => [w.reviewer.cookie, `/api/applications/${w.program.id}/${w.firstCandidate}`],
    rows: (b: { comments: unknown[] }) => len(b.comments),
    expected: (n) => n,
  },
  {
    request: "GET /api/submissions/all/{program}",
    send: (w) => [w.admin.cookie, `/api/submissions/all/${w.program.id}?pageSize=20`],
    rows: (b: { submissions: unknown[] }) => len(b.submissions),
    expected: (n) => n,
  },
  {
    request: "GET /api/submissions/applicant/{user} (the applicant portal)",
    send: (w) => [w.applicant.cookie, `/api/submissions/applicant/${w.applicant.id}?pageSize=20`],
    rows: (b: { rows: unknown[] }) => len(b.rows),
    expected: (n) => n,
  },
  {
    request: "GET /api/admin/funding-stats",
    send: (w) => [w.admin.cookie, `/api/admin/funding-stats?programId=${w.program.id}`],
    rows: (b: { pending: number }) => b.pending,
    expected: (n) => n,
  },
  {
    request: "GET /api/rankings/{userId}/{programId}",
    send: (w) => [w.reviewer.cookie, `/api/rankings/${w.reviewer.id}/${w.program.id}`],
    rows: (b: { applications: unknown[] }) => len(b.applications),
    expected: (n) => n,
  },
  {
    request: "GET /api/stackings (the same ranking, legacy path)",
    send: (w) => [w.reviewer.cookie, `/api/stackings?programId=${w.program.id}`],
    rows: (b: { applications: unknown[] }) => len(b.applications),
    expected: (n) => n,
  },
  {
    request: "GET /api/rankings/{programId} (every member's ranking)",
    send: (w) => [w.admin.cookie, `/api/rankings/${w.program.id}`],
    rows: (b: unknown[]) => len(b),
    expected: (n) => n,
  },
  {
    request: "GET /api/ratings (the caller's ratings)",
    send: (w) => [w.reviewer.cookie, `/api/ratings?programId=${w.program.id}`],
    rows: (b: unknown[]) => len(b),
    expected: (n) => n,
  },
  {
    request: "GET /api/reviews/criteria/users/{id}",
    send: (w) => [
      w.reviewer.cookie,
      `/api/reviews/criteria/users/${w.reviewer.id}?programId=${w.program.id}`,
    ],
    rows: (b: unknown[]) => len(b),
    expected: (n) => n,
  },
  {
    request: "GET /api/reviews/{userId}/{programId}?count=true",
    send: (w) => [w.reviewer.cookie, `/api/reviews/${w.reviewer.id}/${w.program.id}?count=true`],
    rows: (b: { count: number }) => b.count,
    expected: (n) => n,
  },
  {
    request: "GET /api/reviews/comments/{submissionId}",
    send: (w) => [w.reviewer.cookie, `/api/reviews/comments/${w.firstCandidate}`],
    rows: (b: unknown[]) => len(b),
    expected: (n) => n,
  },
  {
    request: "GET /api/programs/{programId}/users (Manage User Access)",
    send: (w) => [w.admin.cookie, `/api/programs/${w.program.id}/users`],
    // The admin, the reviewer and the n − 1 other members.
    rows: (b: { users: unknown[] }) => len(b.users),
    expected: (n) => n + 1,
  },
  {
    request: "GET /api/programs/all/{userId}",
    send: (w) => [w.reviewer.cookie, `/api/programs/all/${w.reviewer.id}`],
    rows: (b: { programs: unknown[] }) => len(b.programs),
    expected: (n) => n,
  },
  {
    request: "GET /api/users/{userId}/programs",
    send: (w) => [w.reviewer.cookie, `/api/users/${w.reviewer.id}/programs`],
    rows: (b: { programs: unknown[] }) => len(b.programs),
    expected: (n) => n,
  },
  {
    request: "GET /api/users/{userId} (the profile with its program roles)",
    send: (w) => [w.reviewer.cookie, `/api/users/${w.reviewer.id}`],
    rows: (b: { programs: unknown[] }) => len(b.programs),
    expected: (n) => n,
  },
  {
    request: "GET /api/forms/organization/{orgId} (published forms to map from)",
    send: (w) => [w.orgAdminCookie, `/api/forms/organization/${w.org.id}`],
    rows: (b: { forms: unknown[] }) => len(b.forms),
    expected: (n) => n,
  },
];

let one: World;
let twenty: World;
beforeAll(async () => {
  t = await createTestApp();
  one = await buildWorld(1);
  twenty = await buildWorld(20);
});
afterAll(() => t?.close());

const read = (w: World, c: ListCase): Promise<ParsedAnswer<never>> => {
  const [cookie, path] = c.send(w);
  return callApi<never>(t, "GET", path, cookie);
};

describe("every list costs the same number of statements for 1 row and for 20", () => {
  it.each(CASES)("$request", async (c) => {
    // Unmeasured first: the session lookup, and the per-process caches (form versions) a first read fills.
    for (const w of [one, twenty]) {
      const warm = await read(w, c);
      expect(warm.status, warm.text).toBe(200);
    }
    const small = await countQueries(t.deps.db, () => read(one, c));
    const large = await countQueries(t.deps.db, () => read(twenty, c));
    expect(c.rows(small.result.body)).toBe(c.expected(1));
    expect(c.rows(large.result.body)).toBe(c.expected(20));
    expect(small.queries).toBeGreaterThan(0);
    expect(large.queries).toBe(small.queries);
  });
});
