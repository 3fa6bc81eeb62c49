import { FREE_TRIAL_PLAN_NAME } from "../../shared/limits";
import type { Db } from "../db/client";
import { plans } from "../db/schema";

type PlanSeed = typeof plans.$inferInsert;

/** The plans every installation has. 0 in a limit means "no limit". */
export const PLAN_SEEDS: PlanSeed[] = [
  {
    name: FREE_TRIAL_PLAN_NAME,
    description: "One month to try everything with a small committee.",
    priceCents: 0,
    adminUsers: 2,
    reviewUsers: 5,
    maxFileSizeMB: 20,
    maxFiles: 5,
    maxPrograms: 1,
    logoBranding: false,
    public: false,
  },
  {
    name: "Starter",
    description: "A first funding program with a small committee.",
    priceCents: 4900,
    adminUsers: 2,
    reviewUsers: 10,
    maxFileSizeMB: 20,
    maxFiles: 5,
    maxPrograms: 2,
    logoBranding: false,
    public: true,
  },
  {
    name: "Foundation",
    description: "Several programs, larger committees and your own branding.",
    priceCents: 14900,
    adminUsers: 5,
    reviewUsers: 50,
    maxFileSizeMB: 50,
    maxFiles: 10,
    maxPrograms: 10,
    logoBranding: true,
    public: true,
  },
  {
    name: "Enterprise",
    description: "No limits on programs, people or files.",
    priceCents: 49900,
    adminUsers: 0,
    reviewUsers: 0,
    maxFileSizeMB: 100,
    maxFiles: 0,
    maxPrograms: 0,
    logoBranding: true,
    public: true,
  },
];

/** Idempotent: inserts the plans that are missing (by name), never changes existing ones. */
export async function ensureReferenceData(db: Db): Promise<void> {
  await db.insert(plans).values(PLAN_SEEDS).onConflictDoNothing({ target: plans.name });
}
