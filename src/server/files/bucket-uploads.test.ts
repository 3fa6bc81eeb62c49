import { readFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultFormContent, newQuestion, newSection } from "../../shared/forms/defaults";
import type { FormContent, Question } from "../../shared/forms/model";
import { translate } from "../../shared/i18n/catalog";
import { FILE_MESSAGES, HEADER_IMAGE_MAX_BYTES } from "../../shared/schemas/files";
import type { ImportResult } from "../../shared/schemas/legacy-import";
import { pendingUploads, submissionFiles, submissions } from "../db/schema";
import { createBucketTestApp, type LocalS3 } from "../test/bucket-server";
import { buildCast, buildPublishedForm, buildUser, type Cast, signInCast } from "../test/factories";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../test/harness";
import { png } from "../test/images";
import { sweepAbandonedUploads } from "./abandoned-uploads";
import { signUploadGrant } from "./upload-grants";

/**
 * Files with STORAGE_URL=s3://…: the browser sends the bytes to the bucket through a signed POST
 * policy, the app checks the object where it lies before attaching it, and downloads are redirects to
 * the bucket's own short-lived address after the same permission checks (decision 023).
 */

const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

let bucketApp: Awaited<ReturnType<typeof createBucketTestApp<"s3">>>;
let s3: LocalS3;
let t: TestApp;
let cast: Cast;
let cookies: Record<string, string>;
let linkId: string;

const portfolio: Question = {
  ...newQuestion("FILE_UPLOAD", "Portfolio"),
  _id: "portfolio",
  files: { maxFiles: 1, fileType: "pdf" },
};

/** A published form whose only section asks for a name and one PDF. */
function fileForm(name: string): FormContent {
  const content = defaultFormContent(name);
  const identifier = { ...newQuestion("IDENTIFIER", "Your name"), _id: "name" };
  content.sections = [
    { ...newSection("Files", "Admin Info"), _id: "files", questions: [identifier, portfolio] },
  ];
  return content;
}

beforeAll(async () => {
  bucketApp = await createBucketTestApp();
  ({ store: s3, t } = bucketApp);
  cast = await buildCast(t.deps.db);
  cookies = await signInCast(t, cast);
  ({ linkId } = await buildPublishedForm(t.deps.db, cast.program, fileForm("Bucket application")));
});
afterAll(() => bucketApp?.close());

interface BucketGrant {
  uploadUrl: string;
  fields?: Record<string, string>;
  completeUrl?: string;
}

/** What the browser does with a bucket address: a form of the policy's fields, then the file. */
async function postToBucket(grant: BucketGrant, bytes: Uint8Array): Promise<Response> {
  const form = new FormData();
  for (const [field, value] of Object.entries(grant.fields ?? {})) form.append(field, value);
  form.append("file", new Blob([bytes as Uint8Array<ArrayBuffer>]), "upload");
  return fetch(grant.uploadUrl, { method: "POST", body: form });
}

async function openApplication(cookie: string): Promise<string> {
  const res = await t.request("/api/submissions", { method: "POST", cookie, body: { linkId } });
  return ((await res.json()) as { submissionId: string }).submissionId;
}

async function askUpload(submissionId: string, cookie: string, size: number): Promise<BucketGrant> {
  const query = new URLSearchParams({
    submissionId,
    questionId: "portfolio",
    filename: "plan.pdf",
    size: String(size),
  });
  const res = await t.request(`/api/files/signedUrl/private/putObject?${query}`, { cookie });
  expect(res.status).toBe(200);
  return (await res.json()) as BucketGrant;
}

const complete = (grant: BucketGrant, cookie: string | undefined) =>
  t.request(grant.completeUrl!, { method: "POST", ...(cookie ? { cookie } : {}) });

