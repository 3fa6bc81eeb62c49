import { and, desc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import {
  AUTO_ASSIGNMENT_MESSAGES,
  type AutoAssignmentBody,
  type AutoAssignmentProposal,
  type AutoAssignmentResult,
} from "../../shared/schemas/auto-assignment";
import { COMMITTEE_MESSAGES } from "../../shared/schemas/committee";
import { recordAudit } from "../audit/record";
import { conflictsByCandidate } from "../conflicts/active";
import type { Db, Tx } from "../db/client";
import {
  autoAssignments,
  programMembers,
  reviewerGroupMembers,
  reviews,
  submissionReviewerGroups,
  submissionReviewers,
  submissions,
  users,
} from "../db/schema";
import { AppError, notFound } from "../http/errors";
import { isUuid } from "../http/ids";
import { type CandidateToAssign, planAssignment } from "./auto-assignment-plan";
import { distinct, groupsOfProgramAmong, memberLoads, refusedIds } from "./committee-members";

/**
 * Automatic assignment (docs/decisions/034-automatic-assignment.md) on top of the assignment tables: a
 * proposal reads the program's committee, candidates and assignments, computes who reviews what
 * (auto-assignment-plan.ts) and is stored without changing anything; applying it writes exactly its pairs in
 * one transaction, if the program's assignments are still those it was computed from; the last one applied
 * can be undone while nothing has been assigned since.
 */

type ProgramRef = { id: string; organizationId: string };
type Pair = [submissionId: string, userId: string];

/**
 * Who automatic assignment chooses from: committee members who rate. Guests only read (decision 008), and
 * plain admins see every candidate anyway.
 */
const RATING_ROLES = ["ADMIN_REVIEWER", "REVIEWER"] as const;

/** A digest of every assignment of the program (direct, through groups, and the groups' members). */
async function assignmentsFingerprint(tx: Tx, programId: string): Promise<string> {
  const result = await tx.execute(sql`
    select md5(coalesce(string_agg(line, ',' order by line), '')) as digest from (
      select 'r' || submission_id || ':' || user_id as line from ${submissionReviewers}
        where program_id = ${programId}
      union all
      select 'g' || submission_id || ':' || group_id from ${submissionReviewerGroups}
        where program_id = ${programId}
      union all
      select 'm' || m.group_id || ':' || m.user_id from ${reviewerGroupMembers} m
        join reviewer_groups g on g.id = m.group_id where g.program_id = ${programId}
    ) lines`);
  return (result as unknown as { rows: { digest: string }[] }).rows[0]!.digest;
}

/** The candidates the admin chose: reviewable ones of the program (404 when a listed one is not). */
async function candidatesInScope(tx: Tx, program: ProgramRef, scope: AutoAssignmentBody["candidates"]) {
  const ofProgram = and(eq(submissions.programId, program.id), eq(submissions.reviewable, true));
  if (Array.isArray(scope)) {
    const ids = distinct(scope);
    if (!ids.every(isUuid)) throw notFound();
    const rows = await tx
      .select({ id: submissions.id, identifier: submissions.identifier })
      .from(submissions)
      .where(and(ofProgram, inArray(submissions.id, ids)))
      .orderBy(submissions.id);
    if (rows.length < ids.length) throw notFound();
    return rows;
  }
  return tx
    .select({ id: submissions.id, identifier: submissions.identifier })
    .from(submissions)
    .where(scope === "unassigned" ? and(ofProgram, eq(submissions.openToAll, true)) : ofProgram)
    .orderBy(submissions.id);
}

/** The pool: the program's rating members, or those of the chosen groups (400 for a group of another program). */
async function poolOf(tx: Tx, program: ProgramRef, groups: readonly string[] | undefined) {
  const wanted = distinct(groups ?? []);
  if (wanted.length > 0) {
    const ofProgram = await groupsOfProgramAmong(tx, program, wanted);
    if (wanted.some((id) => !ofProgram.has(id))) {
      throw refusedIds({ groups: COMMITTEE_MESSAGES.notAGroupOfProgram });
    }
  }
  const members = and(
    eq(programMembers.programId, program.id),
    inArray(programMembers.role, [...RATING_ROLES]),
  );
  const query = tx
    .selectDistinct({ id: users.id, name: users.name, email: users.email })
    .from(programMembers)
    .innerJoin(users, eq(users.id, programMembers.userId));
  const rows =
    wanted.length > 0
      ? await query
          .innerJoin(reviewerGroupMembers, eq(reviewerGroupMembers.userId, programMembers.userId))
          .where(and(members, inArray(reviewerGroupMembers.groupId, wanted)))
      : await query.where(members);
  return rows.sort((a, b) => a.id.localeCompare(b.id));
}

/**
 * Per candidate in scope: who reviews it now, directly or through a group, and which direct reviewers a
 * rebalance may release (those who have not started a review of it: a started review stays theirs).
 */
async function currentReviewers(tx: Tx, program: ProgramRef, candidateIds: readonly string[]) {
  const inScope = new Set(candidateIds);
  const [direct, throughGroups, started] = await Promise.all([
    tx
      .select({ submissionId: submissionReviewers.submissionId, userId: submissionReviewers.userId })
      .from(submissionReviewers)
      .where(eq(submissionReviewers.programId, program.id)),
    tx
      .select({ submissionId: submissionReviewerGroups.submissionId, userId: reviewerGroupMembers.userId })
      .from(submissionReviewerGroups)
      .innerJoin(reviewerGroupMembers, eq(reviewerGroupMembers.groupId, submissionReviewerGroups.groupId))
      .where(eq(submissionReviewerGroups.programId, program.id)),
    tx
      .select({ submissionId: reviews.submissionId, userId: reviews.userId })
      .from(reviews)
      .where(and(eq(reviews.programId, program.id), isNotNull(reviews.startedAt))),
  ]);
  const key = (p: { submissionId: string; userId: string }) => `${p.submissionId} ${p.userId}`;
  const startedKeys = new Set(started.map(key));
  const viaGroup = new Map<string, Set<string>>();
  for (const p of throughGroups) {
    if (!inScope.has(p.submissionId)) continue;
    const set = viaGroup.get(p.submissionId) ?? new Set();
    set.add(p.userId);
    viaGroup.set(p.submissionId, set);
  }
  const directOf = new Map<string, { userId: string; releasable: boolean }[]>();
  for (const p of direct) {
    if (!inScope.has(p.submissionId)) continue;
    const list = directOf.get(p.submissionId) ?? [];
    list.push({ userId: p.userId, releasable: !startedKeys.has(key(p)) });
    directOf.set(p.submissionId, list);
  }
  return { viaGroup, directOf };
}

/** Each pool member's assigned candidates in the program (directly or through groups), reviewable ones. */
async function loadsOf(tx: Tx, program: ProgramRef) {
  const loads = memberLoads(tx, program);
  const rows = await tx.select({ userId: loads.userId, assigned: loads.assigned }).from(loads);
  return new Map(rows.map((r) => [r.userId, Number(r.assigned)]));
}

/** POST /api/programs/{programId}/assignments/auto: a proposal, stored; no assignment changes. */
export async function proposeAutoAssignment(
  db: Db,
  program: ProgramRef,
  body: AutoAssignmentBody,
  actorUserId: string,
): Promise<AutoAssignmentProposal> {
  return db.transaction(async (tx) => {
    const pool = await poolOf(tx, program, body.groups);
    if (pool.length === 0) throw refusedIds({ groups: AUTO_ASSIGNMENT_MESSAGES.noPool });
    const candidates = await candidatesInScope(tx, program, body.candidates);
    const { viaGroup, directOf } = await currentReviewers(
      tx,
      program,
      candidates.map((c) => c.id),
    );
    const loads = await loadsOf(tx, program);
    const conflicted = await conflictsByCandidate(tx, program.id);
    const removed: Pair[] = [];
    const problemCandidates: CandidateToAssign[] = candidates.map((c) => {
      const kept = new Set(viaGroup.get(c.id));
      for (const d of directOf.get(c.id) ?? []) {
        if (body.rebalance && d.releasable) removed.push([c.id, d.userId]);
        else kept.add(d.userId);
      }
      // A member with a conflict of interest is never proposed, and an assigned one no longer counts
      // towards the reviews wanted (docs/decisions/036-conflicts-of-interest.md).
      const blocked = conflicted.get(c.id) ?? [];
      return { id: c.id, kept: [...kept].filter((u) => !blocked.includes(u)), conflicts: blocked };
    });
    // A released reviewer no longer carries that candidate, unless a group still gives it to them.
    for (const [submissionId, userId] of removed) {
      if (!viaGroup.get(submissionId)?.has(userId)) loads.set(userId, (loads.get(userId) ?? 1) - 1);
    }
    const plan = planAssignment({
      reviewers: pool.map((p) => ({ id: p.id, load: loads.get(p.id) ?? 0 })),
      candidates: problemCandidates,
      reviewsPerCandidate: body.reviewsPerCandidate,
      maxPerReviewer: body.maxPerReviewer,
    });
    const added: Pair[] = plan.added.flatMap((a) => a.reviewerIds.map((r): Pair => [a.candidateId, r]));
    const [stored] = await tx
      .insert(autoAssignments)
      .values({
        organizationId: program.organizationId,
        programId: program.id,
        createdBy: actorUserId,
        params: body,
        added,
        removed,
        basis: await assignmentsFingerprint(tx, program.id),
      })
      .returning({ id: autoAssignments.id });
    const person = new Map(pool.map((p) => [p.id, { _id: p.id, name: p.name, email: p.email }]));
    const identifier = new Map(candidates.map((c) => [c.id, c.identifier]));
    return {
      id: stored!.id,
      candidates: candidates.length,
      added: added.length,
      removed: removed.length,
      loads: plan.loads
        .map((l) => ({ reviewer: person.get(l.reviewerId)!, before: l.before, after: l.after }))
        .sort((a, b) => b.after - a.after || a.reviewer.name.localeCompare(b.reviewer.name)),
      short: plan.short
        .map((s) => ({
          submissionId: s.candidateId,
          identifier: identifier.get(s.candidateId) ?? "",
          reviewers: s.reviewers,
          reason: s.reason,
        }))
        .sort((a, b) => a.identifier.localeCompare(b.identifier)),
    };
  });
}

/**
 * Ids as one parameter (a text[] literal), whatever their number: thousands of ids as one bind parameter
 * each, or as JSON, cost more to send and read than the statement's work.
 */
const idArray = (ids: readonly string[]) =>
  `{${ids.map((id) => `"${id.replace(/["\\]/g, "\\$&")}"`).join(",")}}`;

