import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ProgramActor, rules } from "../../../bench/baseline/reviewing";
import type { SqlClient } from "../../../bench/lib/sql-client";
import { readRankingEndpoint, saveRankingEndpoint } from "../../../bench/reviewing/save-ranking";
import { assignListScenario } from "../../../bench/scenarios/assign-list";
import { candidateListScenario } from "../../../bench/scenarios/candidate-list";
import {
  candidateStatsScenario,
  statisticsVersionsOf,
  tableInputsOf,
} from "../../../bench/scenarios/candidate-stats";
import { candidateViewScenario } from "../../../bench/scenarios/candidate-view";
import type { BaselineRoute, HttpMethod } from "../../../bench/scenarios/types";
import type { Actor } from "../../shared/authz/actor";
import { can } from "../../shared/authz/matrix";
import { PROGRAM_ROLES, type ProgramRole } from "../../shared/authz/roles";
import type { Db } from "../db/client";
import { conflicts, organizations, programs } from "../db/schema";
import { loadCandidates, loadRankings, loadReviews } from "../statistics/candidate-stats-inputs";
import { statisticsVersions } from "../statistics/stats-versions";
import { buildCast, buildPublishedForm, type Cast, signInCast } from "../test/factories";
import { createTestApp, type TestApp } from "../test/harness";
import {
  answerOf,
  assignGroup,
  assignReviewer,
  buildCandidate,
  buildGroup,
  insertComment,
  insertFile,
  insertRanking,
  insertReview,
  viewTestForm,
} from "../test/review-factories";

/**
 * The benchmark's baseline server (bench/baseline-server.ts) answers the same requests as ours in plain
 * code and SQL, so that the ratio of the two measures our framework, not different work. It rewrites the
 * role matrix (`rules` in bench/baseline/reviewing.ts), the submission view (bench/scenarios/
 * candidate-view.ts with bench/baseline/candidate-view.ts), the lists, the statistics' statements and the
 * ranking's reads and writes (bench/scenarios/, bench/reviewing/save-ranking.ts). This file keeps the
 * copies honest: the rewritten rules against `can()` for every kind of actor and candidate, and each
 * request answered by both servers on the same small data, for every reader — who may see what, and the
 * same fields in the same order.
 */

describe("the baseline's role rules (bench/baseline/reviewing.ts) decide as the matrix", () => {
  const PROGRAM = "00000000-0000-4000-8000-000000000001";
  const ORG = "00000000-0000-4000-8000-000000000002";
  const OTHER_ORG = "00000000-0000-4000-8000-000000000003";
  const roles: (ProgramRole | null)[] = [null, ...PROGRAM_ROLES];

  for (const role of roles) {
    for (const adminOf of [null, ORG, OTHER_ORG]) {
      it(`role ${role ?? "none"}, organization admin of ${adminOf === ORG ? "its" : adminOf ? "another" : "none"}`, () => {
        const baselineActor: ProgramActor = { userId: "u", adminOrganizationId: adminOf, role };
        const actor: Actor = {
          userId: "u",
          applicant: false,
          adminOrganizationId: adminOf,
          memberships: role === null ? [] : [{ programId: PROGRAM, organizationId: ORG, role }],
        };
        const may = rules(baselineActor, ORG);
        const program = { programId: PROGRAM, organizationId: ORG };
        expect(may.member, "candidate:list").toBe(can(actor, "candidate:list", program));
        expect(may.administers, "review:readAll").toBe(can(actor, "review:readAll", program));
        for (const archived of [false, true]) {
          // save-ranking.ts: onCommittee, 409 when archived.
          expect(may.onCommittee && !archived, "ranking:write").toBe(
            can(actor, "ranking:write", { ...program, archived }),
          );
        }
        for (const visible of [false, true]) {
          for (const draftOrTest of [false, true]) {
            const resource = { ...program, visibleToReviewer: visible, draftOrTest };
            const reads = may.reads({ visible, draftOrTest });
            expect(reads, `candidate:read visible=${visible} draftOrTest=${draftOrTest}`).toBe(
              can(actor, "candidate:read", resource),
            );
            for (const archived of [false, true]) {
              // The view's canRate and review; save-review.ts answers 409 when archived.
              expect(
                may.writesReview({ visible, draftOrTest }) && !archived,
                `review:write visible=${visible} draftOrTest=${draftOrTest} archived=${archived}`,
              ).toBe(can(actor, "review:write", { ...resource, archived }));
            }
          }
        }
      });
    }
  }
});

