import { environmentManager, MutationObserver, QueryClient, QueryObserver } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ExportJob, ExportList } from "../../../shared/schemas/exports";
import { deleteExportOptions, exportListOptions, startExportOptions } from "./api";
import { exportKeys } from "./query-keys";
import { TEST_PROGRAM, testJob } from "./test/jobs";

const USER = "u1";
const PROGRAM = TEST_PROGRAM;
const listKey = exportKeys.list(USER, PROGRAM);

const job = testJob;

interface Call {
  url: string;
  method: string;
  body: unknown;
}

/** The server as the test scripts it: each call takes the next answer for its method and path. */
let calls: Call[];
let answers: Map<string, Array<{ status: number; body: unknown }>>;
let queryClient: QueryClient;

function answer(method: string, path: string, status: number, body: unknown) {
  const key = `${method} ${path}`;
  answers.set(key, [...(answers.get(key) ?? []), { status, body }]);
}

const listPath = `/api/exports?programId=${PROGRAM}`;
const gets = () => calls.filter((c) => c.method === "GET" && c.url === listPath).length;
const cachedIds = () => queryClient.getQueryData<ExportList>(listKey)?.exports.map((j) => [j._id, j.status]);

// Node has no window, so react-query takes the tests for a server and keeps no refetch timers: not here.
const ranAsServer = environmentManager.isServer();

beforeEach(() => {
  environmentManager.setIsServer(() => false);
  vi.useFakeTimers();
  calls = [];
  answers = new Map();
  vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
    const method = init.method ?? "GET";
    calls.push({ url, method, body: init.body === undefined ? undefined : JSON.parse(String(init.body)) });
    const queue = answers.get(`${method} ${url}`) ?? [];
    // The last answer stays: a list read again and again keeps saying the same.
    const next = queue.length > 1 ? queue.shift() : queue[0];
    if (next === undefined) throw new Error(`No answer scripted for ${method} ${url}`);
    return new Response(JSON.stringify(next.body), {
      status: next.status,
      headers: { "Content-Type": "application/json" },
    });
  });
  queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
});

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  environmentManager.setIsServer(() => ranAsServer);
});

function watchList() {
  const observer = new QueryObserver(queryClient, exportListOptions(USER, PROGRAM));
  return observer.subscribe(() => undefined);
}

describe("the recent exports list", () => {
  it("is read every second while a job runs, and no more once none does", async () => {
    answer("GET", listPath, 200, { exports: [job("a", { status: "running", processed: 0, total: 3 })] });
    answer("GET", listPath, 200, { exports: [job("a", { status: "running", processed: 2, total: 3 })] });
    answer("GET", listPath, 200, { exports: [job("a", { status: "ready", processed: 3, total: 3 })] });
    const stop = watchList();
    await vi.advanceTimersByTimeAsync(0);
    expect(gets()).toBe(1);

    await vi.advanceTimersByTimeAsync(1000);
    expect(gets()).toBe(2);
    expect(queryClient.getQueryData<ExportList>(listKey)?.exports[0]?.processed).toBe(2);

    await vi.advanceTimersByTimeAsync(1000);
    expect(gets()).toBe(3);
    expect(cachedIds()).toEqual([["a", "ready"]]);

    await vi.advanceTimersByTimeAsync(10_000);
    expect(gets()).toBe(3);
    stop();
  });

  it("is not read again when nothing is queued or running", async () => {
    answer("GET", listPath, 200, {
      exports: [job("a", { status: "ready" }), job("b", { status: "failed" })],
    });
    const stop = watchList();
    await vi.advanceTimersByTimeAsync(5000);
    expect(gets()).toBe(1);
    stop();
  });

  it("stops being read after a failed reading, keeping what it showed", async () => {
    answer("GET", listPath, 200, { exports: [job("a", { status: "running" })] });
    answer("GET", listPath, 500, { error: { code: "INTERNAL", message: "Database down" } });
    const stop = watchList();
    await vi.advanceTimersByTimeAsync(1000);
    expect(gets()).toBe(2);
    await vi.advanceTimersByTimeAsync(5000);
    expect(gets()).toBe(2);
    expect(queryClient.getQueryState(listKey)?.status).toBe("error");
    expect(cachedIds()).toEqual([["a", "running"]]);
    stop();
  });
});