/** Locks the candidates a change touches, in id order (the lock order of every assignment writer). */
async function lockCandidates(tx: Tx, program: ProgramRef, pairs: readonly Pair[]) {
  const ids = [...new Set(pairs.map(([submissionId]) => submissionId))];
  if (ids.length === 0) return;
  await tx.execute(sql`
    select count(*) from (
      select 1 from ${submissions}
      where ${submissions.programId} = ${program.id} and ${submissions.id} = any (${idArray(ids)}::uuid[])
      order by ${submissions.id}
      for no key update) locked`);
}

/** The pairs as rows p(submission_id, user_id), sent as two array parameters whatever their number. */
const pairRows = (pairs: readonly Pair[]) =>
  sql`unnest(${idArray(pairs.map(([submissionId]) => submissionId))}::uuid[],
    ${idArray(pairs.map(([, userId]) => userId))}::text[]) as p(submission_id, user_id)`;

/**
 * Writes pairs as direct assignments (those of candidates still in the program), in one statement: the
 * assignment tables' triggers do their work once per statement, set-based (docs/database.md).
 */
async function insertPairs(tx: Tx, program: ProgramRef, pairs: readonly Pair[]) {
  if (pairs.length === 0) return;
  await tx.execute(sql`
    insert into ${submissionReviewers} (submission_id, user_id, program_id)
    select p.submission_id, p.user_id, s.program_id
    from ${pairRows(pairs)}
    join ${submissions} s on s.id = p.submission_id and s.program_id = ${program.id}
    on conflict do nothing`);
}