const keyOf = (grant: BucketGrant) => grant.fields!.key!.replace(/^private\//, "");
const filesOf = (submissionId: string) =>
  t.deps.db.select().from(submissionFiles).where(eq(submissionFiles.submissionId, submissionId));

describe("an applicant's upload on a bucket", () => {
  it("goes to the bucket through a signed policy, is checked there, then attached (once)", async () => {
    const person = await buildUser(t.deps.db, { applicant: true });
    const cookie = await t.signIn(person.email);
    const submissionId = await openApplication(cookie);
    const grant = await askUpload(submissionId, cookie, PDF.byteLength);
    expect(grant.uploadUrl).toBe(`${s3.endpoint}/${s3.bucket}`);
    expect(grant.fields?.key).toMatch(
      new RegExp(`^private/submissions/${submissionId}/[0-9a-f-]{36}-plan\\.pdf$`),
    );
    expect(grant.fields?.["Content-Type"]).toBe("application/pdf");
    // The app's own upload route carries no bytes on a bucket.
    const token = grant.completeUrl!.replace("/api/files/complete/", "");
    const put = await t.app.request(`/api/files/upload/${token}`, {
      method: "PUT",
      headers: { origin: "http://localhost:3000", cookie },
      body: PDF,
    });
    expect(put.status).toBe(404);

    expect((await postToBucket(grant, PDF)).status).toBeLessThan(300);
    expect(await filesOf(submissionId)).toEqual([]);
    // Someone else, or nobody, cannot attach it.
    expect((await complete(grant, cookies.applicant)).status).toBe(404);
    expect((await complete(grant, undefined)).status).toBe(404);
    const res = await complete(grant, cookie);
    expect(res.status).toBe(200);
    const file = (await res.json()) as { _id: string; size: number; contentType: string; name: string };
    expect(file).toMatchObject({ name: "plan.pdf", size: PDF.byteLength, contentType: "application/pdf" });
    const again = await complete(grant, cookie);
    expect(((await again.json()) as { _id: string })._id).toBe(file._id);
    expect((await filesOf(submissionId)).map((f) => f.id)).toEqual([file._id]);
  });

  it("deletes an object of the wrong type and answers today's message", async () => {
    const person = await buildUser(t.deps.db, { applicant: true });
    const cookie = await t.signIn(person.email);
    const submissionId = await openApplication(cookie);
    const grant = await askUpload(submissionId, cookie, PNG_BYTES.byteLength);
    await postToBucket(grant, PNG_BYTES);
    const res = await complete(grant, cookie);
    expect(res.status).toBe(400);
    const message = translate("en", "file.type", { type: "pdf" });
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(message);
    expect(await t.deps.files.storage.stat("private", keyOf(grant))).toBeNull();
    expect(await filesOf(submissionId)).toEqual([]);
  });

  it("deletes an object over the address's size (a store that ignores the policy: s3rver) with today's message", async () => {
    const person = await buildUser(t.deps.db, { applicant: true });
    const cookie = await t.signIn(person.email);
    const submissionId = await openApplication(cookie);
    const key = `submissions/${submissionId}/00000000-0000-4000-8000-000000000000-big.pdf`;
    const token = signUploadGrant(t.deps.files.secret, {
      bucket: "private",
      key,
      userId: person.id,
      submissionId,
      questionId: "portfolio",
      name: "big.pdf",
      maxBytes: 1024 * 1024,
      expiresAt: Date.now() + 60_000,
    });
    await t.deps.files.storage.write("private", key, new Uint8Array(1024 * 1024 + 1).fill(0x25));
    const res = await t.request(`/api/files/complete/${token}`, { method: "POST", cookie });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
      FILE_MESSAGES.tooLarge(1),
    );
    expect(await t.deps.files.storage.stat("private", key)).toBeNull();
    expect(await filesOf(submissionId)).toEqual([]);
  });

  it("downloads by a redirect to the bucket's short-lived address, only for who may read it", async () => {
    const person = await buildUser(t.deps.db, { applicant: true });
    const cookie = await t.signIn(person.email);
    const submissionId = await openApplication(cookie);
    const grant = await askUpload(submissionId, cookie, PDF.byteLength);
    await postToBucket(grant, PDF);
    const file = (await (await complete(grant, cookie)).json()) as { _id: string };
    const address = await t.request(`/api/files/signedUrl/private/getObject?fileId=${file._id}`, { cookie });
    const { url } = (await address.json()) as { url: string };
    expect((await t.request(url, { cookie: cookies.applicant })).status).toBe(404);
    const redirect = await t.request(url, { cookie });
    expect(redirect.status).toBe(302);
    const location = new URL(redirect.headers.get("location")!);
    expect(location.origin).toBe(s3.endpoint);
    expect(location.searchParams.get("X-Amz-Expires")).toBe("300");
    const download = await fetch(location);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toContain('filename="plan.pdf"');
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(PDF);
  });
});

