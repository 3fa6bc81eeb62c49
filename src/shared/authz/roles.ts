/** Program roles, highest first. Labels are the spec's role dropdown wording. */
export const PROGRAM_ROLES = ["ADMIN", "ADMIN_REVIEWER", "REVIEWER", "GUEST"] as const;
export type ProgramRole = (typeof PROGRAM_ROLES)[number];

export const PROGRAM_ROLE_LABELS: Record<ProgramRole, string> = {
  ADMIN: "Admin",
  ADMIN_REVIEWER: "Admin & Committee Member",
  REVIEWER: "Committee Member",
  GUEST: "Guest",
};

export const ORGANIZATION_ADMIN_LABEL = "Organization Admin";

export function isProgramAdminRole(role: ProgramRole): boolean {
  return role === "ADMIN" || role === "ADMIN_REVIEWER";
}
