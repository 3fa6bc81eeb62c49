import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultFormContent } from "../../shared/forms/defaults";
import type { Db } from "../db/client";
import {
  programs,
  reviewerGroups,
  submissionReviewerGroups,
  submissionReviewers,
  submissions,
  users,
} from "../db/schema";
import { buildCast, buildProgram, buildPublishedForm, buildUser, type Cast } from "../test/factories";
import { createTestApp, type TestApp } from "../test/harness";
import {
  assignGroup,
  assignReviewer,
  buildCandidate,
  buildGroup,
  insertReview,
} from "../test/review-factories";
import { findReviewProgram, listCandidates, neighboursOf, type Viewer } from "./candidate-list";

/**
 * submissions.open_to_all — "assigned to no committee member and no reviewer group" — is kept by
 * database triggers on the assignment tables (src/server/db/sql/open-to-all.sql), so every writer
 * keeps it right without code of its own. These tests write the tables directly, as any writer would.
 */

let t: TestApp;
let db: Db;
let cast: Cast;
let formId: string;
let serial = 0;

beforeAll(async () => {
  t = await createTestApp();
  db = t.deps.db;
  cast = await buildCast(db);
  ({ formId } = await buildPublishedForm(db, cast.program, defaultFormContent("Open to all")));
});
afterAll(() => t?.close());

const program = () => cast.program;
const candidate = async () =>
  (await buildCandidate(db, { program: program(), formId, identifier: `Candidate ${++serial}` })).id;
const reviewer = () => buildUser(db, { name: `Reviewer ${++serial}` });

async function openToAll(...ids: string[]): Promise<boolean[]> {
  const rows = await db
    .select({ id: submissions.id, open: submissions.openToAll })
    .from(submissions)
    .where(inArray(submissions.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r.open]));
  return ids.map((id) => byId.get(id)!);
}

const unassignReviewer = (submissionId: string, userId: string) =>
  db
    .delete(submissionReviewers)
    .where(and(eq(submissionReviewers.submissionId, submissionId), eq(submissionReviewers.userId, userId)));
const unassignGroup = (submissionId: string, groupId: string) =>
  db
    .delete(submissionReviewerGroups)
    .where(
      and(
        eq(submissionReviewerGroups.submissionId, submissionId),
        eq(submissionReviewerGroups.groupId, groupId),
      ),
    );

