import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { defaultFormContent } from "../../shared/forms/defaults";
import type { AssignmentListResult } from "../../shared/schemas/committee";
import { submissions } from "../db/schema";
import {
  buildProgram,
  buildPublishedForm,
  callApi,
  signedInMember,
  withCastTestApp,
} from "../test/factories";
import type { TestApp } from "../test/harness";
import { buildCandidate } from "../test/review-factories";

/**
 * Assign reviewers paged by anchor (Next and Previous name the neighbouring page's row) and by
 * number from the nearer end (src/server/reviewing/list-paging.ts), with and without a search. Every
 * walk is compared with the whole list read as one page from the start. Names repeat in case only, so
 * page boundaries fall inside runs of equal names, where only the id orders the rows.
 */

let t: TestApp;
let organizationId: string;
withCastTestApp((app) => {
  t = app.t;
  organizationId = app.cast.org.id;
});

const NAMES = [
  "River Trust",
  "river trust",
  "RIVER TRUST",
  "Arts Hub",
  "arts hub",
  "Coast Care",
  "Dune Fund",
];
let program: { id: string; organizationId: string; name: string };
let formId: string;
let cookie: string;

beforeAll(async () => {
  const { db } = t.deps;
  program = await buildProgram(db, organizationId, { name: "Assign paging" });
  ({ formId } = await buildPublishedForm(db, program, defaultFormContent("Assign paging form")));
  cookie = (await signedInMember(t, program, "Assign Paging Admin", "ADMIN")).cookie;
  for (const identifier of [...NAMES, ...NAMES.map((n) => `${n} II`)]) {
    await buildCandidate(db, { program, formId, identifier });
  }
  // Never listed: a draft and a test whose names match the search.
  await buildCandidate(db, { program, formId, identifier: "River draft", submitted: false });
  await buildCandidate(db, { program, formId, identifier: "River test", submitted: false, test: true });
});

async function list(query: string, status = 200) {
  const answer = await callApi<AssignmentListResult>(
    t,
    "GET",
    `/api/admin/assignments?programId=${program.id}${query}`,
    cookie,
  );
  expect(answer.status, answer.text).toBe(status);
  return answer.body;
}
const idsOf = (result: AssignmentListResult) => result.rows.map((r) => r._id);

/** Pages of 5 from the first, each reached by Next from the one before. */
async function walkForward(search: string) {
  const pages = [await list(`${search}&pageSize=5`)];
  for (let page = 2; (page - 1) * 5 < pages[0]!.total; page += 1) {
    pages.push(await list(`${search}&pageSize=5&page=${page}&after=${pages.at(-1)!.rows.at(-1)!._id}`));
  }
  return pages;
}

/** From the last page (by its number) back to page 1, each reached by Previous from the one after. */
async function walkBackward(search: string, total: number) {
  const lastPage = Math.ceil(total / 5);
  const pages = [await list(`${search}&pageSize=5&page=${lastPage}`)];
  for (let page = lastPage - 1; page >= 1; page -= 1) {
    const anchor = page === 1 ? "" : `&before=${pages[0]!.rows[0]!._id}`;
    pages.unshift(await list(`${search}&pageSize=5&page=${page}${anchor}`));
  }
  return pages;
}

describe("GET /api/admin/assignments, paged by anchor and from the nearer end", () => {
  it.each([
    ["the whole list", ""],
    ["a search", "&search=river"],
  ])("Next and Previous walk %s once, in order, ties included", async (_, search) => {
    const whole = await list(`${search}&pageSize=50`);
    expect(whole.total).toBe(search === "" ? 14 : 6);
    expect(whole.rows.length).toBe(whole.total);
    const forward = await walkForward(search);
    expect(forward.flatMap(idsOf)).toEqual(idsOf(whole));
    for (const page of forward) expect(page.total).toBe(whole.total);
    const backward = await walkBackward(search, whole.total);
    expect(backward.map(idsOf)).toEqual(forward.map(idsOf));
    for (let page = 1; (page - 1) * 5 < whole.total; page += 1) {
      const byNumber = await list(`${search}&pageSize=5&page=${page}`);
      expect(idsOf(byNumber)).toEqual(idsOf(whole).slice((page - 1) * 5, page * 5));
    }
  });

  it("an anchor the search leaves out, a draft, or a deleted row gives the page by its number", async () => {
    const byNumber = idsOf(await list("&search=river&pageSize=5&page=2"));
    const whole = await list("&pageSize=50");
    // "Arts Hub" sorts first: anchored on it, the page would start at the top of the search's list.
    const arts = whole.rows.find((r) => r.identifier === "Arts Hub")!._id;
    expect(idsOf(await list(`&search=river&pageSize=5&page=2&after=${arts}`))).toEqual(byNumber);
    const [draft] = await t.deps.db
      .select({ id: submissions.id })
      .from(submissions)
      .where(eq(submissions.identifier, "River draft"));
    expect(idsOf(await list(`&search=river&pageSize=5&page=2&after=${draft!.id}`))).toEqual(byNumber);

    const gone = await buildCandidate(t.deps.db, { program, formId, identifier: "Arts Hub gone" });
    const withGone = idsOf(await list("&pageSize=50"));
    await t.deps.db.delete(submissions).where(eq(submissions.id, gone.id));
    expect(withGone).toContain(gone.id);
    expect(idsOf(await list(`&pageSize=5&page=2&after=${gone.id}`))).toEqual(idsOf(whole).slice(5, 10));
  });

  it("a row removed from the page shown: Next starts right after its last row, skipping nothing", async () => {
    const removed = await buildCandidate(t.deps.db, { program, formId, identifier: "Arts a" });
    const whole = idsOf(await list("&pageSize=50"));
    const first = await list("&pageSize=5");
    expect(idsOf(first)).toContain(removed.id);
    await t.deps.db.delete(submissions).where(eq(submissions.id, removed.id));
    expect(idsOf(await list(`&pageSize=5&page=2&after=${first.rows.at(-1)!._id}`))).toEqual(
      whole.slice(5, 10),
    );
    expect(idsOf(await list("&pageSize=5&page=2"))).toEqual(whole.slice(6, 11));
  });

  it("refuses an anchor on both sides (400)", async () => {
    const [some] = idsOf(await list("&pageSize=5"));
    await list(`&page=2&after=${some}&before=${some}`, 400);
  });
});
