import type { Actor } from "../../shared/authz";
import type { UserProfile } from "../../shared/schemas/users";

/** The same Actor the server builds, so the client hides exactly what the server would refuse. */
export function actorFromProfile(profile: UserProfile): Actor {
  return {
    userId: profile.userId,
    applicant: profile.applicant,
    adminOrganizationId: profile.adminOrganization,
    memberships: profile.programs.map((p) => ({
      programId: p.id,
      organizationId: p.organizationId,
      role: p.role,
    })),
  };
}
