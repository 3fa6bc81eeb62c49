import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import { FREE_TRIAL_MONTHS, FREE_TRIAL_PLAN_NAME } from "../../shared/limits";
import { SUPPORT_EMAIL } from "../../shared/messages";
import type { signUpBodySchema } from "../../shared/schemas/users";
import type { Db } from "../db/client";
import { organizations, plans } from "../db/schema";
import { enqueueEmail } from "../email/outbox";
import { welcomeEmail } from "../email/templates";
import { AppError } from "../http/errors";
import { createAccountWithPassword } from "./accounts";

export function trialEnd(from: Date): Date {
  const end = new Date(from);
  end.setMonth(end.getMonth() + FREE_TRIAL_MONTHS);
  return end;
}

/**
 * Sign-up. An admin sign-up creates the organization on a one-month free trial (the organization
 * runs on the Free Trial plan and remembers the public plan it chose) with the signer as its
 * organization admin, and the welcome email is queued. An applicant sign-up creates an applicant account only. One transaction:
 * either all of it exists afterwards, or none of it.
 */
export async function signUp(
  db: Db,
  body: z.output<typeof signUpBodySchema>,
  options: { publicUrl: string },
  now = new Date(),
): Promise<{ userId: string; organizationId: string | null }> {
  if (body.applicant) {
    const userId = await db.transaction((tx) =>
      createAccountWithPassword(tx, {
        email: body.email,
        name: body.displayName,
        password: body.password,
        applicant: true,
        emailConsent: body.emailConsent,
      }),
    );
    return { userId, organizationId: null };
  }
  const organizationName = body.organizationName?.trim() ?? "";
  if (!organizationName) {
    throw new AppError("VALIDATION", "Some fields are not valid.", { organizationName: ["Required"] });
  }
  return db.transaction(async (tx) => {
    const [chosen] = body.organizationPlan
      ? await tx
          .select({ id: plans.id })
          .from(plans)
          .where(and(eq(plans.id, body.organizationPlan), eq(plans.public, true)))
      : [];
    if (!chosen) {
      throw new AppError("VALIDATION", "Some fields are not valid.", { organizationPlan: ["Choose a plan"] });
    }
    const [trial] = await tx.select({ id: plans.id }).from(plans).where(eq(plans.name, FREE_TRIAL_PLAN_NAME));
    if (!trial) throw new Error("The Free Trial plan is missing: reference data was not seeded.");
    const [org] = await tx
      .insert(organizations)
      .values({
        name: organizationName,
        displayName: organizationName,
        planId: trial.id,
        requestedPlanId: chosen.id,
        trialEndsAt: trialEnd(now),
      })
      .returning({ id: organizations.id });
    const userId = await createAccountWithPassword(tx, {
      email: body.email,
      name: body.displayName,
      password: body.password,
      adminOrganizationId: org!.id,
      emailConsent: body.emailConsent,
    });
    // Through the outbox, in the same transaction: no welcome for an account that was not created.
    await enqueueEmail(tx, {
      kind: "welcome",
      to: [body.email],
      replyTo: SUPPORT_EMAIL,
      organizationId: org!.id,
      dedupeKey: `welcome:${userId}`,
      ...welcomeEmail({
        name: body.displayName,
        organization: organizationName,
        trialEnds: trialEnd(now).toLocaleDateString("en-US", { dateStyle: "long", timeZone: "UTC" }),
        signInUrl: `${options.publicUrl}/login?email=${encodeURIComponent(body.email)}`,
      }),
    });
    return { userId, organizationId: org!.id };
  });
}
