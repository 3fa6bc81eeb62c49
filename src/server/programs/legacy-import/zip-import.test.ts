import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { and, count, eq, inArray } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { unzipSync, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import type { ImportProblem, ImportResult } from "../../../shared/schemas/legacy-import";
import type { CandidateView } from "../../../shared/schemas/reviews";
import {
  legacyImportRecords,
  organizations,
  pendingUploads,
  plans,
  programs,
  reviews,
  submissionFiles,
  submissions,
} from "../../db/schema";
import type { FileStorage } from "../../files/storage";
import { type Cast, withCastTestApp } from "../../test/factories";
import { TEST_ORIGIN, type TestApp } from "../../test/harness";
import { importLegacyZip } from "./service";

/**
 * Importing a program as a zip of its JSON files and the applications' attachments
 * (docs/decisions/032-legacy-program-import.md, "A zip with the attachments") through POST /api/programs/import,
 * with the shipped sample zip: the files stored as the product's submission files, a reviewer reading them on
 * the legacy review page, the same zip twice adding nothing (files included), and every bad zip — not a zip, a
 * missing, oversized, damaged, unnamed or wrongly typed file, a bad record — refused with its report and
 * nothing written, in the database or in storage.
 */

let t: TestApp;
let cast: Cast;
let cookies: Record<string, string>;
withCastTestApp((app) => {
  ({ t, cast, cookies } = app);
});

const SAMPLES = path.join(import.meta.dirname, "samples");
const SAMPLE_ZIP = readFileSync(path.join(SAMPLES, "generation-1-with-files.zip"));
const SAMPLE_FOLDER = path.join(SAMPLES, "generation-1-with-files");

/** The sample folder's files, by their path in the zip. */
function sampleEntries(): Record<string, Uint8Array> {
  const entries: Record<string, Uint8Array> = {};
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else
        entries[path.relative(SAMPLE_FOLDER, full).split(path.sep).join("/")] = new Uint8Array(
          readFileSync(full),
        );
    }
  };
  walk(SAMPLE_FOLDER);
  return entries;
}

const json = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));
// biome-ignore lint/suspicious/noExplicitAny: the sample's JSON, changed by each test in its own way
const parsed = (bytes: Uint8Array | undefined): any => JSON.parse(new TextDecoder().decode(bytes));

/** The sample as another program of the earlier system (its own source id), with the cast's reviewer in it. */
function variant(programId: string, change: (entries: Record<string, Uint8Array>) => void = () => {}) {
  const entries = sampleEntries();
  const program = parsed(entries["program.json"]) as {
    program: { _id: string; displayName: string };
    programUsers: { email: string }[];
  };
  program.program._id = programId;
  program.program.displayName = `Small Arts Grants (${programId})`;
  program.programUsers[0]!.email = cast.members.REVIEWER.email;
  entries["program.json"] = json(program);
  change(entries);
  return zipSync(entries);
}

const postZip = (
  body: Uint8Array,
  who: string | null = "orgAdmin",
  headers: Record<string, string> = {},
  query = "",
) =>
  t.app.request(`/api/programs/import${query}`, {
    method: "POST",
    headers: {
      origin: TEST_ORIGIN,
      "content-type": "application/zip",
      ...(who === null ? {} : { cookie: cookies[who]! }),
      ...headers,
    },
    body: new Blob([new Uint8Array(body)]),
  });

async function tableCounts() {
  const n = async (table: PgTable) => (await t.deps.db.select({ n: count() }).from(table))[0]!.n;
  return {
    programs: await n(programs),
    submissions: await n(submissions),
    files: await n(submissionFiles),
    reviews: await n(reviews),
    records: await n(legacyImportRecords),
    pending: await n(pendingUploads),
  };
}

/** Every file the disk store holds under submissions/ (what an orphan would be). */
function storedSubmissionFiles(): string[] {
  const root = path.join(t.deps.config.DATA_DIR, "files", "private", "submissions");
  const found: string[] = [];
  const walk = (dir: string) => {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      return;
    }
    for (const name of names) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else found.push(path.relative(root, full));
    }
  };
  walk(root);
  return found.sort();
}