const SECRET = "test-secret-test-secret-test-secret-0123";

/** timestamp and timestamptz: the test database's PGlite keeps them as text, for drizzle. */
const TIMESTAMP_TYPES = new Set([1114, 1184]);

interface DriverResult {
  rows: Record<string, unknown>[];
  fields: { name: string; dataTypeID: number }[];
}

/**
 * The test database as the baseline reaches it: plain SQL on the driver's client, no ORM, with
 * timestamps as Dates, as the benchmark's own clients give them (bench/lib/sql-client.ts).
 */
function sqlClientOf(db: Db): SqlClient {
  const client = (
    db as unknown as { $client: { query(text: string, params?: unknown[]): Promise<DriverResult> } }
  ).$client;
  return {
    async query<Row extends object>(text: string, params?: unknown[]) {
      const { rows, fields } = await client.query(text, params);
      const timestamps = fields.filter((f) => TIMESTAMP_TYPES.has(f.dataTypeID)).map((f) => f.name);
      for (const row of rows) {
        for (const name of timestamps) {
          const value = row[name];
          if (typeof value === "string") row[name] = new Date(value);
        }
      }
      return rows as Row[];
    },
    transaction: () => Promise.reject(new Error("The view does not write.")),
    close: () => Promise.resolve(),
  };
}

/** The baseline server's answer to one request, its route called as bench/baseline-server.ts calls it. */
async function askBaseline(
  route: BaselineRoute,
  sql: SqlClient,
  request: { method: HttpMethod; path: string; cookie: string; body?: unknown },
) {
  const url = new URL(request.path, "http://baseline.test");
  const match = route.pattern.exec(url.pathname);
  if (!match) throw new Error(`The baseline has no route for ${url.pathname}.`);
  return route.handle(
    {
      method: request.method,
      pathname: url.pathname,
      query: url.searchParams,
      params: match.slice(1),
      headers: { cookie: request.cookie },
      body: request.body,
      remoteAddress: "127.0.0.1",
    },
    { sql, secret: SECRET },
  );
}

const CANDIDATE_KINDS = ["assigned", "otherReviewers", "toGroup", "openToAll", "draft", "test"] as const;
type CandidateKind = (typeof CANDIDATE_KINDS)[number];

/**
 * The small world both servers answer on: the cast, six candidates of every kind a rule tells apart
 * (assigned to the reviewer, to the admin-reviewer alone, to the guest's group, open to all, a draft, a
 * test), files, two reviews (one rated) and two comments.
 */
