import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, isNotNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client";
import { formLinks, forms, reviews, submissionFiles, submissions } from "../db/schema";
import { DiskStorage } from "../files/storage";
import { ensureReferenceData } from "../plans/reference-data";
import { formLinkView } from "../submissions/service";
import { createTestDatabase } from "../test/database";
import { seedDemoIfEmpty } from "./seed";

let database: Database;
const filesDir = mkdtempSync(path.join(tmpdir(), "decisionhub-demo-files-"));
const storage = new DiskStorage(filesDir);
beforeAll(async () => {
  database = await createTestDatabase();
  await database.migrate();
  await ensureReferenceData(database.db);
});
afterAll(async () => {
  await database.close();
  rmSync(filesDir, { recursive: true, force: true });
});

describe("demo data", () => {
  it("seeds once: a published form open to applicants, with Ann Applicant's submitted application", async () => {
    expect(await seedDemoIfEmpty(database.db, "demo-password", storage)).toBe(true);
    expect(await seedDemoIfEmpty(database.db, "demo-password", storage)).toBe(false);
    const [form] = await database.db.select().from(forms);
    expect(form).toMatchObject({ draft: false, publishedVersion: 1 });
    const [link] = await database.db.select().from(formLinks).where(eq(formLinks.kind, "submission"));
    const view = await formLinkView(database.db, link!.id);
    expect(view).toMatchObject({ availability: "open", form: { name: "Community Grants 2026 application" } });
    const submitted = await database.db
      .select()
      .from(submissions)
      .where(isNotNull(submissions.submissionDate));
    expect(submitted.map((s) => s.identifier).sort()).toEqual([
      "Green Corridors Collective",
      "Harbour Food Bank",
      "Little Library Network",
      "Northside Seniors Choir",
      "Riverside Youth Theatre",
    ]);
    expect(submitted.every((s) => s.formVersion === 1)).toBe(true);
    const all = await database.db.select().from(submissions);
    expect(all.filter((s) => s.submissionDate === null).map((s) => s.identifier)).toEqual([
      "Unfinished Arts Hub",
    ]);
    // Ada's three reviews: (2 × impact + feasibility + value for money) / 4; the yes/no is left out.
    const rated = await database.db.select().from(reviews);
    expect(rated.map((r) => r.rating).sort()).toEqual([3, 3.25, 4.5]);
    const counted = await database.db.select().from(submissions);
    expect(counted.reduce((n, s) => n + s.reviewCount, 0)).toBe(3);
  });

  it("gives the four other candidates a supporting document, stored like an upload", async () => {
    const files = await database.db.select().from(submissionFiles);
    expect(files).toHaveLength(4);
    for (const file of files) {
      expect(file.name).toBe("budget-summary.pdf");
      const bytes = await storage.read("private", file.key);
      expect(bytes?.subarray(0, 5).toString()).toBe("%PDF-");
      expect(bytes?.length).toBe(file.size);
    }
  });
});
