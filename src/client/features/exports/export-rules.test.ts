import { describe, expect, it } from "vitest";
import { createExportBodySchema, EXPORT_KINDS, type ExportJob } from "../../../shared/schemas/exports";
import {
  defaultChoice,
  exportName,
  exportRequest,
  failureMessage,
  finishedAnnouncement,
  formatSize,
  formatsOf,
  isActive,
  isFinished,
  needsCandidate,
  newlyFinished,
  offersAnonymizedAnswers,
  POLL_INTERVAL_MS,
  pollInterval,
  progressPercent,
  progressText,
  STATUS_LABELS,
  timeText,
  wasRestarted,
  withJob,
  withoutJob,
} from "./export-rules";
import { testJob } from "./test/jobs";

const job = testJob;

describe("what each export offers", () => {
  it("offers a format choice only where there are several, the contract's first as the default", () => {
    expect(formatsOf("data")).toEqual(["csv", "xlsx"]);
    expect(formatsOf("matrix")).toEqual(["csv", "xlsx"]);
    expect(formatsOf("comments")).toEqual(["csv", "xlsx"]);
    expect(formatsOf("pdfs")).toEqual(["zip"]);
    expect(formatsOf("attachments")).toEqual(["zip"]);
    expect(formatsOf("dossier")).toEqual(["zip"]);
    expect(defaultChoice("data")).toEqual({ format: "csv", includeAnonymized: false });
    expect(defaultChoice("pdfs")).toEqual({ format: "zip", includeAnonymized: false });
  });

  it("offers the anonymized answers only for the exports that hold answers", () => {
    expect(EXPORT_KINDS.filter(offersAnonymizedAnswers)).toEqual(["data", "pdfs", "dossier"]);
  });

  it("asks for a candidate only for the dossier", () => {
    expect(EXPORT_KINDS.filter(needsCandidate)).toEqual(["dossier"]);
  });
});

describe("the request that starts an export", () => {
  it("sends the format and the anonymized choice as chosen", () => {
    expect(exportRequest("p1", "data", { format: "xlsx", includeAnonymized: true }, null)).toEqual({
      programId: "p1",
      kind: "data",
      format: "xlsx",
      includeAnonymized: true,
    });
  });

  it("never asks for anonymized answers where the export does not offer them", () => {
    expect(exportRequest("p1", "comments", { format: "csv", includeAnonymized: true }, null)).toEqual({
      programId: "p1",
      kind: "comments",
      format: "csv",
      includeAnonymized: false,
    });
  });

  it("falls back to the kind's default format rather than send one it refuses", () => {
    expect(exportRequest("p1", "pdfs", { format: "csv", includeAnonymized: false }, null)?.format).toBe(
      "zip",
    );
  });

  it("cannot start a dossier without its candidate, and sends the candidate only with a dossier", () => {
    expect(exportRequest("p1", "dossier", defaultChoice("dossier"), null)).toBeNull();
    expect(exportRequest("p1", "dossier", defaultChoice("dossier"), "s9")).toEqual({
      programId: "p1",
      kind: "dossier",
      format: "zip",
      includeAnonymized: false,
      submissionId: "s9",
    });
    expect(exportRequest("p1", "data", defaultChoice("data"), "s9")).not.toHaveProperty("submissionId");
  });

  it("builds, for every kind, a body the contract accepts", () => {
    for (const kind of EXPORT_KINDS) {
      for (const format of formatsOf(kind)) {
        const body = exportRequest("p1", kind, { format, includeAnonymized: true }, "s1");
        expect(createExportBodySchema.safeParse(body).success, `${kind} ${format}`).toBe(true);
      }
    }
  });
});

describe("status and progress", () => {
  it("names every status", () => {
    expect(STATUS_LABELS).toEqual({
      queued: "Waiting to start",
      running: "In progress",
      ready: "Ready",
      failed: "Failed",
    });
  });

  it("is active while queued or running, finished when ready or failed", () => {
    expect(
      ["queued", "running", "ready", "failed"].map((status) => isActive({ status } as ExportJob)),
    ).toEqual([true, true, false, false]);
    expect(isFinished(job("a", { status: "failed" }))).toBe(true);
    expect(isFinished(job("a", { status: "running" }))).toBe(false);
  });

  it("is processed of total, rounded down so 100% means every unit is done", () => {
    expect(progressPercent(job("a", { status: "running", processed: 0, total: 3 }))).toBe(0);
    expect(progressPercent(job("a", { status: "running", processed: 2, total: 3 }))).toBe(66);
    expect(progressPercent(job("a", { status: "running", processed: 999, total: 1000 }))).toBe(99);
    expect(progressPercent(job("a", { status: "running", processed: 1000, total: 1000 }))).toBe(100);
    expect(progressText(job("a", { status: "running", processed: 2, total: 3 }))).toBe("2 of 3 (66%)");
  });

  it("cannot be told while the total is unknown (or zero): the job is preparing", () => {
    expect(progressPercent(job("a", { status: "running", total: null }))).toBeNull();
    expect(progressPercent(job("a", { status: "running", total: 0 }))).toBeNull();
    expect(progressText(job("a", { status: "running", total: null }))).toBe("Preparing…");
    expect(progressText(job("a", { status: "queued" }))).toBe("Waiting to start");
  });

  it("is whole once ready, whatever the counts say", () => {
    expect(progressPercent(job("a", { status: "ready", processed: 0, total: null }))).toBe(100);
    expect(progressText(job("a", { status: "ready" }))).toBe("Done");
  });

  it("stays within 0–100 when the counts disagree", () => {
    expect(progressPercent(job("a", { status: "running", processed: 7, total: 5 }))).toBe(100);
    expect(progressPercent(job("a", { status: "running", processed: -1, total: 5 }))).toBe(0);
  });

  it("says where a failed job stopped", () => {
    expect(progressText(job("a", { status: "failed", processed: 3, total: 10 }))).toBe(
      "Stopped at 3 of 10 (30%)",
    );
    expect(progressText(job("a", { status: "failed" }))).toBe("Stopped");
  });

  it("tells a restarted job by its attempts", () => {
    expect(wasRestarted(job("a", { attempts: 1 }))).toBe(false);
    expect(wasRestarted(job("a", { attempts: 2 }))).toBe(true);
  });
});