async function deletePairs(tx: Tx, program: ProgramRef, pairs: readonly Pair[]) {
  if (pairs.length === 0) return;
  await tx.execute(sql`
    delete from ${submissionReviewers} r
    using ${pairRows(pairs)}
    where r.program_id = ${program.id} and r.submission_id = p.submission_id and r.user_id = p.user_id`);
}

const autoScope = (program: ProgramRef, actorUserId: string, label: string) => ({
  organizationId: program.organizationId,
  programId: program.id,
  actorUserId,
  subject: { type: "program" as const, id: program.id, label },
});

/**
 * POST /api/programs/{programId}/assignments/auto/apply: the proposal's pairs, all or none. A proposal of
 * another program, or one already applied, is not found; one computed from assignments that have changed
 * since is refused (409) with nothing written.
 */
export async function applyAutoAssignment(
  db: Db,
  program: ProgramRef,
  proposalId: string,
  actorUserId: string,
): Promise<AutoAssignmentResult> {
  if (!isUuid(proposalId)) throw notFound();
  return db.transaction(async (tx) => {
    const [proposal] = await tx
      .select()
      .from(autoAssignments)
      .where(
        and(
          eq(autoAssignments.id, proposalId),
          eq(autoAssignments.programId, program.id),
          isNull(autoAssignments.appliedAt),
        ),
      )
      .for("update");
    if (!proposal) throw notFound();
    await lockCandidates(tx, program, [...proposal.removed, ...proposal.added]);
    if ((await assignmentsFingerprint(tx, program.id)) !== proposal.basis) {
      throw new AppError("CONFLICT", AUTO_ASSIGNMENT_MESSAGES.stale);
    }
    await deletePairs(tx, program, proposal.removed);
    await insertPairs(tx, program, proposal.added);
    await tx
      .update(autoAssignments)
      .set({ appliedAt: new Date(), appliedBasis: await assignmentsFingerprint(tx, program.id) })
      .where(eq(autoAssignments.id, proposal.id));
    const candidates = new Set(proposal.added.map(([s]) => s)).size;
    await recordAudit(tx, {
      ...autoScope(program, actorUserId, `${candidates} candidates`),
      action: "assignment.auto_applied",
      details: { added: proposal.added.length, removed: proposal.removed.length, candidates },
    });
    return { proposalId: proposal.id, added: proposal.added.length, removed: proposal.removed.length };
  });
}

