import { eq } from "drizzle-orm";
import { type OrganizationTwoFactor, TWO_FACTOR_TEXT } from "../../shared/schemas/two-factor";
import { recordAudit } from "../audit/record";
import { adminsWithoutTwoFactor } from "../auth/two-factor-requirement";
import type { Db, Tx } from "../db/client";
import { organizations, users } from "../db/schema";
import { AppError, notFound } from "../http/errors";

/** "Require two-factor authentication for admins" as the organization admin sees it. */
export async function organizationTwoFactor(tx: Tx, organizationId: string): Promise<OrganizationTwoFactor> {
  const [org] = await tx
    .select({ required: organizations.requireAdminTwoFactor })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  if (!org) throw notFound();
  return { required: org.required, adminsWithoutTwoFactor: await adminsWithoutTwoFactor(tx, organizationId) };
}

/**
 * Turns the requirement on or off, recorded in the audit log in the same transaction (only when it
 * changes). Turning it on needs the organization admin's own two-factor authentication first: otherwise
 * the change would at once withhold the very page they would use to undo it.
 */
export async function setOrganizationTwoFactor(
  db: Db,
  organizationId: string,
  required: boolean,
  actorUserId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [org] = await tx
      .select({ name: organizations.name, required: organizations.requireAdminTwoFactor })
      .from(organizations)
      .where(eq(organizations.id, organizationId))
      .for("update");
    if (!org) throw notFound();
    if (org.required === required) return;
    if (required) {
      const [actor] = await tx
        .select({ enabled: users.twoFactorEnabled })
        .from(users)
        .where(eq(users.id, actorUserId));
      if (!actor?.enabled) throw new AppError("CONFLICT", TWO_FACTOR_TEXT.setUpYourOwnFirst);
    }
    await tx
      .update(organizations)
      .set({ requireAdminTwoFactor: required, updatedAt: new Date() })
      .where(eq(organizations.id, organizationId));
    await recordAudit(tx, {
      organizationId,
      actorUserId,
      action: "organization.two_factor_requirement_changed",
      subject: { type: "organization", id: organizationId, label: org.name },
      details: { requireAdminTwoFactor: { before: org.required, after: required } },
    });
  });
}
