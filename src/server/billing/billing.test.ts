import { count, eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BILLING_MESSAGES } from "../../shared/schemas/billing";
import type { Organization } from "../../shared/schemas/organizations";
import { organizations, planChanges, plans, stripeEvents } from "../db/schema";
import { buildCast, buildOrg, buildProgram, buildUser } from "../test/factories";
import { createTestApp, type TestApp } from "../test/harness";
import { type StripeStub, startStripeStub } from "./test/stripe-stub";

const WEBHOOK_SECRET = "whsec_test_secret_for_signatures";
const planId = async (t: TestApp, name: string) =>
  (await t.deps.db.select({ id: plans.id }).from(plans).where(eq(plans.name, name)))[0]!.id;
const orgRow = async (t: TestApp, id: string) =>
  (await t.deps.db.select().from(organizations).where(eq(organizations.id, id)))[0]!;
const changesOf = async (t: TestApp, id: string) =>
  t.deps.db.select().from(planChanges).where(eq(planChanges.organizationId, id));
const messageOf = async (res: Response) =>
  ((await res.json()) as { error: { message: string } }).error.message;

/** An organization on the Free Trial with its organization admin signed in. */
async function trialOrganization(t: TestApp, trialEndsAt: Date | null = null) {
  const org = await buildOrg(t.deps.db, { planName: "Free Trial" });
  if (trialEndsAt)
    await t.deps.db.update(organizations).set({ trialEndsAt }).where(eq(organizations.id, org.id));
  const founder = await buildUser(t.deps.db, { adminOrganizationId: org.id, name: "Founder" });
  return { org, founder, cookie: await t.signIn(founder.email) };
}

