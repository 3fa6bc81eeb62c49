import { MutationObserver, QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AssignmentListResult, AssignmentRow } from "../../../shared/schemas/committee";
import { EDIT_CONFLICT_MESSAGES } from "../../../shared/schemas/edit-conflict-constants";
import { ApiError } from "../../lib/api-client";
import { assignApi, saveAssignmentOptions, sendAssignmentChange } from "./api";
import type { AssignmentChange } from "./assignment-cache";
import { type AssignmentConflict, keepMineChange } from "./assignment-conflict";
import { assignKeys } from "./query-keys";

const ann = { _id: "u1", name: "Ann", email: "ann@example.test" };
const bo = { _id: "u2", name: "Bo", email: "bo@example.test" };
const cy = { _id: "u3", name: "Cy", email: "cy@example.test" };
const panel = { _id: "g1", name: "Panel" };
const view = { search: "", page: 1, pageSize: 10 as const };
const key = assignKeys.list("me", "p1", view);
const searchKey = assignKeys.list("me", "p1", { ...view, search: "river" });

function row(patch: Partial<AssignmentRow> = {}): AssignmentRow {
  return { _id: "s1", identifier: "River Trust", reviewers: [], reviewerGroups: [], ...patch };
}

function page(rows: AssignmentRow[]): AssignmentListResult {
  return { rows, total: rows.length, page: 1, pageSize: 10, committee: [], groups: [] };
}

/** A request the test answers by hand, to see the page between the change and the answer. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function setUp() {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  queryClient.setQueryData(key, page([row({ reviewers: [ann] })]));
  queryClient.setQueryData(searchKey, page([row({ reviewers: [ann] })]));
  const requests: { change: AssignmentChange; answer: ReturnType<typeof deferred<AssignmentRow>> }[] = [];
  const onFailure = vi.fn();
  const onConflict = vi.fn<(conflict: AssignmentConflict) => void>();
  const send = (_id: string, change: AssignmentChange) => {
    const answer = deferred<AssignmentRow>();
    requests.push({ change, answer });
    return answer.promise;
  };
  const save = (change: AssignmentChange) =>
    new MutationObserver(
      queryClient,
      saveAssignmentOptions(queryClient, {
        userId: "me",
        programId: "p1",
        submissionId: "s1",
        name: "River Trust",
        onFailure,
        onConflict,
        send,
      }),
    )
      .mutate(change)
      .catch(() => undefined);
  const shown = (k: readonly unknown[] = key) =>
    queryClient.getQueryData<AssignmentListResult>(k)?.rows[0]?.reviewers.map((p) => p.name);
  const shownGroups = (k: readonly unknown[] = key) =>
    queryClient.getQueryData<AssignmentListResult>(k)?.rows[0]?.reviewerGroups.map((g) => g.name);
  return { queryClient, requests, onFailure, onConflict, save, shown, shownGroups };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("saving a row's reviewers", () => {
  it("shows the change at once on every cached page, then the server's row", async () => {
    const { requests, save, shown } = setUp();
    const done = save({ field: "reviewers", next: [ann, bo], previous: [ann] });
    await flush();
    expect(shown()).toEqual(["Ann", "Bo"]);
    expect(shown(searchKey)).toEqual(["Ann", "Bo"]);
    expect(requests.map((r) => r.change.next.map((p) => p._id))).toEqual([["u1", "u2"]]);
    requests[0]?.answer.resolve(row({ reviewers: [ann, { ...bo, name: "Bo Stored" }] }));
    await done;
    expect(shown()).toEqual(["Ann", "Bo Stored"]);
  });

  it("takes the change back and reports it when the save fails, then reads the list again", async () => {
    const { queryClient, requests, onFailure, save, shown } = setUp();
    const done = save({ field: "reviewers", next: [], previous: [ann] });
    await flush();
    expect(shown()).toEqual([]);
    const refused = new Error("Choose members of this program's committee.");
    requests[0]?.answer.reject(refused);
    await done;
    expect(shown()).toEqual(["Ann"]);
    expect(onFailure).toHaveBeenCalledWith(refused, expect.objectContaining({ field: "reviewers" }));
    expect(queryClient.getQueryState(key)?.isInvalidated).toBe(true);
  });

  it("sends a row's changes one after another, so the last one chosen is what the server keeps", async () => {
    const { queryClient, requests, save, shown } = setUp();
    const first = save({ field: "reviewers", next: [ann, bo], previous: [ann] });
    const second = save({ field: "reviewers", next: [bo], previous: [ann, bo] });
    await flush();
    // Both show at once; only the first is on the wire.
    expect(shown()).toEqual(["Bo"]);
    expect(requests).toHaveLength(1);
    requests[0]?.answer.resolve(row({ reviewers: [ann, bo] }));
    await first;
    await flush();
    // The first answer does not bring back a list the person has already changed.
    expect(shown()).toEqual(["Bo"]);
    expect(queryClient.getQueryState(key)?.isInvalidated).toBe(false);
    expect(requests.map((r) => r.change.next.map((p) => p._id))).toEqual([["u1", "u2"], ["u2"]]);
    requests[1]?.answer.resolve(row({ reviewers: [bo] }));
    await second;
    expect(shown()).toEqual(["Bo"]);
    expect(queryClient.getQueryState(key)?.isInvalidated).toBe(true);
  });
});

/** The server's refusal of a stale list (decision 016), with the row as stored now. */
const staleRefusal = (field: "reviewers" | "reviewerGroups", current: unknown) =>
  new ApiError(409, "CONFLICT", EDIT_CONFLICT_MESSAGES[field], undefined, current);

