import { describe, expect, it } from "vitest";
import type { Plan } from "../../../shared/schemas/plans";
import { planFeatures, planPrice } from "./plan-features";

const plan: Plan = {
  _id: "p",
  name: "Starter",
  description: "",
  price: 49,
  public: true,
  adminUsers: 2,
  reviewUsers: 0,
  maxFileSizeMB: 20,
  maxFiles: 5,
  maxPrograms: 3,
  logoBranding: false,
};

describe("plan display", () => {
  it("shows whole prices without cents and others with cents", () => {
    expect(planPrice(plan)).toBe("$49 per month");
    expect(planPrice({ ...plan, price: 19.5 })).toBe("$19.50 per month");
  });

  it("reads a limit of 0 as no limit", () => {
    expect(planFeatures(plan)).toEqual([
      "2 admin users",
      "Unlimited reviewers",
      "20 MB file size limit",
      "5 files per form",
      "3 programs",
      "No logo branding",
    ]);
  });
});
