import { expect } from "vitest";

/**
 * Signs up a new organization through the API (as the sign-up page does) on the named public plan,
 * or the first one; returns the founder's email.
 */
export async function signUpOrganization(
  baseURL: string,
  opts: { password: string; planName?: string; emailPrefix?: string; displayName?: string },
): Promise<string> {
  const plans = (await (await fetch(`${baseURL}/api/plans`)).json()) as {
    plans: { _id: string; name: string }[];
  };
  const plan = opts.planName ? plans.plans.find((p) => p.name === opts.planName) : plans.plans[0];
  expect(plan, `plan ${opts.planName ?? "(first)"}`).toBeDefined();
  const email = `${opts.emailPrefix ?? "founder"}-${Date.now()}@example.test`;
  const created = await fetch(`${baseURL}/api/users/create`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseURL },
    body: JSON.stringify({
      displayName: opts.displayName ?? "Paula Planner",
      email,
      password: opts.password,
      organizationName: `${plan?.name ?? "Plan"} Org ${Date.now()}`,
      organizationPlan: plan?._id,
    }),
  });
  expect(created.status).toBe(201);
  return email;
}
