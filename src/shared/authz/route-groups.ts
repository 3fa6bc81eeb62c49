import { type Actor, isOrganizationAdminOf, membershipIn } from "./actor";
import { isProgramAdminRole } from "./roles";

/**
 * The spec's route groups (forms-and-applicants, "6. Roles and permissions", review-and-administration,
 * "6. Roles and permissions").
 */
export type RouteGroup =
  | "PUBLIC"
  | "APPLICANT"
  | "REVIEWER"
  | "ADMIN"
  | "ORGANIZATION_ADMIN"
  | "AUTHENTICATED";

export interface CurrentProgramRef {
  id: string;
  organizationId: string;
}

/**
 * May this actor open a route of this group? `currentProgram` is the user's current program
 * (ADMIN routes are about it). Organization admins may open admin routes of their own organization.
 */
export function canOpenRouteGroup(
  actor: Actor | null,
  group: RouteGroup,
  currentProgram: CurrentProgramRef | null,
): boolean {
  if (group === "PUBLIC") return true;
  if (actor === null) return false;
  switch (group) {
    case "APPLICANT":
      return actor.applicant;
    case "REVIEWER":
      // Any program role is reviewer-level or higher for reading; what each role may change is
      // decided per action. Applicants are never reviewers.
      return !actor.applicant && (actor.memberships.length > 0 || actor.adminOrganizationId !== null);
    case "ADMIN": {
      if (currentProgram === null) return actor.adminOrganizationId !== null;
      const m = membershipIn(actor, currentProgram.id);
      return (
        (m !== undefined && isProgramAdminRole(m.role)) ||
        isOrganizationAdminOf(actor, currentProgram.organizationId)
      );
    }
    case "ORGANIZATION_ADMIN":
      return actor.adminOrganizationId !== null;
    case "AUTHENTICATED":
      return actor.adminOrganizationId !== null || actor.memberships.length > 0;
  }
}

/**
 * The program an ADMIN page is checked against: the one its address names (the form builder's
 * /admin/form/{programId}) when the user holds a role in it, the current program otherwise. The page then
 * makes it the current program, so the top bar's picker shows the program being worked on.
 */
export function programOfPage(
  actor: Actor,
  pageProgramId: string | undefined,
  currentProgram: CurrentProgramRef | null,
): CurrentProgramRef | null {
  const membership = pageProgramId === undefined ? undefined : membershipIn(actor, pageProgramId);
  return membership
    ? { id: membership.programId, organizationId: membership.organizationId }
    : currentProgram;
}

/**
 * Where a signed-in user lands: on their work in the current program (docs/decisions/039-navigation-and-builder.md).
 * Applicants on their portal; whoever may administer the current program on its admin dashboard; a committee
 * member on their candidates; anyone without a current program on the programs page (the spec's landing, still
 * one click away in every page menu).
 */
export function homePathFor(actor: Actor, currentProgram: CurrentProgramRef | null): string {
  if (actor.applicant) return "/portal/applicant";
  if (currentProgram === null) return "/programs";
  if (canOpenRouteGroup(actor, "ADMIN", currentProgram)) return "/admin/dashboard";
  if (membershipIn(actor, currentProgram.id) !== undefined) return "/applications";
  return "/programs";
}
