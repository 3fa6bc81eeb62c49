import { FREE_TRIAL_PLAN_NAME } from "../../../shared/limits";
import { type ProgramAllowance, programsLeft } from "../../../shared/schemas/programs";
import { formatLongDate } from "../../lib/date-format";

/** Where a plan is chosen or started. */
export const BILLING_PATH = "/organization/billing";

export interface AllowanceNotice {
  /** The limit bites: "Add new" is disabled, and this says why. */
  blocking: boolean;
  text: string;
}

const programs = (n: number) => `${n} active ${n === 1 ? "program" : "programs"}`;

/**
 * Why "Add new" is disabled, or what the free trial allows while it is not (docs/decisions/031-admin-and-copy-fixes.md):
 * an organization that chose a plan at sign-up runs on the Free Trial plan until it starts that plan on
 * Billing, which the page says where the limit shows rather than leaving "0 left" unexplained. Null when
 * there is nothing to say (a paid plan with room left).
 */
export function allowanceNotice(allowance: ProgramAllowance): AllowanceNotice | null {
  const onTrial = allowance.planName === FREE_TRIAL_PLAN_NAME;
  const until = allowance.trialEndsAt === null ? null : formatLongDate(allowance.trialEndsAt);
  const chosen = allowance.requestedPlanName;
  const start =
    chosen === null ? "Choose a plan on Billing" : `Start the ${chosen} plan you chose on Billing`;
  if (allowance.trialEnded) {
    return {
      blocking: true,
      text: `Your free trial ended${until === null ? "" : ` on ${until}`}. Your programs keep working, but a new one needs a plan: ${start.charAt(0).toLowerCase()}${start.slice(1)}.`,
    };
  }
  const full = !allowance.canCreate || programsLeft(allowance) === 0;
  if (onTrial) {
    const trial = `Your organization is on the free trial${until === null ? "" : ` until ${until}`}, which allows ${programs(allowance.max)}`;
    return full
      ? {
          blocking: true,
          text: `${trial}, all in use. ${start} to add more, or archive a program to free its place.`,
        }
      : { blocking: false, text: `${trial}. ${start} for more.` };
  }
  if (!full) return null;
  return {
    blocking: true,
    text: `Your ${allowance.planName} plan allows ${programs(allowance.max)}, all in use. Archive a program to free its place, or choose a larger plan on Billing.`,
  };
}
