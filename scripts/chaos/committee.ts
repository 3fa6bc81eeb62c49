import { type HttpClient, httpClient } from "../../bench/lib/http-client";
import type { BenchUser } from "../../bench/scenarios/types";
import type { Section } from "../../src/shared/forms/model";
import {
  CANDIDATE_STATS_LIMITS,
  type CandidateStatsPage,
} from "../../src/shared/schemas/candidate-statistics";
import type { DecisionResult } from "../../src/shared/schemas/committee";
import type {
  CandidateListResult,
  CandidateView,
  RankingResult,
  Review,
  ReviewSection,
  SaveRankingBody,
  SaveReviewBody,
} from "../../src/shared/schemas/reviews";
import { Ledger } from "./ledger";
import { type LoopControl, recoverAfterFailure, saveLoop } from "./loop";
import type { ChaosServer } from "./server";
import { countingClient, type RequestTally } from "./tally";

/**
 * The demo committee writing while the server is killed: each reviewer saves reviews (criteria
 * ratings) of their candidates in turn and, on a connection of their own, their stacked ranking; the
 * program admin saves decisions (status and amount). Every writer keeps, in a ledger, the last value
 * acknowledged per object and the value of a write that got no answer.
 */

const DECISION_STATUSES = ["approved", "pending", "disapproved"] as const;

/** One signed-in user's requests on one connection. */
class Session {
  readonly client: HttpClient;

  constructor(
    private readonly server: ChaosServer,
    readonly user: BenchUser,
    tally: RequestTally,
  ) {
    this.client = countingClient(httpClient(server.baseUrl), tally);
  }

  /** The answer's status and JSON; throws on no answer (the caller treats both as a failed write). */
  async send<T>(method: "GET" | "POST" | "PATCH", path: string, body?: unknown) {
    const answer = await this.client.send({
      method,
      path,
      headers: { cookie: this.user.cookie, origin: this.server.origin },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: answer.status, text: answer.text, json: () => JSON.parse(answer.text) as T };
  }

  /** A read that must succeed: anything but a 200 is an error (retried by `recoverAfterFailure`). */
  async read<T>(path: string): Promise<T> {
    const answer = await this.send<T>("GET", path);
    if (answer.status !== 200)
      throw new Error(`GET ${path} answered ${answer.status}: ${answer.text.slice(0, 200)}`);
    return answer.json();
  }
}

interface Candidate {
  id: string;
  identifier: string;
  /** The sections of the candidate's form version that carry criteria: what a review rates. */
  rated: Section[];
}

/** The submitted candidates `session`'s user sees in step 1, with the sections a review of each rates. */
async function candidatesOf(session: Session, programId: string): Promise<Candidate[]> {
  const list = await session.read<CandidateListResult>(
    `/api/applications?programId=${encodeURIComponent(programId)}&pageSize=100`,
  );
  const rows = list.rows.filter((row) => !row.draft && !row.test);
  return Promise.all(
    rows.map(async (row) => {
      const view = await session.read<CandidateView>(
        `/api/applications/${encodeURIComponent(programId)}/${encodeURIComponent(row._id)}`,
      );
      return {
        id: row._id,
        identifier: row.identifier,
        rated: view.sections.filter((s) => s.criteria.length > 0),
      };
    }),
  );
}

/** The k-th review of a candidate: every criterion rated, values varying from one save to the next. */
function reviewSections(candidate: Candidate, k: number): ReviewSection[] {
  return candidate.rated.map((section, s) => ({
    sectionId: section._id,
    rating: -1,
    criteria: section.criteria.map((criterion, c) => {
      const shift = k + 3 * s + 7 * c;
      const value = criterion.type === "BOOLEAN" ? shift % 2 : 1 + (shift % criterion.maxScale);
      return { criteriaId: criterion._id, type: criterion.type, value };
    }),
  }));
}

/**
 * One reviewer rating their candidates in turn (POST /api/reviews), each save based on the review it
 * replaces (`expected`, decision 016), as the review page sends it.
 */
class ReviewWriter {
  private saves = 0;
  /** Per candidate, the `lastReviewed` of the review stored (null: none yet), as last read or answered. */
  private readonly basedOn = new Map<string, string | null>();

  constructor(
    private readonly session: Session,
    private readonly programId: string,
    private readonly candidates: Candidate[],
    private readonly ledger: Ledger,
    private readonly server: ChaosServer,
  ) {}

  private key(candidate: Candidate) {
    return `${this.session.user.email} on ${candidate.identifier}`;
  }