describe("an upload posted to the bucket and never completed", () => {
  const pendingOf = (key: string) =>
    t.deps.db.select().from(pendingUploads).where(eq(pendingUploads.key, key));
  const storage = () => t.deps.files.storage;
  /** Past the address's 15 minutes and the sweep's grace. */
  const later = () => new Date(Date.now() + 26 * 60_000);

  it("is removed once its address has expired; a completed one stays", async () => {
    const completedBy = await t.signIn((await buildUser(t.deps.db, { applicant: true })).email);
    const completedGrant = await askUpload(await openApplication(completedBy), completedBy, PDF.byteLength);
    await postToBucket(completedGrant, PDF);
    expect((await complete(completedGrant, completedBy)).status).toBe(200);
    expect(await pendingOf(keyOf(completedGrant))).toEqual([]);

    const leftBy = await t.signIn((await buildUser(t.deps.db, { applicant: true })).email);
    const leftGrant = await askUpload(await openApplication(leftBy), leftBy, PDF.byteLength);
    await postToBucket(leftGrant, PDF);
    expect(await pendingOf(keyOf(leftGrant))).toHaveLength(1);
    // Not before its address expires: the applicant may still complete it.
    expect(await sweepAbandonedUploads(t.deps.db, storage())).toBe(0);
    expect(await storage().stat("private", keyOf(leftGrant))).toEqual({ size: PDF.byteLength });

    expect(await sweepAbandonedUploads(t.deps.db, storage(), later())).toBe(1);
    expect(await storage().stat("private", keyOf(leftGrant))).toBeNull();
    expect(await pendingOf(keyOf(leftGrant))).toEqual([]);
    expect(await storage().stat("private", keyOf(completedGrant))).toEqual({ size: PDF.byteLength });
    // Its grant can no longer attach anything.
    expect((await complete(leftGrant, leftBy)).status).toBe(404);
  });

  it("keeps an object an applicant's file refers to, when a crash lost the note that it was completed", async () => {
    const person = await t.signIn((await buildUser(t.deps.db, { applicant: true })).email);
    const grant = await askUpload(await openApplication(person), person, PDF.byteLength);
    await postToBucket(grant, PDF);
    expect((await complete(grant, person)).status).toBe(200);
    await t.deps.db
      .insert(pendingUploads)
      .values({ bucket: "private", key: keyOf(grant), expiresAt: new Date() });
    expect(await sweepAbandonedUploads(t.deps.db, storage(), later())).toBe(0);
    expect(await storage().stat("private", keyOf(grant))).toEqual({ size: PDF.byteLength });
    expect(await pendingOf(keyOf(grant))).toEqual([]);
  });
});