describe("starting an export", () => {
  it("posts the body and shows the accepted job first in the list at once, then follows it every second", async () => {
    answer("GET", listPath, 200, { exports: [job("old", { status: "ready" })] });
    const stop = watchList();
    await vi.advanceTimersByTimeAsync(0);
    expect(gets()).toBe(1);

    answer("POST", "/api/exports", 202, job("new"));
    const start = new MutationObserver(queryClient, startExportOptions(queryClient, USER, PROGRAM));
    await start.mutate({ programId: PROGRAM, kind: "data", format: "xlsx", includeAnonymized: false });
    expect(calls.at(-1)).toEqual({
      url: "/api/exports",
      method: "POST",
      body: { programId: PROGRAM, kind: "data", format: "xlsx", includeAnonymized: false },
    });
    expect(cachedIds()).toEqual([
      ["new", "queued"],
      ["old", "ready"],
    ]);

    // The list has a queued job now: the polling starts.
    answers.set(`GET ${listPath}`, [
      { status: 200, body: { exports: [job("new", { status: "ready" }), job("old", { status: "ready" })] } },
    ]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(gets()).toBe(2);
    expect(cachedIds()).toEqual([
      ["new", "ready"],
      ["old", "ready"],
    ]);
    stop();
  });

  it("is not undone by a reading of the list that was under way when the job was accepted", async () => {
    answer("GET", listPath, 200, { exports: [job("old", { status: "running" })] });
    const stop = watchList();
    await vi.advanceTimersByTimeAsync(0);

    // The next reading is held: it answers only after the new job was accepted, without it.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const serve = globalThis.fetch;
    vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
      if ((init.method ?? "GET") === "GET") await held;
      return serve(url, init);
    });
    await vi.advanceTimersByTimeAsync(1000);
    expect(gets()).toBe(1);

    answer("POST", "/api/exports", 202, job("new"));
    const start = new MutationObserver(queryClient, startExportOptions(queryClient, USER, PROGRAM));
    const started = start.mutate({ programId: PROGRAM, kind: "comments", includeAnonymized: false });
    await vi.advanceTimersByTimeAsync(0);
    release();
    await started;
    await vi.advanceTimersByTimeAsync(0);
    expect(cachedIds()).toEqual([
      ["new", "queued"],
      ["old", "running"],
    ]);
    stop();
  });

  it("leaves a list not loaded yet to be read, rather than show the new job alone as the list", async () => {
    answer("POST", "/api/exports", 202, job("new"));
    const start = new MutationObserver(queryClient, startExportOptions(queryClient, USER, PROGRAM));
    await start.mutate({ programId: PROGRAM, kind: "pdfs", includeAnonymized: false });
    expect(queryClient.getQueryData(listKey)).toBeUndefined();
  });
});

describe("deleting an export", () => {
  async function loadList(jobs: ExportJob[]) {
    answer("GET", listPath, 200, { exports: jobs });
    await queryClient.fetchQuery(exportListOptions(USER, PROGRAM));
  }

  it("calls DELETE and takes it out of the list", async () => {
    await loadList([job("b", { status: "ready" }), job("a", { status: "failed" })]);
    answer("DELETE", "/api/exports/b", 200, { ok: true });
    answers.set(`GET ${listPath}`, [{ status: 200, body: { exports: [job("a", { status: "failed" })] } }]);
    const remove = new MutationObserver(queryClient, deleteExportOptions(queryClient, USER, PROGRAM));
    await remove.mutate("b");
    expect(calls.some((c) => c.method === "DELETE" && c.url === "/api/exports/b")).toBe(true);
    expect(cachedIds()).toEqual([["a", "failed"]]);
  });

  it("takes out quietly an export the server no longer has", async () => {
    await loadList([job("b", { status: "ready" })]);
    answer("DELETE", "/api/exports/b", 404, { error: { code: "NOT_FOUND", message: "Not found" } });
    answers.set(`GET ${listPath}`, [{ status: 200, body: { exports: [] } }]);
    const remove = new MutationObserver(queryClient, deleteExportOptions(queryClient, USER, PROGRAM));
    await expect(remove.mutate("b")).resolves.toBeUndefined();
    expect(cachedIds()).toEqual([]);
  });

  it("keeps it and reports the failure otherwise", async () => {
    await loadList([job("b", { status: "ready" })]);
    answer("DELETE", "/api/exports/b", 500, { error: { code: "INTERNAL", message: "Storage unreachable" } });
    const remove = new MutationObserver(queryClient, deleteExportOptions(queryClient, USER, PROGRAM));
    await expect(remove.mutate("b")).rejects.toThrow("Storage unreachable");
    expect(cachedIds()).toEqual([["b", "ready"]]);
  });
});