async function refusedWith(res: Response): Promise<ImportProblem[]> {
  expect(res.status).toBe(400);
  return ((await res.json()) as { error: { report: ImportProblem[] } }).error.report;
}

describe("the shipped sample zip", () => {
  it("is the sample folder zipped (program.json, submissions.json, reviews.json, files/{id}/{name})", () => {
    const zipped = unzipSync(new Uint8Array(SAMPLE_ZIP));
    expect(Object.keys(zipped).sort()).toEqual(Object.keys(sampleEntries()).sort());
    for (const [name, bytes] of Object.entries(sampleEntries())) expect(zipped[name], name).toEqual(bytes);
  });

  it("imports with its attachments stored as the applications' files; the same zip again adds nothing", async () => {
    const res = await postZip(new Uint8Array(SAMPLE_ZIP));
    expect(res.status).toBe(200);
    const result = (await res.json()) as ImportResult;
    expect(result).toMatchObject({
      appVersion: 1,
      created: true,
      added: { files: 4, submissions: 2, reviews: 1, invited: 1 },
    });
    const rows = await t.deps.db
      .select({
        identifier: submissions.identifier,
        questionId: submissionFiles.questionId,
        name: submissionFiles.name,
        size: submissionFiles.size,
        contentType: submissionFiles.contentType,
        key: submissionFiles.key,
        submissionId: submissions.id,
      })
      .from(submissionFiles)
      .innerJoin(submissions, eq(submissions.id, submissionFiles.submissionId))
      .where(eq(submissions.programId, result.programId))
      .orderBy(submissionFiles.name);
    const entries = sampleEntries();
    expect(rows.map((r) => [r.identifier, r.questionId, r.name, r.contentType])).toEqual([
      ["Riverside Youth Choir", "arts-budget-file", "choir-budget.pdf", "application/pdf"],
      [
        "Eastside Mural Collective",
        "arts-support-files",
        "letter-from-the-pool.txt",
        "application/octet-stream",
      ],
      ["Eastside Mural Collective", "arts-budget-file", "mural-budget.pdf", "application/pdf"],
      ["Eastside Mural Collective", "arts-support-files", "sketch.png", "image/png"],
    ]);
    for (const row of rows) {
      expect(row.key.startsWith(`submissions/${row.submissionId}/`)).toBe(true);
      const source = Object.entries(entries).find(([name]) => name.endsWith(`/${row.name}`))![1];
      expect(new Uint8Array((await t.deps.files.storage.read("private", row.key))!)).toEqual(source);
      expect(row.size).toBe(source.byteLength);
    }
    // The file answers list the files the submission has (the files table is what they are).
    const [mural] = await t.deps.db
      .select({ answers: submissions.answers })
      .from(submissions)
      .where(
        and(
          eq(submissions.programId, result.programId),
          eq(submissions.identifier, "Eastside Mural Collective"),
        ),
      );
    expect(mural!.answers.find((a) => a.questionId === "arts-budget-file")).toMatchObject({
      answerArray: [],
    });

    const before = await tableCounts();
    const stored = storedSubmissionFiles();
    expect(before.pending).toBe(0);
    const again = await postZip(new Uint8Array(SAMPLE_ZIP));
    expect(again.status).toBe(200);
    expect(((await again.json()) as ImportResult).added).toEqual({
      files: 0,
      submissions: 0,
      reviews: 0,
      comments: 0,
      reviewerGroups: 0,
      rankings: 0,
      membersAdded: 0,
      invited: 0,
    });
    expect(await tableCounts()).toEqual(before);
    expect(storedSubmissionFiles()).toEqual(stored);
  });
});

