import type { Plan } from "../../../shared/schemas/plans";

/** A limit of 0 means the plan sets no limit (as the spec's "when above 0" rules read it). */
function limit(count: number, unit: string): string {
  return count > 0 ? `${count} ${unit}` : `Unlimited ${unit}`;
}

export function planPrice(plan: Plan): string {
  const amount = new Intl.NumberFormat("en-US", {
    style: "currency",
    currency: "USD",
    minimumFractionDigits: Number.isInteger(plan.price) ? 0 : 2,
  }).format(plan.price);
  return `${amount} per month`;
}

/** The plan features the spec lists for display: admins, reviewers, file size, files, programs, branding. */
export function planFeatures(plan: Plan): string[] {
  return [
    limit(plan.adminUsers, "admin users"),
    limit(plan.reviewUsers, "reviewers"),
    plan.maxFileSizeMB > 0 ? `${plan.maxFileSizeMB} MB file size limit` : "No file size limit",
    limit(plan.maxFiles, "files per form"),
    limit(plan.maxPrograms, "programs"),
    plan.logoBranding ? "Logo branding" : "No logo branding",
  ];
}
