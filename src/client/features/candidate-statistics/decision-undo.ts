import { formatAmount } from "../../../shared/email/committee-template";
import type { DecisionBody } from "../../../shared/schemas/committee";
import { CANDIDATE_STATS_TEXT } from "./candidate-statistics-messages";
import { applyDecision, type Decision } from "./decision-rules";

/**
 * How long a decision can be undone from its row (docs/decisions/031-admin-and-copy-fixes.md): long enough
 * to notice a click on the wrong row, short enough that the row does not stay cluttered.
 */
export const UNDO_WINDOW_MS = 8000;

/** A decision just made, as its row tells it, and the decision that puts back what was there before. */
export interface RecentDecision {
  submissionId: string;
  identifier: string;
  message: string;
  undo: DecisionBody;
  /** What "undone" says the candidate is again. */
  undoneMessage: string;
}

/**
 * The feedback of a decision that changes the candidate's status (Approve, Disapprove, an amount of 0), or
 * null for one that does not (an amount changed: the input shows it). Undoing sends back the status and the
 * amount as they were, which the server accepts as any decision ("pending" may be set back).
 */
export function recentDecision(
  candidate: Decision & { _id: string; identifier: string },
  name: string,
  body: DecisionBody,
): RecentDecision | null {
  const before: Decision = { status: candidate.status, amount: candidate.amount };
  const after = applyDecision(before, body);
  if (after.status === before.status) return null;
  let message: string;
  if (after.status === "approved")
    message = CANDIDATE_STATS_TEXT.approvedWith(name, formatAmount(after.amount));
  else if (after.status === "disapproved") message = CANDIDATE_STATS_TEXT.disapproved(name);
  else message = CANDIDATE_STATS_TEXT.backToPending(name);
  return {
    submissionId: candidate._id,
    identifier: candidate.identifier,
    message,
    undo: { status: before.status, amount: before.amount },
    undoneMessage: CANDIDATE_STATS_TEXT.undone(name, before.status),
  };
}
