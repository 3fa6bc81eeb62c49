import { timeLeft } from "../../../shared/forms/deadline";
import type { Language, Translate } from "../../../shared/i18n/catalog";
import { formatMoney } from "../../../shared/i18n/money";
import type { PortalOutcome } from "../../../shared/schemas/decision-release";
import type { PortalRow } from "../../../shared/schemas/submissions";

export type FormStatus =
  | { kind: "submitted" }
  | { kind: "open" }
  | { kind: "closed" }
  | { kind: "closesIn"; days: number; hours: number };

/**
 * The portal's Form Status (forms-and-applicants, "4. States and transitions"): Submitted; Open (no close
 * date); Closed (the form takes no responses, or the close date is past); or "Closes in N days and M hours".
 */
export function formStatus(
  row: Pick<PortalRow, "accepting" | "closesAt" | "submissionDate">,
  now: Date,
): FormStatus {
  if (row.submissionDate !== null) return { kind: "submitted" };
  if (!row.accepting) return { kind: "closed" };
  if (row.closesAt === null) return { kind: "open" };
  const left = timeLeft(row.closesAt, now);
  return left === null ? { kind: "closed" } : { kind: "closesIn", ...left };
}

export function formStatusLabel(status: FormStatus, t: Translate): string {
  switch (status.kind) {
    case "submitted":
      return t("status.submitted");
    case "open":
      return t("status.open");
    case "closed":
      return t("status.closed");
    case "closesIn":
      return t("status.closesIn", { days: status.days, hours: status.hours });
  }
}

export type PortalAction =
  /** A draft on a form that takes responses: continue it. */
  | { kind: "edit"; linkId: string }
  /** Submitted, the form allows editing and still takes responses: clear the date, then continue. */
  | { kind: "unsubmitEdit"; linkId: string }
  /** Nothing to do (closed, or submitted without editing): the Edit button shows disabled. */
  | { kind: "none" };

/**
 * Which of Edit or "Unsubmit & Edit" a row offers (forms-and-applicants, "4. States and transitions",
 * "Submission").
 */
export function portalAction(
  row: Pick<PortalRow, "accepting" | "allowEdit" | "submissionDate" | "linkId">,
): PortalAction {
  if (row.linkId === null || !row.accepting) return { kind: "none" };
  if (row.submissionDate === null) return { kind: "edit", linkId: row.linkId };
  if (row.allowEdit) return { kind: "unsubmitEdit", linkId: row.linkId };
  return { kind: "none" };
}

/**
 * A submitted application's Decision cell (docs/decisions/038-decision-release-and-portal.md): "Under review"
 * until the program releases its decisions, then "Approved: $3,500.50" or "Not funded". A draft has none.
 */
export function outcomeLabel(outcome: PortalOutcome | null, t: Translate, language: Language): string {
  if (outcome === null) return t("portal.notSubmitted");
  switch (outcome.kind) {
    case "approved":
      return outcome.amountCents === null || outcome.amountCents <= 0
        ? t("outcome.approvedNoAmount")
        : t("outcome.approved", { amount: formatMoney(outcome.amountCents, language) });
    case "notFunded":
      return t("outcome.notFunded");
    case "underReview":
      return t("outcome.underReview");
  }
}
