import { desc, sql } from "drizzle-orm";
import { plans } from "../../../src/server/db/schema";
import { PLAN_SEEDS } from "../../../src/server/plans/reference-data";
import type { GenerationStep } from "../context";

/**
 * Plans are global reference data: reuse them when present, otherwise insert the catalogue our
 * server seeds (with reproducible ids and dates). The benchmark organization goes on the unlimited
 * plan: 20 programs and 200 reviewers exceed a trial's limits, and a paid plan keeps trial-expiry
 * rules out of the measurements.
 */
export const plansStep: GenerationStep = {
  name: "plans",
  async run(ctx) {
    if ((await ctx.tx.$count(plans)) === 0) {
      await ctx.insert(
        plans,
        PLAN_SEEDS.map((seed) => ({ ...seed, id: ctx.random.uuid(), createdAt: ctx.anchor })),
      );
    }
    // The unlimited plan (0 = no limit on programs), else the most expensive one.
    const [plan] = await ctx.tx
      .select({ id: plans.id })
      .from(plans)
      .orderBy(desc(sql`${plans.maxPrograms} = 0`), desc(plans.priceCents), plans.name)
      .limit(1);
    if (!plan) throw new Error("No plan to put the organization on.");
    ctx.data.planId = plan.id;
  },
};
