import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { useState } from "react";
import type { Plan } from "../../../shared/schemas/plans";
import { FormAlert } from "../../components/form-alert";
import { notify } from "../../lib/notify";
import { monthlyPrice } from "../../lib/plan-display";
import { useUpdatePlan } from "./api";

interface SwitchPlanDialogProps {
  userId: string;
  orgId: string;
  /** The plan last chosen; it stays while the dialog animates closed. */
  plan: Plan | null;
  opened: boolean;
  onClose: () => void;
}

/** Billing off: a plan change is recorded at once, so it asks first; Cancel has the focus. */
export function SwitchPlanDialog({ userId, orgId, plan, opened, onClose }: SwitchPlanDialogProps) {
  const updatePlan = useUpdatePlan(userId);
  const [failure, setFailure] = useState<string | null>(null);

  function close() {
    setFailure(null);
    onClose();
  }

  function confirm() {
    if (plan === null || updatePlan.isPending) return;
    setFailure(null);
    updatePlan.mutate(
      { orgId, planId: plan._id },
      {
        onSuccess: () => {
          notify(`Your organization is now on the ${plan.name} plan`);
          close();
        },
        // The dialog stays open with the server's reason (a plan that allows fewer programs than are active…).
        onError: (error) => setFailure(error.message),
      },
    );
  }

  return (
    <Modal opened={opened && plan !== null} onClose={close} title={`Switch to ${plan?.name ?? ""}`}>
      <Stack gap="md">
        <FormAlert message={failure} />
        <Text>
          {`Your organization moves to the ${plan?.name ?? ""} plan (${plan ? monthlyPrice(plan) : ""}) now, with its limits.`}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={updatePlan.isPending} data-autofocus>
            Cancel
          </Button>
          <Button onClick={confirm} loading={updatePlan.isPending}>
            Switch plan
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