describe("a reviewer of the imported program", () => {
  it("sees the attachments on the legacy review page and downloads them", async () => {
    const res = await postZip(variant("arts-for-review"));
    expect(res.status).toBe(200);
    const { programId } = (await res.json()) as ImportResult;
    const [mural] = await t.deps.db
      .select({ id: submissions.id })
      .from(submissions)
      .where(
        and(eq(submissions.programId, programId), eq(submissions.identifier, "Eastside Mural Collective")),
      );
    const view = await t.request(`/api/applications/${programId}/${mural!.id}`, { cookie: cookies.reviewer });
    expect(view.status).toBe(200);
    const candidate = (await view.json()) as CandidateView;
    expect(candidate.files.map((f) => f.name).sort()).toEqual([
      "letter-from-the-pool.txt",
      "mural-budget.pdf",
      "sketch.png",
    ]);
    const budget = candidate.files.find((f) => f.name === "mural-budget.pdf")!;
    expect(candidate.answers.find((a) => a.questionId === "arts-budget-file")).toMatchObject({
      answerArray: [budget._id],
    });
    const address = await t.request(`/api/files/signedUrl/private/getObject?fileId=${budget._id}`, {
      cookie: cookies.reviewer,
    });
    expect(address.status).toBe(200);
    const { url } = (await address.json()) as { url: string };
    const download = await t.request(url, { cookie: cookies.reviewer });
    expect(download.status).toBe(200);
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(
      sampleEntries()["files/f-mural-budget/mural-budget.pdf"],
    );
    // Someone of another organization gets nothing of it.
    const foreign = await t.request(`/api/files/signedUrl/private/getObject?fileId=${budget._id}`, {
      cookie: cookies.otherOrgAdmin,
    });
    expect(foreign.status).toBe(404);
  });
});

describe("who may import a zip", () => {
  it("is the organization's admin alone: anyone else gets 404 (401 signed out), and nothing is written", async () => {
    const before = await tableCounts();
    const stored = storedSubmissionFiles();
    const zip = variant("arts-refused");
    for (const who of ["admin", "adminReviewer", "reviewer", "guest", "applicant"])
      expect((await postZip(zip, who)).status, who).toBe(404);
    // Another organization's admin, naming this organization.
    const foreign = await postZip(zip, "otherOrgAdmin", {}, `?organization=${cast.org.id}`);
    expect(foreign.status).toBe(404);
    expect((await postZip(zip, null)).status).toBe(401);
    expect(await tableCounts()).toEqual(before);
    expect(storedSubmissionFiles()).toEqual(stored);
  });
});

