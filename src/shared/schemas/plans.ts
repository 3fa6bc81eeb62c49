import { z } from "zod";

export const planSchema = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  /** Monthly price in the plan's currency units (dollars). */
  price: z.number(),
  public: z.boolean(),
  adminUsers: z.number().int(),
  reviewUsers: z.number().int(),
  maxFileSizeMB: z.number().int(),
  maxFiles: z.number().int(),
  maxPrograms: z.number().int(),
  logoBranding: z.boolean(),
});
export type Plan = z.infer<typeof planSchema>;

export const plansResultSchema = z.object({ plans: z.array(planSchema) });
