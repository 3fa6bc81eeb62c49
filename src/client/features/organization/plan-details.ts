import { FREE_TRIAL_PLAN_NAME } from "../../../shared/limits";
import { BILLING_MESSAGES } from "../../../shared/schemas/billing";
import type { Organization } from "../../../shared/schemas/organizations";
import { formatLongDate } from "../../lib/date-format";

export type PlanInfo = NonNullable<Organization["planInfo"]>;

/** "March 3, 2026", in the viewer's time zone (one way of writing dates everywhere). */
export { formatLongDate };

export interface TrialNotice {
  message: string;
  ended: boolean;
}

/** On the Free Trial plan: when the trial ends, or that it has ended. */
export function trialNotice(planInfo: PlanInfo): TrialNotice | null {
  if (planInfo.plan.name !== FREE_TRIAL_PLAN_NAME || planInfo.trialEndsAt === null) return null;
  const date = formatLongDate(planInfo.trialEndsAt);
  return planInfo.trialExpired
    ? { message: BILLING_MESSAGES.trialEnded(date), ended: true }
    : { message: BILLING_MESSAGES.trialEnds(date), ended: false };
}
