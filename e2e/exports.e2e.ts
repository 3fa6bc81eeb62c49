import { readFile } from "node:fs/promises";
import { unzipSync } from "fflate";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { browserForThisFile, expectAccessible } from "./support/browser";
import { openSignedIn } from "./support/sign-in";

const baseURL = inject("baseURL");
const demoPassword = inject("demoPassword");
const browser = browserForThisFile();

/** Starts the export on its card and waits for the server's answer. */
async function startExport(page: Page, title: string) {
  const started = page.waitForResponse(
    (r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/api/exports",
  );
  await page.getByRole("button", { name: `Start export: ${title}` }).click();
  expect((await started).status()).toBe(202);
}

/** Waits for the export's Download link, follows it, and returns the downloaded bytes. */
async function download(page: Page, fileNamePart: string): Promise<Buffer> {
  const link = page.getByRole("link", { name: new RegExp(`^Download .*${fileNamePart}`) }).first();
  await link.waitFor({ timeout: 30_000 });
  const [file] = await Promise.all([page.waitForEvent("download"), link.click()]);
  return readFile((await file.path())!);
}

describe("a program admin exports the program", () => {
  it("exports the data as CSV and the attachments as a zip, and downloads both", async () => {
    const { page, problems } = await openSignedIn(browser(), baseURL, "admin@demo.test", demoPassword);
    await page.goto(`${baseURL}/admin/exportoptions`);
    await page.getByRole("heading", { name: "Export Options", level: 1 }).waitFor();
    await expectAccessible(page);

    await startExport(page, "Data");
    const csv = (await download(page, "data")).toString("utf8");
    // UTF-8 with a byte order mark, a header row, a row per submitted candidate; contact emails anonymized.
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv).toContain("Harbour Food Bank");
    expect(csv).toContain("Riverside Youth Theatre");
    expect(csv).not.toContain("Unfinished Arts Hub");
    expect(csv).not.toContain("hello@harbourfood.test");

    await startExport(page, "Attachments");
    const zip = unzipSync(new Uint8Array(await download(page, "attachments")));
    const pdfs = Object.keys(zip).filter((name) => name.endsWith("budget-summary.pdf"));
    expect(pdfs).toHaveLength(4);
    for (const name of pdfs) expect(Buffer.from(zip[name]!.subarray(0, 5)).toString()).toBe("%PDF-");
    expect(problems).toEqual([]);
  });
});
