import { randomBytes } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildOrg, buildProgram, buildPublishedForm } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/harness";
import { buildCandidate, countQueries } from "../../test/review-factories";
import { candidateBatches, countCandidateFiles, type ExportSubmission, inOrder } from "./submissions";
import { exportTestForm, storeFile } from "./test/kit";

let t: TestApp;
type Program = Awaited<ReturnType<typeof buildProgram>>;
let program: Program;
let single: Program;
let formId: string;

async function collect(programId: string, batchSize: number, withAnswers = false) {
  const batches: ExportSubmission[][] = [];
  const signal = new AbortController().signal;
  for await (const batch of candidateBatches(t.deps.db, programId, { withAnswers, signal, batchSize })) {
    batches.push(batch);
  }
  return batches;
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.deps.db;
  const org = await buildOrg(db);
  program = await buildProgram(db, org.id);
  single = await buildProgram(db, org.id);
  ({ formId } = await buildPublishedForm(db, program, exportTestForm()));
  const names = ["delta", "Alpha", "charlie", "Bravo", "echo", "alpha"];
  for (const identifier of names) {
    const candidate = await buildCandidate(db, { program, formId, identifier });
    for (let i = 0; i < 2; i++) {
      await storeFile(t, {
        submissionId: candidate.id,
        questionId: "budget",
        name: `${identifier}-${i}.pdf`,
        bytes: randomBytes(10),
      });
      // PGlite's clock ticks in milliseconds: files stored in the same one have no upload order.
      await sleep(2);
    }
  }
  await buildCandidate(db, { program, formId, identifier: "aaa draft", submitted: false });
  await buildCandidate(db, { program, formId, identifier: "aaa test", test: true });
  const singleForm = await buildPublishedForm(db, single, exportTestForm());
  await buildCandidate(db, { program: single, formId: singleForm.formId, identifier: "only one" });
});
afterAll(() => t?.close());

describe("candidateBatches", () => {
  it("reads the candidates by keyset in the lists' order, each with its files in upload order", async () => {
    const batches = await collect(program.id, 4);
    expect(batches.map((b) => b.length)).toEqual([4, 2]);
    const all = batches.flat();
    expect(all.map((s) => s.identifier.toLowerCase())).toEqual([
      "alpha",
      "alpha",
      "bravo",
      "charlie",
      "delta",
      "echo",
    ]);
    expect(new Set(all.map((s) => s.id)).size).toBe(6);
    for (const s of all) {
      expect(s.files.map((f) => f.name)).toEqual([`${s.identifier}-0.pdf`, `${s.identifier}-1.pdf`]);
      expect(s.answers).toEqual([]);
    }
    expect(await countCandidateFiles(t.deps.db, program.id)).toBe(12);
  });

  it("costs two queries a batch, whatever the number of candidates and files in it", async () => {
    const one = await countQueries(t.deps.db, () => collect(single.id, 100, true));
    const six = await countQueries(t.deps.db, () => collect(program.id, 100, true));
    expect(one.queries).toBe(2);
    expect(six.queries).toBe(2);
    const paged = await countQueries(t.deps.db, () => collect(program.id, 2));
    expect(paged.queries).toBe(3 * 2 + 1);
  });

  it("stops between batches when the job is aborted", async () => {
    const controller = new AbortController();
    const seen: string[] = [];
    const read = async () => {
      for await (const batch of candidateBatches(t.deps.db, program.id, {
        withAnswers: false,
        signal: controller.signal,
        batchSize: 2,
      })) {
        seen.push(...batch.map((s) => s.identifier));
        controller.abort(new Error("stop"));
      }
    };
    await expect(read()).rejects.toThrow("stop");
    expect(seen).toHaveLength(2);
  });
});

describe("inOrder", () => {
  const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  async function* items(n: number) {
    for (let i = 0; i < n; i++) yield i;
  }

  it("keeps the items' order with at most `concurrency` running", async () => {
    let running = 0;
    let most = 0;
    const results: number[] = [];
    for await (const result of inOrder(items(10), 2, async (i) => {
      running += 1;
      most = Math.max(most, running);
      await delay(i % 2 === 0 ? 8 : 1);
      running -= 1;
      return i * 10;
    })) {
      results.push(result);
    }
    expect(results).toEqual([0, 10, 20, 30, 40, 50, 60, 70, 80, 90]);
    expect(most).toBe(2);
  });

  it("passes on a failure in turn, without an unhandled rejection", async () => {
    const results: number[] = [];
    const run = async () => {
      for await (const result of inOrder(items(5), 2, async (i) => {
        if (i === 2) throw new Error("render failed");
        await delay(2);
        return i;
      })) {
        results.push(result);
      }
    };
    await expect(run()).rejects.toThrow("render failed");
    expect(results).toEqual([0, 1]);
  });
});
