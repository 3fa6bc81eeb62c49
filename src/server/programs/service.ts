import { and, count, eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Actor } from "../../shared/authz/actor";
import { FREE_TRIAL_PLAN_NAME } from "../../shared/limits";
import type { ProgramListItem, ProgramReviewSettings } from "../../shared/schemas/programs";
import { recordAudit } from "../audit/record";
import { assertOrganizationCanGrow, trialHasEnded } from "../billing/plan-changes";
import type { Db, Tx } from "../db/client";
import { preparedPerDatabase, UNNAMED } from "../db/prepared";
import { organizations, plans, programs, submissions } from "../db/schema";
import { copyProgramForm, createDefaultForm } from "../forms/service";
import { EditConflict } from "../http/edit-conflict";
import { AppError, notFound } from "../http/errors";
import { isUuid } from "../http/ids";
import { listProgramsOfUser } from "../users/programs-of-user";

export type ProgramRow = typeof programs.$inferSelect;

/** A program by id, or 404 — malformed ids included, so probing ids reveals nothing. */
export async function findProgram(db: Tx, programId: string): Promise<ProgramRow> {
  if (!isUuid(programId)) throw notFound();
  const [row] = await programStatement(db).execute({ programId });
  if (!row) throw notFound();
  return row;
}

/** Sent by nearly every request about a program: built once (db/prepared.ts). */
const programStatement = preparedPerDatabase((db) =>
  db
    .select()
    .from(programs)
    .where(eq(programs.id, sql.placeholder("programId")))
    .prepare(UNNAMED),
);

/**
 * The programs list, with each program's submitted applications (tests left out) and started
 * reviews of them: one grouped query for every program on the list, whatever its length.
 */
export async function listProgramsForList(db: Db, actor: Actor): Promise<ProgramListItem[]> {
  const list = await listProgramsOfUser(db, actor);
  if (list.length === 0) return [];
  const counts = await db
    .select({
      programId: submissions.programId,
      numSubmissions: count(),
      numReviews: sql<number>`coalesce(sum(${submissions.reviewCount}), 0)::int`,
    })
    .from(submissions)
    .where(
      and(
        inArray(
          submissions.programId,
          list.map((p) => p.id),
        ),
        submissions.reviewable,
      ),
    )
    .groupBy(submissions.programId);
  const byProgram = new Map(counts.map((c) => [c.programId, c]));
  return list.map((p) => ({
    ...p,
    numSubmissions: byProgram.get(p.id)?.numSubmissions ?? 0,
    numReviews: byProgram.get(p.id)?.numReviews ?? 0,
  }));
}

/**
 * The organization's program allowance, with what the programs page needs to say why it cannot add one
 * (docs/decisions/031-admin-and-copy-fixes.md): the plan, and on the free trial the plan chosen at
 * sign-up and the trial's end. An ended trial adds nothing (decision 005), whatever the count.
 */
export async function programAllowance(db: Tx, organizationId: string, now = new Date()) {
  const requested = alias(plans, "requested_plan");
  const [row] = await db
    .select({
      max: plans.maxPrograms,
      planName: plans.name,
      requestedPlanName: requested.name,
      trialEndsAt: organizations.trialEndsAt,
    })
    .from(organizations)
    .innerJoin(plans, eq(plans.id, organizations.planId))
    .leftJoin(requested, eq(requested.id, organizations.requestedPlanId))
    .where(eq(organizations.id, organizationId));
  const [used] = await db
    .select({ n: count() })
    .from(programs)
    .where(and(eq(programs.organizationId, organizationId), eq(programs.archived, false)));
  const max = row?.max ?? 0;
  const n = used?.n ?? 0;
  const planName = row?.planName ?? "";
  const onTrial = planName === FREE_TRIAL_PLAN_NAME;
  const trialEndsAt = onTrial ? (row?.trialEndsAt ?? null) : null;
  const trialEnded = row !== undefined && trialHasEnded(row, planName, now);
  return {
    organizationId,
    used: n,
    max,
    canCreate: !trialEnded && (max === 0 || n < max),
    planName,
    requestedPlanName: onTrial ? (row?.requestedPlanName ?? null) : null,
    trialEndsAt: trialEndsAt?.toISOString() ?? null,
    trialEnded,
  };
}