async function buildWorld() {
  const t = await createTestApp({ BETTER_AUTH_SECRET: SECRET });
  const db = t.deps.db;
  const sql = sqlClientOf(db);
  const cast = await buildCast(db);
  const candidates = {} as Record<CandidateKind, string>;
  const { program, members } = cast;
  // The baseline lists members' candidates in name order only (as the benchmark's data set has it): the
  // shuffled order (docs/decisions/037-per-reviewer-order.md) is not copied there.
  await db
    .update(programs)
    .set({ reviewSettings: { candidateOrder: "name" } })
    .where(eq(programs.id, program.id));
  const { formId } = await buildPublishedForm(db, program, viewTestForm());
  const make = (identifier: string, opts: { submitted?: boolean; test?: boolean } = {}) =>
    buildCandidate(db, {
      program,
      formId,
      identifier,
      ...opts,
      status: "approved",
      amountCents: 125_050,
      answers: [
        answerOf("name", "about", "IDENTIFIER", { answerString: identifier }),
        answerOf("secret", "about", "SHORT_ANSWER", { answerString: `SECRET ${identifier}` }),
      ],
    });
  candidates.assigned = (await make("Bravo")).id;
  candidates.otherReviewers = (await make("Alpha")).id;
  candidates.openToAll = (await make("Charlie")).id;
  candidates.toGroup = (await make("Foxtrot")).id;
  candidates.draft = (await make("Delta", { submitted: false })).id;
  candidates.test = (await make("Echo", { test: true })).id;
  // Assigned to the reviewer; Alpha to the admin-reviewer alone; Charlie to no one (open to all).
  await assignReviewer(db, candidates.assigned, members.REVIEWER.id, program.id);
  await assignReviewer(db, candidates.otherReviewers, members.ADMIN_REVIEWER.id, program.id);
  // Foxtrot to a group the guest is in.
  const group = await buildGroup(db, program, "Readers", [members.GUEST.id]);
  await assignGroup(db, candidates.toGroup, group.id, program.id);
  for (const id of [candidates.assigned, candidates.openToAll]) {
    await insertFile(db, { submissionId: id, questionId: "cv", name: "cv.pdf" });
    await insertFile(db, { submissionId: id, questionId: "budget", name: "budget.pdf" });
  }
  const sections = [
    {
      sectionId: "merit",
      rating: 4,
      criteria: [{ criteriaId: "impact", type: "SCALE" as const, value: 4 }],
    },
  ];
  await insertReview(db, {
    program,
    submissionId: candidates.assigned,
    userId: members.REVIEWER.id,
    rating: 4,
    sections,
  });
  await insertReview(db, {
    program,
    submissionId: candidates.assigned,
    userId: members.ADMIN_REVIEWER.id,
    rating: -1,
  });
  for (const [author, body] of [
    [members.REVIEWER.id, "Strong budget"],
    [members.ADMIN_REVIEWER.id, "Check the CV"],
  ] as const) {
    await insertComment(db, {
      program,
      submissionId: candidates.assigned,
      userId: author,
      sectionId: "merit",
      body,
    });
  }
  const cookies = await signInCast(t, cast);
  return { t, sql, cast, cookies, candidates };
}

