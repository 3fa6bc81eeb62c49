import { Alert } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { organizationKeys, userKeys } from "../../lib/query-keys";

/** Stripe Checkout sends the admin back to /organization/billing?checkout=success or ?checkout=cancelled. */
export type CheckoutOutcome = "success" | "cancelled";

const CHECKOUT_MESSAGES: Record<CheckoutOutcome, string> = {
  success: "Thank you! Your plan changes as soon as Stripe confirms the payment.",
  cancelled: "Checkout was cancelled: your plan has not changed.",
};

/** Stripe's webhook usually arrives within seconds of the payment: watch the plan that long. */
const WATCH_EVERY_MS = 2_000;
const WATCH_FOR_MS = 20_000;

export function useCheckoutOutcome(): { outcome: CheckoutOutcome | null; dismiss: () => void } {
  const [searchParams, setSearchParams] = useSearchParams();
  const value = searchParams.get("checkout");
  const outcome = value === "success" || value === "cancelled" ? value : null;
  const dismiss = useCallback(
    () =>
      setSearchParams(
        (params) => {
          params.delete("checkout");
          return params;
        },
        { replace: true },
      ),
    [setSearchParams],
  );
  return { outcome, dismiss };
}

/**
 * After a paid checkout, Stripe's webhook switches the plan: reload the organization every 2 s for 20 s, or
 * until its plan differs from the one first shown. A new plan changes the program allowance shown on other
 * pages too, so then everything cached about the user is refreshed.
 */
export function useWatchForPlanChange(
  userId: string,
  orgId: string,
  planId: string | undefined,
  watching: boolean,
) {
  const queryClient = useQueryClient();
  const [firstPlanId, setFirstPlanId] = useState(planId);
  if (firstPlanId === undefined && planId !== undefined) setFirstPlanId(planId);
  const changed = firstPlanId !== undefined && planId !== firstPlanId;

  useEffect(() => {
    if (!watching || changed) return;
    const reload = setInterval(
      () => void queryClient.invalidateQueries({ queryKey: organizationKeys.detail(userId, orgId) }),
      WATCH_EVERY_MS,
    );
    const stop = setTimeout(() => clearInterval(reload), WATCH_FOR_MS);
    return () => {
      clearInterval(reload);
      clearTimeout(stop);
    };
  }, [watching, changed, queryClient, userId, orgId]);

  useEffect(() => {
    if (changed) void queryClient.invalidateQueries({ queryKey: userKeys.all(userId) });
  }, [changed, queryClient, userId]);
}

export function CheckoutOutcomeAlert({
  outcome,
  onClose,
}: {
  outcome: CheckoutOutcome;
  onClose: () => void;
}) {
  return (
    <Alert
      color={outcome === "success" ? "green" : "yellow"}
      variant="light"
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={onClose}
    >
      {CHECKOUT_MESSAGES[outcome]}
    </Alert>
  );
}