describe("a header image on a bucket", () => {
  const ask = () =>
    t.request("/api/files/signedUrl/public/putObject", {
      method: "POST",
      cookie: cookies.admin,
      body: { programId: cast.program.id, filename: "header.png" },
    });

  it("is sent to the bucket, checked, then served on the public page; a bad one is deleted", async () => {
    const asked = await ask();
    const grant = (await asked.json()) as BucketGrant & { url: string };
    expect(grant).toHaveProperty("fields.Content-Type", "image/png");
    const policy = JSON.parse(Buffer.from(grant.fields!.Policy!, "base64").toString("utf8"));
    expect(policy.conditions).toContainEqual(["content-length-range", 1, HEADER_IMAGE_MAX_BYTES]);
    await postToBucket(grant, png(800, 200));
    const res = await complete(grant, cookies.admin);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ url: grant.url });
    expect((await t.request(grant.url)).status).toBe(200);

    const small = (await (await ask()).json()) as BucketGrant & { url: string };
    await postToBucket(small, png(100, 50));
    expect((await complete(small, cookies.admin)).status).toBe(400);
    expect(await t.deps.files.storage.stat("public", small.fields!.key!.replace(/^public\//, ""))).toBeNull();
    expect((await t.request(small.url)).status).toBe(404);
  });
});

/** An app whose bucket is down: nothing listening (S3), or Cloud Storage answering 503 (the stand-in). */
async function appWithBucketDown(driver: "s3" | "gcs"): Promise<{ down: TestApp; close(): Promise<void> }> {
  if (driver === "s3") {
    const down = await createTestApp({
      STORAGE_URL: "s3://decisionhub-down?endpoint=http%3A%2F%2F127.0.0.1%3A9&forcePathStyle=true",
    });
    return { down, close: () => down.close() };
  }
  const gcs = await createBucketTestApp("gcs");
  gcs.store.down();
  return { down: gcs.t, close: () => gcs.close() };
}

describe("a legacy program's zip imported on a bucket", () => {
  it("stores its attachments in the bucket as the applications' files; the same zip again stores nothing", async () => {
    const zip = readFileSync(
      path.join(import.meta.dirname, "../programs/legacy-import/samples/generation-1-with-files.zip"),
    );
    const post = () =>
      t.app.request("/api/programs/import", {
        method: "POST",
        headers: { origin: TEST_ORIGIN, "content-type": "application/zip", cookie: cookies.orgAdmin! },
        body: new Blob([new Uint8Array(zip)]),
      });
    const res = await post();
    expect(res.status).toBe(200);
    const { programId, added } = (await res.json()) as ImportResult;
    expect(added.files).toBe(4);
    const files = await t.deps.db
      .select({ key: submissionFiles.key, size: submissionFiles.size })
      .from(submissionFiles)
      .innerJoin(submissions, eq(submissions.id, submissionFiles.submissionId))
      .where(eq(submissions.programId, programId));
    expect(files).toHaveLength(4);
    for (const file of files)
      expect((await t.deps.files.storage.stat("private", file.key))?.size).toBe(file.size);
    // The import's pending notes are forgotten once it is over.
    const pending = await t.deps.db.select({ key: pendingUploads.key }).from(pendingUploads);
    expect(
      pending.filter((p) => p.key.startsWith("submissions/") && files.some((f) => f.key === p.key)),
    ).toEqual([]);
    const again = await post();
    expect(((await again.json()) as ImportResult).added.files).toBe(0);
  });
});

describe("a bucket that is down", () => {
  it.each(["s3", "gcs"] as const)(
    "answers 503 with Retry-After, and attaches nothing (%s)",
    async (driver) => {
      const { down, close } = await appWithBucketDown(driver);
      try {
        const downCast = await buildCast(down.deps.db);
        const downCookies = await signInCast(down, downCast);
        const form = await buildPublishedForm(down.deps.db, downCast.program, fileForm("Down"));
        const opened = await down.request("/api/submissions", {
          method: "POST",
          cookie: downCookies.applicant,
          body: { linkId: form.linkId },
        });
        const { submissionId } = (await opened.json()) as { submissionId: string };
        const query = new URLSearchParams({
          submissionId,
          questionId: "portfolio",
          filename: "a.pdf",
          size: "10",
        });
        const grant = await down.request(`/api/files/signedUrl/private/putObject?${query}`, {
          cookie: downCookies.applicant,
        });
        expect(grant.status).toBe(200);
        const { completeUrl } = (await grant.json()) as BucketGrant;
        const res = await down.request(completeUrl!, { method: "POST", cookie: downCookies.applicant });
        expect(res.status).toBe(503);
        expect(res.headers.get("retry-after")).toBe("5");
        expect(await down.deps.db.select().from(submissionFiles)).toEqual([]);
      } finally {
        await close();
      }
    },
  );
});