describe("submissions.open_to_all", () => {
  it("is true for a new candidate, which no one is assigned to", async () => {
    expect(await openToAll(await candidate())).toEqual([true]);
  });

  it("turns false when a reviewer is assigned and true again when the last one is removed", async () => {
    const id = await candidate();
    const [ann, bob] = [await reviewer(), await reviewer()];
    await assignReviewer(db, id, ann.id, program().id);
    expect(await openToAll(id)).toEqual([false]);
    await assignReviewer(db, id, bob.id, program().id);
    await unassignReviewer(id, ann.id);
    expect(await openToAll(id)).toEqual([false]);
    await unassignReviewer(id, bob.id);
    expect(await openToAll(id)).toEqual([true]);
  });

  it("turns false when a reviewer group is assigned and true again when it is removed", async () => {
    const id = await candidate();
    const group = await buildGroup(db, program(), `Panel ${++serial}`, []);
    await assignGroup(db, id, group.id, program().id);
    expect(await openToAll(id)).toEqual([false]);
    await unassignGroup(id, group.id);
    expect(await openToAll(id)).toEqual([true]);
  });

  it("stays false while either a reviewer or a group remains", async () => {
    const id = await candidate();
    const ann = await reviewer();
    const group = await buildGroup(db, program(), `Panel ${++serial}`, [ann.id]);
    await assignReviewer(db, id, ann.id, program().id);
    await assignGroup(db, id, group.id, program().id);
    await unassignReviewer(id, ann.id);
    expect(await openToAll(id)).toEqual([false]);
    await assignReviewer(db, id, ann.id, program().id);
    await unassignGroup(id, group.id);
    expect(await openToAll(id)).toEqual([false]);
    await unassignReviewer(id, ann.id);
    expect(await openToAll(id)).toEqual([true]);
  });

  it("follows assignments removed by a cascade: a deleted group or a deleted user", async () => {
    const [byGroup, byUser] = [await candidate(), await candidate()];
    const ann = await reviewer();
    const group = await buildGroup(db, program(), `Panel ${++serial}`, []);
    await assignGroup(db, byGroup, group.id, program().id);
    await assignReviewer(db, byUser, ann.id, program().id);
    expect(await openToAll(byGroup, byUser)).toEqual([false, false]);
    await db.delete(reviewerGroups).where(eq(reviewerGroups.id, group.id));
    await db.delete(users).where(eq(users.id, ann.id));
    expect(await openToAll(byGroup, byUser)).toEqual([true, true]);
  });

  it("handles many candidates in one statement, and leaves the others alone", async () => {
    const ids = [await candidate(), await candidate(), await candidate()];
    const bystander = await candidate();
    const [ann, bob] = [await reviewer(), await reviewer()];
    await db.insert(submissionReviewers).values([
      { submissionId: ids[0]!, userId: ann.id, programId: program().id },
      { submissionId: ids[0]!, userId: bob.id, programId: program().id },
      { submissionId: ids[1]!, userId: ann.id, programId: program().id },
      { submissionId: ids[2]!, userId: bob.id, programId: program().id },
    ]);
    expect(await openToAll(...ids, bystander)).toEqual([false, false, false, true]);
    // Ann leaves every candidate at once: the one Bob still has stays assigned.
    await db.delete(submissionReviewers).where(eq(submissionReviewers.userId, ann.id));
    expect(await openToAll(...ids, bystander)).toEqual([false, true, false, true]);
  });

  it("follows an assignment moved to another candidate", async () => {
    const [from, to] = [await candidate(), await candidate()];
    const ann = await reviewer();
    await assignReviewer(db, from, ann.id, program().id);
    await db
      .update(submissionReviewers)
      .set({ submissionId: to })
      .where(and(eq(submissionReviewers.submissionId, from), eq(submissionReviewers.userId, ann.id)));
    expect(await openToAll(from, to)).toEqual([true, false]);
  });

  it("is true again for every candidate when the assignment tables are truncated", async () => {
    const [a, b] = [await candidate(), await candidate()];
    const ann = await reviewer();
    const group = await buildGroup(db, program(), `Panel ${++serial}`, []);
    await assignReviewer(db, a, ann.id, program().id);
    await assignGroup(db, b, group.id, program().id);
    await db.execute(sql`truncate ${submissionReviewers}`);
    expect(await openToAll(a, b)).toEqual([true, false]);
    await db.execute(sql`truncate ${submissionReviewerGroups}`);
    expect(await openToAll(a, b)).toEqual([true, true]);
  });
});

/**
 * Two transactions changing one candidate's assignments at once (PostgreSQL only: PGlite runs one
 * transaction at a time). Whichever commits first, a candidate left with an assignment is not open.
 */
describe.runIf(process.env.DATABASE_URL)("submissions.open_to_all under concurrent writers", () => {
  /** Runs `first` up to its commit, starts `second` (which must wait for first's lock), then commits first. */
  async function race(first: (tx: Db) => Promise<unknown>, second: (tx: Db) => Promise<unknown>) {
    let commitFirst!: () => void;
    let firstDone!: Promise<void>;
    const firstReady = new Promise<void>((ready) => {
      firstDone = db.transaction(async (tx) => {
        await first(tx as unknown as Db);
        ready();
        await new Promise<void>((resolve) => {
          commitFirst = resolve;
        });
      });
    });
    await firstReady;
    const secondDone = db.transaction((tx) => second(tx as unknown as Db));
    // Give the second transaction time to reach the lock it waits on.
    await new Promise((resolve) => setTimeout(resolve, 200));
    commitFirst();
    await Promise.all([firstDone, secondDone]);
  }

  it("removing the last reviewer while a group is assigned leaves the candidate assigned", async () => {
    const id = await candidate();
    const ann = await reviewer();
    const group = await buildGroup(db, program(), `Panel ${++serial}`, []);
    await assignReviewer(db, id, ann.id, program().id);
    await race(
      (tx) => tx.delete(submissionReviewers).where(eq(submissionReviewers.submissionId, id)),
      (tx) =>
        tx
          .insert(submissionReviewerGroups)
          .values({ submissionId: id, groupId: group.id, programId: program().id }),
    );
    expect(await openToAll(id)).toEqual([false]);
  });

  it("assigning a group while the last reviewer is removed leaves the candidate assigned", async () => {
    const id = await candidate();
    const ann = await reviewer();
    const group = await buildGroup(db, program(), `Panel ${++serial}`, []);
    await assignReviewer(db, id, ann.id, program().id);
    await race(
      (tx) =>
        tx
          .insert(submissionReviewerGroups)
          .values({ submissionId: id, groupId: group.id, programId: program().id }),
      (tx) => tx.delete(submissionReviewers).where(eq(submissionReviewers.submissionId, id)),
    );
    expect(await openToAll(id)).toEqual([false]);
  });

  it("two writers removing the last two assignments leave the candidate open", async () => {
    const id = await candidate();
    const [ann, bob] = [await reviewer(), await reviewer()];
    await assignReviewer(db, id, ann.id, program().id);
    await assignReviewer(db, id, bob.id, program().id);
    await race(
      (tx) => unassignReviewerIn(tx, id, ann.id),
      (tx) => unassignReviewerIn(tx, id, bob.id),
    );
    expect(await openToAll(id)).toEqual([true]);
  });
});

