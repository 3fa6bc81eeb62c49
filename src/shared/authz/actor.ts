import type { ProgramRole } from "./roles";

export interface Membership {
  programId: string;
  organizationId: string;
  role: ProgramRole;
}

/** Who is asking: everything the role matrix needs to decide, loaded once per request. */
export interface Actor {
  userId: string;
  applicant: boolean;
  /** The organization this user administers, if any (the spec's adminOrganization). */
  adminOrganizationId: string | null;
  memberships: readonly Membership[];
}

export function membershipIn(actor: Actor, programId: string): Membership | undefined {
  return actor.memberships.find((m) => m.programId === programId);
}

export function isOrganizationAdminOf(actor: Actor, organizationId: string): boolean {
  return actor.adminOrganizationId !== null && actor.adminOrganizationId === organizationId;
}

/** A signed-in account that the product knows: an applicant, an organization admin or a program member. */
export function isRegistered(actor: Actor): boolean {
  return actor.applicant || actor.adminOrganizationId !== null || actor.memberships.length > 0;
}
