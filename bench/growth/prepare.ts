import { hashPassword } from "better-auth/crypto";
import { and, count, eq, isNotNull, like, sql } from "drizzle-orm";
import { type Database, openDatabase } from "../../src/server/db/client";
import {
  exportJobs,
  formLinks,
  forms,
  programMembers,
  programs,
  reviewerGroupMembers,
  reviewerGroups,
  submissions,
  users,
} from "../../src/server/db/schema";
import { createDefaultForm, publishForm } from "../../src/server/forms/service";
import { ANCHOR } from "../generator";
import { applicantEmail, ORG_ADMIN_EMAIL, programAdminEmail, reviewerEmail } from "../generator/context";
import { applicationAnswers, reviewFormContent } from "../generator/review-form";
import { REVIEW_TABLES, runGenerationSteps, vacuumAnalyze } from "../generator/run-steps";
import { SCALES } from "../generator/scales";
import { organizationStep } from "../generator/steps/organization";
import { plansStep } from "../generator/steps/plans";
import { usersStep } from "../generator/steps/users";
import { benchPassword } from "../lib/password";
import { Random } from "../lib/random";
import { type DatabaseTarget, describeTarget } from "../lib/target";
import { fillProgram, IDENTIFIER_MARK, RATING_MARK, SERIAL_MARK } from "./program-fill";
import { GROWTH_SHAPE, GROWTH_SIZES, growthProgramName } from "./shape";
import { ensureGrowthDatabase } from "./target";

/** One growth program as the timing and the plans need it. */
export interface GrowthProgram {
  size: number;
  id: string;
  name: string;
  /** Its ADMIN (program admin k for the k-th program): the admins' screens are timed as them. */
  adminEmail: string;
  rows: { applications: number; reviews: number; comments: number };
}

export interface GrowthDataset {
  target: string;
  programs: GrowthProgram[];
  /** The committee member whose lists are timed: a REVIEWER in every growth program. */
  reviewerEmail: string;
  /** The applicant whose portal is timed: the owner of the first application of every program. */
  applicantEmail: string;
  /** Time spent building what was missing (0 when everything was found). */
  preparedSeconds: number;
}

/** The organization, its admin, program admins, reviewers and applicants, through the generator's steps. */
async function createPeople(database: Database): Promise<void> {
  await runGenerationSteps(database, {
    steps: [plansStep, organizationStep, usersStep],
    seed: GROWTH_SIZES.at(-1)!,
    scale: {
      ...SCALES.large,
      programAdmins: GROWTH_SHAPE.programAdmins,
      reviewers: GROWTH_SHAPE.reviewers,
      applicants: GROWTH_SHAPE.applicants,
    },
    passwordHash: await hashPassword(benchPassword()),
  });
}

/** Ids of numbered accounts (reviewer1…, applicant1…) in numeric order. */
async function numberedUserIds(database: Database, emailOf: (n: number) => string): Promise<string[]> {
  const pattern = emailOf(0).replace("0@", "%@");
  const rows = await database.db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(like(users.email, pattern));
  const numberOf = (email: string) => Number(/\d+/.exec(email)?.[0] ?? 0);
  return rows.sort((a, b) => numberOf(a.email) - numberOf(b.email)).map((r) => r.id);
}

async function userIdOf(database: Database, email: string): Promise<string> {
  const [row] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`${email} is missing from the growth database: delete it to start again.`);
  return row.id;
}

/** Submitted applications of a program: its size once complete (it is filled in one transaction). */
async function submittedCount(database: Database, programId: string): Promise<number> {
  const [row] = await database.db
    .select({ n: count() })
    .from(submissions)
    .where(and(eq(submissions.programId, programId), isNotNull(submissions.submissionDate)));
  return row?.n ?? 0;
}

/**
 * The program with its published review form, found by name when complete; otherwise (new, or left
 * incomplete by an interrupted run: its applications and everything else cascade) made again.
 */
