import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { defaultFormContent } from "../../shared/forms/defaults";
import type { CandidateListResult, CandidateView } from "../../shared/schemas/reviews";
import { programs, reviewerCandidates, submissions } from "../db/schema";
import {
  buildProgram,
  buildPublishedForm,
  callApi,
  signedInMember,
  withCastTestApp,
} from "../test/factories";
import type { TestApp } from "../test/harness";
import {
  assignGroup,
  assignReviewer,
  buildCandidate,
  buildGroup,
  insertReview,
} from "../test/review-factories";

/**
 * Step 1's list paged by anchor (Next and Previous name the neighbouring page's row) and by
 * number from the nearer end (src/server/reviewing/list-paging.ts). Every walk is compared with the
 * whole list read as one page from the start, the order the list has always had: the name without
 * regard to case, then the id. Names repeat ("Ada", "ada", "ADA") so that page boundaries fall inside
 * runs of equal names, where only the id orders the rows.
 */

let t: TestApp;
let organizationId: string;
withCastTestApp((app) => {
  t = app.t;
  organizationId = app.cast.org.id;
});

type Person = { id: string; cookie: string };
type Program = { id: string; organizationId: string; name: string };

const NAMES = ["Ada", "ada", "ADA", "Bea", "bea", "Cy", "Dee", "dee", "DEE", "Eve", "Fay", "Gus", "Hal"];

let program: Program;
let formId: string;
let admin: Person;
let reviewer: Person;
let other: Person;
const byName = new Map<string, string>();
/** Assigned to `other` only: never in the reviewer's list. */
let hidden: string;

beforeAll(async () => {
  const { db } = t.deps;
  program = await buildProgram(db, organizationId, { name: "Paging" });
  // Name order, where runs of equal names put page boundaries between rows only the id orders; the shuffled
  // order (the default for committee members) has its paging tests in list-order.test.ts.
  await db
    .update(programs)
    .set({ reviewSettings: { candidateOrder: "name" } })
    .where(eq(programs.id, program.id));
  ({ formId } = await buildPublishedForm(db, program, defaultFormContent("Paging form")));
  admin = await signedInMember(t, program, "Paging Admin", "ADMIN");
  reviewer = await signedInMember(t, program, "Paging Reviewer");
  other = await signedInMember(t, program, "Other Reviewer");
  for (const name of NAMES) {
    const row = await buildCandidate(db, { program, formId, identifier: name });
    byName.set(`${name}#${byName.size}`, row.id);
  }
  const ids = [...byName.values()];
  // The reviewer's list mixes the three sources: open to all, theirs directly, their group's.
  await assignReviewer(db, ids[1]!, reviewer.id, program.id);
  await assignReviewer(db, ids[7]!, reviewer.id, program.id);
  const group = await buildGroup(db, program, "Paging group", [reviewer.id]);
  await assignGroup(db, ids[4]!, group.id, program.id);
  await assignGroup(db, ids[9]!, group.id, program.id);
  // Someone else's: out of the reviewer's list. "Aaron" sorts first, so an anchor on it would start at the top.
  hidden = (await buildCandidate(db, { program, formId, identifier: "Aaron" })).id;
  await assignReviewer(db, hidden, other.id, program.id);
  await assignReviewer(db, ids[11]!, other.id, program.id);
  // Drafts and tests: Admin Mode only.
  await buildCandidate(db, { program, formId, identifier: "ada draft", submitted: false });
  await buildCandidate(db, { program, formId, identifier: "Cy test", submitted: false, test: true });
  await insertReview(db, { program, submissionId: ids[0]!, userId: reviewer.id, rating: 3 });
  await insertReview(db, { program, submissionId: ids[4]!, userId: reviewer.id, rating: 4 });
});

async function list(person: Person, query: string, status = 200) {
  const answer = await callApi<CandidateListResult>(
    t,
    "GET",
    `/api/applications?programId=${program.id}${query}`,
    person.cookie,
  );
  expect(answer.status, answer.text).toBe(status);
  return answer.body;
}

const idsOf = (result: CandidateListResult) => result.rows.map((r) => r._id);

/** The whole list in one page from the start: the order every walk must give. */
async function wholeList(person: Person, mode: string) {
  const whole = await list(person, `${mode}&pageSize=100`);
  expect(whole.rows.length).toBe(whole.total);
  return whole;
}

/** Pages 1, 2, … as Next reaches them: each anchored on the last row of the page before. */
async function walkForward(person: Person, mode: string, pageSize: number) {
  const pages: CandidateListResult[] = [await list(person, `${mode}&pageSize=${pageSize}`)];
  for (let page = 2; (page - 1) * pageSize < pages[0]!.total; page += 1) {
    const last = pages.at(-1)!.rows.at(-1)!;
    pages.push(await list(person, `${mode}&pageSize=${pageSize}&page=${page}&after=${last._id}`));
  }
  return pages;
}

