import { accounts, users } from "../../../src/server/db/schema";
import {
  applicantEmail,
  type GenerationStep,
  type GeneratorContext,
  need,
  ORG_ADMIN_EMAIL,
  programAdminEmail,
  reviewerEmail,
} from "../context";
import { FIRST_NAMES, LAST_NAMES } from "../names";

type UserRow = typeof users.$inferInsert;

/** One person: a user row plus the credential account that holds the shared password's hash. */
function person(ctx: GeneratorContext, email: string, extra: Partial<UserRow>): UserRow {
  const createdAt = ctx.random.dateBefore(ctx.anchor, 2 * 365);
  return {
    // better-auth's own ids are 32 random alphanumerics; ours have the same shape.
    id: ctx.random.id(32),
    name: `${ctx.random.pick(FIRST_NAMES)} ${ctx.random.pick(LAST_NAMES)}`,
    email: email.toLowerCase(),
    emailVerified: true,
    emailConsent: ctx.random.chance(0.3),
    createdAt,
    updatedAt: createdAt,
    ...extra,
  };
}

function credentialAccount(ctx: GeneratorContext, user: UserRow): typeof accounts.$inferInsert {
  return {
    id: ctx.random.id(32),
    accountId: user.id,
    providerId: "credential",
    userId: user.id,
    password: ctx.passwordHash,
    createdAt: user.createdAt,
    updatedAt: user.updatedAt,
  };
}

const numbered = (count: number) => Array.from({ length: count }, (_, i) => i + 1);

/** The organization admin, program admins, reviewers and applicants, all with the same password. */
export const usersStep: GenerationStep = {
  name: "users",
  async run(ctx) {
    const organizationId = need(ctx.data.organizationId, "the organization");
    const orgAdmin = person(ctx, ORG_ADMIN_EMAIL, { adminOrganizationId: organizationId });
    const programAdmins = numbered(ctx.scale.programAdmins).map((n) => person(ctx, programAdminEmail(n), {}));
    const reviewers = numbered(ctx.scale.reviewers).map((n) => person(ctx, reviewerEmail(n), {}));
    const applicants = numbered(ctx.scale.applicants).map((n) =>
      person(ctx, applicantEmail(n), { applicant: true }),
    );

    const everyone = [orgAdmin, ...programAdmins, ...reviewers, ...applicants];
    await ctx.insert(users, everyone);
    await ctx.insert(
      accounts,
      everyone.map((user) => credentialAccount(ctx, user)),
    );

    ctx.data.orgAdminId = orgAdmin.id;
    ctx.data.programAdminIds = programAdmins.map((u) => u.id);
    ctx.data.reviewerIds = reviewers.map((u) => u.id);
    ctx.data.applicantIds = applicants.map((u) => u.id);
  },
};