function unassignReviewerIn(tx: Db, submissionId: string, userId: string) {
  return tx
    .delete(submissionReviewers)
    .where(and(eq(submissionReviewers.submissionId, submissionId), eq(submissionReviewers.userId, userId)));
}

/**
 * The lists built on the flag (listCandidates: a page merged from the candidates open to all and those
 * assigned to the viewer, with its counts; neighboursOf) against the rule evaluated here in plain code
 * from the assignment tables' contents, over a program with every kind of candidate: open, assigned
 * directly, through a group, both, to someone else; drafts and tests (assigned or not); names equal but
 * for case, and equal names (the id breaks the tie).
 */
describe("the candidate lists agree with the rule", () => {
  type Kind = "open" | "ann" | "bob" | "panel" | "ann+panel" | "bob+panel" | "others";
  const KINDS: Kind[] = ["open", "ann", "bob", "panel", "ann+panel", "bob+panel", "others"];
  const NAMES = ["alpha", "Alpha", "ALPHA", "beta", "Beta", "gamma", "delta", "Delta", "epsilon", "zeta"];
  let listProgram: Awaited<ReturnType<typeof findReviewProgram>>;
  let people: Record<"ann" | "bob" | "cid" | "dee", string>;
  /** Reviewable candidates in list order (from the database, whose collation decides), with their kind. */
  let ordered: { id: string; kind: Kind }[];
  let ratedByAnn: Set<string>;
  let reviewableCount = 0;
  let everyCount = 0;

  beforeAll(async () => {
    const built = await buildProgram(db, cast.org.id, { name: "Consistency 2026" });
    // The expected lists below are in name order; the members' shuffled order has its own tests
    // (list-order.test.ts, docs/decisions/037-per-reviewer-order.md).
    await db
      .update(programs)
      .set({ reviewSettings: { candidateOrder: "name" } })
      .where(eq(programs.id, built.id));
    listProgram = await findReviewProgram(db, built.id);
    const { formId: listForm } = await buildPublishedForm(db, built, defaultFormContent("Consistency"));
    const [ann, bob, cid, dee, eve] = await Promise.all([
      reviewer(),
      reviewer(),
      reviewer(),
      reviewer(),
      reviewer(),
    ]);
    people = { ann: ann.id, bob: bob.id, cid: cid.id, dee: dee.id };
    // Cid is in the panel with Ann; Dee is assigned nothing and in no group.
    const panel = await buildGroup(db, built, "Consistency panel", [ann.id, cid.id]);
    const elsewhere = await buildGroup(db, built, "Other panel", [eve.id]);
    let seed = 7;
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const kinds = new Map<string, Kind>();
    ratedByAnn = new Set();
    for (let i = 0; i < 48; i++) {
      const kind = KINDS[i % KINDS.length]!;
      const state = i % 11 === 5 ? "draft" : i % 13 === 7 ? "test" : "submitted";
      const row = await buildCandidate(db, {
        program: built,
        formId: listForm,
        identifier: NAMES[Math.floor(next() * NAMES.length)]!,
        submitted: state === "submitted",
        test: state === "test",
      });
      everyCount += 1;
      if (state === "submitted") {
        kinds.set(row.id, kind);
        reviewableCount += 1;
      }
      if (kind.includes("ann")) await assignReviewer(db, row.id, ann.id, built.id);
      if (kind.includes("bob")) await assignReviewer(db, row.id, bob.id, built.id);
      if (kind.includes("panel")) await assignGroup(db, row.id, panel.id, built.id);
      if (kind === "others") await assignGroup(db, row.id, elsewhere.id, built.id);
      // Ann's reviews: rated, not rated (-1), on candidates she sees and on some she does not.
      if (i % 3 === 0) {
        const rating = i % 2 === 0 ? 3 : -1;
        await insertReview(db, { program: built, submissionId: row.id, userId: ann.id, rating });
        if (rating > -1 && state === "submitted") ratedByAnn.add(row.id);
      }
    }
    const inOrder = await db
      .select({ id: submissions.id })
      .from(submissions)
      .where(
        and(
          eq(submissions.programId, built.id),
          sql`${submissions.submissionDate} is not null and ${submissions.softDeleted} = false`,
        ),
      )
      .orderBy(sql`lower(${submissions.identifier})`, submissions.id);
    ordered = inOrder.map(({ id }) => ({ id, kind: kinds.get(id)! }));
  });

  const sees: Record<keyof typeof people, (kind: Kind) => boolean> = {
    ann: (k) => k === "open" || k.includes("ann") || k.includes("panel"),
    bob: (k) => k === "open" || k.includes("bob"),
    cid: (k) => k === "open" || k.includes("panel"),
    dee: (k) => k === "open",
  };

  async function wholeList(viewer: Viewer, pageSize: number, adminMode = false) {
    const ids: string[] = [];
    const counts: { total: number; shown: number; rated: number }[] = [];
    for (let page = 1; ; page++) {
      const result = await listCandidates(
        db,
        listProgram,
        { ...viewer, canRate: true, committee: true },
        {
          programId: listProgram.id,
          page,
          pageSize,
          ...(adminMode ? { adminMode: "true" as const } : {}),
        },
      );
      counts.push({ total: result.total, ...result.progress });
      ids.push(...result.rows.map((r) => r._id));
      // One page past the end: no rows, the same counts.
      if (result.rows.length === 0) break;
    }
    expect(new Set(counts.map((c) => JSON.stringify(c))).size).toBe(1);
    return { ids, counts: counts[0]! };
  }

  for (const who of ["ann", "bob", "cid", "dee"] as const) {
    it(`pages, counts and neighbours for ${who}`, async () => {
      const expected = ordered.filter((c) => sees[who](c.kind)).map((c) => c.id);
      expect(expected.length).toBeGreaterThan(3);
      const viewer = { userId: people[who], isAdmin: false };
      for (const pageSize of [1, 3, 7, 100]) {
        const { ids, counts } = await wholeList(viewer, pageSize);
        expect(ids).toEqual(expected);
        const rated = who === "ann" ? expected.filter((id) => ratedByAnn.has(id)).length : 0;
        expect(counts).toEqual({ total: expected.length, shown: expected.length, rated });
      }
      for (const [i, id] of expected.entries()) {
        const [candidate] = await db
          .select({ id: submissions.id, identifier: submissions.identifier })
          .from(submissions)
          .where(eq(submissions.id, id));
        expect(await neighboursOf(db, listProgram, viewer, candidate!)).toEqual({
          previousId: expected[i - 1] ?? null,
          nextId: expected[i + 1] ?? null,
        });
      }
    });
  }

  it("admins: every submitted candidate, and in Admin Mode drafts and tests too", async () => {
    const viewer = { userId: people.ann, isAdmin: true };
    const plain = await wholeList(viewer, 7);
    expect(plain.ids).toEqual(ordered.map((c) => c.id));
    expect(plain.counts).toEqual({ total: reviewableCount, shown: reviewableCount, rated: ratedByAnn.size });
    const adminMode = await wholeList(viewer, 7, true);
    expect(adminMode.ids).toHaveLength(everyCount);
    expect(adminMode.counts).toEqual({ total: everyCount, shown: reviewableCount, rated: ratedByAnn.size });
  });
});
