import { Radio, Stack, Text } from "@mantine/core";
import type { Plan } from "../../../shared/schemas/plans";
import { monthlyPrice, planFeatureRows } from "../../lib/plan-display";

interface PlanRadioGroupProps {
  plans: readonly Plan[];
  value: string;
  onChange: (planId: string) => void;
  error: string | undefined;
}

export function PlanRadioGroup({ plans, value, onChange, error }: PlanRadioGroupProps) {
  return (
    <Radio.Group label="Plan" value={value} onChange={onChange} error={error}>
      <Stack gap="sm" mt="xs">
        {plans.length === 0 && (
          <Text size="sm">No plans are available right now. Please try again later.</Text>
        )}
        {plans.map((plan) => (
          <Radio
            key={plan._id}
            value={plan._id}
            label={plan.name}
            description={
              <>
                <Text component="span" size="sm" fw={600} display="block">
                  {monthlyPrice(plan)}
                </Text>
                <Text component="span" size="xs" display="block">
                  {planFeatureRows(plan)
                    .map((row) => `${row.label}: ${row.value}`)
                    .join(" · ")}
                </Text>
              </>
            }
          />
        ))}
      </Stack>
    </Radio.Group>
  );
}
