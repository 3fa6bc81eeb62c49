import { Alert, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useId, useState } from "react";
import { BILLING_MESSAGES } from "../../../shared/schemas/billing";
import type { Plan } from "../../../shared/schemas/plans";
import {
  OrganizationLoadFailure,
  useAdministeredOrganization,
} from "../../components/administered-organization";
import { PageLoader } from "../../components/page-loader";
import { usePublicPlans } from "../../lib/account-api";
import { notifyFailure } from "../../lib/notify";
import { useCheckout } from "./api";
import {
  type CheckoutOutcome,
  CheckoutOutcomeAlert,
  useCheckoutOutcome,
  useWatchForPlanChange,
} from "./checkout-return";
import { type PlanAction, PlanCard } from "./plan-card";
import { type PlanInfo, trialNotice } from "./plan-details";
import { SwitchPlanDialog } from "./switch-plan-dialog";

/** /organization/billing: the public plans, the organization's place among them, and plan changes. */
export function OrganizationBillingPage() {
  const { userId, orgId, organization } = useAdministeredOrganization();
  const plans = usePublicPlans();
  const checkout = useCheckoutOutcome();
  // Decided on arrival from Stripe: dismissing the thank-you note does not stop waiting for the new plan.
  const [watching] = useState(checkout.outcome === "success");
  useWatchForPlanChange(userId, orgId, organization.data?.planInfo?.plan._id, watching);

  if (organization.isPending || plans.isPending) return <PageLoader />;
  if (organization.isError) return <OrganizationLoadFailure error={organization.error} />;
  if (plans.isError) return <Text c="red.9">Error loading the plans: {plans.error.message}</Text>;
  // The server sends plan details to the organization admin only, and only they pass the route guard.
  const { planInfo } = organization.data;
  if (planInfo === null) return <Text c="red.9">Your organization's plan is not available to you.</Text>;

  return (
    <BillingOverview
      userId={userId}
      orgId={orgId}
      planInfo={planInfo}
      plans={plans.data}
      checkoutOutcome={checkout.outcome}
      onDismissCheckoutOutcome={checkout.dismiss}
    />
  );
}

interface BillingOverviewProps {
  userId: string;
  orgId: string;
  planInfo: PlanInfo;
  /** The public plans, cheapest first (the server sorts them). */
  plans: Plan[];
  checkoutOutcome: CheckoutOutcome | null;
  onDismissCheckoutOutcome: () => void;
}

function BillingOverview({
  userId,
  orgId,
  planInfo,
  plans,
  checkoutOutcome,
  onDismissCheckoutOutcome,
}: BillingOverviewProps) {
  const planChange = usePlanChange(orgId, planInfo);
  const currentHeadingId = useId();
  const plansHeadingId = useId();
  const trial = trialNotice(planInfo);
  const current = planInfo.plan;
  // The Free Trial is not public: it gets a card of its own above the plans it can move to.
  const currentIsListed = plans.some((plan) => plan._id === current._id);

  const card = (plan: Plan) => {
    const isCurrent = plan._id === current._id;
    return (
      <PlanCard
        key={plan._id}
        plan={plan}
        current={isCurrent}
        chosenAtSignUp={plan._id === planInfo.requestedPlanId}
        payments={isCurrent ? planInfo : null}
        action={isCurrent ? null : planChange.actionFor(plan)}
      />
    );
  };

  return (
    <Stack gap="lg">
      <Title order={1}>Organization Billing</Title>
      {checkoutOutcome !== null && (
        <CheckoutOutcomeAlert outcome={checkoutOutcome} onClose={onDismissCheckoutOutcome} />
      )}
      {trial !== null && (
        <Alert color={trial.ended ? "orange" : "blue"} variant="light">
          {trial.message}
        </Alert>
      )}
      {planInfo.billingMode === "manual" && <Text>{BILLING_MESSAGES.billingOff}</Text>}

      {!currentIsListed && (
        <Stack component="section" aria-labelledby={currentHeadingId} gap="sm">
          <Title order={2} id={currentHeadingId}>
            Your current plan
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>{card(current)}</SimpleGrid>
        </Stack>
      )}

      <Stack component="section" aria-labelledby={plansHeadingId} gap="sm">
        <Title order={2} id={plansHeadingId}>
          Plans
        </Title>
        {plans.length === 0 ? (
          <Text>No plans are available right now. Please try again later.</Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
            {plans.map(card)}
          </SimpleGrid>
        )}
      </Stack>

      <SwitchPlanDialog
        userId={userId}
        orgId={orgId}
        plan={planChange.switching?.plan ?? null}
        opened={planChange.switching?.opened ?? false}
        onClose={planChange.closeSwitch}
      />
    </Stack>
  );
}

/**
 * How a plan card changes the plan. Billing off: "Switch to this plan" asks, then records the change.
 * With Stripe: "Upgrade" goes to Stripe Checkout, and the webhook changes the plan once paid.
 */
function usePlanChange(orgId: string, planInfo: PlanInfo) {
  const checkout = useCheckout();
  // The plan last chosen stays while the dialog animates closed.
  const [switching, setSwitching] = useState<{ plan: Plan; opened: boolean } | null>(null);

  function startCheckout(plan: Plan) {
    checkout.mutate(
      { orgId, planId: plan._id },
      {
        onSuccess: ({ url }) => window.location.assign(url),
        onError: (error) => notifyFailure("Error starting the checkout", error.message),
      },
    );
  }

  function actionFor(plan: Plan): PlanAction {
    if (planInfo.billingMode === "manual") {
      return {
        label: "Switch to this plan",
        onClick: () => setSwitching({ plan, opened: true }),
        loading: false,
        disabled: false,
      };
    }
    const thisOne = checkout.isPending && checkout.variables?.planId === plan._id;
    return {
      label: "Upgrade",
      onClick: () => startCheckout(plan),
      loading: thisOne,
      disabled: checkout.isPending && !thisOne,
    };
  }

  const closeSwitch = () =>
    setSwitching((current) => (current === null ? null : { ...current, opened: false }));
  return { switching, actionFor, closeSwitch };
}