describe("billing off (no Stripe keys): the organization admin switches plans directly", () => {
  let t: TestApp;
  let cast: Awaited<ReturnType<typeof buildCast>>;
  beforeAll(async () => {
    t = await createTestApp();
    cast = await buildCast(t.deps.db);
  });
  afterAll(() => t.close());

  it("switches the plan, records who did it, and shows billing as manual", async () => {
    const { org, founder, cookie } = await trialOrganization(t);
    const starter = await planId(t, "Starter");
    const res = await t.request("/api/organizations/updatePlan", {
      method: "POST",
      cookie,
      body: { orgId: org.id, planId: starter },
    });
    expect(res.status).toBe(200);
    const { organization } = (await res.json()) as { organization: Organization };
    expect(organization.planInfo).toMatchObject({ billingMode: "manual", trialExpired: false });
    expect(organization.planInfo?.plan.name).toBe("Starter");
    expect((await orgRow(t, org.id)).planId).toBe(starter);
    const [change] = await changesOf(t, org.id);
    expect(change).toMatchObject({
      fromPlanId: await planId(t, "Free Trial"),
      toPlanId: starter,
      source: "manual",
      changedBy: founder.id,
    });
    // The new limit applies at once: Starter allows 2 programs.
    const list = await t.request(`/api/programs/all/${founder.id}`, { cookie });
    expect(((await list.json()) as { allowance: { max: number } }).allowance.max).toBe(2);
  });

  it("refuses the non-public Free Trial, the current plan and unknown plans, changing nothing", async () => {
    const { org, cookie } = await trialOrganization(t);
    const attempts = [
      { planId: await planId(t, "Free Trial"), status: 400, message: BILLING_MESSAGES.notPublic },
      { planId: "00000000-0000-4000-8000-000000000000", status: 400, message: BILLING_MESSAGES.notPublic },
      { planId: "not-a-uuid", status: 400, message: BILLING_MESSAGES.notPublic },
    ];
    for (const a of attempts) {
      const res = await t.request("/api/organizations/updatePlan", {
        method: "POST",
        cookie,
        body: { orgId: org.id, planId: a.planId },
      });
      expect(res.status).toBe(a.status);
      expect(await messageOf(res)).toBe(a.message);
    }
    const res = await t.request("/api/organizations/updatePlan", {
      method: "POST",
      cookie,
      body: { orgId: org.id, planId: await planId(t, "Enterprise"), payment: { stripeID: "forged" } },
    });
    expect(res.status).toBe(400);
    expect(await changesOf(t, org.id)).toEqual([]);
    expect((await orgRow(t, org.id)).planId).toBe(await planId(t, "Free Trial"));

    const starter = { orgId: org.id, planId: await planId(t, "Starter") };
    expect(
      (await t.request("/api/organizations/updatePlan", { method: "POST", cookie, body: starter })).status,
    ).toBe(200);
    const same = await t.request("/api/organizations/updatePlan", { method: "POST", cookie, body: starter });
    expect(same.status).toBe(409);
    expect(await messageOf(same)).toBe(BILLING_MESSAGES.samePlan);
    expect(await changesOf(t, org.id)).toHaveLength(1);
  });

  it("takes the call table's payload: records a payment made outside the app with the switch", async () => {
    const { org, cookie } = await trialOrganization(t);
    const starter = await planId(t, "Starter");
    const res = await t.request("/api/organizations/updatePlan", {
      method: "POST",
      cookie,
      body: {
        orgId: org.id,
        planId: starter,
        nextPayment: "2026-03-15T00:00:00.000Z",
        paymentInterval: "MONTHLY",
        payment: { paymentDate: "2026-02-15T00:00:00.000Z", stripeID: "INV-2026-0042" },
      },
    });
    expect(res.status).toBe(200);
    const { organization } = (await res.json()) as { organization: Organization };
    expect(organization.planInfo).toMatchObject({
      stripeId: "INV-2026-0042",
      paymentInterval: "MONTHLY",
      paymentDate: "2026-02-15T00:00:00.000Z",
      nextPayment: "2026-03-15T00:00:00.000Z",
    });
    expect(await changesOf(t, org.id)).toHaveLength(1);

    // Without nextPayment, the next one is due a month after the payment.
    const again = await t.request("/api/organizations/updatePlan", {
      method: "POST",
      cookie,
      body: {
        orgId: org.id,
        planId: await planId(t, "Foundation"),
        payment: { paymentDate: "2026-04-01T12:00:00.000Z", stripeID: "INV-2026-0051" },
      },
    });
    expect(again.status).toBe(200);
    expect((await orgRow(t, org.id)).nextPayment?.toISOString()).toBe("2026-05-01T12:00:00.000Z");
  });

  it("answers 400 with the field for a bad payment, changing nothing", async () => {
    const { org, cookie } = await trialOrganization(t);
    const base = { orgId: org.id, planId: await planId(t, "Starter") };
    const payment = { paymentDate: "2026-02-15T00:00:00.000Z", stripeID: "INV-1" };
    const attempts: [Record<string, unknown>, string][] = [
      [{ paymentInterval: "YEARLY", payment }, "paymentInterval"],
      [{ payment: { ...payment, paymentDate: "yesterday" } }, "payment.paymentDate"],
      [{ payment: { ...payment, stripeID: " " } }, "payment.stripeID"],
      [{ nextPayment: "2026-03-15T00:00:00.000Z" }, "payment"],
      [{ nextPayment: "2026-01-15T00:00:00.000Z", payment }, "nextPayment"],
      [{ payment: { ...payment, amount: 10 } }, "payment"],
    ];
    for (const [extra, field] of attempts) {
      const res = await t.request("/api/organizations/updatePlan", {
        method: "POST",
        cookie,
        body: { ...base, ...extra },
      });
      expect(res.status, field).toBe(400);
      const body = (await res.json()) as { error: { fields?: Record<string, string[]> } };
      expect(Object.keys(body.error.fields ?? {}), JSON.stringify(extra)).toContain(field);
    }
    expect(await changesOf(t, org.id)).toEqual([]);
    const row = await orgRow(t, org.id);
    expect(row.planId).toBe(await planId(t, "Free Trial"));
    expect(row.stripeId).toBeNull();
  });

  it("lets nobody but the organization's own admin change its plan (404, nothing changes)", async () => {
    const enterprise = await planId(t, "Enterprise");
    for (const email of [cast.members.ADMIN.email, cast.members.REVIEWER.email, cast.otherOrgAdmin.email]) {
      const res = await t.request("/api/organizations/updatePlan", {
        method: "POST",
        cookie: await t.signIn(email),
        body: { orgId: cast.org.id, planId: enterprise },
      });
      expect(res.status).toBe(404);
    }
    const anonymous = await t.request("/api/organizations/updatePlan", {
      method: "POST",
      body: { orgId: cast.org.id, planId: enterprise },
    });
    expect(anonymous.status).toBe(401);
    expect((await orgRow(t, cast.org.id)).planId).toBe(await planId(t, "Foundation"));
    expect(await changesOf(t, cast.org.id)).toEqual([]);
  });

  it("has no Checkout and no webhook without Stripe", async () => {
    const { org, cookie } = await trialOrganization(t);
    const checkout = await t.request("/api/organizations/checkout", {
      method: "POST",
      cookie,
      body: { orgId: org.id, planId: await planId(t, "Starter") },
    });
    expect(checkout.status).toBe(409);
    expect(await messageOf(checkout)).toBe(BILLING_MESSAGES.billingOff);
    const hook = await t.request("/api/webhooks/stripe", {
      method: "POST",
      body: "{}",
      headers: { "stripe-signature": "t=1,v1=abc" },
    });
    expect(hook.status).toBe(404);
  });
});

