import { formatDollars } from "../../shared/i18n/money";
import type { Plan } from "../../shared/schemas/plans";

/** How a plan is shown wherever plans are chosen (sign-up, billing): the spec's six features and the price. */
export interface PlanFeatureRow {
  label: string;
  value: string;
}

/** A limit of 0 means the plan sets none. */
function limit(count: number, unit = ""): string {
  return count > 0 ? `${count}${unit}` : "Unlimited";
}

/** The six plan features the spec lists for display, as label and value. */
export function planFeatureRows(plan: Plan): PlanFeatureRow[] {
  return [
    { label: "Admin users", value: limit(plan.adminUsers) },
    { label: "Reviewers", value: limit(plan.reviewUsers) },
    { label: "File size limit", value: limit(plan.maxFileSizeMB, " MB") },
    { label: "Max files", value: limit(plan.maxFiles) },
    { label: "Max programs", value: limit(plan.maxPrograms) },
    { label: "Logo branding", value: plan.logoBranding ? "Yes" : "No" },
  ];
}

export function monthlyPrice(plan: Plan): string {
  return `${formatDollars(plan.price)} / month`;
}
