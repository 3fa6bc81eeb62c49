import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq, isNotNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client";
import {
  formLinks,
  forms,
  programMembers,
  programs,
  reviews,
  reviewTemplates,
  submissionFiles,
  submissions,
  users,
} from "../db/schema";
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
  // Seeding the whole demo (the imported legacy program included) takes a while on a busy machine.
  it("seeds once: a published form open to applicants, with Ann Applicant's submitted application", async () => {
    expect(await seedDemoIfEmpty(database.db, "demo-password", storage)).toBe(true);
    expect(await seedDemoIfEmpty(database.db, "demo-password", storage)).toBe(false);
    const [current] = await database.db
      .select()
      .from(programs)
      .where(eq(programs.name, "Community Grants 2026"));
    const ofCurrent = eq(submissions.programId, current!.id);
    const [form] = await database.db.select().from(forms).where(eq(forms.programId, current!.id));
    expect(form).toMatchObject({ draft: false, publishedVersion: 1 });
    const [link] = await database.db
      .select()
      .from(formLinks)
      .where(and(eq(formLinks.formId, form!.id), eq(formLinks.kind, "submission")));
    const view = await formLinkView(database.db, link!.id);
    expect(view).toMatchObject({ availability: "open", form: { name: "Community Grants 2026 application" } });
    const submitted = await database.db
      .select()
      .from(submissions)
      .where(and(ofCurrent, isNotNull(submissions.submissionDate)));
    expect(submitted.map((s) => s.identifier).sort()).toEqual([
      "Green Corridors Collective",
      "Harbour Food Bank",
      "Little Library Network",
      "Northside Seniors Choir",
      "Riverside Youth Theatre",
    ]);
    expect(submitted.every((s) => s.formVersion === 1)).toBe(true);
    const all = await database.db.select().from(submissions).where(ofCurrent);
    expect(all.filter((s) => s.submissionDate === null).map((s) => s.identifier)).toEqual([
      "Unfinished Arts Hub",
    ]);
    // Ada's three reviews: (2 × impact + feasibility + value for money) / 4; the yes/no is left out.
    const rated = await database.db.select().from(reviews).where(eq(reviews.programId, current!.id));
    expect(rated.map((r) => r.rating).sort()).toEqual([3, 3.25, 4.5]);
    const counted = await database.db.select().from(submissions).where(ofCurrent);
    expect(counted.reduce((n, s) => n + s.reviewCount, 0)).toBe(3);
  }, 120_000);

  it("imports the legacy sample as a program Rita can rate on the legacy review page", async () => {
    const db = database.db;
    const [legacy] = await db
      .select()
      .from(programs)
      .where(eq(programs.name, "Neighbourhood Fund 2019 (imported)"));
    expect(legacy).toMatchObject({ appVersion: 1, archived: false });
    // Reviewed in the sections of the first sample review template; both samples are the organization's.
    const templates = await db
      .select()
      .from(reviewTemplates)
      .where(eq(reviewTemplates.organizationId, legacy!.organizationId));
    expect(templates.map((t) => t.name).sort()).toEqual([
      "General Operating Support",
      "General Operating Support — Renewal",
    ]);
    expect(legacy!.reviewTemplateId).toBe(templates.find((t) => t.name === "General Operating Support")!.id);
    const [rita] = await db.select().from(users).where(eq(users.email, "reviewer@demo.test"));
    const [membership] = await db
      .select()
      .from(programMembers)
      .where(and(eq(programMembers.programId, legacy!.id), eq(programMembers.userId, rita!.id)));
    expect(membership?.role).toBe("REVIEWER");
    const imported = await db.select().from(reviews).where(eq(reviews.programId, legacy!.id));
    expect(imported).toHaveLength(4);
    expect(imported.some((r) => r.userId === rita!.id)).toBe(false);
    const applications = await db
      .select({ identifier: submissions.identifier })
      .from(submissions)
      .where(and(eq(submissions.programId, legacy!.id), isNotNull(submissions.submissionDate)));
    expect(applications.map((a) => a.identifier).sort()).toEqual([
      "Greenway Tool Library",
      "Harbour Literacy Circle",
      "Northside Seniors' Kitchen",
    ]);
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