describe("an expired free trial", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("keeps everything readable, stops new programs, and choosing a plan lifts it", async () => {
    const { org, founder, cookie } = await trialOrganization(t, new Date(Date.now() - 60_000));
    const program = await buildProgram(t.deps.db, org.id, { name: "Kept Program" });
    const info = await t.request(`/api/organizations/${org.id}`, { cookie });
    expect(((await info.json()) as { organization: Organization }).organization.planInfo?.trialExpired).toBe(
      true,
    );
    const list = await t.request(`/api/programs/all/${founder.id}`, { cookie });
    expect(JSON.stringify(await list.json())).toContain("Kept Program");

    const refused = await t.request("/api/programs", {
      method: "POST",
      cookie,
      body: { displayName: "New" },
    });
    expect(refused.status).toBe(403);
    expect(await messageOf(refused)).toBe(BILLING_MESSAGES.trialExpiredAction);
    const duplicate = await t.request(`/api/programs/duplicate/${program.id}`, { method: "POST", cookie });
    expect(duplicate.status).toBe(403);

    const switched = await t.request("/api/organizations/updatePlan", {
      method: "POST",
      cookie,
      body: { orgId: org.id, planId: await planId(t, "Foundation") },
    });
    expect(
      ((await switched.json()) as { organization: Organization }).organization.planInfo?.trialExpired,
    ).toBe(false);
    const created = await t.request("/api/programs", {
      method: "POST",
      cookie,
      body: { displayName: "New" },
    });
    expect(created.status).toBe(201);
  });
});

