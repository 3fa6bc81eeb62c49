import { MutationObserver, QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { CandidateStatsPage } from "../../../shared/schemas/candidate-statistics";
import { COMMITTEE_MESSAGES, type DecisionResult } from "../../../shared/schemas/committee";
import { EDIT_CONFLICT_MESSAGES } from "../../../shared/schemas/edit-conflict-constants";
import type { CandidateStatsRow } from "../../../shared/schemas/reviews";
import { ApiError } from "../../lib/api-client";
import { reviewingKeys } from "../../lib/reviewing-keys";
import {
  candidateStatisticsApi,
  type DecisionFailure,
  type DecisionVariables,
  decisionMutationOptions,
  fetchRecipients,
} from "./api";
import { FIRST_PAGE_QUERY, NO_FILTER, pageQuery } from "./candidate-table-model";
import { DecisionConflicts } from "./decision-conflicts";
import { PendingDecisions } from "./pending-decisions";
import { candidateStatisticsKeys } from "./query-keys";

const USER = "u1";
const PROGRAM = "p1";
const listKey = candidateStatisticsKeys.candidatePage(USER, PROGRAM, FIRST_PAGE_QUERY);
const fundingKey = candidateStatisticsKeys.funding(USER, PROGRAM);

function row(id: string, patch: Partial<CandidateStatsRow> = {}): CandidateStatsRow {
  return {
    _id: id,
    identifier: `Applicant ${id}`,
    status: "pending",
    amount: null,
    numReviews: 2,
    averageRating: 4,
    medianRating: 4,
    standardDeviation: 0,
    minRating: 4,
    maxRating: 4,
    histogram: { "4": 2 },
    suggestedRating: null,
    calibratedRating: null,
    averageRanking: null,
    rankedBy: 0,
    consensusRank: null,
    ...patch,
  };
}

/** A server answer the test releases when it wants, to look at the list while the save is under way. */
interface HeldCall {
  url: string;
  method: string;
  body: unknown;
  answer: (status: number, body: unknown) => void;
}

let calls: HeldCall[];
let queryClient: QueryClient;
let failures: DecisionFailure[];
let observer: MutationObserver<DecisionResult, Error, DecisionVariables, void>;
let conflicts: DecisionConflicts;

beforeEach(() => {
  calls = [];
  failures = [];
  vi.stubGlobal("fetch", (url: string, init: RequestInit) => {
    let resolve: (response: Response) => void = () => undefined;
    const promise = new Promise<Response>((settle) => {
      resolve = settle;
    });
    calls.push({
      url,
      method: init.method ?? "GET",
      body: init.body === undefined ? undefined : JSON.parse(String(init.body)),
      answer: (status, body) =>
        resolve(
          new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } }),
        ),
    });
    return promise;
  });
  queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const data: CandidateStatsPage = {
    rows: [row("a"), row("b", { status: "approved", amount: 900 })],
    totalRankings: 0,
    total: 2,
    page: 1,
    pageSize: 10,
    candidates: 2,
    approved: 1,
    tiedRanks: [],
  };
  queryClient.setQueryData(listKey, data);
  queryClient.setQueryData(fundingKey, {
    totalFunding: 900,
    averageFunding: 900,
    approved: 1,
    disapproved: 0,
    pending: 1,
  });
  queryClient.setQueryData(reviewingKeys.list(USER, PROGRAM, false, 1), { stale: "list" });
  conflicts = new DecisionConflicts();
  observer = new MutationObserver(
    queryClient,
    decisionMutationOptions(
      queryClient,
      USER,
      PROGRAM,
      new PendingDecisions(),
      (failure) => failures.push(failure),
      conflicts,
    ),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
});

const shown = (id: string) => {
  const found = queryClient.getQueryData<CandidateStatsPage>(listKey)?.rows.find((r) => r._id === id);
  return found === undefined ? undefined : { status: found.status, amount: found.amount };
};

/** Lets the mutation's promise chain run until the next held call (or the end). */
async function flush(): Promise<void> {
  for (let i = 0; i < 20; i += 1) await Promise.resolve();
  await new Promise((resolve) => setTimeout(resolve, 0));
}

function decide(id: string, body: DecisionVariables["body"], basis?: DecisionVariables["basis"]) {
  return new MutationObserver(queryClient, observer.options)
    .mutate({ submissionId: id, identifier: `Applicant ${id}`, body, ...(basis ? { basis } : {}) })
    .catch(() => undefined);
}