/** From the last page (by its number) back to page 1, as Previous reaches them. */
async function walkBackward(person: Person, mode: string, pageSize: number, total: number) {
  const lastPage = Math.ceil(total / pageSize);
  const pages: CandidateListResult[] = [await list(person, `${mode}&pageSize=${pageSize}&page=${lastPage}`)];
  for (let page = lastPage - 1; page >= 1; page -= 1) {
    const anchor = page === 1 ? "" : `&before=${pages[0]!.rows[0]!._id}`;
    pages.unshift(await list(person, `${mode}&pageSize=${pageSize}&page=${page}${anchor}`));
  }
  return pages;
}

const VIEWS = [
  { who: "a committee member (open, direct and group candidates)", person: () => reviewer, mode: "" },
  { who: "an admin", person: () => admin, mode: "" },
  { who: "an admin in Admin Mode (drafts and tests too)", person: () => admin, mode: "&adminMode=true" },
];

describe("GET /api/applications, paged by anchor and from the nearer end", () => {
  it.each(VIEWS)(
    "Next and Previous walk $who's list once, in order, ties included",
    async ({ person, mode }) => {
      const whole = await wholeList(person(), mode);
      for (const pageSize of [2, 3]) {
        const forward = await walkForward(person(), mode, pageSize);
        expect(forward.flatMap(idsOf)).toEqual(idsOf(whole));
        for (const page of forward) {
          expect(page.rows.length).toBeLessThanOrEqual(pageSize);
          expect({ total: page.total, progress: page.progress }).toEqual({
            total: whole.total,
            progress: whole.progress,
          });
        }
        const backward = await walkBackward(person(), mode, pageSize, whole.total);
        expect(backward.map(idsOf)).toEqual(forward.map(idsOf));
      }
    },
  );

  it.each(VIEWS)(
    "a page named by its number alone is the same slice of $who's list",
    async ({ person, mode }) => {
      const whole = await wholeList(person(), mode);
      const pageSize = 3;
      for (let page = 1; (page - 1) * pageSize < whole.total; page += 1) {
        const answer = await list(person(), `${mode}&pageSize=${pageSize}&page=${page}`);
        expect(idsOf(answer)).toEqual(idsOf(whole).slice((page - 1) * pageSize, page * pageSize));
        expect(answer.page).toBe(page);
      }
    },
  );

  it("counts what the reviewer sees and rated, and their rows carry their own ratings", async () => {
    const whole = await wholeList(reviewer, "");
    // 13 named candidates, less the one assigned to someone else only; "Aaron" is someone else's too.
    expect(whole.total).toBe(12);
    expect(whole.rows.map((r) => r._id)).not.toContain(hidden);
    expect(whole.progress).toEqual({ shown: 12, rated: 2 });
    const [second] = (await walkForward(reviewer, "", 2)).slice(1);
    expect(second!.rows.map((r) => r.rating)).toEqual(whole.rows.slice(2, 4).map((r) => r.rating));
  });

  it("refuses an anchor on both sides, or one that is not an id (400)", async () => {
    const some = byName.values().next().value!;
    await list(admin, `&page=2&after=${some}&before=${some}`, 400);
    await list(admin, "&page=2&after=not-an-id", 400);
  });

  it("answers a page past the end with its counts and no rows, anchor or not", async () => {
    const whole = await wholeList(admin, "");
    const last = whole.rows.at(-1)!._id;
    const past = await list(admin, `&pageSize=${whole.total}&page=2&after=${last}`);
    expect(past.rows).toEqual([]);
    expect(past.total).toBe(whole.total);
  });
});

describe("an anchor says nothing the viewer may not see", () => {
  it("an anchor outside the viewer's list (someone else's candidate, another program's, a draft outside Admin Mode) gives the page by its number", async () => {
    const byNumber = idsOf(await list(reviewer, "&pageSize=3&page=2"));
    // Anchored on "Aaron" (first in name order) the page would start at the top of the list.
    const onHidden = await list(reviewer, `&pageSize=3&page=2&after=${hidden}`);
    expect(idsOf(onHidden)).toEqual(byNumber);
    expect(JSON.stringify(onHidden)).not.toContain(hidden);

    const [elsewhere] = await t.deps.db
      .select({ id: submissions.id })
      .from(submissions)
      .where(eq(submissions.identifier, "ada draft"));
    const adminByNumber = idsOf(await list(admin, "&pageSize=3&page=2"));
    expect(idsOf(await list(admin, `&pageSize=3&page=2&after=${elsewhere!.id}`))).toEqual(adminByNumber);

    const otherProgram = await buildProgram(t.deps.db, program.organizationId, { name: "Paging elsewhere" });
    const { formId: otherForm } = await buildPublishedForm(
      t.deps.db,
      otherProgram,
      defaultFormContent("Elsewhere"),
    );
    const foreign = await buildCandidate(t.deps.db, {
      program: otherProgram,
      formId: otherForm,
      identifier: "A",
    });
    expect(idsOf(await list(admin, `&pageSize=3&page=2&after=${foreign.id}`))).toEqual(adminByNumber);
  });
});

