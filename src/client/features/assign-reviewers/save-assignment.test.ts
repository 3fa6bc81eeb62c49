import { MutationObserver, QueryClient } from "@tanstack/react-query";
import { describe, expect, it, vi } from "vitest";
import type { AssignmentListResult, AssignmentRow } from "../../../shared/schemas/committee";
import { saveAssignmentOptions } from "./api";
import type { AssignmentChange } from "./assignment-cache";
import { assignKeys } from "./query-keys";

const ann = { _id: "u1", name: "Ann", email: "ann@example.test" };
const bo = { _id: "u2", name: "Bo", email: "bo@example.test" };
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
        onFailure,
        send,
      }),
    )
      .mutate(change)
      .catch(() => undefined);
  const shown = (k: readonly unknown[] = key) =>
    queryClient.getQueryData<AssignmentListResult>(k)?.rows[0]?.reviewers.map((p) => p.name);
  return { queryClient, requests, onFailure, save, shown };
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