/** A page of the table as the server answers it. */
function pageOf(rows: CandidateStatsRow[], patch: Partial<CandidateStatsPage> = {}): CandidateStatsPage {
  return {
    rows,
    totalRankings: 0,
    total: rows.length,
    page: 1,
    pageSize: 10,
    candidates: rows.length,
    approved: rows.filter((r) => r.status === "approved").length,
    tiedRanks: [],
    ...patch,
  };
}

describe("a decision on the Candidate Statistics page", () => {
  it("shows at once, saves in the background with PATCH /api/submissions/updateField/{id}, then shows what was stored", async () => {
    const done = decide("a", { status: "approved", amount: 1500 });
    await flush();
    expect(shown("a")).toEqual({ status: "approved", amount: 1500 });
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      url: "/api/submissions/updateField/a",
      method: "PATCH",
      body: { status: "approved", amount: 1500, expected: { status: "pending", amount: null } },
    });
    // The funding statistics wait for the save.
    expect(queryClient.getQueryState(fundingKey)?.isInvalidated).toBe(false);

    calls[0]?.answer(200, { _id: "a", status: "approved", amount: 1500 });
    await done;
    await flush();
    expect(shown("a")).toEqual({ status: "approved", amount: 1500 });
    expect(shown("b")).toEqual({ status: "approved", amount: 900 });
    expect(failures).toEqual([]);
    expect(queryClient.getQueryState(fundingKey)?.isInvalidated).toBe(true);
    // The reviewers' list shows status and amount to admins: it is refreshed too.
    expect(queryClient.getQueryState(reviewingKeys.list(USER, PROGRAM, false, 1))?.isInvalidated).toBe(true);
  });

  it("shows an amount of 0 as disapproved at once", async () => {
    const done = decide("b", { status: "disapproved", amount: 0 });
    await flush();
    expect(shown("b")).toEqual({ status: "disapproved", amount: 0 });
    calls[0]?.answer(200, { _id: "b", status: "disapproved", amount: 0 });
    await done;
  });

  it("rolls back and names the candidate when the save fails, leaving the other rows alone", async () => {
    const done = decide("a", { status: "approved", amount: 1500 });
    await flush();
    expect(shown("a")).toEqual({ status: "approved", amount: 1500 });
    calls[0]?.answer(400, { error: { code: "VALIDATION", message: COMMITTEE_MESSAGES.approveNeedsAmount } });
    await done;
    await flush();
    expect(shown("a")).toEqual({ status: "pending", amount: null });
    expect(shown("b")).toEqual({ status: "approved", amount: 900 });
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({ submissionId: "a", identifier: "Applicant a" });
    expect(failures[0]?.error).toBeInstanceOf(ApiError);
    expect(failures[0]?.error).toMatchObject({ status: 400, message: COMMITTEE_MESSAGES.approveNeedsAmount });
    // The totals are fetched again after a failure too: they may have changed elsewhere.
    expect(queryClient.getQueryState(fundingKey)?.isInvalidated).toBe(true);
  });

  it("saves one decision after another, in order, and ends on the last one's answer", async () => {
    const first = decide("a", { amount: 1500 });
    const second = decide("a", { status: "approved", amount: 1500 });
    await flush();
    // Both show at once; only the first is on its way.
    expect(shown("a")).toEqual({ status: "approved", amount: 1500 });
    expect(calls).toHaveLength(1);
    // Based on the decision the row showed before (decision 016).
    expect(calls[0]?.body).toEqual({ amount: 1500, expected: { status: "pending", amount: null } });

    calls[0]?.answer(200, { _id: "a", status: "pending", amount: 1500 });
    await first;
    await flush();
    // The first answer does not flash the row back to pending while Approve is still being saved.
    expect(shown("a")).toEqual({ status: "approved", amount: 1500 });
    expect(calls).toHaveLength(2);
    // The second is based on the first one's answer, not on what the row showed when it was made.
    expect(calls[1]?.body).toEqual({
      status: "approved",
      amount: 1500,
      expected: { status: "pending", amount: 1500 },
    });

    calls[1]?.answer(200, { _id: "a", status: "approved", amount: 1500 });
    await second;
    await flush();
    expect(shown("a")).toEqual({ status: "approved", amount: 1500 });
  });

  it("after a stored amount and a refused approval, shows the stored amount, still pending", async () => {
    const first = decide("a", { amount: 1500 });
    const second = decide("a", { status: "approved", amount: 1500 });
    await flush();
    calls[0]?.answer(200, { _id: "a", status: "pending", amount: 1500 });
    await first;
    await flush();
    calls[1]?.answer(500, { error: { code: "INTERNAL", message: "There was a problem internally." } });
    await second;
    await flush();
    expect(shown("a")).toEqual({ status: "pending", amount: 1500 });
    expect(failures.map((failure) => failure.submissionId)).toEqual(["a"]);
  });

  it("refuses an answer that breaks the contract and rolls back", async () => {
    const done = decide("a", { status: "disapproved" });
    await flush();
    calls[0]?.answer(200, { ok: true });
    await done;
    await flush();
    expect(shown("a")).toEqual({ status: "pending", amount: null });
    expect(failures[0]?.error).toMatchObject({ status: 502, code: "INVALID_RESPONSE" });
  });

  describe("changed meanwhile by another admin (decision 016)", () => {
    const stale = { error: { code: "CONFLICT", message: EDIT_CONFLICT_MESSAGES.decision } };
    /** The refusal, then the read of the candidate that says what is stored now. */
    async function refuseWith(at: number, theirs: { status: string; amount: number | null }) {
      calls[at]?.answer(409, stale);
      await flush();
      expect(calls[at + 1]).toMatchObject({ method: "GET", url: "/api/applications/p1/a" });
      calls[at + 1]?.answer(200, candidateView(theirs));
      await flush();
    }

    it("shows their decision and waits for the admin's choice; nothing is reported as failed", async () => {
      const done = decide("a", { status: "disapproved" });
      await flush();
      await refuseWith(0, { status: "approved", amount: 5000 });
      await done;
      await flush();
      expect(shown("a")).toEqual({ status: "approved", amount: 5000 });
      expect(conflicts.list()).toEqual([
        {
          submissionId: "a",
          identifier: "Applicant a",
          theirs: { status: "approved", amount: 5000 },
          body: { status: "disapproved" },
        },
      ]);
      expect(failures).toEqual([]);
    });

    it("holds back the admin's later changes of that candidate and folds them into the conflict", async () => {
      const first = decide("a", { amount: 2000 });
      const second = decide("a", { status: "approved", amount: 2000 });
      await flush();
      await refuseWith(0, { status: "disapproved", amount: 10 });
      await Promise.all([first, second]);
      await flush();
      // The approval was never sent: it was made on a decision the admin had not seen.
      expect(calls).toHaveLength(2);
      expect(shown("a")).toEqual({ status: "disapproved", amount: 10 });
      expect(conflicts.list()[0]?.body).toEqual({ status: "approved", amount: 2000 });
    });

    it("keeping mine sends the change again, based on their decision", async () => {
      const done = decide("a", { status: "disapproved" });
      await flush();
      await refuseWith(0, { status: "approved", amount: 5000 });
      await done;
      const conflict = conflicts.resolve("a")!;
      const kept = decide("a", conflict.body);
      await flush();
      expect(calls[2]).toMatchObject({
        method: "PATCH",
        body: { status: "disapproved", expected: { status: "approved", amount: 5000 } },
      });
      calls[2]?.answer(200, { _id: "a", status: "disapproved", amount: 5000 });
      await kept;
      await flush();
      expect(shown("a")).toEqual({ status: "disapproved", amount: 5000 });
      expect(conflicts.list()).toEqual([]);
    });

    it("keeping mine is based on their decision when the refreshed page no longer shows the row", async () => {
      const done = decide("a", { status: "disapproved" });
      await flush();
      await refuseWith(0, { status: "approved", amount: 5000 });
      await done;
      // The page fetched after the refusal: in this order, their decision moved the row to another page.
      queryClient.setQueryData(listKey, pageOf([row("b", { status: "approved", amount: 900 })]));
      const conflict = conflicts.resolve("a")!;
      const kept = decide("a", conflict.body, conflict.theirs);
      await flush();
      expect(calls[2]).toMatchObject({
        method: "PATCH",
        url: "/api/submissions/updateField/a",
        body: { status: "disapproved", expected: { status: "approved", amount: 5000 } },
      });
      calls[2]?.answer(200, { _id: "a", status: "disapproved", amount: 5000 });
      await kept;
      await flush();
      expect(shown("a")).toBeUndefined();
      expect(shown("b")).toEqual({ status: "approved", amount: 900 });
      expect(failures).toEqual([]);
      expect(conflicts.list()).toEqual([]);
    });

    it("another 409 (a candidate that became a test) is a failure as before", async () => {
      const done = decide("a", { status: "disapproved" });
      await flush();
      calls[0]?.answer(409, { error: { code: "CONFLICT", message: "Only a submitted application…" } });
      await done;
      await flush();
      expect(calls).toHaveLength(1);
      expect(shown("a")).toEqual({ status: "pending", amount: null });
      expect(failures).toHaveLength(1);
      expect(conflicts.list()).toEqual([]);
    });
  });
});

