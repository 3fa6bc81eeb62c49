import { and, asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { defaultFormContent } from "../../shared/forms/defaults";
import { reviewerOrder } from "../../shared/review/scoring";
import { type RankingResult, REVIEW_MESSAGES, type SaveRankingBody } from "../../shared/schemas/reviews";
import { programs, rankings, reviews, submissions } from "../db/schema";
import {
  addMember,
  buildProgram,
  buildPublishedForm,
  buildUser,
  type Cast,
  withCastTestApp,
} from "../test/factories";
import type { TestApp } from "../test/harness";
import {
  assignGroup,
  assignReviewer,
  buildCandidate,
  buildGroup,
  countQueries,
  insertRanking,
  insertReview,
} from "../test/review-factories";
import { NOTHING_RATED_MESSAGE } from "./ranking-service";

let t: TestApp;
let cast: Cast;
let cookies: Record<string, string>;
withCastTestApp((app) => {
  ({ t, cast, cookies } = app);
});

type ProgramRef = { id: string; organizationId: string; name: string };
interface Member {
  id: string;
  cookie: string;
}

/** A program of the cast's organization: the cast's members in their roles and a published form. */
async function rankingProgram(opts: { archived?: boolean } = {}) {
  const db = t.deps.db;
  const program = await buildProgram(db, cast.org.id, { archived: opts.archived ?? false });
  for (const role of ["ADMIN", "ADMIN_REVIEWER", "REVIEWER", "GUEST"] as const) {
    await addMember(db, program, cast.members[role].id, role);
  }
  const { formId } = await buildPublishedForm(db, program, defaultFormContent("Ranked form"));
  const candidate = async (identifier: string, more: { submitted?: boolean; test?: boolean } = {}) =>
    (await buildCandidate(db, { program, formId, identifier, ...more })).id;
  return { program, candidate };
}

/** A fresh committee member of the program (so each test owns its ranking). */
async function newReviewer(program: ProgramRef): Promise<Member> {
  const user = await buildUser(t.deps.db, { name: "Ranking Reviewer" });
  await addMember(t.deps.db, program, user.id, "REVIEWER");
  return { id: user.id, cookie: await t.signIn(user.email) };
}

const rate = (program: ProgramRef, userId: string, submissionId: string, rating: number) =>
  insertReview(t.deps.db, { program, submissionId, userId, rating });

const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string; message: string } }).error;

async function ranking(cookie: string, userId: string, programId: string) {
  const res = await t.request(`/api/rankings/${userId}/${programId}`, { cookie });
  expect(res.status).toBe(200);
  return (await res.json()) as RankingResult;
}
const idsOf = (r: RankingResult) => r.applications.map((a) => a._id);

function saveRanking(cookie: string, body: SaveRankingBody, method = "POST", path = "/api/rankings") {
  return t.request(path, { method, body, cookie });
}

