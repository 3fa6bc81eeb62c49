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
  /**
   * Present only while an organization that requires two-factor authentication of its admins withholds
   * this user's admin roles there (they have not set it up): the actor they will be once they do. The
   * roles above are what they may use now; this one lets a refusal say why (403) rather than 404.
   */
  withTwoFactor?: Actor;
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
