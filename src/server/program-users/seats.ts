import { eq, sql } from "drizzle-orm";
import { PROGRAM_USER_MESSAGES } from "../../shared/program-users/seats";
import type { Seats } from "../../shared/schemas/program-users";
import type { Tx } from "../db/client";
import { organizations, plans, programMembers } from "../db/schema";
import { AppError } from "../http/errors";

/** True for a membership row holding an admin role: the SQL twin of isProgramAdminRole. */
export const holdsAdminRole = sql<boolean>`${programMembers.role} in ('ADMIN', 'ADMIN_REVIEWER')`;

/**
 * Seats taken in the organization: each person once, as an admin when they hold an admin role in
 * any of its programs, otherwise as a reviewer. One query over the (organization, user) index.
 */
export async function seatsOf(tx: Tx, organizationId: string): Promise<Seats> {
  const perPerson = tx
    .select({ isAdmin: sql<boolean>`bool_or(${holdsAdminRole})`.as("is_admin") })
    .from(programMembers)
    .where(eq(programMembers.organizationId, organizationId))
    .groupBy(programMembers.userId)
    .as("per_person");
  const [[counts], [limits]] = await Promise.all([
    tx
      .select({
        admins: sql<number>`count(*) filter (where ${perPerson.isAdmin})`.mapWith(Number),
        reviewers: sql<number>`count(*) filter (where not ${perPerson.isAdmin})`.mapWith(Number),
      })
      .from(perPerson),
    tx
      .select({ adminLimit: plans.adminUsers, reviewerLimit: plans.reviewUsers })
      .from(organizations)
      .innerJoin(plans, eq(plans.id, organizations.planId))
      .where(eq(organizations.id, organizationId)),
  ]);
  return {
    admins: counts?.admins ?? 0,
    reviewers: counts?.reviewers ?? 0,
    adminLimit: limits?.adminLimit ?? 0,
    reviewerLimit: limits?.reviewerLimit ?? 0,
  };
}

/**
 * Runs a change to memberships with the plan's seat limits enforced exactly: the organization row
 * is locked (so concurrent invitations queue up), seats are counted before and after the change,
 * and a change that takes a seat over the limit is rolled back with the spec's kind of message.
 * A change that frees seats, or keeps an already-over-limit count (after a downgrade), is allowed.
 */
export async function withinSeatLimits<T>(
  tx: Tx,
  organizationId: string,
  change: () => Promise<T>,
): Promise<T> {
  await tx
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .for("update");
  const before = await seatsOf(tx, organizationId);
  const result = await change();
  const after = await seatsOf(tx, organizationId);
  if (after.adminLimit > 0 && after.admins > after.adminLimit && after.admins > before.admins) {
    throw new AppError("PLAN_LIMIT", PROGRAM_USER_MESSAGES.adminLimit(after.adminLimit));
  }
  if (
    after.reviewerLimit > 0 &&
    after.reviewers > after.reviewerLimit &&
    after.reviewers > before.reviewers
  ) {
    throw new AppError("PLAN_LIMIT", PROGRAM_USER_MESSAGES.reviewerLimit(after.reviewerLimit));
  }
  return result;
}