describe("step 2: a member's stacked ranking", () => {
  let program: ProgramRef;
  let candidate: Awaited<ReturnType<typeof rankingProgram>>["candidate"];
  beforeAll(async () => {
    ({ program, candidate } = await rankingProgram());
  });

  it("starts with the member's candidates by rating, ties in their own stable shuffle, unrated last", async () => {
    const me = await newReviewer(program);
    const [top, tieA, tieB, tieC, unrated, zero] = [
      await candidate("Top"),
      await candidate("Tie A"),
      await candidate("Tie B"),
      await candidate("Tie C"),
      await candidate("Unrated"),
      await candidate("Zero"),
    ] as const;
    const hidden = [
      await candidate("Draft", { submitted: false }),
      await candidate("Test", { test: true, submitted: false }),
      await candidate("Someone else's"),
    ];
    await assignReviewer(t.deps.db, hidden[2]!, cast.members.REVIEWER.id, program.id);
    await rate(program, me.id, top, 5);
    for (const id of [tieA, tieB, tieC]) await rate(program, me.id, id, 3);
    await rate(program, me.id, zero, 0);

    const result = await ranking(me.cookie, me.id, program.id);
    const mine = new Set([top, tieA, tieB, tieC, unrated, zero]);
    // Other tests add candidates to this program; keep to this test's own.
    const order = idsOf(result).filter((id) => mine.has(id));
    expect(order).toEqual([top, ...reviewerOrder(me.id, [tieA, tieB, tieC]), zero, unrated]);
    for (const id of hidden) expect(idsOf(result)).not.toContain(id);
    expect(result).toMatchObject({
      programId: program.id,
      userId: me.id,
      revision: 0,
      topFiveChanged: false,
      savedAt: null,
      confirmedAt: null,
    });
    expect(result.applications.find((a) => a._id === top)).toEqual({
      _id: top,
      identifier: "Top",
      rating: 5,
    });
    expect(result.applications.find((a) => a._id === unrated)!.rating).toBe(-1);
  });

  it("ranks the candidates assigned to the member or their groups and those open to all, not others'", async () => {
    const me = await newReviewer(program);
    const [direct, ours, theirs, both] = [
      await candidate("Assigned to me"),
      await candidate("Assigned to my group"),
      await candidate("Assigned to another group"),
      await candidate("Assigned to me and my group"),
    ];
    const mine = await buildGroup(t.deps.db, program, "My group", [me.id]);
    const others = await buildGroup(t.deps.db, program, "Other group", [cast.members.REVIEWER.id]);
    await assignReviewer(t.deps.db, direct, me.id, program.id);
    await assignGroup(t.deps.db, ours, mine.id, program.id);
    await assignGroup(t.deps.db, theirs, others.id, program.id);
    await assignReviewer(t.deps.db, both, me.id, program.id);
    await assignGroup(t.deps.db, both, mine.id, program.id);
    const open = await candidate("Open to all");

    const ids = idsOf(await ranking(me.cookie, me.id, program.id));
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of [direct, ours, both, open]) expect(ids).toContain(id);
    expect(ids).not.toContain(theirs);
    expect(idsOf(await ranking(cookies.admin!, cast.members.ADMIN_REVIEWER.id, program.id))).toContain(
      theirs,
    );
  });

  it("saves an order, keeps it on reload, and refuses a stale revision without overwriting", async () => {
    const me = await newReviewer(program);
    const initial = idsOf(await ranking(me.cookie, me.id, program.id));
    await rate(program, me.id, initial[0]!, 4);
    const reversed = [...initial].reverse();

    const first = await saveRanking(me.cookie, { programId: program.id, rankings: reversed, revision: 0 });
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ revision: 1, topFiveChanged: false, confirmedAt: null });

    const reloaded = await ranking(me.cookie, me.id, program.id);
    expect(idsOf(reloaded)).toEqual(reversed);
    expect(reloaded.revision).toBe(1);

    // Another tab still at revision 0 (and PUT is the same call as POST).
    for (const method of ["POST", "PUT"]) {
      const stale = await saveRanking(
        me.cookie,
        { programId: program.id, rankings: initial, revision: 0 },
        method,
      );
      expect(stale.status).toBe(409);
      expect(await errorOf(stale)).toEqual({ code: "STALE_REVISION", message: REVIEW_MESSAGES.staleRanking });
    }
    const ahead = await saveRanking(me.cookie, { programId: program.id, rankings: initial, revision: 7 });
    expect(ahead.status).toBe(409);
    expect(idsOf(await ranking(me.cookie, me.id, program.id))).toEqual(reversed);

    const second = await saveRanking(
      me.cookie,
      { programId: program.id, rankings: initial, revision: 1 },
      "PUT",
    );
    expect(await second.json()).toMatchObject({ revision: 2, topFiveChanged: false });
    expect(idsOf(await ranking(me.cookie, me.id, program.id))).toEqual(initial);
  });

  it("lets exactly one of two saves at the same revision win", async () => {
    const me = await newReviewer(program);
    const initial = idsOf(await ranking(me.cookie, me.id, program.id));
    await rate(program, me.id, initial[0]!, 4);
    const reversed = [...initial].reverse();
    for (const revision of [0, 1]) {
      const results = await Promise.all([
        saveRanking(me.cookie, { programId: program.id, rankings: initial, revision }),
        saveRanking(me.cookie, { programId: program.id, rankings: reversed, revision }),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      const winner = results[0]!.status === 200 ? initial : reversed;
      expect(idsOf(await ranking(me.cookie, me.id, program.id))).toEqual(winner);
      if (revision === 0) {
        // Start the next round from revision 1, whichever order won.
        expect((await ranking(me.cookie, me.id, program.id)).revision).toBe(1);
      }
    }
  });

  it("refuses an order that is not exactly the member's candidates (a tab that missed a new one)", async () => {
    const me = await newReviewer(program);
    const initial = idsOf(await ranking(me.cookie, me.id, program.id));
    await rate(program, me.id, initial[0]!, 4);
    const foreign = await candidate("Not yours");
    await assignReviewer(t.deps.db, foreign, cast.members.REVIEWER.id, program.id);
    const fresh = await candidate("Arrived later");
    const cases = [
      initial, // lacks the new candidate
      [...initial, fresh, fresh],
      [...initial, foreign],
      [...initial.slice(1), fresh, fresh],
    ];
    for (const rankings of cases) {
      const res = await saveRanking(me.cookie, { programId: program.id, rankings, revision: 0 });
      expect(res.status).toBe(409);
      expect((await errorOf(res)).message).toBe(REVIEW_MESSAGES.staleRanking);
    }
    const now = idsOf(await ranking(me.cookie, me.id, program.id));
    expect(now).toContain(fresh);
    expect(now).not.toContain(foreign);
    expect((await saveRanking(me.cookie, { programId: program.id, rankings: now, revision: 0 })).status).toBe(
      200,
    );
  });

  it("records an untouched order with Confirm ranking: saved, counted, with when it was saved and confirmed", async () => {
    const me = await newReviewer(program);
    const proposed = await ranking(me.cookie, me.id, program.id);
    const ids = idsOf(proposed);
    await rate(program, me.id, ids[0]!, 4);
    const before = Date.now();
    const res = await saveRanking(me.cookie, {
      programId: program.id,
      rankings: ids,
      revision: 0,
      confirm: true,
    });
    expect(res.status).toBe(200);
    const confirmed = (await res.json()) as { revision: number; savedAt: string; confirmedAt: string };
    expect(confirmed.revision).toBe(1);
    expect(Date.parse(confirmed.savedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(confirmed.confirmedAt).toBe(confirmed.savedAt);
    const [row] = await t.deps.db
      .select()
      .from(rankings)
      .where(and(eq(rankings.programId, program.id), eq(rankings.userId, me.id)));
    expect(row).toMatchObject({ applications: ids, revision: 1 });
    expect(row!.confirmedAt).not.toBeNull();
    const reread = await ranking(me.cookie, me.id, program.id);
    expect(reread).toMatchObject({
      revision: 1,
      savedAt: confirmed.savedAt,
      confirmedAt: confirmed.confirmedAt,
    });
    // The admins' list counts it.
    const all = (await (
      await t.request(`/api/rankings/${program.id}`, { cookie: cookies.admin })
    ).json()) as RankingResult[];
    expect(all.find((r) => r.userId === me.id)?.applications.map((a) => a._id)).toEqual(ids);

    // A move later keeps the confirmation's date and moves the save's.
    const moved = await saveRanking(me.cookie, {
      programId: program.id,
      rankings: [...ids].reverse(),
      revision: 1,
    });
    const afterMove = (await moved.json()) as { savedAt: string; confirmedAt: string };
    expect(afterMove.confirmedAt).toBe(confirmed.confirmedAt);
    expect(Date.parse(afterMove.savedAt)).toBeGreaterThanOrEqual(Date.parse(confirmed.savedAt));
    // A stale confirmation is refused like a stale move, and confirms nothing.
    const stale = await saveRanking(me.cookie, {
      programId: program.id,
      rankings: ids,
      revision: 1,
      confirm: true,
    });
    expect(stale.status).toBe(409);
    expect((await ranking(me.cookie, me.id, program.id)).confirmedAt).toBe(confirmed.confirmedAt);
  });

  it("refuses a confirmation with nothing rated, from a guest, and of a malformed body", async () => {
    const me = await newReviewer(program);
    const ids = idsOf(await ranking(me.cookie, me.id, program.id));
    const unrated = await saveRanking(me.cookie, {
      programId: program.id,
      rankings: ids,
      revision: 0,
      confirm: true,
    });
    expect(unrated.status).toBe(409);
    expect(await errorOf(unrated)).toEqual({ code: "CONFLICT", message: NOTHING_RATED_MESSAGE });
    const guest = await saveRanking(cookies.guest!, {
      programId: program.id,
      rankings: ids,
      revision: 0,
      confirm: true,
    });
    expect(guest.status).toBe(404);
    const bad = await t.request("/api/rankings", {
      method: "POST",
      cookie: me.cookie,
      body: { programId: program.id, rankings: ids, revision: 0, confirm: "yes" },
    });
    expect(bad.status).toBe(400);
    const [row] = await t.deps.db
      .select()
      .from(rankings)
      .where(and(eq(rankings.programId, program.id), eq(rankings.userId, me.id)));
    expect(row).toBeUndefined();
  });

  it("needs at least one rated candidate before saving", async () => {
    const me = await newReviewer(program);
    const initial = idsOf(await ranking(me.cookie, me.id, program.id));
    const res = await saveRanking(me.cookie, { programId: program.id, rankings: initial, revision: 0 });
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toEqual({ code: "CONFLICT", message: NOTHING_RATED_MESSAGE });
  });

  it("sets the top-five flag once a drag moves someone into the top five, and keeps it", async () => {
    const me = await newReviewer(program);
    const initial = idsOf(await ranking(me.cookie, me.id, program.id));
    await rate(program, me.id, initial[0]!, 4);
    const moved = [initial[initial.length - 1]!, ...initial.slice(0, -1)];
    const res = await saveRanking(me.cookie, {
      programId: program.id,
      rankings: moved,
      revision: 0,
      movedIntoTopFive: true,
    });
    expect(await res.json()).toMatchObject({ revision: 1, topFiveChanged: true });
    const later = await saveRanking(me.cookie, {
      programId: program.id,
      rankings: initial,
      revision: 1,
      movedIntoTopFive: false,
    });
    expect(await later.json()).toMatchObject({ revision: 2, topFiveChanged: true });
    expect((await ranking(me.cookie, me.id, program.id)).topFiveChanged).toBe(true);
  });

  it("keeps the stored order, drops candidates no longer visible and appends new ones by rating", async () => {
    const me = await newReviewer(program);
    const [a, b, c] = [await candidate("Kept A"), await candidate("Kept B"), await candidate("Kept C")];
    await rate(program, me.id, a, 1);
    const all = idsOf(await ranking(me.cookie, me.id, program.id));
    const stored = [c!, b!, a!, ...all.filter((id) => ![a, b, c].includes(id))];
    await insertRanking(t.deps.db, program, me.id, stored);
    // b goes to someone else; d arrives rated 5 but after the stored order, which the member chose.
    await assignReviewer(t.deps.db, b!, cast.members.REVIEWER.id, program.id);
    const d = await candidate("New D");
    await rate(program, me.id, d, 5);
    const order = idsOf(await ranking(me.cookie, me.id, program.id));
    expect(order).toEqual([...stored.filter((id) => id !== b), d]);
  });
});

describe("who reads and saves rankings", () => {
  let program: ProgramRef;
  let secret: string;
  let other: Member;
  const LEAK = "could-leak Secret Candidate";

  beforeAll(async () => {
    const built = await rankingProgram();
    program = built.program;
    other = await newReviewer(program);
    secret = await built.candidate(LEAK);
    await assignReviewer(t.deps.db, secret, other.id, program.id);
    await rate(program, other.id, secret, 5);
    await insertRanking(t.deps.db, program, other.id, [secret]);
  });

  it("never shows a member's ranking to another member; the program's admins read it", async () => {
    for (const [who, path] of [
      ["reviewer", `/api/rankings/${other.id}/${program.id}`],
      ["guest", `/api/rankings/${other.id}/${program.id}`],
      ["otherOrgAdmin", `/api/rankings/${other.id}/${program.id}`],
      ["reviewer", `/api/stackings/${other.id}?programId=${program.id}`],
      ["reviewer", `/api/rankings/${program.id}`],
      ["adminReviewer", `/api/rankings/${program.id}/${program.id}`],
    ] as const) {
      const res = await t.request(path, { cookie: cookies[who] });
      expect(res.status, `${who} ${path}`).toBe(404);
      expect(await res.text()).not.toContain("could-leak");
    }
    const own = await t.request(`/api/rankings/${cast.members.REVIEWER.id}/${program.id}`, {
      cookie: cookies.reviewer,
    });
    expect(await own.text()).not.toContain("could-leak");

    const theirs = await ranking(cookies.admin!, other.id, program.id);
    expect(theirs.applications.map((a) => a.identifier)).toEqual([LEAK]);
    const all = await t.request(`/api/rankings/${program.id}`, { cookie: cookies.orgAdmin });
    expect(all.status).toBe(200);
    const lists = (await all.json()) as RankingResult[];
    expect(lists.find((r) => r.userId === other.id)!.applications).toEqual([
      { _id: secret, identifier: LEAK, rating: 5 },
    ]);
  });

  it("shows an admin-reviewer every submitted candidate, and refuses saves from guests, other organizations and archived programs", async () => {
    const admins = await ranking(cookies.adminReviewer!, cast.members.ADMIN_REVIEWER.id, program.id);
    expect(idsOf(admins)).toContain(secret);
    const body = { programId: program.id, rankings: [secret], revision: 0 };
    for (const who of ["guest", "admin", "otherOrgAdmin", "applicant"] as const) {
      expect((await saveRanking(cookies[who]!, body)).status, who).toBe(404);
    }
    expect((await t.request("/api/rankings", { method: "POST", body })).status).toBe(401);

    const archived = await rankingProgram({ archived: true });
    const id = await archived.candidate("Frozen");
    await rate(archived.program, cast.members.REVIEWER.id, id, 3);
    const res = await saveRanking(cookies.reviewer!, {
      programId: archived.program.id,
      rankings: [id],
      revision: 0,
    });
    expect(res.status).toBe(409);
    expect((await errorOf(res)).message).toBe(REVIEW_MESSAGES.archived);
    expect(
      (await saveRanking(cookies.guest!, { programId: archived.program.id, rankings: [id], revision: 0 }))
        .status,
    ).toBe(404);
    const [stored] = await t.deps.db
      .select()
      .from(rankings)
      .where(eq(rankings.programId, archived.program.id));
    expect(stored).toBeUndefined();
  });
});

describe("the program's rankings, for its admins", () => {
  const LEAK = "could-leak Ranked Candidate";

  async function programRankings(cookie: string, programId: string) {
    const res = await t.request(`/api/rankings/${programId}`, { cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    return (await res.json()) as RankingResult[];
  }
  const userIdsInOrder = async (programId: string) =>
    (
      await t.deps.db
        .select({ userId: rankings.userId })
        .from(rankings)
        .where(eq(rankings.programId, programId))
        .orderBy(asc(rankings.userId))
    ).map((r) => r.userId);

  it("answers every stored ranking in its order, kept to the candidates under review, each once, with that member's rating", async () => {
    const { program, candidate } = await rankingProgram();
    const elsewhere = await (await rankingProgram()).candidate("Another program's");
    const [a, b, c] = [await candidate("Ranked A"), await candidate("Ranked B"), await candidate("Ranked C")];
    const draft = await candidate("Ranked draft", { submitted: false });
    const test = await candidate("Ranked test", { test: true });
    const [first, second, third] = [
      await newReviewer(program),
      await newReviewer(program),
      await newReviewer(program),
    ];
    await rate(program, first.id, a, 4);
    await rate(program, first.id, b, -1);
    await rate(program, second.id, c, 2.5);
    await rate(program, second.id, a, 0);
    await insertRanking(t.deps.db, program, first.id, [
      b,
      a,
      draft,
      a,
      test,
      "not-a-candidate",
      elsewhere,
      c,
    ]);
    await insertRanking(t.deps.db, program, second.id, [c, a]);
    await insertRanking(t.deps.db, program, third.id, [draft]);

    const expected: Record<string, RankingResult> = {
      [first.id]: {
        programId: program.id,
        userId: first.id,
        applications: [
          { _id: b, identifier: "Ranked B", rating: -1 },
          { _id: a, identifier: "Ranked A", rating: 4 },
          { _id: c, identifier: "Ranked C", rating: -1 },
        ],
        revision: 0,
        topFiveChanged: false,
      },
      [second.id]: {
        programId: program.id,
        userId: second.id,
        applications: [
          { _id: c, identifier: "Ranked C", rating: 2.5 },
          { _id: a, identifier: "Ranked A", rating: 0 },
        ],
        revision: 0,
        topFiveChanged: false,
      },
      [third.id]: {
        programId: program.id,
        userId: third.id,
        applications: [],
        revision: 0,
        topFiveChanged: false,
      },
    };
    const inOrder = (await userIdsInOrder(program.id)).map((id) => expected[id]);
    expect(await programRankings(cookies.admin!, program.id)).toEqual(inOrder);
    // The same answer for the program's other admins, from memory or not.
    expect(await programRankings(cookies.adminReviewer!, program.id)).toEqual(inOrder);
    expect(await programRankings(cookies.orgAdmin!, program.id)).toEqual(inOrder);
    // A program without rankings.
    expect(await programRankings(cookies.admin!, (await rankingProgram()).program.id)).toEqual([]);
  });

  it("reads the program again only after a ranking, a rating or a candidate changed, and shows each change at once", async () => {
    const { program, candidate } = await rankingProgram();
    const me = await newReviewer(program);
    const [a, b] = [await candidate("Kept A"), await candidate("Kept B")];
    await rate(program, me.id, a, 3);
    const listOf = async () => {
      const lists = await programRankings(cookies.admin!, program.id);
      expect(lists).toHaveLength(1);
      return lists[0]!;
    };

    const saved = await saveRanking(me.cookie, { programId: program.id, rankings: [a, b], revision: 0 });
    expect(saved.status).toBe(200);
    const read = await countQueries(t.deps.db, listOf);
    expect(read.result).toEqual({
      programId: program.id,
      userId: me.id,
      applications: [
        { _id: a, identifier: "Kept A", rating: 3 },
        { _id: b, identifier: "Kept B", rating: -1 },
      ],
      revision: 1,
      topFiveChanged: false,
    });
    // Nothing changed: the versions are read, not the rankings, the candidates' names, the ratings or the
    // conflicts of interest.
    const again = await countQueries(t.deps.db, listOf);
    expect(again.result).toEqual(read.result);
    expect(again.queries).toBe(read.queries - 4);

    // A saved ranking.
    const moved = await saveRanking(me.cookie, {
      programId: program.id,
      rankings: [b, a],
      revision: 1,
      movedIntoTopFive: true,
    });
    expect(moved.status).toBe(200);
    const afterSave = await countQueries(t.deps.db, listOf);
    expect(afterSave.queries).toBe(read.queries);
    expect(afterSave.result).toMatchObject({ revision: 2, topFiveChanged: true });
    expect(afterSave.result.applications.map((x) => x._id)).toEqual([b, a]);

    // A new rating, a changed one.
    await rate(program, me.id, b, 5);
    expect((await listOf()).applications.map((x) => x.rating)).toEqual([5, 3]);
    await t.deps.db
      .update(reviews)
      .set({ rating: 1.5 })
      .where(and(eq(reviews.submissionId, a), eq(reviews.userId, me.id)));
    expect((await listOf()).applications.map((x) => x.rating)).toEqual([5, 1.5]);

    // A renamed candidate, then one marked as a test.
    await t.deps.db.update(submissions).set({ identifier: "Renamed B" }).where(eq(submissions.id, b));
    expect((await listOf()).applications.map((x) => x.identifier)).toEqual(["Renamed B", "Kept A"]);
    await t.deps.db.update(submissions).set({ softDeleted: true }).where(eq(submissions.id, b));
    expect((await listOf()).applications).toEqual([{ _id: a, identifier: "Kept A", rating: 1.5 }]);
  });

  it("never answers members, guests, applicants or another organization's admin, even once kept", async () => {
    const { program, candidate } = await rankingProgram();
    const other = await newReviewer(program);
    const secret = await candidate(LEAK);
    await rate(program, other.id, secret, 5);
    await insertRanking(t.deps.db, program, other.id, [secret]);
    // Kept for this program by an admin's read.
    expect((await programRankings(cookies.admin!, program.id))[0]!.applications).toEqual([
      { _id: secret, identifier: LEAK, rating: 5 },
    ]);
    for (const who of ["reviewer", "guest", "applicant", "otherOrgAdmin"] as const) {
      const res = await t.request(`/api/rankings/${program.id}`, { cookie: cookies[who] });
      expect(res.status, who).toBe(404);
      expect(await res.text()).not.toContain("could-leak");
    }
    const ranker = await t.request(`/api/rankings/${program.id}`, { cookie: other.cookie });
    expect(ranker.status).toBe(404);
    expect(await ranker.text()).not.toContain("could-leak");
    const anonymous = await t.request(`/api/rankings/${program.id}`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.text()).not.toContain("could-leak");
  });
});

describe("legacy stackings", () => {
  it("reads and saves the same ranking through /api/stackings", async () => {
    const { program, candidate } = await rankingProgram();
    await t.deps.db.update(programs).set({ appVersion: 1 }).where(eq(programs.id, program.id));
    const me = await newReviewer(program);
    const [a, b] = [await candidate("Legacy A"), await candidate("Legacy B")];
    await rate(program, me.id, a!, 2);
    await rate(program, me.id, b!, 4);
    const res = await t.request(`/api/stackings?programId=${program.id}`, { cookie: me.cookie });
    expect(idsOf((await res.json()) as RankingResult)).toEqual([b, a]);
    const saved = await saveRanking(
      me.cookie,
      { programId: program.id, rankings: [a!, b!], revision: 0 },
      "POST",
      "/api/stackings",
    );
    expect(await saved.json()).toMatchObject({ revision: 1, topFiveChanged: false });
    const byUser = await t.request(`/api/stackings/${me.id}?programId=${program.id}`, { cookie: me.cookie });
    expect(idsOf((await byUser.json()) as RankingResult)).toEqual([a, b]);
    expect(idsOf(await ranking(me.cookie, me.id, program.id))).toEqual([a, b]);
  });
});

describe("cost", () => {
  it("saves a ranking with the same number of queries for 1 and 20 candidates", async () => {
    const costOf = async (size: number) => {
      const { program, candidate } = await rankingProgram();
      const me = await newReviewer(program);
      const ids: string[] = [];
      for (let i = 0; i < size; i += 1) ids.push(await candidate(`Cost ${size}-${i}`));
      await rate(program, me.id, ids[0]!, 3);
      const { result, queries } = await countQueries(t.deps.db, () =>
        saveRanking(me.cookie, { programId: program.id, rankings: ids, revision: 0 }),
      );
      expect(result.status).toBe(200);
      return queries;
    };
    const one = await costOf(1);
    // The session and actor, the program, the candidates and the one write.
    expect(one).toBeGreaterThanOrEqual(3);
    expect(await costOf(20)).toBe(one);
  });
});
