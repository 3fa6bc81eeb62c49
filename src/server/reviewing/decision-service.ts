import { and, eq, sql } from "drizzle-orm";
import type { AuditDetails } from "../../shared/schemas/audit";
import {
  COMMITTEE_MESSAGES,
  type DecisionBody,
  type DecisionResult,
  type StoredDecision,
} from "../../shared/schemas/committee";
import type { DecisionStatus } from "../../shared/schemas/reviews";
import { recordAudit, type Transaction } from "../audit/record";
import { submissions } from "../db/schema";
import { EditConflict } from "../http/edit-conflict";
import { AppError } from "../http/errors";
import { amountOf } from "./amounts";
import { DECISION_REFUSAL } from "./candidate-list";
import { isReviewableSql } from "./candidates";

/**
 * The committee's decision on a candidate (review-and-administration, "4. States and transitions"): status
 * and amount, guarded against concurrent edits (decision 016).
 */

type DecidedCandidate = { id: string; programId: string; organizationId: string; identifier: string };
type DecisionState = { status: DecisionStatus; amountCents: number | null };

/** Exact cents from dollars as typed (amountSchema allows at most two decimals): 0.29 → 29, never 28. */
const centsOf = (dollars: number) => Math.round(dollars * 100);

const presentDecision = (state: DecisionState): StoredDecision => ({
  status: state.status,
  amount: amountOf(state.amountCents),
});

/** Whether the stored decision is the one the client last saw (amounts compared in exact cents). */
function isExpected(stored: DecisionState, expected: StoredDecision): boolean {
  const cents = expected.amount === null ? null : centsOf(expected.amount);
  return stored.status === expected.status && stored.amountCents === cents;
}

/** The decision's fields that changed, before and after (the amount in dollars, as admins typed it). */
function decisionChanges(before: DecisionState, after: DecisionState): AuditDetails {
  const changes: AuditDetails = {};
  if (before.status !== after.status) changes.status = { before: before.status, after: after.status };
  if (before.amountCents !== after.amountCents) {
    changes.amount = { before: amountOf(before.amountCents), after: amountOf(after.amountCents) };
  }
  return changes;
}

/**
 * A decision: the status, the amount, or both. An amount of 0 disapproves; approving needs an amount
 * above 0, sent with it or already stored; approving an approved candidate (or disapproving a
 * disapproved one) changes nothing and succeeds; "pending" may be set back.
 *
 * The row is locked first (FOR NO KEY UPDATE, until the caller's transaction ends): with `expected`,
 * a row that no longer holds it is refused there (409 with the stored decision), so of two admins who
 * saw the same decision only the first one's change is written and the second one is told. Then one
 * UPDATE computes the new status and amount from the row and its WHERE refuses a result that would be
 * approved without an amount above 0 (an old client's decision, sent without `expected`, is checked
 * against the other one's result that way). The revision is not bumped: a decision does not touch the
 * answers, so an applicant's open tab may keep saving. A change (not a repeat) is recorded in the audit
 * log, in the caller's transaction; a refused one records nothing.
 */
export async function applyDecision(
  db: Transaction,
  candidate: DecidedCandidate,
  body: DecisionBody,
  actorUserId: string,
): Promise<DecisionResult> {
  const cents = body.amount === undefined || body.amount === null ? body.amount : centsOf(body.amount);
  const status = body.amount === 0 && body.status !== "approved" ? "disapproved" : (body.status ?? undefined);
  if (status === "approved" && (cents === 0 || cents === null)) {
    throw new AppError("VALIDATION", COMMITTEE_MESSAGES.approveNeedsAmount, {
      status: [COMMITTEE_MESSAGES.approveNeedsAmount],
    });
  }
  const inProgram = and(eq(submissions.programId, candidate.programId), eq(submissions.id, candidate.id));
  const [before] = await db
    .select({
      status: submissions.status,
      amountCents: submissions.amountCents,
      reviewable: sql<boolean>`${isReviewableSql()}`,
    })
    .from(submissions)
    .where(inProgram)
    .for("no key update");
  if (!before?.reviewable) throw new AppError("CONFLICT", DECISION_REFUSAL);
  if (body.expected !== undefined && !isExpected(before, body.expected)) {
    throw new EditConflict("decision", presentDecision(before));
  }

  const newStatus = status === undefined ? sql`${submissions.status}` : sql`${status}::text`;
  const newAmount = cents === undefined ? sql`${submissions.amountCents}` : sql`${cents}::bigint`;
  const [row] = await db
    .update(submissions)
    .set({
      ...(status === undefined ? {} : { status }),
      ...(cents === undefined ? {} : { amountCents: cents }),
    })
    .where(
      and(
        inProgram,
        isReviewableSql(),
        sql`not (${newStatus} = 'approved' and coalesce(${newAmount}, 0) <= 0)`,
      ),
    )
    .returning({ id: submissions.id, status: submissions.status, amountCents: submissions.amountCents });
  if (!row) {
    // Approving with no amount stored, or clearing the amount of an approved candidate.
    const field = status === "approved" ? "status" : "amount";
    throw new AppError("VALIDATION", COMMITTEE_MESSAGES.approveNeedsAmount, {
      [field]: [COMMITTEE_MESSAGES.approveNeedsAmount],
    });
  }
  const changes = decisionChanges(before, row);
  if (Object.keys(changes).length > 0) {
    await recordAudit(db, {
      organizationId: candidate.organizationId,
      programId: candidate.programId,
      actorUserId,
      subject: { type: "submission", id: candidate.id, label: candidate.identifier },
      action: "candidate.decided",
      details: changes,
    });
  }
  return { _id: row.id, ...presentDecision(row) };
}