/**
 * Takes a slot of the plan's program allowance. The organization row is locked first so two
 * concurrent creates cannot both take the last slot.
 */
export async function takeProgramSlot(tx: Tx, organizationId: string): Promise<void> {
  await tx.execute(sql`select id from organizations where id = ${organizationId} for update`);
  await assertOrganizationCanGrow(tx, organizationId);
  const allowance = await programAllowance(tx, organizationId);
  if (!allowance.canCreate) {
    throw new AppError(
      "PLAN_LIMIT",
      `Your plan allows ${allowance.max} active programs. Archive one or upgrade your plan to add another.`,
    );
  }
}

/** A change to a program, as the audit log records it. */
export const programScope = (program: ProgramRow, actorUserId: string) => ({
  organizationId: program.organizationId,
  programId: program.id,
  actorUserId,
  subject: { type: "program" as const, id: program.id, label: program.name },
});

export async function createProgram(db: Db, organizationId: string, name: string, createdBy: string) {
  return db.transaction(async (tx) => {
    await takeProgramSlot(tx, organizationId);
    const [row] = await tx
      .insert(programs)
      .values({ organizationId, name: name.trim(), appVersion: 3, createdBy })
      .returning();
    await createDefaultForm(tx, row!, createdBy);
    await recordAudit(tx, { ...programScope(row!, createdBy), action: "program.created" });
    return row!;
  });
}

/**
 * Renames a program. The row is locked and its name read in the transaction, so the audit log's
 * "before" is exact; with `expected` (decision 016) a name changed meanwhile by someone else is refused
 * there: 409 with the stored name, nothing written or logged. A rename to the stored name changes nothing.
 */
export async function renameProgram(
  db: Db,
  program: ProgramRow,
  name: string,
  actorUserId: string,
  expected?: { name: string },
) {
  const newName = name.trim();
  await db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ name: programs.name })
      .from(programs)
      .where(eq(programs.id, program.id))
      .for("update");
    if (!locked) throw notFound();
    if (newName === locked.name) return;
    if (expected !== undefined && expected.name !== locked.name) {
      throw new EditConflict("programName", { name: locked.name });
    }
    await tx
      .update(programs)
      .set({ name: newName, updatedAt: new Date() })
      .where(eq(programs.id, program.id));
    await recordAudit(tx, {
      ...programScope({ ...program, name: newName }, actorUserId),
      action: "program.renamed",
      details: { name: { before: locked.name, after: newName } },
    });
  });
}

export async function setArchived(db: Db, program: ProgramRow, archived: boolean, actorUserId: string) {
  if (program.archived === archived) return;
  await db.transaction(async (tx) => {
    // Unarchiving makes the program active again, so it needs a free slot.
    if (!archived) await takeProgramSlot(tx, program.organizationId);
    await tx
      .update(programs)
      .set({ archived, archivedAt: archived ? new Date() : null, updatedAt: new Date() })
      .where(eq(programs.id, program.id));
    await recordAudit(tx, {
      ...programScope(program, actorUserId),
      action: archived ? "program.archived" : "program.unarchived",
    });
  });
}

/** Copies the program's settings and form (unpublished, fresh ids), never its submissions or reviews. */
export async function duplicateProgram(db: Db, program: ProgramRow, createdBy: string) {
  return db.transaction(async (tx) => {
    await takeProgramSlot(tx, program.organizationId);
    const [row] = await tx
      .insert(programs)
      .values({
        organizationId: program.organizationId,
        name: `Copy of ${program.name}`.slice(0, 200),
        appVersion: program.appVersion,
        allowEdit: program.allowEdit,
        overrideFinalRating: program.overrideFinalRating,
        reviewSettings: program.reviewSettings,
        createdBy,
      })
      .returning();
    await copyProgramForm(tx, program.id, row!, createdBy);
    await recordAudit(tx, {
      ...programScope(row!, createdBy),
      action: "program.duplicated",
      details: { copiedFrom: program.name },
    });
    return row!;
  });
}

