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

const dollars = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  // Whole prices read "$49", others "$19.50".
  trailingZeroDisplay: "stripIfInteger",
});

export function monthlyPrice(plan: Plan): string {
  return `${dollars.format(plan.price)} / month`;
}
