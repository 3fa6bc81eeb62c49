import { type HttpClient, httpClient } from "../../bench/lib/http-client";
import { expectOk } from "../../bench/reviewing/write-types";
import type { BenchUser } from "../../bench/scenarios/types";
import type { Section } from "../../src/shared/forms/model";
import type {
  CandidateListResult,
  CandidateView,
  RankingResult,
  SaveRankingBody,
  SaveReviewBody,
} from "../../src/shared/schemas/reviews";
import type { LoopControl } from "../chaos/loop";
import type { Endpoint } from "./demo";
import type { Recorder } from "./recorder";
import { steadyLoop } from "./steady";

/**
 * The demo committee at work, each person on connections of their own, at a steady pace:
 * - each reviewer pages through their candidate list and opens a candidate from the page (one
 *   request every READ_EVERY_MS), saves reviews of their candidates in turn (every criterion rated in
 *   whole points, values changing from one save to the next: the reviewing benchmark's client,
 *   bench/reviewing/save-review.ts, rates in half points, which the demo organization's scale refuses)
 *   and reorders their stacked ranking (the last candidate to the top, with the revision);
 * - the program admin lists the candidates (Candidate Statistics, Admin Mode's first page) and saves
 *   decisions (status and a new amount each time) on the candidates in turn.
 */

/**
 * Each client's pace. None is slower than one request every 2 s: a connection idle longer meets the
 * load client's 4 s idle close and the server's 5 s keep-alive, and a request sent as the server closes
 * its side fails with ECONNRESET, an artifact of the load generator (bench/lib/http-client.ts).
 */
const READ_EVERY_MS = 1_000;
const REVIEW_EVERY_MS = 2_000;
const RANKING_EVERY_MS = 2_000;
const ADMIN_LIST_EVERY_MS = 2_000;
const DECISION_EVERY_MS = 2_000;
const PAGE_SIZE = 10;
const DECISION_STATUSES = ["approved", "pending", "disapproved"] as const;

/** One signed-in person's connection: GET and JSON bodies with their cookie and our origin. */
class Session {
  readonly client: HttpClient;

  constructor(
    private readonly server: Endpoint,
    readonly user: BenchUser,
    recorder: Recorder,
  ) {
    this.client = recorder.wrap(httpClient(server.baseUrl));
  }