async function ensureProgram(
  database: Database,
  size: number,
  k: number,
  log: (line: string) => void,
): Promise<{ id: string; built: boolean }> {
  const { db } = database;
  const name = growthProgramName(size);
  const orgAdminId = await userIdOf(database, ORG_ADMIN_EMAIL);
  const [admin] = await db.select().from(users).where(eq(users.id, orgAdminId));
  const organizationId = admin!.adminOrganizationId!;
  const [existing] = await db
    .select({ id: programs.id })
    .from(programs)
    .where(and(eq(programs.organizationId, organizationId), eq(programs.name, name)));
  if (existing && (await submittedCount(database, existing.id)) === size)
    return { id: existing.id, built: false };
  if (existing) await db.delete(programs).where(eq(programs.id, existing.id));

  const started = performance.now();
  log(`  growth: building "${name}"…`);
  const random = new Random(size);
  const [program] = await db
    .insert(programs)
    .values({
      organizationId,
      name,
      createdBy: orgAdminId,
      appVersion: 3,
      overrideFinalRating: false,
      reviewSettings: { enableStackedRankings: true, showFinalRating: true },
    })
    .returning();
  const content = reviewFormContent(`${name} application`, random);
  await db.transaction((tx) => createDefaultForm(tx, program!, orgAdminId, content));
  const [form] = await db.select({ id: forms.id }).from(forms).where(eq(forms.programId, program!.id));
  await publishForm(db, form!.id, 0);
  const [link] = await db
    .select({ id: formLinks.id })
    .from(formLinks)
    .where(and(eq(formLinks.formId, form!.id), eq(formLinks.kind, "submission")));

  const reviewerIds = await numberedUserIds(database, reviewerEmail);
  const applicantIds = await numberedUserIds(database, applicantEmail);
  const programAdminId = await userIdOf(database, programAdminEmail(k));
  // An application answers Admin Info only (about 1 KB: the other sections are left empty).
  const adminInfo = content.sections[0]!;
  const answers = applicationAnswers(content, random, { identifier: IDENTIFIER_MARK, serial: SERIAL_MARK });
  const criteriaSections = content.sections.filter((s) => s.criteria.length > 0);
  const sections = criteriaSections.map((section) => ({
    sectionId: section._id,
    rating: -1,
    criteria: section.criteria.map((c) => ({
      criteriaId: c._id,
      type: c.type,
      value: c.type === "BOOLEAN" ? 1 : RATING_MARK,
    })),
  }));

  await db.transaction(async (tx) => {
    const scope = { organizationId, programId: program!.id };
    await tx
      .insert(programMembers)
      .values([
        ...reviewerIds.map((userId) => ({ ...scope, userId, role: "REVIEWER" as const })),
        { ...scope, userId: programAdminId, role: "ADMIN" as const },
      ]);
    const groups = await tx
      .insert(reviewerGroups)
      .values(Array.from({ length: GROWTH_SHAPE.groups }, (_, i) => ({ ...scope, name: `Panel ${i + 1}` })))
      .returning({ id: reviewerGroups.id });
    await tx
      .insert(reviewerGroupMembers)
      .values(
        groups.flatMap((group) =>
          random
            .sample(reviewerIds, GROWTH_SHAPE.groupMembers)
            .map((userId) => ({ groupId: group.id, userId })),
        ),
      );
    await fillProgram(
      tx,
      {
        organizationId,
        programId: program!.id,
        formId: form!.id,
        linkId: link!.id,
        size,
        reviewerIds,
        applicantIds,
        groupIds: groups.map((g) => g.id),
        answersTemplate: JSON.stringify(answers.filter((a) => a.sectionId === adminInfo._id)),
        sectionsTemplate: JSON.stringify(sections),
        commentSectionId: criteriaSections[0]!._id,
        anchor: ANCHOR,
      },
      (step) => log(`    ${step}`),
    );
    await tx.insert(exportJobs).values(
      Array.from({ length: GROWTH_SHAPE.exportJobs }, (_, i) => ({
        ...scope,
        requestedBy: programAdminId,
        kind: "data" as const,
        format: "csv" as const,
        status: "ready" as const,
        fileKey: `exports/growth/${size}-${i + 1}.csv`,
        fileName: `growth-${size}-${i + 1}.csv`,
        finishedAt: ANCHOR,
        // Never swept: the list always has these rows.
        expiresAt: new Date("2099-01-01T00:00:00Z"),
      })),
    );
  });
  log(`  growth: "${name}" built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return { id: program!.id, built: true };
}

/** The tables the fill writes; VACUUM cannot run in a transaction, so after it. */
const GROWTH_TABLES = [...REVIEW_TABLES, "program_members", "users", "export_jobs"];

async function describeProgram(database: Database, size: number, id: string): Promise<GrowthProgram> {
  const result = await database.db.execute(sql`
    select (select count(*)::int from submissions where program_id = ${id}::uuid) as applications,
           (select count(*)::int from reviews where program_id = ${id}::uuid) as reviews,
           (select count(*)::int from review_comments where program_id = ${id}::uuid) as comments`);
  const [row] = (result as unknown as { rows: GrowthProgram["rows"][] }).rows;
  const k = GROWTH_SIZES.indexOf(size as (typeof GROWTH_SIZES)[number]) + 1;
  return { size, id, name: growthProgramName(size), adminEmail: programAdminEmail(k), rows: row! };
}

/**
 * The growth database, made once and reused: people first, then each program (1,000 / 10,000 / 100,000
 * submitted applications) in a transaction of its own, then VACUUM (ANALYZE) if anything was built (as
 * autovacuum would have by then: PGlite never runs it, and its planner needs the statistics).
 */
export async function prepareGrowthData(
  target: DatabaseTarget,
  log: (line: string) => void = console.log,
): Promise<GrowthDataset> {
  const started = performance.now();
  await ensureGrowthDatabase(target);
  const database = await openDatabase(
    target.kind === "postgres" ? { databaseUrl: target.databaseUrl } : { dataDir: target.dataDir },
  );
  try {
    await database.migrate();
    const [found] = await database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, ORG_ADMIN_EMAIL));
    let built = false;
    if (!found) {
      log(`  growth: creating the organization and its people in ${describeTarget(target)}…`);
      await createPeople(database);
      built = true;
    }
    const programs: GrowthProgram[] = [];
    for (const [i, size] of GROWTH_SIZES.entries()) {
      const { id, built: made } = await ensureProgram(database, size, i + 1, log);
      built ||= made;
      programs.push(await describeProgram(database, size, id));
    }
    if (built) await vacuumAnalyze(database, GROWTH_TABLES);
    // Each run signs its actors in again: the sessions of earlier runs only grow the table.
    await database.db.execute(sql`delete from sessions`);
    return {
      target: describeTarget(target),
      programs,
      reviewerEmail: reviewerEmail(1),
      applicantEmail: applicantEmail(1),
      preparedSeconds: built ? (performance.now() - started) / 1000 : 0,
    };
  } finally {
    await database.close();
  }
}