describe("a list changed meanwhile by someone else (decision 016)", () => {
  afterEach(() => vi.restoreAllMocks());

  it("sends the list the change replaces as `expected`", async () => {
    const stored = row();
    const reviewers = vi.spyOn(assignApi, "setReviewers").mockResolvedValue(stored);
    const groups = vi.spyOn(assignApi, "setReviewerGroups").mockResolvedValue(stored);
    await sendAssignmentChange("s1", { field: "reviewers", next: [bo, cy], previous: [ann, bo] });
    expect(reviewers).toHaveBeenCalledWith("s1", {
      reviewers: ["u2", "u3"],
      expected: { reviewers: ["u1", "u2"] },
    });
    await sendAssignmentChange("s1", { field: "reviewerGroups", next: [], previous: [panel] });
    expect(groups).toHaveBeenCalledWith("s1", { reviewerGroups: [], expected: { reviewerGroups: ["g1"] } });
  });

  it("shows the stored list instead of the refused one and hands the conflict over, not a failure", async () => {
    const { queryClient, requests, onFailure, onConflict, save, shown } = setUp();
    const change: AssignmentChange = { field: "reviewers", next: [ann, cy], previous: [ann] };
    const done = save(change);
    await flush();
    expect(shown()).toEqual(["Ann", "Cy"]);
    const theirs = row({ reviewers: [ann, bo], reviewerGroups: [panel] });
    requests[0]?.answer.reject(staleRefusal("reviewers", theirs));
    await done;
    // Theirs, not the list before the change (which is not stored either).
    expect(shown()).toEqual(["Ann", "Bo"]);
    expect(onFailure).not.toHaveBeenCalled();
    expect(onConflict).toHaveBeenCalledExactlyOnceWith({
      submissionId: "s1",
      name: "River Trust",
      change,
      theirs,
    });
    // The page is read again once the save settles, as after any other save.
    expect(queryClient.getQueryState(key)?.isInvalidated).toBe(true);
  });

  it("replaces only the refused list: the row's other list is left as it is shown", async () => {
    const { requests, onConflict, save, shown, shownGroups } = setUp();
    const done = save({ field: "reviewerGroups", next: [panel], previous: [] });
    await flush();
    expect(shownGroups()).toEqual(["Panel"]);
    const theirs = row({ reviewers: [bo], reviewerGroups: [{ _id: "g2", name: "Other panel" }] });
    requests[0]?.answer.reject(staleRefusal("reviewerGroups", theirs));
    await done;
    expect(shownGroups()).toEqual(["Other panel"]);
    expect(shown()).toEqual(["Ann"]);
    expect(onConflict).toHaveBeenCalledWith(expect.objectContaining({ theirs }));
  });

  it("keep mine sends the person's list again, based on the stored one", async () => {
    const { requests, onConflict, save, shown } = setUp();
    const first = save({ field: "reviewers", next: [ann, cy], previous: [ann] });
    await flush();
    requests[0]?.answer.reject(staleRefusal("reviewers", row({ reviewers: [ann, bo] })));
    await first;
    const conflict = onConflict.mock.calls[0]![0];
    const again = keepMineChange(conflict);
    expect(again).toEqual({ field: "reviewers", next: [ann, cy], previous: [ann, bo] });

    const second = save(again);
    await flush();
    expect(shown()).toEqual(["Ann", "Cy"]);
    expect(requests[1]?.change).toEqual(again);
    requests[1]?.answer.resolve(row({ reviewers: [ann, cy] }));
    await second;
    expect(shown()).toEqual(["Ann", "Cy"]);
    expect(onConflict).toHaveBeenCalledTimes(1);
  });

  it("a refusal without the stored list, or another 409, is an ordinary failure: the change is taken back", async () => {
    for (const refusal of [
      staleRefusal("reviewers", undefined),
      staleRefusal("reviewers", { reviewers: "not a row" }),
      // The other list's message: not this save's conflict.
      staleRefusal("reviewerGroups", row()),
      new ApiError(409, "CONFLICT", "This candidate was deleted."),
    ]) {
      const { requests, onFailure, onConflict, save, shown } = setUp();
      const done = save({ field: "reviewers", next: [], previous: [ann] });
      await flush();
      requests[0]?.answer.reject(refusal);
      await done;
      expect(shown(), refusal.message).toEqual(["Ann"]);
      expect(onConflict).not.toHaveBeenCalled();
      expect(onFailure).toHaveBeenCalledWith(refusal, expect.objectContaining({ field: "reviewers" }));
    }
  });
});