describe("the submission view: our server and the baseline give the same answers", () => {
  let t: TestApp;
  let cast: Cast;
  let cookies: Record<string, string>;
  let sql: SqlClient;
  let candidates: Record<CandidateKind, string>;

  beforeAll(async () => {
    ({ t, sql, cast, cookies, candidates } = await buildWorld());
  });
  afterAll(() => t?.close());

  const baselineAnswer = (path: string, cookie: string) =>
    askBaseline(candidateViewScenario.baseline, sql, { method: "GET", path, cookie });

  const readers = [
    "orgAdmin",
    "otherOrgAdmin",
    "admin",
    "adminReviewer",
    "reviewer",
    "guest",
    "applicant",
  ] as const;
  const kinds = ["assigned", "otherReviewers", "toGroup", "openToAll", "draft", "test"] as const;

  /**
   * Both servers' answers for every reader and candidate, compared; the status of ours by `reader kind`.
   * `refusal` names what our server answers a refused reader (the baseline always answers 404).
   */
  async function compareEveryReader(refusal: (status: number) => boolean = (status) => status === 404) {
    const statuses = new Map<string, number>();
    for (const reader of readers) {
      for (const kind of kinds) {
        const path = `/api/applications/${cast.program.id}/${candidates[kind]}`;
        const ours = await t.request(path, { cookie: cookies[reader]! });
        const oursBody: unknown = await ours.json();
        const baseline = await baselineAnswer(path, cookies[reader]!);
        const what = `${reader} opening the ${kind} candidate`;
        statuses.set(`${reader} ${kind}`, ours.status);
        if (refusal(ours.status)) {
          expect(baseline.status, what).toBe(404);
          continue;
        }
        expect({ status: baseline.status, body: baseline.body }, what).toEqual({
          status: ours.status,
          body: oursBody,
        });
        // The benchmark's answer check compares the JSON text: the same keys in the same order.
        expect(JSON.stringify(baseline.body), what).toBe(JSON.stringify(oursBody));
      }
    }
    return (reader: string, kind: string) => statuses.get(`${reader} ${kind}`) === 200;
  }

  it("answers every reader on every kind of candidate alike, with some reads allowed and some refused", async () => {
    const seen = await compareEveryReader();
    // The world reaches every rule of the view (a world where everyone is refused would prove nothing).
    expect(seen("reviewer", "assigned") && seen("reviewer", "openToAll") && seen("guest", "toGroup")).toBe(
      true,
    );
    expect(
      seen("reviewer", "otherReviewers") || seen("reviewer", "toGroup") || seen("reviewer", "draft"),
    ).toBe(false);
    expect(
      seen("adminReviewer", "draft") && seen("orgAdmin", "test") && !seen("otherOrgAdmin", "assigned"),
    ).toBe(true);
  });

  it("withholds admin roles alike while the organization requires two-factor authentication they lack", async () => {
    const db = t.deps.db;
    await db
      .update(organizations)
      .set({ requireAdminTwoFactor: true })
      .where(eq(organizations.id, cast.org.id));
    try {
      // Our server tells a withheld admin why (403 TWO_FACTOR_REQUIRED) where the baseline answers 404.
      const seen = await compareEveryReader((status) => status === 404 || status === 403);
      // Admins lose the drafts; the admin-reviewer keeps their committee seat, the reviewer is untouched.
      expect(seen("orgAdmin", "draft") || seen("admin", "draft") || seen("adminReviewer", "draft")).toBe(
        false,
      );
      expect(seen("adminReviewer", "otherReviewers") && seen("reviewer", "assigned")).toBe(true);
    } finally {
      await db
        .update(organizations)
        .set({ requireAdminTwoFactor: false })
        .where(eq(organizations.id, cast.org.id));
    }
  });

  it("leaves a candidate out of a committee member's view and neighbours alike once they declare a conflict", async () => {
    const db = t.deps.db;
    // Charlie (open to all) sits between Bravo (the reviewer's own) and Foxtrot in the reviewer's list.
    const [conflict] = await db
      .insert(conflicts)
      .values({
        organizationId: cast.org.id,
        programId: cast.program.id,
        submissionId: candidates.openToAll,
        userId: cast.members.REVIEWER.id,
        declaredBy: "self",
        recordedBy: cast.members.REVIEWER.id,
      })
      .returning();
    try {
      const seen = await compareEveryReader();
      expect(seen("reviewer", "openToAll")).toBe(false);
      expect(seen("reviewer", "assigned") && seen("guest", "openToAll")).toBe(true);
      const bravo = await t.request(`/api/applications/${cast.program.id}/${candidates.assigned}`, {
        cookie: cookies.reviewer!,
      });
      expect(((await bravo.json()) as { nextId: string | null }).nextId).not.toBe(candidates.openToAll);
    } finally {
      await db.delete(conflicts).where(eq(conflicts.id, conflict!.id));
    }
  });
});

