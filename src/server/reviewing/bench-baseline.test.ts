import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ProgramActor, rules } from "../../../bench/baseline/reviewing";
import type { SqlClient } from "../../../bench/lib/sql-client";
import { candidateViewScenario } from "../../../bench/scenarios/candidate-view";
import type { Actor } from "../../shared/authz/actor";
import { can } from "../../shared/authz/matrix";
import { PROGRAM_ROLES, type ProgramRole } from "../../shared/authz/roles";
import type { Db } from "../db/client";
import { organizations } from "../db/schema";
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
  insertReview,
  viewTestForm,
} from "../test/review-factories";

/**
 * The benchmark's baseline server (bench/baseline-server.ts) answers the same requests as ours in plain
 * code and SQL, so that the ratio of the two measures our framework, not different work. It rewrites the
 * role matrix (`rules` in bench/baseline/reviewing.ts) and the submission view (bench/scenarios/
 * candidate-view.ts with bench/baseline/candidate-view.ts). This file keeps both copies honest: the
 * rewritten rules against `can()` for every kind of actor and candidate, and the view answered by both
 * servers on the same small data, for every reader and candidate — who may see what, and the same fields.
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

describe("the submission view: our server and the baseline give the same answers", () => {
  let t: TestApp;
  let cast: Cast;
  let cookies: Record<string, string>;
  let sql: SqlClient;
  const candidates = {} as Record<
    "assigned" | "otherReviewers" | "toGroup" | "openToAll" | "draft" | "test",
    string
  >;

  beforeAll(async () => {
    t = await createTestApp({ BETTER_AUTH_SECRET: SECRET });
    const db = t.deps.db;
    sql = sqlClientOf(db);
    cast = await buildCast(db);
    const { program, members } = cast;
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
    cookies = await signInCast(t, cast);
  });
  afterAll(() => t?.close());

  async function baselineAnswer(path: string, cookie: string) {
    const route = candidateViewScenario.baseline;
    const match = route.pattern.exec(path);
    if (!match) throw new Error(`The baseline has no route for ${path}.`);
    return route.handle(
      {
        method: "GET",
        pathname: path,
        query: new URLSearchParams(),
        params: match.slice(1),
        headers: { cookie },
        body: undefined,
        remoteAddress: "127.0.0.1",
      },
      { sql, secret: SECRET },
    );
  }

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
});
