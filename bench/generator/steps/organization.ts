import { organizations } from "../../../src/server/db/schema";
import { type GenerationStep, need } from "../context";

/** Far enough ahead that no billing or trial rule ever applies during a benchmark. */
const NEXT_PAYMENT = new Date("2099-01-01T00:00:00Z");

export const organizationStep: GenerationStep = {
  name: "organization",
  async run(ctx) {
    const id = ctx.random.uuid();
    const createdAt = ctx.random.dateBefore(ctx.anchor, 3 * 365);
    await ctx.insert(organizations, [
      {
        id,
        name: "Bench Foundation",
        displayName: "The Bench Foundation for Community Grants",
        incrementTenths: 5,
        planId: need(ctx.data.planId, "the plan"),
        paymentInterval: "year",
        paymentDate: ctx.anchor,
        nextPayment: NEXT_PAYMENT,
        createdAt,
        updatedAt: createdAt,
      },
    ]);
    ctx.data.organizationId = id;
  },
};
