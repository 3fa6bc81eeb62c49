import { programMembers } from "../../../src/server/db/schema";
import type { ProgramRole } from "../../../src/shared/authz/roles";
import { type GeneratedMembership, type GenerationStep, need } from "../context";

/** Most committee members review; a few also administer, a few only watch. */
const REVIEWER_ROLE_WEIGHTS: readonly (readonly [ProgramRole, number])[] = [
  ["REVIEWER", 60],
  ["ADMIN_REVIEWER", 15],
  ["GUEST", 15],
  ["ADMIN", 10],
];

/** Program admins administer one to three active programs; reviewers sit on several programs each. */
export const membershipsStep: GenerationStep = {
  name: "program members",
  async run(ctx) {
    const organizationId = need(ctx.data.organizationId, "the organization");
    const allPrograms = ctx.data.programs;
    const activePrograms = allPrograms.filter((p) => !p.archived);
    const memberships: GeneratedMembership[] = [];

    for (const userId of ctx.data.programAdminIds) {
      for (const program of ctx.random.sample(activePrograms, ctx.random.int(1, 3))) {
        memberships.push({ programId: program.id, userId, role: "ADMIN" });
      }
    }
    const [min, max] = ctx.scale.programsPerReviewer;
    for (const userId of ctx.data.reviewerIds) {
      for (const program of ctx.random.sample(allPrograms, ctx.random.int(min, max))) {
        memberships.push({ programId: program.id, userId, role: ctx.random.weighted(REVIEWER_ROLE_WEIGHTS) });
      }
    }

    await ctx.insert(
      programMembers,
      memberships.map((m) => ({ ...m, organizationId, createdAt: ctx.random.dateBefore(ctx.anchor, 365) })),
    );
    ctx.data.memberships = memberships;
  },
};
