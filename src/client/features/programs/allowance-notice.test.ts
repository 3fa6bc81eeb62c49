import { describe, expect, it } from "vitest";
import type { ProgramAllowance } from "../../../shared/schemas/programs";
import { formatLongDate } from "../../lib/date-format";
import { allowanceNotice } from "./allowance-notice";

const trial: ProgramAllowance = {
  organizationId: "o1",
  used: 0,
  max: 1,
  canCreate: true,
  planName: "Free Trial",
  requestedPlanName: "Foundation",
  trialEndsAt: "2026-12-27T12:00:00.000Z",
  trialEnded: false,
};
const until = formatLongDate(trial.trialEndsAt!);

describe("why Add new is disabled, said where the limit shows", () => {
  it("explains the free trial and the plan chosen at sign-up, with room left", () => {
    expect(allowanceNotice(trial)).toEqual({
      blocking: false,
      text: `Your organization is on the free trial until ${until}, which allows 1 active program. Start the Foundation plan you chose on Billing for more.`,
    });
  });

  it("says the trial's one program is in use and how to get more", () => {
    expect(allowanceNotice({ ...trial, used: 1, canCreate: false })).toEqual({
      blocking: true,
      text: `Your organization is on the free trial until ${until}, which allows 1 active program, all in use. Start the Foundation plan you chose on Billing to add more, or archive a program to free its place.`,
    });
  });

  it("says an ended trial adds nothing until a plan is chosen, whatever the count", () => {
    const notice = allowanceNotice({ ...trial, canCreate: false, trialEnded: true });
    expect(notice?.blocking).toBe(true);
    expect(notice?.text).toBe(
      `Your free trial ended on ${until}. Your programs keep working, but a new one needs a plan: start the Foundation plan you chose on Billing.`,
    );
  });

  it("says nothing on a paid plan with room left, and names the plan when it is full", () => {
    const paid = { ...trial, planName: "Starter", requestedPlanName: null, trialEndsAt: null, max: 2 };
    expect(allowanceNotice({ ...paid, used: 1 })).toBeNull();
    expect(allowanceNotice({ ...paid, used: 2, canCreate: false })?.text).toBe(
      "Your Starter plan allows 2 active programs, all in use. Archive a program to free its place, or choose a larger plan on Billing.",
    );
  });
});
