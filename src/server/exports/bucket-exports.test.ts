import { once } from "node:events";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { ExportJob } from "../../shared/schemas/exports";
import { exportJobs } from "../db/schema";
import { createBucketTestApp } from "../test/bucket-server";
import { buildCast, buildPublishedForm, type Cast, signInCast } from "../test/factories";
import type { TestApp } from "../test/harness";
import { buildCandidate } from "../test/review-factories";
import { createExportRunner } from "./job-runner";
import { jobFolder, resultKey } from "./job-store";
import { entriesOf, exportTestForm, storeFile } from "./zip/test/kit";

/**
 * The attachments export with STORAGE_URL=s3://… (s3rver) and gs://… (the stand-in for Cloud Storage's
 * JSON API): the applicants' files are read from the bucket, the zip is written into it (a multipart or
 * resumable upload, whole or not at all), and its download is a redirect to the bucket's own short-lived
 * address after the same checks (decision 023).
 */

describe.each(["s3", "gcs"] as const)("the attachments export on a bucket (%s)", (driver) => {
  let bucketApp: Awaited<ReturnType<typeof createBucketTestApp>>;
  let endpoint: string;
  let t: TestApp;
  let cast: Cast;
  let cookies: Record<string, string>;

  beforeAll(async () => {
    bucketApp = await createBucketTestApp(driver);
    ({ t } = bucketApp);
    endpoint = bucketApp.store.endpoint;
    cast = await buildCast(t.deps.db);
    cookies = await signInCast(t, cast);
  });
  afterAll(() => bucketApp?.close());

  it("copies the files from the bucket into a zip stored there, and serves it by a redirect", async () => {
    const { formId } = await buildPublishedForm(t.deps.db, cast.program, exportTestForm());
    const candidate = await buildCandidate(t.deps.db, { program: cast.program, formId, identifier: "Alice" });
    const budget = new TextEncoder().encode("%PDF-1.4 Alice's budget");
    await storeFile(t, {
      submissionId: candidate.id,
      questionId: "budget",
      name: "budget.pdf",
      bytes: budget,
    });

    const created = await t.request("/api/exports", {
      method: "POST",
      cookie: cookies.admin,
      body: { programId: cast.program.id, kind: "attachments" },
    });
    expect(created.status).toBe(202);
    const { _id: jobId } = (await created.json()) as ExportJob;
    // What a crashed earlier attempt left in the job's folder goes before this one runs.
    await t.deps.files.storage.write("private", `${jobFolder(jobId)}/0/stale.zip`, new Uint8Array([1]));
    // Written straight into the bucket: no local file on the way.
    const partial = vi.spyOn(t.deps.files.storage, "partialPathFor");
    expect(await t.deps.exports.runner.runDue()).toBe(1);
    expect(partial).not.toHaveBeenCalled();
    partial.mockRestore();
    expect(await t.deps.files.storage.stat("private", `${jobFolder(jobId)}/0/stale.zip`)).toBeNull();

    const job = (await (
      await t.request(`/api/exports/${jobId}`, { cookie: cookies.admin })
    ).json()) as ExportJob;
    expect(job.status).toBe("ready");
    expect((await t.request(job.downloadUrl!, { cookie: cookies.orgAdmin })).status).toBe(404);
    const redirect = await t.request(job.downloadUrl!, { cookie: cookies.admin });
    expect(redirect.status).toBe(302);
    const location = new URL(redirect.headers.get("location")!);
    expect(location.origin).toBe(endpoint);
    const download = await fetch(location);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("application/zip");
    const entries = entriesOf(new Uint8Array(await download.arrayBuffer()));
    const copied = Object.entries(entries).find(([name]) => name.endsWith("budget.pdf"));
    expect(copied?.[1]).toEqual(budget);
  });

  it("leaves nothing in the bucket when the export fails half-way through its upload", async () => {
    const runner = createExportRunner({
      db: t.deps.db,
      storage: t.deps.files.storage,
      retentionHours: 1,
      internalEmailDomains: [],
      producers: {
        data: {
          kind: "data",
          contentType: () => "text/csv; charset=utf-8",
          run: async (ctx) => {
            // More than one part (5 MB on S3; a chunk of 8 MiB on Cloud Storage), then a failure: an
            // upload was under way.
            for (let i = 0; i < 12; i++) {
              if (!ctx.output.write(Buffer.alloc(1024 * 1024, 0x41))) await once(ctx.output, "drain");
            }
            throw new Error("The producer failed half-way");
          },
        },
      },
    });
    const created = await t.request("/api/exports", {
      method: "POST",
      cookie: cookies.admin,
      body: { programId: cast.program.id, kind: "data" },
    });
    const { _id: jobId } = (await created.json()) as ExportJob;
    expect(await runner.runDue()).toBe(1);
    const [row] = await t.deps.db.select().from(exportJobs).where(eq(exportJobs.id, jobId));
    expect(row).toMatchObject({ status: "failed", fileKey: null });
    expect(await t.deps.files.storage.stat("private", resultKey(row!))).toBeNull();
  });
});
