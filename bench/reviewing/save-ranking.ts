import { reviewerOrder } from "../../src/shared/review/scoring";
import type { RankingResult, SaveRankingBody } from "../../src/shared/schemas/reviews";
import {
  conflict,
  findProgram,
  NOT_RATED,
  notFound,
  REVIEWABLE_SQL,
  roleIn,
  rules,
  sessionOf,
  unauthenticated,
  visibleSql,
} from "../baseline/reviewing";
import type { HttpClient } from "../lib/http-client";
import type { SqlQuery } from "../lib/sql-client";
import type { BaselineEndpoint, BenchUser } from "../scenarios/types";
import { expectOk, type WriteBenchmark, type WriteSession } from "./write-types";

/**
 * The reviewing targets' ranking (bench/README.md, "Reviewing"): the generator's ranking program gives every
 * reviewer exactly this many candidates.
 */
export const RANKING_SIZE = 500;
const STALE_MESSAGE =
  "Your ranking was changed in another tab or window. Reload to continue with the newest order.";
const NOTHING_RATED_MESSAGE = "Rate at least one application before ranking your candidates.";
const ARCHIVED_MESSAGE = "This program is archived: comments and ratings are disabled.";

const rankingPath = (user: BenchUser) =>
  `/api/rankings/${encodeURIComponent(user.userId)}/${encodeURIComponent(user.review!.rankingProgramId)}`;

/**
 * A reviewer saving their stacked ranking of 500 candidates (the ranking program), as step 2 does
 * after a drag: the whole order with the revision it was based on. They read their ranking once
 * (GET, unmeasured), then each save sends the current order reversed with the revision the previous
 * save returned. A 409 (a broken revision chain) makes them read it again. At the end a reviewer
 * whose order is reversed saves once more, unmeasured, so the next run finds the generated orders.
 */
export const saveRanking: WriteBenchmark = {
  name: "save-ranking-500",
  description:
    "POST /api/rankings as a reviewer: their order of 500 candidates, reversed, with the revision of the last save",
  request: "POST /api/rankings",
  targetMedianMs: 50,
  async open(client: HttpClient, user: BenchUser, origin: string): Promise<WriteSession> {
    const headers = { cookie: user.cookie, origin, "content-type": "application/json" };
    const programId = user.review!.rankingProgramId;
    const read = async () => {
      const ranking = expectOk<RankingResult>(
        await client.send({ method: "GET", path: rankingPath(user), headers }),
        `Reading the ranking of ${user.email}`,
      );
      return { order: ranking.applications.map((a) => a._id), revision: ranking.revision };
    };
    let { order, revision } = await read();
    if (order.length !== RANKING_SIZE) {
      throw new Error(
        `${user.email} ranks ${order.length} candidates, not ${RANKING_SIZE}: run with --fresh.`,
      );
    }
    let reversals = 0;
    const request = () => {
      const body: SaveRankingBody = { programId, rankings: [...order].reverse(), revision };
      return { method: "POST" as const, path: "/api/rankings", headers, body: JSON.stringify(body) };
    };
    const answered = async (status: number, text: string) => {
      if (status === 200) {
        revision = (JSON.parse(text) as { revision: number }).revision;
        order = order.reverse();
        reversals++;
      } else {
        ({ order, revision } = await read());
        reversals = 0;
      }
    };
    return {
      size: order.length,
      next: request,
      answered: (answer) => answered(answer.status, answer.text),
      finish: async () => {
        if (reversals % 2 === 0) return;
        const answer = await client.send(request());
        await answered(answer.status, answer.text);
      },
    };
  },
};

interface CandidateRow {
  id: string;
  identifier: string;
  rating: number;
}

/** rankingCandidates: the member's candidates (visible, submitted, not tests) with their own rating, one query. */
function rankingCandidates(sql: SqlQuery, programId: string, userId: string, seesAll: boolean) {
  return sql.query<CandidateRow>(
    `select s.id, s.identifier, coalesce(r.rating, ${NOT_RATED}) as rating
       from submissions s left join reviews r on r.submission_id = s.id and r.user_id = $1
      where s.program_id = $2 and ${REVIEWABLE_SQL}${seesAll ? "" : ` and ${visibleSql("$1")}`}`,
    [userId, programId],
  );
}

/** orderRanking: the stored order (ids no longer candidates dropped), then the others by rating, ties shuffled per member. */
function orderRanking(userId: string, candidates: readonly CandidateRow[], stored: readonly string[]) {
  const byId = new Map(candidates.map((c) => [c.id, c]));
  const ranked: CandidateRow[] = [];
  for (const id of new Set(stored)) {
    const candidate = byId.get(id);
    if (candidate === undefined) continue;
    ranked.push(candidate);
    byId.delete(id);
  }
  const shuffle = new Map(reviewerOrder(userId, [...byId.keys()]).map((id, i) => [id, i]));
  const unranked = [...byId.values()].sort(
    (a, b) => b.rating - a.rating || shuffle.get(a.id)! - shuffle.get(b.id)!,
  );
  return [...ranked, ...unranked].map((c) => ({ _id: c.id, identifier: c.identifier, rating: c.rating }));
}