/**
 * Permanent: memberships go with it (and the form, submissions and reviews once they exist). The
 * audit log keeps its events, the deletion's among them (written first, while the name is there to copy).
 */
export async function deleteProgram(db: Db, program: ProgramRow, actorUserId: string) {
  await db.transaction(async (tx) => {
    await recordAudit(tx, { ...programScope(program, actorUserId), action: "program.deleted" });
    await tx.delete(programs).where(eq(programs.id, program.id));
  });
}

/**
 * A program's review settings with the defaults of unset ones (docs/decisions/029-review-settings-and-rankings.md):
 * stacked rankings on (review-and-administration, "Two-step bar": only `false` turns them off), the final rating
 * shown, no prompts.
 */
export function reviewSettingsOf(
  program: Pick<ProgramRow, "reviewSettings" | "overrideFinalRating">,
): ProgramReviewSettings {
  const stored = program.reviewSettings;
  return {
    reviewSettings: {
      candidateOrder: stored.candidateOrder === "name" ? "name" : "shuffled",
      askNoConflict: stored.askNoConflict === true,
      enableStackedRankings: stored.enableStackedRankings !== false,
      comments: { commentText: stored.comments?.commentText ?? "" },
      showFinalRating: stored.showFinalRating !== false,
      finalReviewText: stored.finalReviewText ?? "",
    },
    overrideFinalRating: program.overrideFinalRating,
  };
}

const sameSettings = (a: ProgramReviewSettings, b: ProgramReviewSettings) =>
  Object.keys(changedSettings(a, b)).length === 0;

/**
 * Saves the Review settings panel. The row is locked and read in the transaction: with `expected`
 * (decision 016) settings changed meanwhile by someone else are refused there, 409 with the stored ones,
 * nothing written or logged. The audit log records each setting that changed, before and after.
 */
export async function updateReviewSettings(
  db: Db,
  program: ProgramRow,
  settings: ProgramReviewSettings,
  actorUserId: string,
  expected?: ProgramReviewSettings,
): Promise<ProgramReviewSettings> {
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ reviewSettings: programs.reviewSettings, overrideFinalRating: programs.overrideFinalRating })
      .from(programs)
      .where(eq(programs.id, program.id))
      .for("update");
    if (!locked) throw notFound();
    const before = reviewSettingsOf(locked);
    if (sameSettings(before, settings)) return before;
    if (expected !== undefined && !sameSettings(before, expected)) {
      throw new EditConflict("reviewSettings", before);
    }
    await tx
      .update(programs)
      .set({
        reviewSettings: settings.reviewSettings,
        overrideFinalRating: settings.overrideFinalRating,
        updatedAt: new Date(),
      })
      .where(eq(programs.id, program.id));
    await recordAudit(tx, {
      ...programScope(program, actorUserId),
      action: "program.review_settings_changed",
      details: changedSettings(before, settings),
    });
    return settings;
  });
}

/** Each setting that changed, as the audit log shows it: its name, before and after. */
function changedSettings(before: ProgramReviewSettings, after: ProgramReviewSettings) {
  const flat = (s: ProgramReviewSettings) => ({
    candidateOrder: s.reviewSettings.candidateOrder,
    askNoConflict: s.reviewSettings.askNoConflict,
    enableStackedRankings: s.reviewSettings.enableStackedRankings,
    commentText: s.reviewSettings.comments.commentText,
    showFinalRating: s.reviewSettings.showFinalRating,
    finalReviewText: s.reviewSettings.finalReviewText,
    overrideFinalRating: s.overrideFinalRating,
  });
  const was = flat(before);
  const now = flat(after);
  const details: Record<string, { before: string | boolean; after: string | boolean }> = {};
  for (const key of Object.keys(now) as (keyof typeof now)[]) {
    if (was[key] !== now[key]) details[key] = { before: was[key], after: now[key] };
  }
  return details;
}