  /** The candidate's review as stored; what the next save of it replaces is remembered. */
  private async stored(candidate: Candidate): Promise<ReviewSection[]> {
    const { userId } = this.session.user;
    const review = await this.session.read<Review>(
      `/api/reviews/${userId}/${encodeURIComponent(candidate.id)}/${encodeURIComponent(this.programId)}`,
    );
    this.basedOn.set(candidate.id, review.lastReviewed);
    return review.sections;
  }

  /** Reads every candidate's review (the demo data has some): the first saves replace those. */
  async load(): Promise<void> {
    for (const candidate of this.candidates) await this.stored(candidate);
  }

  async save(): Promise<boolean> {
    const candidate = this.candidates[this.saves % this.candidates.length]!;
    const body: SaveReviewBody = {
      submissionId: candidate.id,
      sections: reviewSections(candidate, Math.floor(this.saves / this.candidates.length)),
      expected: { lastReviewed: this.basedOn.get(candidate.id) ?? null },
    };
    this.saves++;
    try {
      const answer = await this.session.send<{ review: Review }>("POST", "/api/reviews", body);
      if (answer.status === 200) {
        const { review } = answer.json();
        this.basedOn.set(candidate.id, review.lastReviewed);
        this.ledger.acknowledge(this.key(candidate), review.sections);
        return true;
      }
    } catch {
      // No answer: handled below as any other failed save.
    }
    // A 409 here would mean a save committed but never answered (before a kill) was not read back.
    this.ledger.failed(this.key(candidate), body.sections);
    return recoverAfterFailure(this.server, async () => {
      this.ledger.reconcile(this.key(candidate), await this.stored(candidate));
    });
  }

  async readBack(): Promise<void> {
    for (const candidate of this.candidates) {
      if (this.ledger.keys().includes(this.key(candidate))) {
        this.ledger.check(this.key(candidate), await this.stored(candidate));
      }
    }
  }
}

/** One reviewer reordering their stacked ranking (POST /api/rankings with the revision it is based on). */
class RankingWriter {
  private order: string[] = [];
  private revision = 0;

  constructor(
    private readonly session: Session,
    private readonly programId: string,
    private readonly ledger: Ledger,
    private readonly server: ChaosServer,
  ) {}

  private get key() {
    return `ranking of ${this.session.user.email}`;
  }

  private async stored(): Promise<{ order: string[]; revision: number }> {
    const ranking = await this.session.read<RankingResult>(
      `/api/rankings/${this.session.user.userId}/${encodeURIComponent(this.programId)}`,
    );
    return { order: ranking.applications.map((a) => a._id), revision: ranking.revision };
  }

  async load(): Promise<void> {
    ({ order: this.order, revision: this.revision } = await this.stored());
  }

  async save(): Promise<boolean> {
    // A drag: the last candidate moved to the top.
    const next = [...this.order.slice(-1), ...this.order.slice(0, -1)];
    const body: SaveRankingBody = { programId: this.programId, rankings: next, revision: this.revision };
    try {
      const answer = await this.session.send<{ revision: number }>("POST", "/api/rankings", body);
      if (answer.status === 200) {
        this.order = next;
        this.revision = answer.json().revision;
        this.ledger.acknowledge(this.key, { order: next, revision: this.revision });
        return true;
      }
    } catch {
      // No answer: handled below as any other failed save.
    }
    this.ledger.failed(this.key, { order: next, revision: this.revision + 1 });
    return recoverAfterFailure(this.server, async () => {
      const stored = await this.stored();
      this.ledger.reconcile(this.key, stored);
      ({ order: this.order, revision: this.revision } = stored);
    });
  }

  async readBack(): Promise<void> {
    if (this.ledger.keys().includes(this.key)) this.ledger.check(this.key, await this.stored());
  }
}

/**
 * The program admin deciding candidates in turn (PATCH /api/submissions/updateField/{id}), each decision
 * based on the one it replaces (`expected`, decision 016), as Candidate Statistics sends it.
 */
class DecisionWriter {
  private saves = 0;
  /** Per candidate, the decision stored, as last read or answered. */
  private known = new Map<string, { status: string; amount: number | null }>();

  constructor(
    private readonly session: Session,
    private readonly programId: string,
    private readonly candidates: Candidate[],
    private readonly ledger: Ledger,
    private readonly server: ChaosServer,
  ) {}

  private key(candidate: Candidate) {
    return `decision on ${candidate.identifier}`;
  }