describe("the table's pages", () => {
  const byAmountKey = candidateStatisticsKeys.candidatePage(USER, PROGRAM, {
    ...FIRST_PAGE_QUERY,
    sort: "amount",
    direction: "descending",
  });
  const shownIn = (key: readonly unknown[], id: string) =>
    queryClient.getQueryData<CandidateStatsPage>(key)?.rows.find((r) => r._id === id)?.status;

  it("shows a decision on every cached page that holds the row", async () => {
    queryClient.setQueryData(byAmountKey, pageOf([row("b", { status: "approved", amount: 900 }), row("a")]));
    const done = decide("a", { status: "disapproved" });
    await flush();
    expect(shownIn(listKey, "a")).toBe("disapproved");
    expect(shownIn(byAmountKey, "a")).toBe("disapproved");
    expect(shownIn(byAmountKey, "b")).toBe("approved");
    calls[0]?.answer(200, { _id: "a", status: "disapproved", amount: null });
    await done;
    await flush();
    expect(shownIn(byAmountKey, "a")).toBe("disapproved");
  });

  it("asks the server for the pages again once the last save is over, not while others wait", async () => {
    queryClient.setQueryData(byAmountKey, pageOf([row("a")]));
    const first = decide("a", { amount: 1500 });
    const second = decide("b", { status: "disapproved" });
    await flush();
    calls[0]?.answer(200, { _id: "a", status: "pending", amount: 1500 });
    await first;
    await flush();
    // Fetched now, the pages would show the disapproval still being saved undone.
    expect(queryClient.getQueryState(listKey)?.isInvalidated).toBe(false);
    expect(calls).toHaveLength(2);
    calls[1]?.answer(200, { _id: "b", status: "disapproved", amount: 900 });
    await second;
    await flush();
    // Every page: a decision can move a row from one page (or one filter) to another.
    expect(queryClient.getQueryState(listKey)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(byAmountKey)?.isInvalidated).toBe(true);
  });

  it("asks for a page with its order, filters, size and number", async () => {
    const query = pageQuery(
      { column: "amount", direction: "descending" },
      { search: " José ", status: "approved", minReviews: 1 },
      2,
    );
    const answer = candidateStatisticsApi.candidates({ programId: PROGRAM, ...query });
    await flush();
    expect(calls[0]).toMatchObject({
      method: "GET",
      url: "/api/admin/candidate-submissions?programId=p1&page=2&pageSize=10&sort=amount&direction=descending&search=Jos%C3%A9&status=approved&minReviews=1",
    });
    const page = pageOf([row("a", { status: "approved", amount: 10 })], { page: 2, total: 11 });
    calls[0]?.answer(200, page);
    expect(await answer).toEqual(page);
  });

  it('"Select approved" asks for every approved candidate of the program, on whichever page', async () => {
    const answer = fetchRecipients(PROGRAM, { ...NO_FILTER, status: "approved" });
    await flush();
    expect(calls[0]?.url).toBe(
      "/api/admin/candidate-submissions?programId=p1&pageSize=1&search=&status=approved&minReviews=0&recipients=true",
    );
    const recipients = [
      { submissionId: "b", identifier: "Applicant b", status: "approved", amount: 900 },
      { submissionId: "z", identifier: "Applicant z", status: "approved", amount: 10 },
    ];
    calls[0]?.answer(200, { ...pageOf([row("b", { status: "approved", amount: 900 })]), recipients });
    expect(await answer).toEqual(recipients);
  });
});

/** GET /api/applications/{programId}/{submissionId} as an admin sees it: only the decision matters here. */
function candidateView(decision: { status: string; amount: number | null }) {
  return {
    program: {
      _id: PROGRAM,
      name: "Program",
      appVersion: 3,
      archived: false,
      overrideFinalRating: false,
      increment: 1,
      enableStackedRankings: true,
      showFinalRating: false,
      finalReviewText: "",
      commentText: "",
    },
    submission: {
      _id: "a",
      formId: "f",
      identifier: "Applicant a",
      submissionDate: "2026-01-01T00:00:00.000Z",
      lastSaveDate: "2026-01-01T00:00:00.000Z",
      draft: false,
      test: false,
      reviewCount: 2,
      ...decision,
    },
    sections: [],
    answers: [],
    files: [],
    previousId: null,
    nextId: null,
    review: null,
    comments: [],
    isAdmin: true,
    canRate: false,
  };
}