describe("the lists, the statistics and the rankings: our server and the baseline give the same answers", () => {
  let t: TestApp;
  let cast: Cast;
  let cookies: Record<string, string>;
  let sql: SqlClient;
  let candidates: Record<CandidateKind, string>;
  const readers = ["orgAdmin", "otherOrgAdmin", "admin", "adminReviewer", "reviewer", "guest", "applicant"];

  beforeAll(async () => {
    ({ t, sql, cast, cookies, candidates } = await buildWorld());
    const { program, members } = cast;
    // A second rated review and a stored ranking, so that every input of the statistics has rows.
    await insertReview(t.deps.db, {
      program,
      submissionId: candidates.toGroup,
      userId: members.GUEST.id,
      rating: 7,
    });
    await insertRanking(t.deps.db, program, members.GUEST.id, [candidates.toGroup, candidates.openToAll]);
  });
  afterAll(() => t?.close());

  /**
   * Both servers' answers to one request by every reader, compared (the JSON text too: the benchmark's
   * answer check compares it); a reader ours refuses (404, or 403 for a withheld role) gets 404 from the
   * baseline. Returns the readers ours answered with 200.
   */
  async function compareEveryReader(
    route: BaselineRoute,
    request: { method: HttpMethod; path: (reader: string) => string; body?: (reader: string) => unknown },
  ): Promise<string[]> {
    const answered: string[] = [];
    for (const reader of readers) {
      const path = request.path(reader);
      const body = request.body?.(reader);
      const ours = await t.request(path, { method: request.method, cookie: cookies[reader]!, body });
      const oursBody: unknown = await ours.json();
      const baseline = await askBaseline(route, sql, { ...request, path, cookie: cookies[reader]!, body });
      const what = `${reader}: ${request.method} ${path}`;
      if (ours.status === 404 || ours.status === 403) {
        expect(baseline.status, what).toBe(404);
        continue;
      }
      expect({ status: baseline.status, body: baseline.body }, what).toEqual({
        status: ours.status,
        body: oursBody,
      });
      expect(JSON.stringify(baseline.body), what).toBe(JSON.stringify(oursBody));
      if (ours.status === 200) answered.push(reader);
    }
    return answered;
  }

  it("step 1's list (bench/scenarios/candidate-list.ts): every reader, every page, in and out of Admin Mode", async () => {
    for (const query of [
      "page=1",
      "page=2&pageSize=2",
      "adminMode=true",
      "adminMode=true&page=3&pageSize=2",
    ]) {
      const answered = await compareEveryReader(candidateListScenario.baseline, {
        method: "GET",
        path: () => `/api/applications?programId=${cast.program.id}&${query}`,
      });
      expect(answered, query).toEqual(["orgAdmin", "admin", "adminReviewer", "reviewer", "guest"]);
    }
  });

  it("the assignment list (bench/scenarios/assign-list.ts): every reader, with and without a search", async () => {
    for (const query of ["page=1&pageSize=10", "page=2&pageSize=5", "page=1&pageSize=5&search=ha"]) {
      const answered = await compareEveryReader(assignListScenario.baseline, {
        method: "GET",
        path: () => `/api/admin/assignments?programId=${cast.program.id}&${query}`,
      });
      expect(answered, query).toEqual(["orgAdmin", "admin", "adminReviewer"]);
    }
  });

  it("Candidate Statistics (bench/scenarios/candidate-stats.ts): every reader, sorted, filtered and paged", async () => {
    for (const query of [
      "page=1&pageSize=10&sort=identifier&direction=ascending&search=&status=all&minReviews=0",
      "sort=averageRating&direction=descending",
      "sort=consensusRank&pageSize=2&page=2",
      "status=approved&minReviews=1&search=fox",
      "recipients=true",
    ]) {
      const answered = await compareEveryReader(candidateStatsScenario.baseline, {
        method: "GET",
        path: () => `/api/admin/candidate-submissions?programId=${cast.program.id}&${query}`,
      });
      expect(answered, query).toEqual(["orgAdmin", "admin", "adminReviewer"]);
    }
  });

  it("Candidate Statistics reads the same inputs with the baseline's statements as with the server's", async () => {
    // The kept table is one module for both (kept-tables.ts): what could drift is what each reads.
    const db = t.deps.db;
    const id = cast.program.id;
    const inputs = tableInputsOf(sql, id);
    expect(await statisticsVersionsOf(sql, id)).toEqual(await statisticsVersions(db, id));
    const ours = await loadCandidates(db, id);
    expect(ours.length).toBe(4);
    expect(await inputs.candidates()).toEqual(ours);
    for (const withSuggested of [false, true]) {
      const ourReviews = await loadReviews(db, id, withSuggested);
      expect(ourReviews.length).toBe(2);
      expect(await inputs.reviews(withSuggested)).toEqual(ourReviews);
    }
    expect(await inputs.rankings()).toEqual(await loadRankings(db, id));
    expect((await inputs.rankings()).length).toBe(1);
  });

  it("the stacked ranking (bench/reviewing/save-ranking.ts): reading it and the refused saves, for every reader", async () => {
    const rankingPath = (reader: string) => `/api/rankings/${cookieHolders(cast)[reader]}/${cast.program.id}`;
    expect(
      await compareEveryReader(readRankingEndpoint.baseline, { method: "GET", path: rankingPath }),
    ).toEqual(["orgAdmin", "admin", "adminReviewer", "reviewer", "guest"]);
    // Not the caller's candidates (a stale list): refused by both, nothing written.
    const refused = await compareEveryReader(saveRankingEndpoint.baseline, {
      method: "POST",
      path: () => "/api/rankings",
      body: () => ({ programId: cast.program.id, rankings: [candidates.draft], revision: 0 }),
    });
    expect(refused).toEqual([]);
  });

  it("the stacked ranking: a save by either server is read back alike by both, revision after revision", async () => {
    const reviewer = cookies.reviewer!;
    const path = `/api/rankings/${cast.members.REVIEWER.id}/${cast.program.id}`;
    const readBoth = async () => {
      const ours = (await (await t.request(path, { cookie: reviewer })).json()) as { revision: number };
      const baseline = await askBaseline(readRankingEndpoint.baseline, sql, {
        method: "GET",
        path,
        cookie: reviewer,
      });
      expect(baseline.body).toEqual(ours);
      return ours;
    };
    const before = await readBoth();
    const order = (before as unknown as { applications: { _id: string }[] }).applications.map((c) => c._id);
    const body = { programId: cast.program.id, rankings: [...order].reverse(), revision: before.revision };
    const baselineSave = await askBaseline(saveRankingEndpoint.baseline, sql, {
      method: "POST",
      path: "/api/rankings",
      cookie: reviewer,
      body,
    });
    expect(baselineSave).toEqual({
      status: 200,
      body: {
        revision: before.revision + 1,
        topFiveChanged: false,
        savedAt: expect.any(String),
        confirmedAt: null,
      },
    });
    const afterBaseline = await readBoth();
    expect(afterBaseline.revision).toBe(before.revision + 1);
    const oursSave = await t.request("/api/rankings", {
      method: "POST",
      cookie: reviewer,
      body: { ...body, rankings: order, revision: afterBaseline.revision },
    });
    expect({ status: oursSave.status, body: await oursSave.json() }).toEqual({
      status: 200,
      body: {
        revision: before.revision + 2,
        topFiveChanged: false,
        savedAt: expect.any(String),
        confirmedAt: null,
      },
    });
    expect((await readBoth()).revision).toBe(before.revision + 2);
    // A save from a revision already taken: the same conflict from both.
    const stale = { ...body, revision: before.revision };
    const oursStale = await t.request("/api/rankings", { method: "POST", cookie: reviewer, body: stale });
    const baselineStale = await askBaseline(saveRankingEndpoint.baseline, sql, {
      method: "POST",
      path: "/api/rankings",
      cookie: reviewer,
      body: stale,
    });
    expect(baselineStale).toEqual({ status: oursStale.status, body: await oursStale.json() });
    expect(oursStale.status).toBe(409);
  });
});

/** Each signed-in reader's user id, by the names of signInCast. */
function cookieHolders(cast: Cast): Record<string, string> {
  return {
    orgAdmin: cast.orgAdmin.id,
    otherOrgAdmin: cast.otherOrgAdmin.id,
    admin: cast.members.ADMIN.id,
    adminReviewer: cast.members.ADMIN_REVIEWER.id,
    reviewer: cast.members.REVIEWER.id,
    guest: cast.members.GUEST.id,
    applicant: cast.applicant.id,
  };
}