  /** Every candidate's decision as stored, from the admins' Candidate Statistics. */
  private async stored(): Promise<Map<string, { status: string; amount: number | null }>> {
    const stored = new Map<string, { status: string; amount: number | null }>();
    const program = encodeURIComponent(this.programId);
    // Candidate Statistics answers a page at a time: read them all, at the largest page size.
    for (let page = 1; ; page++) {
      const stats = await this.session.read<CandidateStatsPage>(
        `/api/admin/candidate-submissions?programId=${program}&page=${page}&pageSize=${CANDIDATE_STATS_LIMITS.maxPageSize}`,
      );
      for (const row of stats.rows) stored.set(row._id, { status: row.status, amount: row.amount });
      if (page * stats.pageSize >= stats.total) break;
    }
    // What the next decisions replace: read like a page reload would.
    this.known = new Map(stored);
    return stored;
  }

  async load(): Promise<void> {
    await this.stored();
  }

  async save(): Promise<boolean> {
    const candidate = this.candidates[this.saves % this.candidates.length]!;
    const round = Math.floor(this.saves / this.candidates.length);
    // A new amount every time (to the cent), so each decision is told apart from the ones before.
    const decision = {
      status: DECISION_STATUSES[round % DECISION_STATUSES.length]!,
      amount: 1000 + this.saves + 0.25,
    };
    this.saves++;
    const expected = this.known.get(candidate.id);
    try {
      const answer = await this.session.send<DecisionResult>(
        "PATCH",
        `/api/submissions/updateField/${encodeURIComponent(candidate.id)}`,
        { ...decision, ...(expected ? { expected } : {}) },
      );
      if (answer.status === 200) {
        const { status, amount } = answer.json();
        this.known.set(candidate.id, { status, amount });
        this.ledger.acknowledge(this.key(candidate), { status, amount });
        return true;
      }
    } catch {
      // No answer: handled below as any other failed save.
    }
    this.ledger.failed(this.key(candidate), decision);
    return recoverAfterFailure(this.server, async () => {
      this.ledger.reconcile(this.key(candidate), (await this.stored()).get(candidate.id) ?? null);
    });
  }

  async readBack(): Promise<void> {
    const stored = await this.stored();
    for (const candidate of this.candidates) {
      if (this.ledger.keys().includes(this.key(candidate))) {
        this.ledger.check(this.key(candidate), stored.get(candidate.id) ?? null);
      }
    }
  }
}

/** The committee's writers and their ledgers. */
export class CommitteeWriters {
  readonly reviews = new Ledger("review");
  readonly rankings = new Ledger("ranking");
  readonly decisions = new Ledger("decision");
  private readonly sessions: Session[] = [];
  private reviewWriters: ReviewWriter[] = [];
  private rankingWriters: RankingWriter[] = [];
  private decisionWriters: DecisionWriter[] = [];

  constructor(
    private readonly server: ChaosServer,
    private readonly tally: RequestTally,
  ) {}

  private session(user: BenchUser): Session {
    const session = new Session(this.server, user, this.tally);
    this.sessions.push(session);
    return session;
  }

  /**
   * Each reviewer rates every candidate they see once (a ranking needs one rated candidate) and reads
   * their ranking; the admin reads the candidates they decide on.
   */
  async prepare(programId: string, reviewers: BenchUser[], admin: BenchUser): Promise<void> {
    for (const reviewer of reviewers) {
      const reviewing = this.session(reviewer);
      const candidates = await candidatesOf(reviewing, programId);
      if (candidates.length === 0) throw new Error(`${reviewer.email} sees no candidates.`);
      const writer = new ReviewWriter(reviewing, programId, candidates, this.reviews, this.server);
      await writer.load();
      for (const _ of candidates) {
        if (!(await writer.save())) throw new Error(`${reviewer.email} could not save a first review.`);
      }
      this.reviewWriters.push(writer);
      const ranking = new RankingWriter(this.session(reviewer), programId, this.rankings, this.server);
      await ranking.load();
      this.rankingWriters.push(ranking);
    }
    const deciding = this.session(admin);
    const candidates = await candidatesOf(deciding, programId);
    const decisions = new DecisionWriter(deciding, programId, candidates, this.decisions, this.server);
    await decisions.load();
    this.decisionWriters = [decisions];
  }

  async run(control: LoopControl): Promise<void> {
    const writers = [...this.reviewWriters, ...this.rankingWriters, ...this.decisionWriters];
    await Promise.all(writers.map((writer) => saveLoop(control, () => writer.save())));
  }

  async readBack(): Promise<void> {
    for (const writer of [...this.reviewWriters, ...this.rankingWriters, ...this.decisionWriters]) {
      await writer.readBack();
    }
  }

  close(): void {
    for (const session of this.sessions) session.client.close();
  }
}
