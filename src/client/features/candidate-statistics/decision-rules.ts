import { formatAmount } from "../../../shared/email/committee-template";
import {
  amountSchema,
  COMMITTEE_LIMITS,
  COMMITTEE_MESSAGES,
  type DecisionBody,
} from "../../../shared/schemas/committee";
import type { CandidateStatsRow } from "../../../shared/schemas/reviews";
import { truncateName } from "../../lib/truncate";
import { CANDIDATE_STATS_TEXT } from "./candidate-statistics-messages";

/** The part of a candidate a decision changes. */
export type Decision = Pick<CandidateStatsRow, "status" | "amount">;

/** What the amount input holds: a number, or the text typed when it is not one yet ("" when empty). */
export type AmountInputValue = number | string;

export type ParsedAmount = { ok: true; amount: number | null } | { ok: false; error: string };

// Digits with an optional sign and decimal part: what the input may hold once "$" and separators are
// dropped. Anything else (a lone "-", "1e3", "0x10") is not an amount someone meant to type.
const AMOUNT_TEXT = /^-?(\d+\.?\d*|\.\d+)$/;

/**
 * The amount as typed, checked against the contract's amountSchema (never negative, at most two decimals,
 * at most the largest amount): null when the input is empty (the amount is cleared).
 */
export function parseAmountInput(value: AmountInputValue): ParsedAmount {
  let amount: number;
  if (typeof value === "number") {
    amount = value;
  } else {
    const text = value.replace(/[$,\s]/g, "");
    if (text === "") return { ok: true, amount: null };
    if (!AMOUNT_TEXT.test(text)) return { ok: false, error: CANDIDATE_STATS_TEXT.amountNotANumber };
    amount = Number(text);
  }
  if (!Number.isFinite(amount)) return { ok: false, error: CANDIDATE_STATS_TEXT.amountNotANumber };
  // zod's own wording for the maximum names the bare number; the person reads it as an amount.
  if (amount > COMMITTEE_LIMITS.maxAmount) {
    return {
      ok: false,
      error: CANDIDATE_STATS_TEXT.amountTooLarge(formatAmount(COMMITTEE_LIMITS.maxAmount)),
    };
  }
  const parsed = amountSchema.safeParse(amount);
  if (!parsed.success) return { ok: false, error: parsed.error.issues[0]?.message ?? "Invalid amount" };
  return { ok: true, amount: parsed.data };
}

/**
 * Why Approve is disabled (review-and-administration, "4. States and transitions": no amount, an amount of 0
 * or less, or already approved); null when it is not.
 */
export function approveBlockedReason(status: Decision["status"], amount: number | null): string | null {
  if (status === "approved") return CANDIDATE_STATS_TEXT.alreadyApproved;
  if (amount === null || !(amount > 0)) return COMMITTEE_MESSAGES.approveNeedsAmount;
  return null;
}

/**
 * Why Disapprove is disabled (review-and-administration, "4. States and transitions": already disapproved);
 * null when it is not.
 */
export function disapproveBlockedReason(status: Decision["status"]): string | null {
  return status === "disapproved" ? CANDIDATE_STATS_TEXT.alreadyDisapproved : null;
}

/** Approving sends the amount shown with it: the server needs one above 0 and stores both together. */
export function approveDecision(amount: number): DecisionBody {
  return { status: "approved", amount };
}

export const DISAPPROVE_DECISION: DecisionBody = { status: "disapproved" };

/**
 * The save an edited amount makes, or null when nothing changed. An amount of 0 disapproves
 * (review-and-administration, "4. States and transitions"); the status is sent with it so that the rule never
 * depends on the server inferring it.
 */
export function amountDecision(current: Decision, amount: number | null): DecisionBody | null {
  if (amount === current.amount) return null;
  return amount === 0 ? { status: "disapproved", amount } : { amount };
}

/** An amount just entered in a row, and the amount the row showed when it was entered. */
export interface EnteredAmount {
  amount: number | null;
  over: number | null;
}

/**
 * The amount a row works with: the one just entered while the row still shows the amount it replaced
 * (the decision reaches the list a moment after the input loses focus, and a mouse press on Approve is
 * what takes the focus away), otherwise the row's own. `settled` says the entered amount is no longer
 * needed: the row changed (the decision arrived, or was rolled back) and is what counts from now on.
 */
export function amountOnScreen(
  entered: EnteredAmount | null,
  rowAmount: number | null,
): { amount: number | null; settled: boolean } {
  if (entered === null) return { amount: rowAmount, settled: false };
  if (rowAmount === entered.over) return { amount: entered.amount, settled: false };
  return { amount: rowAmount, settled: true };
}

/** What the list shows at once, before the server answers: the server's rules, mirrored. */
export function applyDecision(current: Decision, body: DecisionBody): Decision {
  const amount = body.amount === undefined ? current.amount : body.amount;
  const status = body.amount === 0 ? "disapproved" : (body.status ?? current.status);
  return { status, amount };
}

/**
 * The line that says which candidate's decision was not saved, with the server's reason when there is
 * one ("Enter an amount above 0 to approve this candidate.") so that the admin can act on it.
 */
export function decisionFailureText(identifier: string, error: unknown): string {
  const title = CANDIDATE_STATS_TEXT.decisionFailed(truncateName(identifier, Number.POSITIVE_INFINITY).full);
  const reason = error instanceof Error ? error.message.trim() : "";
  return reason === "" ? title : `${title}: ${reason}`;
}