/**
 * POST /api/programs/{programId}/assignments/auto/{proposalId}/undo: removes what the proposal added and
 * gives back what it released, if it is the last one applied in the program (404 otherwise) and nobody has
 * changed the program's assignments since (409 otherwise).
 */
export async function undoAutoAssignment(
  db: Db,
  program: ProgramRef,
  proposalId: string,
  actorUserId: string,
): Promise<AutoAssignmentResult> {
  if (!isUuid(proposalId)) throw notFound();
  return db.transaction(async (tx) => {
    const [last] = await tx
      .select()
      .from(autoAssignments)
      .where(and(eq(autoAssignments.programId, program.id), isNotNull(autoAssignments.appliedAt)))
      .orderBy(desc(autoAssignments.appliedAt))
      .limit(1)
      .for("update");
    if (!last || last.id !== proposalId || last.undoneAt !== null) {
      throw new AppError("NOT_FOUND", AUTO_ASSIGNMENT_MESSAGES.nothingToUndo);
    }
    await lockCandidates(tx, program, [...last.removed, ...last.added]);
    if ((await assignmentsFingerprint(tx, program.id)) !== last.appliedBasis) {
      throw new AppError("CONFLICT", AUTO_ASSIGNMENT_MESSAGES.undoStale);
    }
    await deletePairs(tx, program, last.added);
    await insertPairs(tx, program, last.removed);
    await tx.update(autoAssignments).set({ undoneAt: new Date() }).where(eq(autoAssignments.id, last.id));
    await recordAudit(tx, {
      ...autoScope(program, actorUserId, `${new Set(last.added.map(([s]) => s)).size} candidates`),
      action: "assignment.auto_undone",
      details: { added: last.added.length, removed: last.removed.length },
    });
    return { proposalId: last.id, added: last.added.length, removed: last.removed.length };
  });
}

/**
 * A replacement for a reviewer who declared a conflict with a candidate assigned to them: the same
 * computation as a proposal (the program's rating members, their loads, the candidate's conflicts), for
 * that one candidate, asking for one reviewer more than it keeps. Null when nobody is eligible.
 * Changes nothing: the admin assigns the one proposed (docs/decisions/036-conflicts-of-interest.md).
 */
export async function replacementFor(tx: Tx, program: ProgramRef, submissionId: string) {
  const [pool, { viaGroup, directOf }, loads, conflicted] = await Promise.all([
    poolOf(tx, program, undefined),
    currentReviewers(tx, program, [submissionId]),
    loadsOf(tx, program),
    conflictsByCandidate(tx, program.id),
  ]);
  const blocked = conflicted.get(submissionId) ?? [];
  const current = new Set([
    ...(viaGroup.get(submissionId) ?? []),
    ...(directOf.get(submissionId) ?? []).map((d) => d.userId),
  ]);
  const kept = [...current].filter((u) => !blocked.includes(u));
  const plan = planAssignment({
    reviewers: pool.map((p) => ({ id: p.id, load: loads.get(p.id) ?? 0 })),
    candidates: [{ id: submissionId, kept, conflicts: blocked }],
    reviewsPerCandidate: kept.length + 1,
  });
  const chosen = plan.added[0]?.reviewerIds[0];
  const person = pool.find((p) => p.id === chosen);
  return person === undefined
    ? null
    : { _id: person.id, name: person.name, email: person.email, load: loads.get(person.id) ?? 0 };
}
