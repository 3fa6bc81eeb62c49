import type { Plan } from "../../shared/schemas/plans";
import type { plans } from "../db/schema";

export function presentPlan(p: typeof plans.$inferSelect): Plan {
  return {
    _id: p.id,
    name: p.name,
    description: p.description,
    price: p.priceCents / 100,
    public: p.public,
    adminUsers: p.adminUsers,
    reviewUsers: p.reviewUsers,
    maxFileSizeMB: p.maxFileSizeMB,
    maxFiles: p.maxFiles,
    maxPrograms: p.maxPrograms,
    logoBranding: p.logoBranding,
  };
}