describe("polling", () => {
  it("reads every second while any job is queued or running", () => {
    expect(POLL_INTERVAL_MS).toBe(1000);
    expect(pollInterval([job("a", { status: "ready" }), job("b", { status: "queued" })])).toBe(1000);
    expect(pollInterval([job("a", { status: "running" })])).toBe(1000);
  });

  it("stops when none is, before the first answer, and after a failed reading", () => {
    expect(pollInterval([job("a", { status: "ready" }), job("b", { status: "failed" })])).toBe(false);
    expect(pollInterval([])).toBe(false);
    expect(pollInterval(undefined)).toBe(false);
    expect(pollInterval([job("a", { status: "running" })], true)).toBe(false);
  });
});

describe("sizes", () => {
  it("reads in bytes, then binary units with one decimal below 10", () => {
    expect(formatSize(0)).toBe("0 B");
    expect(formatSize(1023)).toBe("1023 B");
    expect(formatSize(1024)).toBe("1 KB");
    expect(formatSize(1536)).toBe("1.5 KB");
    expect(formatSize(10 * 1024)).toBe("10 KB");
    expect(formatSize(3 * 1024 * 1024)).toBe("3 MB");
    expect(formatSize(Math.round(2.25 * 1024 * 1024 * 1024))).toBe("2.3 GB");
    expect(formatSize(5 * 1024 ** 4)).toBe("5 TB");
  });

  it("never shows 10.0 or 1024 of a unit", () => {
    expect(formatSize(Math.round(9.97 * 1024))).toBe("10 KB");
    expect(formatSize(1024 * 1024 - 1)).toBe("1 MB");
  });

  it("shows nonsense as nothing", () => {
    expect(formatSize(-5)).toBe("0 B");
    expect(formatSize(Number.NaN)).toBe("0 B");
  });
});

describe("the list in the cache", () => {
  it("puts a new export first, once", () => {
    const list = [job("b"), job("a")];
    expect(withJob(list, job("c")).map((j) => j._id)).toEqual(["c", "b", "a"]);
    expect(withJob(list, job("a", { status: "running" })).map((j) => [j._id, j.status])).toEqual([
      ["a", "running"],
      ["b", "queued"],
    ]);
  });

  it("takes a deleted export out", () => {
    expect(withoutJob([job("b"), job("a")], "b").map((j) => j._id)).toEqual(["a"]);
  });
});

describe("news while on the page", () => {
  it("is the jobs that were queued or running and are now ready or failed", () => {
    const before = [job("q"), job("r", { status: "running" }), job("old", { status: "ready" })];
    const after = [
      job("q", { status: "failed", error: "Out of space" }),
      job("r", { status: "ready" }),
      job("old", { status: "ready" }),
      job("new", { status: "ready" }),
    ];
    expect(newlyFinished(before, after).map((j) => j._id)).toEqual(["q", "r"]);
  });

  it("is nothing on the first reading, or when nothing moved", () => {
    expect(newlyFinished(undefined, [job("a", { status: "ready" })])).toEqual([]);
    const running = [job("a", { status: "running" })];
    expect(newlyFinished(running, running)).toEqual([]);
  });

  it("is announced with the export's name, and the server's message for a failure", () => {
    expect(exportName(job("a", { kind: "matrix", format: "xlsx" }))).toBe("Matrix (XLSX)");
    expect(finishedAnnouncement(job("a", { status: "ready" }))).toBe(
      "The Data (CSV) export is ready to download.",
    );
    expect(
      finishedAnnouncement(job("a", { kind: "pdfs", format: "zip", status: "failed", error: "Disk full" })),
    ).toBe("The PDFs of submissions (ZIP) export failed: Disk full");
    expect(failureMessage(job("a", { status: "failed", error: "  " }))).toBe(
      "The export could not be completed.",
    );
  });
});

describe("the times of a job", () => {
  it("is written in the admin's way, and left as sent when it is not a date", () => {
    expect(timeText("2025-03-02T10:00:00.000Z")).toBe(
      new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" }).format(
        new Date("2025-03-02T10:00:00.000Z"),
      ),
    );
    expect(timeText("yesterday")).toBe("yesterday");
  });
});
