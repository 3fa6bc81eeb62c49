import { eq } from "drizzle-orm";
import type { AuditDetails } from "../../shared/schemas/audit";
import type { Organization } from "../../shared/schemas/organizations";
import { recordAudit } from "../audit/record";
import { trialHasEnded } from "../billing/plan-changes";
import { billingEnabled } from "../billing/stripe-client";
import type { Config } from "../config";
import type { Db, Tx } from "../db/client";
import { organizations, plans } from "../db/schema";
import { EditConflict } from "../http/edit-conflict";
import { notFound } from "../http/errors";
import { isUuid } from "../http/ids";
import { presentPlan } from "../plans/present";

export type OrganizationWithPlan = Awaited<ReturnType<typeof findOrganization>>;

/** An organization with its current plan, or 404 (malformed ids included). */
export async function findOrganization(db: Tx, id: string) {
  if (!isUuid(id)) throw notFound();
  const [row] = await db
    .select({ org: organizations, plan: plans })
    .from(organizations)
    .innerJoin(plans, eq(plans.id, organizations.planId))
    .where(eq(organizations.id, id));
  if (!row) throw notFound();
  return row;
}

const incrementOf = (tenths: number) => (tenths === 5 ? 0.5 : 1);

type OrganizationSettings = { name: string; increment: 1 | 0.5; contactEmail?: string | null | undefined };

/**
 * Organization Settings: the name, the rating increment and the contact email, recorded in the audit log (the fields that
 * changed, before and after) in the same transaction. The row is locked so that "before" is exact, and
 * so that with `expected` (decision 016) settings changed meanwhile by someone else are refused there:
 * 409 with the stored settings, nothing written or logged.
 */
export async function updateOrganizationSettings(
  db: Db,
  organizationId: string,
  settings: OrganizationSettings & { expected?: OrganizationSettings },
  actorUserId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({
        name: organizations.name,
        incrementTenths: organizations.incrementTenths,
        contactEmail: organizations.contactEmail,
      })
      .from(organizations)
      .where(eq(organizations.id, organizationId))
      .for("update");
    if (!before) throw notFound();
    const stored = {
      name: before.name,
      increment: incrementOf(before.incrementTenths),
      contactEmail: before.contactEmail,
    };
    const { expected } = settings;
    if (
      expected &&
      (expected.name !== stored.name ||
        expected.increment !== stored.increment ||
        (expected.contactEmail !== undefined && expected.contactEmail !== stored.contactEmail))
    ) {
      throw new EditConflict("organization", stored);
    }
    await tx
      .update(organizations)
      .set({
        name: settings.name,
        displayName: settings.name,
        incrementTenths: settings.increment * 10,
        ...(settings.contactEmail === undefined ? {} : { contactEmail: settings.contactEmail }),
        updatedAt: new Date(),
      })
      .where(eq(organizations.id, organizationId));
    const changes: AuditDetails = {};
    if (before.name !== settings.name) changes.name = { before: before.name, after: settings.name };
    if (incrementOf(before.incrementTenths) !== settings.increment) {
      changes.increment = { before: incrementOf(before.incrementTenths), after: settings.increment };
    }
    if (settings.contactEmail !== undefined && before.contactEmail !== settings.contactEmail) {
      changes.contactEmail = { before: before.contactEmail, after: settings.contactEmail };
    }
    if (Object.keys(changes).length === 0) return;
    await recordAudit(tx, {
      organizationId,
      actorUserId,
      action: "organization.updated",
      subject: { type: "organization", id: organizationId, label: settings.name },
      details: changes,
    });
  });
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Members see the name and rating increment; the organization admin also sees the plan and billing. */
export function presentOrganization(
  row: OrganizationWithPlan,
  withPlan: boolean,
  config: Config,
): Organization {
  const { org, plan } = row;
  return {
    _id: org.id,
    name: org.name,
    displayName: org.displayName,
    increment: incrementOf(org.incrementTenths),
    contactEmail: org.contactEmail,
    planInfo: withPlan
      ? {
          plan: presentPlan(plan),
          requestedPlanId: org.requestedPlanId,
          trialEndsAt: iso(org.trialEndsAt),
          trialExpired: trialHasEnded(org, plan.name),
          billingMode: billingEnabled(config) ? "stripe" : "manual",
          stripeId: org.stripeId,
          paymentInterval: org.paymentInterval,
          paymentDate: iso(org.paymentDate),
          nextPayment: iso(org.nextPayment),
        }
      : null,
  };
}