describe("a bad zip", () => {
  /** Refused with exactly these problems, and nothing written anywhere. */
  async function expectRefused(zip: Uint8Array, problems: ImportProblem[]) {
    const before = await tableCounts();
    const stored = storedSubmissionFiles();
    expect(await refusedWith(await postZip(zip))).toEqual(problems);
    expect(await tableCounts()).toEqual(before);
    expect(storedSubmissionFiles()).toEqual(stored);
  }

  it("that is not a zip", async () => {
    await expectRefused(new TextEncoder().encode("not a zip at all, only text"), [
      { record: "zip", field: "", reason: "The file is not a zip archive." },
    ]);
  });

  it("without its program.json, or with files the import does not know", async () => {
    await expectRefused(
      variant("arts-layout", (entries) => {
        delete entries["program.json"];
        entries["notes.txt"] = json("hello");
      }),
      [
        {
          record: "zip",
          field: "notes.txt",
          reason:
            "Not part of an import: the zip holds program.json, one JSON file per collection (submissions.json, …) " +
            "and the attachments as files/{file id}/{file name}.",
        },
        { record: "zip", field: "program.json", reason: "The zip needs its program.json." },
      ],
    );
  });

  it("missing a file an answer names, and holding one no answer names", async () => {
    await expectRefused(
      variant("arts-missing", (entries) => {
        entries["files/f-stray/stray.pdf"] = entries["files/f-choir-budget/choir-budget.pdf"]!;
        delete entries["files/f-choir-budget/choir-budget.pdf"];
      }),
      [
        {
          record: "application arts-choir",
          field: "answers.1.answerArray.0",
          reason: "No file files/f-choir-budget/… in the zip.",
        },
        {
          record: "zip",
          field: "files/f-stray/stray.pdf",
          reason: "No application's file answer names this file (answerArray).",
        },
      ],
    );
  });

  it("with a file of a type its question refuses (judged by the content), or over the plan's file size", async () => {
    const [org] = await t.deps.db
      .select({ planId: organizations.planId })
      .from(organizations)
      .where(eq(organizations.id, cast.org.id));
    const [plan] = await t.deps.db.select().from(plans).where(eq(plans.id, org!.planId));
    await t.deps.db.update(plans).set({ maxFileSizeMB: 1 }).where(eq(plans.id, plan!.id));
    try {
      await expectRefused(
        variant("arts-types", (entries) => {
          // A picture named as the budget's PDF.
          entries["files/f-choir-budget/choir-budget.pdf"] = entries["files/f-mural-sketch/sketch.png"]!;
          entries["files/f-mural-letter/letter-from-the-pool.txt"] = new Uint8Array(1_048_577);
        }),
        [
          {
            record: "application arts-mural",
            field: "answers.3.answerArray.0",
            reason: "files/f-mural-letter/letter-from-the-pool.txt: The file is larger than the plan's 1 MB.",
          },
          {
            record: "application arts-choir",
            field: "answers.1.answerArray.0",
            reason: "files/f-choir-budget/choir-budget.pdf: The question takes PDF files.",
          },
        ],
      );
    } finally {
      await t.deps.db.update(plans).set({ maxFileSizeMB: plan!.maxFileSizeMB }).where(eq(plans.id, plan!.id));
    }
  });

  it("with a damaged file (its checksum does not match)", async () => {
    const zip = variant("arts-damaged");
    // Corrupt the stored checksum of the choir's budget in the central directory.
    const name = new TextEncoder().encode("files/f-choir-budget/choir-budget.pdf");
    const bytes = new Uint8Array(zip);
    const view = new DataView(bytes.buffer);
    for (let i = 0; i < bytes.length - 46; i++) {
      if (view.getUint32(i, true) !== 0x02014b50) continue;
      const length = view.getUint16(i + 28, true);
      if (length === name.length && bytes.subarray(i + 46, i + 46 + length).every((b, j) => b === name[j]))
        view.setUint32(i + 16, view.getUint32(i + 16, true) ^ 1, true);
    }
    await expectRefused(bytes, [
      {
        record: "application arts-choir",
        field: "answers.1.answerArray.0",
        reason:
          "files/f-choir-budget/choir-budget.pdf: The file's content does not match its checksum: the zip is damaged.",
      },
    ]);
  });

  it("whose records are wrong: the JSON import's report", async () => {
    await expectRefused(
      variant("arts-records", (entries) => {
        const list = parsed(entries["reviews.json"]) as { userId: string }[];
        list[0]!.userId = "u-nobody";
        entries["reviews.json"] = json(list);
      }),
      [{ record: "review arts-rev-1", field: "userId", reason: "No program user u-nobody in the file." }],
    );
  });

  it("declaring a body over the zip's size: refused before it is read", async () => {
    const res = await postZip(variant("arts-huge"), "orgAdmin", {
      "content-length": String(600 * 1024 * 1024),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("BODY_TOO_LARGE");
  });
});

describe("an import that fails after storing files", () => {
  it("removes them: no file, no row, no pending note is left", async () => {
    const before = await tableCounts();
    const stored = storedSubmissionFiles();
    const storage = t.deps.files.storage;
    let writes = 0;
    const failing: FileStorage = Object.assign(Object.create(storage) as FileStorage, {
      write: async (...args: Parameters<FileStorage["write"]>) => {
        writes++;
        // The second file fails, once the first is stored.
        if (writes === 2) throw new Error("The store went away");
        return storage.write(...args);
      },
    });
    const zip = variant("arts-failing");
    const { mkdtemp, rm, writeFile } = await import("node:fs/promises");
    const folder = await mkdtemp(path.join(t.deps.config.DATA_DIR, "zip-test-"));
    try {
      const zipPath = path.join(folder, "program.zip");
      await writeFile(zipPath, zip);
      await expect(
        importLegacyZip(t.deps.db, failing, cast.org.id, zipPath, {
          publicUrl: TEST_ORIGIN,
          invitedBy: "Org Admin",
          actorUserId: cast.orgAdmin.id,
          rateLimited: false,
        }),
      ).rejects.toThrow("The store went away");
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
    expect(writes).toBe(2);
    expect(await tableCounts()).toEqual(before);
    expect(storedSubmissionFiles()).toEqual(stored);
    const left = await t.deps.db
      .select({ key: pendingUploads.key })
      .from(pendingUploads)
      .where(inArray(pendingUploads.bucket, ["private"]));
    expect(left).toEqual([]);
  });
});