describe("billing with Stripe (offline: a local stub API and signed test payloads)", () => {
  let t: TestApp;
  let stub: StripeStub;
  const signer = new Stripe("sk_test_signer_only");
  beforeAll(async () => {
    stub = await startStripeStub();
    t = await createTestApp({
      STRIPE_SECRET_KEY: "sk_test_local",
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: stub.url,
    });
  });
  afterAll(async () => {
    await t.close();
    await stub.close();
  });

  const deliver = (
    payload: string,
    signature = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
  ) =>
    t.request("/api/webhooks/stripe", {
      method: "POST",
      body: payload,
      headers: { "stripe-signature": signature, "content-type": "application/json" },
    });

  function checkoutCompleted(eventId: string, organizationId: string, plan: string, created = 1_790_000_000) {
    return JSON.stringify({
      id: eventId,
      object: "event",
      type: "checkout.session.completed",
      created,
      data: {
        object: {
          id: "cs_test_1",
          object: "checkout.session",
          payment_status: "paid",
          subscription: "sub_123",
          customer: "cus_123",
          metadata: { organizationId, planId: plan },
        },
      },
    });
  }

  it("creates a Checkout session for the plan through the SDK and returns its URL", async () => {
    const { org, founder, cookie } = await trialOrganization(t);
    const starter = await planId(t, "Starter");
    const res = await t.request("/api/organizations/checkout", {
      method: "POST",
      cookie,
      body: { orgId: org.id, planId: starter },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ url: "https://checkout.stripe.test/pay/cs_test_1" });
    const sent = stub.checkoutRequests.at(-1)!;
    expect(sent).toMatchObject({
      mode: "subscription",
      "line_items[0][price_data][unit_amount]": "4900",
      "line_items[0][price_data][recurring][interval]": "month",
      "metadata[organizationId]": org.id,
      "metadata[planId]": starter,
      client_reference_id: org.id,
      customer_email: founder.email,
      success_url: "http://localhost:3000/organization/billing?checkout=success",
    });
    // Paying is what changes the plan, not asking to.
    expect((await orgRow(t, org.id)).planId).toBe(await planId(t, "Free Trial"));
  });

  it("refuses the direct switch: with Stripe, plans change only through the verified webhook", async () => {
    const { org, cookie } = await trialOrganization(t);
    const enterprise = await planId(t, "Enterprise");
    const payment = { paymentDate: "2026-02-15T00:00:00.000Z", stripeID: "pi_claimed" };
    for (const body of [
      { orgId: org.id, planId: enterprise },
      // The call table's payload claims a payment: only Stripe's signed webhook may say so.
      { orgId: org.id, planId: enterprise, paymentInterval: "MONTHLY", payment },
    ]) {
      const res = await t.request("/api/organizations/updatePlan", { method: "POST", cookie, body });
      expect(res.status).toBe(409);
      expect(await messageOf(res)).toBe(BILLING_MESSAGES.stripeOnly);
    }
    const row = await orgRow(t, org.id);
    expect(row.planId).toBe(await planId(t, "Free Trial"));
    expect(row.stripeId).toBeNull();
    expect(await changesOf(t, org.id)).toEqual([]);
  });

  it("applies a signed checkout.session.completed once: plan, payment date, Stripe id, next payment", async () => {
    const { org } = await trialOrganization(t);
    const foundation = await planId(t, "Foundation");
    const payload = checkoutCompleted("evt_paid_1", org.id, foundation);
    const first = await deliver(payload);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true, outcome: "applied" });
    const row = await orgRow(t, org.id);
    expect(row).toMatchObject({ planId: foundation, stripeId: "sub_123", paymentInterval: "MONTHLY" });
    expect(row.paymentDate?.toISOString()).toBe(new Date(1_790_000_000 * 1000).toISOString());
    const expectedNext = new Date(1_790_000_000 * 1000);
    expectedNext.setMonth(expectedNext.getMonth() + 1);
    expect(row.nextPayment?.toISOString()).toBe(expectedNext.toISOString());

    // Stripe retries, or someone replays the delivery: applied once.
    const replay = await deliver(payload);
    expect(await replay.json()).toEqual({ received: true, outcome: "duplicate" });
    const changes = await changesOf(t, org.id);
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ source: "stripe", stripeEventId: "evt_paid_1", toPlanId: foundation });
  });

  it("rejects a forged signature and changes nothing", async () => {
    const { org } = await trialOrganization(t);
    const payload = checkoutCompleted("evt_forged", org.id, await planId(t, "Enterprise"));
    const forged = new Stripe("sk_test_other").webhooks.generateTestHeaderString({
      payload,
      secret: "whsec_not_ours",
    });
    for (const signature of [forged, "t=1,v1=deadbeef", "garbage"]) {
      const res = await deliver(payload, signature);
      expect(res.status).toBe(400);
    }
    const missing = await t.request("/api/webhooks/stripe", { method: "POST", body: payload });
    expect(missing.status).toBe(400);
    expect((await orgRow(t, org.id)).planId).toBe(await planId(t, "Free Trial"));
    const [recorded] = await t.deps.db
      .select({ n: count() })
      .from(stripeEvents)
      .where(eq(stripeEvents.id, "evt_forged"));
    expect(recorded!.n).toBe(0);
  });

  it("ignores a signed event for a plan that is not public or an organization that does not exist", async () => {
    const { org } = await trialOrganization(t);
    const forTrial = await deliver(
      checkoutCompleted("evt_trial_plan", org.id, await planId(t, "Free Trial")),
    );
    expect(await forTrial.json()).toEqual({ received: true, outcome: "ignored" });
    const noOrg = await deliver(
      checkoutCompleted("evt_no_org", "00000000-0000-4000-8000-000000000000", await planId(t, "Starter")),
    );
    expect(await noOrg.json()).toEqual({ received: true, outcome: "ignored" });
    expect(await changesOf(t, org.id)).toEqual([]);
  });

  it("records a renewal (invoice.paid) against the subscription's organization", async () => {
    const { org } = await trialOrganization(t);
    await deliver(checkoutCompleted("evt_first", org.id, await planId(t, "Starter"), 1_790_000_000));
    await t.deps.db.update(organizations).set({ stripeId: "sub_renew" }).where(eq(organizations.id, org.id));
    const renewal = JSON.stringify({
      id: "evt_renewal",
      object: "event",
      type: "invoice.paid",
      created: 1_792_600_000,
      data: {
        object: {
          id: "in_1",
          object: "invoice",
          parent: { type: "subscription_details", subscription_details: { subscription: "sub_renew" } },
        },
      },
    });
    expect(await (await deliver(renewal)).json()).toEqual({ received: true, outcome: "applied" });
    expect((await orgRow(t, org.id)).paymentDate?.toISOString()).toBe(
      new Date(1_792_600_000 * 1000).toISOString(),
    );
  });
});