describe("rows that change between two pages", () => {
  it("a row removed from the page shown: Next still starts right after its last row, skipping nothing", async () => {
    const mode = "&adminMode=true";
    const removed = await buildCandidate(t.deps.db, { program, formId, identifier: "Aa removed" });
    const whole = idsOf(await wholeList(admin, mode));
    const first = await list(admin, `${mode}&pageSize=3`);
    expect(idsOf(first)).toContain(removed.id);
    await t.deps.db.delete(submissions).where(eq(submissions.id, removed.id));
    const next = await list(admin, `${mode}&pageSize=3&page=2&after=${first.rows.at(-1)!._id}`);
    expect(idsOf(next)).toEqual(whole.slice(3, 6));
    // By its number the page has moved up a row: the first row after page 1 would be skipped.
    expect(idsOf(await list(admin, `${mode}&pageSize=3&page=2`))).toEqual(whole.slice(4, 7));
  });

  it("a row added above the page shown: Next still starts right after its last row, repeating nothing", async () => {
    const mode = "&adminMode=true";
    const whole = idsOf(await wholeList(admin, mode));
    const first = await list(admin, `${mode}&pageSize=3`);
    const added = await buildCandidate(t.deps.db, { program, formId, identifier: "Aa added" });
    expect(idsOf(await list(admin, `${mode}&pageSize=3`))).toContain(added.id);
    const next = await list(admin, `${mode}&pageSize=3&page=2&after=${first.rows.at(-1)!._id}`);
    expect(idsOf(next)).toEqual(whole.slice(3, 6));
    // By its number the page has moved down a row: page 1's last row would show again.
    expect(idsOf(await list(admin, `${mode}&pageSize=3&page=2`))).toEqual(whole.slice(2, 5));
    await t.deps.db.delete(submissions).where(eq(submissions.id, added.id));
  });

  it("the anchor itself removed, or no longer the viewer's: the page is read by its number", async () => {
    const extra = await buildCandidate(t.deps.db, { program, formId, identifier: "Bea extra" });
    const whole = idsOf(await wholeList(reviewer, ""));
    const at = whole.indexOf(extra.id);
    expect(at).toBeGreaterThan(0);
    const page = Math.floor(at / 2) + 2;

    // Assigned to someone else: it left the reviewer's list.
    await assignReviewer(t.deps.db, extra.id, other.id, program.id);
    const unassigned = idsOf(await wholeList(reviewer, ""));
    const answer = await list(reviewer, `&pageSize=2&page=${page}&after=${extra.id}`);
    expect(idsOf(answer)).toEqual(unassigned.slice((page - 1) * 2, page * 2));

    // Deleted: the admin's anchor is gone too.
    await t.deps.db.delete(submissions).where(eq(submissions.id, extra.id));
    const remaining = idsOf(await wholeList(admin, ""));
    const adminAnswer = await list(admin, `&pageSize=2&page=3&after=${extra.id}`);
    expect(idsOf(adminAnswer)).toEqual(remaining.slice(4, 6));
  });

  it("Previous with less than a page above its anchor (rows removed up there) gives the page by its number", async () => {
    const whole = idsOf(await wholeList(admin, ""));
    // "before" the third row with pages of 3: only two rows precede it, fewer than a page.
    const answer = await list(admin, `&pageSize=3&page=2&before=${whole[2]}`);
    expect(idsOf(answer)).toEqual(whole.slice(3, 6));
  });
});

describe("a candidate the committee member may not see", () => {
  it("never shows in their list or as a neighbour, whatever reviewer_candidates says", async () => {
    const { db } = t.deps;
    // A stale row, as a fault in the triggers would leave it: "Aaron", someone else's, said to be the
    // reviewer's. It would sort first in their list, and be the previous of their first candidate.
    await db.insert(reviewerCandidates).values({
      submissionId: hidden,
      userId: reviewer.id,
      programId: program.id,
      nameKey: "aaron",
      reviewable: true,
    });
    try {
      for (const query of ["&pageSize=100", "&pageSize=3", "&pageSize=3&page=5"]) {
        const answer = await list(reviewer, query);
        expect(JSON.stringify(answer.rows)).not.toContain(hidden);
      }
      const first = (await list(reviewer, "&pageSize=1")).rows;
      expect(first.map((r) => r._id)).not.toContain(hidden);
      const second = await list(reviewer, "&pageSize=1&page=2");
      const shown = await callApi<CandidateView>(
        t,
        "GET",
        `/api/applications/${program.id}/${second.rows[0]!._id}`,
        reviewer.cookie,
      );
      expect(shown.status, shown.text).toBe(200);
      expect(shown.body.previousId).not.toBe(hidden);
      expect(shown.text).not.toContain(hidden);
    } finally {
      await db
        .delete(reviewerCandidates)
        .where(and(eq(reviewerCandidates.submissionId, hidden), eq(reviewerCandidates.userId, reviewer.id)));
    }
  });
});