  send(method: "GET" | "POST" | "PATCH", path: string, body?: unknown) {
    return this.client.send({
      method,
      path,
      headers: { cookie: this.user.cookie, origin: this.server.origin },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  }
}

/** The submitted candidates `session`'s user sees (not drafts, not tests), for the writers' rounds. */
async function candidateIds(session: Session, programId: string): Promise<string[]> {
  const list = expectOk<CandidateListResult>(
    await session.send("GET", `/api/applications?programId=${encodeURIComponent(programId)}&pageSize=100`),
    `The candidate list of ${session.user.email}`,
  );
  return list.rows.filter((row) => !row.draft && !row.test).map((row) => row._id);
}

/** The sections of a candidate's form that carry criteria (the demo candidates share one form). */
async function ratedSections(session: Session, programId: string, candidateId: string): Promise<Section[]> {
  const view = expectOk<CandidateView>(
    await session.send(
      "GET",
      `/api/applications/${encodeURIComponent(programId)}/${encodeURIComponent(candidateId)}`,
    ),
    `Opening a candidate as ${session.user.email}`,
  );
  return view.sections.filter((s) => s.criteria.length > 0);
}

/** A reviewer paging through their list and opening a candidate of the page, in turn. */
class Reader {
  private page = 1;
  private pages = 1;
  private onPage: string[] = [];
  private opening = false;

  constructor(
    private readonly session: Session,
    private readonly programId: string,
  ) {}

  async step(): Promise<void> {
    const programId = encodeURIComponent(this.programId);
    if (this.opening && this.onPage.length > 0) {
      const id = this.onPage[Math.floor(Math.random() * this.onPage.length)]!;
      await this.session.send("GET", `/api/applications/${programId}/${encodeURIComponent(id)}`);
      this.opening = false;
      return;
    }
    const answer = await this.session.send(
      "GET",
      `/api/applications?programId=${programId}&page=${this.page}&pageSize=${PAGE_SIZE}`,
    );
    if (answer.status === 200) {
      const list = JSON.parse(answer.text) as CandidateListResult;
      this.onPage = list.rows.filter((row) => !row.draft).map((row) => row._id);
      this.pages = Math.max(1, Math.ceil(list.total / PAGE_SIZE));
    }
    this.page = (this.page % this.pages) + 1;
    this.opening = true;
  }
}

/** A reviewer rating their candidates in turn (POST /api/reviews), as scripts/chaos/committee.ts does. */
class ReviewWriter {
  private saves = 0;

  constructor(
    private readonly session: Session,
    private readonly candidates: string[],
    /** The demo form's sections that carry criteria: what a review rates. */
    private readonly rated: Section[],
  ) {}

  async step(): Promise<void> {
    const k = this.saves++;
    const body: SaveReviewBody = {
      submissionId: this.candidates[k % this.candidates.length]!,
      sections: this.rated.map((section, s) => ({
        sectionId: section._id,
        rating: -1,
        criteria: section.criteria.map((criterion, c) => {
          const shift = Math.floor(k / this.candidates.length) + 3 * s + 7 * c;
          const value = criterion.type === "BOOLEAN" ? shift % 2 : 1 + (shift % criterion.maxScale);
          return { criteriaId: criterion._id, type: criterion.type, value };
        }),
      })),
    };
    await this.session.send("POST", "/api/reviews", body);
  }
}

/** A reviewer's stacked ranking: the last candidate moved to the top, with the revision of the last save. */
class RankingWriter {
  private order: string[] | null = null;
  private revision = 0;

  constructor(
    private readonly session: Session,
    private readonly programId: string,
    private readonly recorder: Recorder,
  ) {}

  private async read(): Promise<string[] | null> {
    const answer = await this.session.send(
      "GET",
      `/api/rankings/${encodeURIComponent(this.session.user.userId)}/${encodeURIComponent(this.programId)}`,
    );
    if (answer.status !== 200) return null;
    const ranking = JSON.parse(answer.text) as RankingResult;
    this.order = ranking.applications.map((a) => a._id);
    this.revision = ranking.revision;
    return this.order;
  }

  async step(): Promise<void> {
    if (this.order === null) {
      await this.read();
      return;
    }
    const next = [...this.order.slice(-1), ...this.order.slice(0, -1)];
    const body: SaveRankingBody = { programId: this.programId, rankings: next, revision: this.revision };
    const sentAt = performance.now();
    const answer = await this.session.send("POST", "/api/rankings", body);
    if (answer.status === 200) {
      this.revision = (JSON.parse(answer.text) as { revision: number }).revision;
      this.order = next;
      return;
    }
    // A 409 is the server refusing an order that is not a permutation of the reviewer's candidates
    // any more: an applicant submitted meanwhile. Expected, if the reloaded ranking shows it; with
    // the same candidates, it is a broken revision chain and stays an error.
    const before = new Set(next);
    const reloaded = await this.read();
    const changed =
      reloaded !== null && (reloaded.length !== before.size || reloaded.some((id) => !before.has(id)));
    if (answer.status === 409 && changed) this.recorder.excuse("ranking save", "HTTP 409", sentAt);
  }
}

/** The admin's decisions on the candidates in turn: statuses in a cycle, a new amount (to the cent) each time. */
class DecisionWriter {
  private saves = 0;

  constructor(
    private readonly session: Session,
    private readonly candidates: string[],
  ) {}

  async step(): Promise<void> {
    const id = this.candidates[this.saves % this.candidates.length]!;
    const round = Math.floor(this.saves / this.candidates.length);
    const decision = {
      status: DECISION_STATUSES[round % DECISION_STATUSES.length]!,
      amount: 1000 + this.saves + 0.25,
    };
    this.saves++;
    await this.session.send("PATCH", `/api/submissions/updateField/${encodeURIComponent(id)}`, decision);
  }
}

export class SoakCommittee {
  private readonly sessions: Session[] = [];
  private readonly loops: { intervalMs: number; step: () => Promise<void> }[] = [];

  constructor(
    private readonly server: Endpoint,
    private readonly recorder: Recorder,
  ) {}

  private session(user: BenchUser): Session {
    const session = new Session(this.server, user, this.recorder);
    this.sessions.push(session);
    return session;
  }

  async prepare(programId: string, reviewers: BenchUser[], admin: BenchUser): Promise<void> {
    for (const reviewer of reviewers) {
      const reading = this.session(reviewer);
      const candidates = await candidateIds(reading, programId);
      if (candidates.length === 0) throw new Error(`${reviewer.email} sees no candidates.`);
      const reader = new Reader(reading, programId);
      this.loops.push({ intervalMs: READ_EVERY_MS, step: () => reader.step() });

      const reviews = new ReviewWriter(
        this.session(reviewer),
        candidates,
        await ratedSections(reading, programId, candidates[0]!),
      );
      this.loops.push({ intervalMs: REVIEW_EVERY_MS, step: () => reviews.step() });

      const ranking = new RankingWriter(this.session(reviewer), programId, this.recorder);
      this.loops.push({ intervalMs: RANKING_EVERY_MS, step: () => ranking.step() });
    }

    const listing = this.session(admin);
    let statistics = true;
    this.loops.push({
      intervalMs: ADMIN_LIST_EVERY_MS,
      step: async () => {
        const program = encodeURIComponent(programId);
        await listing.send(
          "GET",
          statistics
            ? `/api/admin/candidate-submissions?programId=${program}`
            : `/api/applications?programId=${program}&adminMode=true&page=1&pageSize=${PAGE_SIZE}`,
        );
        statistics = !statistics;
      },
    });
    const deciding = this.session(admin);
    const decisions = new DecisionWriter(deciding, await candidateIds(deciding, programId));
    this.loops.push({ intervalMs: DECISION_EVERY_MS, step: () => decisions.step() });
  }

  async run(control: LoopControl): Promise<void> {
    await Promise.all(
      this.loops.map((loop) => steadyLoop(control, loop.intervalMs, loop.step, this.recorder)),
    );
  }

  close(): void {
    for (const session of this.sessions) session.client.close();
  }
}
