import { describe, expect, it } from "vitest";
import { FREE_TRIAL_PLAN_NAME } from "../../../shared/limits";
import { BILLING_MESSAGES } from "../../../shared/schemas/billing";
import type { Plan } from "../../../shared/schemas/plans";
import { monthlyPrice, planFeatureRows } from "../../lib/plan-display";
import { formatLongDate, type PlanInfo, trialNotice } from "./plan-details";

const starter: Plan = {
  _id: "starter",
  name: "Starter",
  description: "A small plan.",
  price: 49,
  public: true,
  adminUsers: 3,
  reviewUsers: 12,
  maxFileSizeMB: 25,
  maxFiles: 4,
  maxPrograms: 2,
  logoBranding: false,
};

const enterprise: Plan = {
  ...starter,
  _id: "enterprise",
  name: "Enterprise",
  price: 499,
  adminUsers: 0,
  reviewUsers: 0,
  maxFileSizeMB: 0,
  maxFiles: 0,
  maxPrograms: 0,
  logoBranding: true,
};

const trial: Plan = { ...starter, _id: "trial", name: FREE_TRIAL_PLAN_NAME, price: 0, public: false };

function planInfo(overrides: Partial<PlanInfo>): PlanInfo {
  return {
    plan: trial,
    requestedPlanId: starter._id,
    trialEndsAt: "2026-03-15T12:00:00.000Z",
    trialExpired: false,
    billingMode: "manual",
    stripeId: null,
    paymentInterval: null,
    paymentDate: null,
    nextPayment: null,
    ...overrides,
  };
}

describe("plan details on the billing page", () => {
  it("labels the six features, reading a limit of 0 as unlimited", () => {
    expect(planFeatureRows(starter)).toEqual([
      { label: "Admin users", value: "3" },
      { label: "Reviewers", value: "12" },
      { label: "File size limit", value: "25 MB" },
      { label: "Max files", value: "4" },
      { label: "Max programs", value: "2" },
      { label: "Logo branding", value: "No" },
    ]);
    expect(planFeatureRows(enterprise).map((row) => row.value)).toEqual([
      "Unlimited",
      "Unlimited",
      "Unlimited",
      "Unlimited",
      "Unlimited",
      "Yes",
    ]);
  });

  it("shows the price per month, with cents only when there are any", () => {
    expect(monthlyPrice(starter)).toBe("$49 / month");
    expect(monthlyPrice({ ...starter, price: 19.5 })).toBe("$19.50 / month");
    expect(monthlyPrice({ ...starter, price: 1490 })).toBe("$1,490 / month");
  });

  it("says when the free trial ends, or that it has ended", () => {
    const date = formatLongDate("2026-03-15T12:00:00.000Z");
    expect(date).toBe("March 15, 2026");
    expect(trialNotice(planInfo({}))).toEqual({ message: BILLING_MESSAGES.trialEnds(date), ended: false });
    expect(trialNotice(planInfo({ trialExpired: true }))).toEqual({
      message: BILLING_MESSAGES.trialEnded(date),
      ended: true,
    });
  });

  it("says nothing about a trial on a paid plan", () => {
    expect(trialNotice(planInfo({ plan: starter, trialEndsAt: "2026-03-15T12:00:00.000Z" }))).toBeNull();
    expect(trialNotice(planInfo({ trialEndsAt: null }))).toBeNull();
  });
});
