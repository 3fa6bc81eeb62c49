import { count, eq } from "drizzle-orm";
import type { ProgramRole } from "../../shared/authz/roles";
import type { Db } from "../db/client";
import { organizations, plans, programMembers, programs } from "../db/schema";
import { createAccountWithPassword } from "../users/accounts";

export const DEMO_ORGANIZATION_NAME = "Demo Foundation";
const DEMO_PLAN_NAME = "Foundation";

export interface DemoAccount {
  email: string;
  name: string;
  what: string;
}

/** One account for every role. Later issues add forms, submissions, reviews and decisions. */
export const DEMO_ACCOUNTS: (DemoAccount & {
  role?: ProgramRole;
  orgAdmin?: boolean;
  applicant?: boolean;
})[] = [
  { email: "orgadmin@demo.test", name: "Olivia Owens", what: "organization admin", orgAdmin: true },
  { email: "admin@demo.test", name: "Adam Adler", what: "program admin", role: "ADMIN" },
  {
    email: "adminreviewer@demo.test",
    name: "Ada Reyes",
    what: "admin & committee member",
    role: "ADMIN_REVIEWER",
  },
  { email: "reviewer@demo.test", name: "Rita Reviewer", what: "committee member", role: "REVIEWER" },
  { email: "guest@demo.test", name: "Gus Guest", what: "guest", role: "GUEST" },
  { email: "applicant@demo.test", name: "Ann Applicant", what: "applicant", applicant: true },
];

/** Creates the demo organization when the database has no organization yet. Returns whether it did. */
export async function seedDemoIfEmpty(db: Db, password: string): Promise<boolean> {
  const [existing] = await db.select({ n: count() }).from(organizations);
  if ((existing?.n ?? 0) > 0) return false;
  await db.transaction(async (tx) => {
    const [plan] = await tx.select({ id: plans.id }).from(plans).where(eq(plans.name, DEMO_PLAN_NAME));
    if (!plan) throw new Error(`The ${DEMO_PLAN_NAME} plan is missing: reference data was not seeded.`);
    const [org] = await tx
      .insert(organizations)
      .values({ name: DEMO_ORGANIZATION_NAME, displayName: DEMO_ORGANIZATION_NAME, planId: plan.id })
      .returning({ id: organizations.id });
    const orgId = org!.id;
    const [current, archived] = await tx
      .insert(programs)
      .values([
        { organizationId: orgId, name: "Community Grants 2026", appVersion: 3 },
        {
          organizationId: orgId,
          name: "Community Grants 2025",
          appVersion: 3,
          archived: true,
          archivedAt: new Date("2026-01-15T00:00:00Z"),
        },
      ])
      .returning({ id: programs.id });
    for (const account of DEMO_ACCOUNTS) {
      const userId = await createAccountWithPassword(tx, {
        email: account.email,
        name: account.name,
        password,
        applicant: account.applicant ?? false,
        adminOrganizationId: account.orgAdmin ? orgId : null,
      });
      if (account.role) {
        await tx.insert(programMembers).values(
          [current!, archived!].map((p) => ({
            organizationId: orgId,
            programId: p.id,
            userId,
            role: account.role!,
          })),
        );
      }
    }
  });
  return true;
}