/** The baseline of GET /api/rankings/{userId}/{programId} for one's own ranking (rankingOf, loadRanking). */
export const readRankingEndpoint: BaselineEndpoint = {
  method: "GET",
  baseline: {
    pattern: /^\/api\/rankings\/([^/]+)\/([^/]+)$/,
    async handle(request, context) {
      const { sql } = context;
      const session = await sessionOf(request, context);
      if (!session) return unauthenticated();
      const [userId, programId] = request.params.map((p) => decodeURIComponent(p));
      const program = await findProgram(sql, programId!);
      if (!program) return notFound();
      const actor = { ...session, role: await roleIn(sql, session.userId, program.id) };
      const may = rules(actor, program.organization_id);
      // Someone else's ranking is for the program's admins only: not part of the benchmark.
      if (userId !== session.userId || !may.member) return notFound();
      const [candidates, stored] = await Promise.all([
        rankingCandidates(sql, program.id, session.userId, may.administers),
        sql.query<{
          applications: string[];
          revision: number;
          top_five_changed: boolean;
          updated_at: Date;
          confirmed_at: Date | null;
        }>(
          "select applications, revision, top_five_changed, updated_at, confirmed_at from rankings where program_id = $1 and user_id = $2",
          [program.id, session.userId],
        ),
      ]);
      return {
        status: 200,
        body: {
          programId: program.id,
          userId: session.userId,
          applications: orderRanking(session.userId, candidates, stored[0]?.applications ?? []),
          revision: stored[0]?.revision ?? 0,
          topFiveChanged: stored[0]?.top_five_changed ?? false,
          savedAt: stored[0] ? new Date(stored[0].updated_at).toISOString() : null,
          confirmedAt: stored[0]?.confirmed_at ? new Date(stored[0].confirmed_at).toISOString() : null,
        },
      };
    },
  },
};

type SavedRanking = {
  revision: number;
  top_five_changed: boolean;
  updated_at: Date;
  confirmed_at: Date | null;
};

/** Exactly the member's current candidates, each once. */
function isPermutationOf(order: readonly string[], candidates: readonly CandidateRow[]): boolean {
  if (order.length !== candidates.length) return false;
  const ids = new Set(candidates.map((c) => c.id));
  const seen = new Set<string>();
  for (const id of order) {
    if (!ids.has(id) || seen.has(id)) return false;
    seen.add(id);
  }
  return true;
}

/**
 * The baseline of POST /api/rankings (saveCallersRanking, saveRanking): the program, the member's
 * candidates (one query), the checks, then one statement that checks the revision and writes.
 */
export const saveRankingEndpoint: BaselineEndpoint = {
  method: "POST",
  baseline: {
    pattern: /^\/api\/rankings$/,
    async handle(request, context) {
      const { sql } = context;
      const session = await sessionOf(request, context);
      if (!session) return unauthenticated();
      const body = request.body as SaveRankingBody;
      const program = await findProgram(sql, body.programId);
      if (!program) return notFound();
      const actor = { ...session, role: await roleIn(sql, session.userId, program.id) };
      const may = rules(actor, program.organization_id);
      if (may.onCommittee && program.archived) return conflict("CONFLICT", ARCHIVED_MESSAGE);
      if (!may.onCommittee) return notFound();
      const candidates = await rankingCandidates(sql, program.id, session.userId, may.administers);
      if (!candidates.some((c) => c.rating > NOT_RATED)) return conflict("CONFLICT", NOTHING_RATED_MESSAGE);
      if (!isPermutationOf(body.rankings, candidates)) return conflict("STALE_REVISION", STALE_MESSAGE);
      const moved = body.movedIntoTopFive ?? false;
      const applications = JSON.stringify(body.rankings);
      const [saved] =
        body.revision === 0
          ? await sql.query<SavedRanking>(
              `insert into rankings (program_id, user_id, organization_id, applications, top_five_changed, revision)
               values ($1, $2, $3, $4, $5, 1)
               on conflict (program_id, user_id) do update
                 set applications = $4, revision = rankings.revision + 1,
                     top_five_changed = rankings.top_five_changed or $5, updated_at = now()
               where rankings.revision = 0
               returning revision, top_five_changed, updated_at, confirmed_at`,
              [program.id, session.userId, program.organization_id, applications, moved],
            )
          : await sql.query<SavedRanking>(
              `update rankings
                  set applications = $1, revision = revision + 1, top_five_changed = top_five_changed or $2,
                      updated_at = now()
                where program_id = $3 and user_id = $4 and revision = $5
                returning revision, top_five_changed, updated_at, confirmed_at`,
              [applications, moved, program.id, session.userId, body.revision],
            );
      if (!saved) return conflict("STALE_REVISION", STALE_MESSAGE);
      return {
        status: 200,
        body: {
          revision: saved.revision,
          topFiveChanged: saved.top_five_changed,
          savedAt: new Date(saved.updated_at).toISOString(),
          confirmedAt: saved.confirmed_at ? new Date(saved.confirmed_at).toISOString() : null,
        },
      };
    },
  },
};
