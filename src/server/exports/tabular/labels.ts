import type { DecisionStatus } from "../../../shared/schemas/reviews";

/** The decision as the admins' pages write it. */
export const STATUS_LABELS: Record<DecisionStatus, string> = {
  pending: "Pending",
  approved: "Approved",
  disapproved: "Disapproved",
};

/** Grant amounts are stored in exact cents; exports give currency units, as numbers. */
export const amountCell = (cents: number | null): number | null => (cents === null ? null : cents / 100);
