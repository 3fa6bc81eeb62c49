import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { unzipSync } from "fflate";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { submissionFiles } from "../src/server/db/schema";
import type { RunningServer } from "../src/server/server";
import { type LocalS3, startLocalS3 } from "../src/server/test/bucket-server";
import { translate } from "../src/shared/i18n/catalog";
import { startE2eServer } from "./global-setup";
import { browserForThisFile, newPage } from "./support/browser";
import { publishedDemoForm } from "./support/published-form";
import { openSignedIn } from "./support/sign-in";

/**
 * The applicant journey once with STORAGE_URL=s3://… (decision 023): a server of this file's own on a
 * local S3-compatible server (s3rver). The browser posts the file to the bucket itself, the demo's
 * documents and the attachments export live in the bucket, and downloads are redirects to it.
 */

const browser = browserForThisFile();
const en = (key: Parameters<typeof translate>[1], vars?: Record<string, string | number>) =>
  translate("en", key, vars);
const PDF_BYTES = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
const DEMO_PASSWORD = "bucket-demo-password";

let s3: LocalS3;
let server: RunningServer;
let dataDir: string;
const saved = { accessKeyId: process.env.AWS_ACCESS_KEY_ID, secret: process.env.AWS_SECRET_ACCESS_KEY };

beforeAll(async () => {
  s3 = await startLocalS3();
  process.env.AWS_ACCESS_KEY_ID = s3.credentials.accessKeyId;
  process.env.AWS_SECRET_ACCESS_KEY = s3.credentials.secretAccessKey;
  dataDir = mkdtempSync(path.join(tmpdir(), "decisionhub-e2e-bucket-"));
  server = await startE2eServer(dataDir, DEMO_PASSWORD, { STORAGE_URL: s3.url });
}, 120_000);
afterAll(async () => {
  await server?.close();
  await s3?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  process.env.AWS_ACCESS_KEY_ID = saved.accessKeyId;
  process.env.AWS_SECRET_ACCESS_KEY = saved.secret;
});

const button = (page: Page, name: string) => page.getByRole("button", { name, exact: true });
const sectionOf = (page: Page, n: number) =>
  page
    .getByText(en("form.sectionOf", { n, m: 4 }))
    .first()
    .waitFor();

describe("files in a bucket", () => {
  it("the demo's documents are objects in the bucket, none on the server's disk", async () => {
    const rows = await server.deps.db.select({ key: submissionFiles.key }).from(submissionFiles);
    expect(rows.length).toBeGreaterThan(0);
    for (const { key } of rows)
      expect(await server.deps.files.storage.stat("private", key), key).not.toBeNull();
    expect(existsSync(path.join(dataDir, "files", "private"))).toBe(false);
  });

  it("a guest uploads a PDF straight to the bucket with the form, and submits", async () => {
    const { linkId } = await publishedDemoForm(server.url);
    const { page, problems } = await newPage(browser());
    await page.goto(`${server.url}/form/${linkId}`);
    await button(page, en("start.guest")).click();
    await page.getByLabel("Organization or applicant name").fill("Bucket Applicant");
    await page.getByLabel("Contact email").fill("bucket@example.org");
    await button(page, en("form.next")).click();
    await sectionOf(page, 2);
    await page.getByLabel("Describe your project").fill("Files kept in object storage.");
    await page.getByRole("checkbox", { name: "Arts" }).check();
    await page.getByRole("radio", { name: "Yes" }).check();
    await button(page, en("form.next")).click();
    await sectionOf(page, 3);
    await page.getByLabel("Who are your partners").fill("A bucket.");
    await button(page, en("form.next")).click();
    await sectionOf(page, 4);
    await button(page, en("form.addRow")).click();
    await page.getByLabel(en("form.cell", { column: "Item", n: 1 })).fill("Storage");
    await page.getByLabel(en("form.cell", { column: "Amount (CAD)", n: 1 })).fill("10");

    const posted = page.waitForRequest((r) => r.method() === "POST" && r.url().startsWith(s3.endpoint));
    await page.locator('input[type="file"]').setInputFiles({
      name: "budget.pdf",
      mimeType: "application/pdf",
      buffer: PDF_BYTES,
    });
    await posted;
    await button(page, en("file.download", { name: "budget.pdf" })).waitFor();
    await button(page, en("form.submit")).click();
    const dialog = page.getByRole("dialog", { name: en("form.submitTitle") });
    await dialog.getByRole("button", { name: en("form.submit"), exact: true }).click();
    await page.getByText("Your response has been recorded.").waitFor();

    const rows = await server.deps.db.select().from(submissionFiles);
    const uploaded = rows.find((r) => r.name === "budget.pdf" && r.size === PDF_BYTES.length);
    expect(uploaded).toBeDefined();
    expect((await server.deps.files.storage.read("private", uploaded!.key))?.equals(PDF_BYTES)).toBe(true);
    expect(existsSync(path.join(dataDir, "files", "private"))).toBe(false);
    expect(problems).toEqual([]);
  });

  it("the admin's attachments export is written to the bucket and downloaded from it", async () => {
    const { page, problems } = await openSignedIn(browser(), server.url, "admin@demo.test", DEMO_PASSWORD);
    await page.goto(`${server.url}/admin/exportoptions`);
    const started = page.waitForResponse(
      (r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/api/exports",
    );
    await page.getByRole("button", { name: "Start export: Attachments" }).click();
    expect((await started).status()).toBe(202);
    const link = page.getByRole("link", { name: /^Download .*attachments/ }).first();
    await link.waitFor({ timeout: 30_000 });
    const [file] = await Promise.all([page.waitForEvent("download"), link.click()]);
    expect(file.url().startsWith(s3.endpoint)).toBe(true);
    const zip = unzipSync(new Uint8Array(await readFile((await file.path())!)));
    expect(Object.keys(zip).filter((name) => name.endsWith("budget-summary.pdf"))).toHaveLength(4);
    expect(problems).toEqual([]);
  });
});
