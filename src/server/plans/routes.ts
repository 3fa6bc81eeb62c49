import { createRoute } from "@hono/zod-openapi";
import { asc, eq } from "drizzle-orm";
import { plansResultSchema } from "../../shared/schemas/plans";
import { plans } from "../db/schema";
import { authorize } from "../http/door";
import { createRouter, jsonResponse } from "../http/router";
import { presentPlan } from "./present";

export const planRoutes = createRouter().openapi(
  createRoute({
    method: "get",
    path: "/",
    tags: ["plans"],
    summary: "Public plans, sorted by price (the Free Trial plan is not public)",
    responses: { 200: jsonResponse(plansResultSchema, "The public plans") },
  }),
  async (c) => {
    authorize(c, "plans:list", null);
    const rows = await c
      .get("deps")
      .db.select()
      .from(plans)
      .where(eq(plans.public, true))
      .orderBy(asc(plans.priceCents), asc(plans.name));
    return c.json({ plans: rows.map(presentPlan) }, 200);
  },
);
