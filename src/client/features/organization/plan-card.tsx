import { Badge, Box, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { useId } from "react";
import type { Plan } from "../../../shared/schemas/plans";
import { monthlyPrice, planFeatureRows } from "../../lib/plan-display";
import { formatLongDate } from "./plan-details";

export interface PlanAction {
  label: string;
  onClick: () => void;
  loading: boolean;
  disabled: boolean;
}

/** The organization's payments, shown on the card of the plan they pay for. */
export interface PlanPayments {
  paymentDate: string | null;
  nextPayment: string | null;
}

interface PlanCardProps {
  plan: Plan;
  current: boolean;
  chosenAtSignUp: boolean;
  payments: PlanPayments | null;
  action: PlanAction | null;
}

/** One plan: price, features and where the organization stands with it. */
export function PlanCard({ plan, current, chosenAtSignUp, payments, action }: PlanCardProps) {
  const titleId = useId();
  return (
    <Card
      component="article"
      aria-labelledby={titleId}
      withBorder
      radius="md"
      padding="lg"
      style={current ? { borderColor: "var(--mantine-primary-color-filled)", borderWidth: 2 } : undefined}
    >
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Title order={3} id={titleId}>
            {plan.name}
          </Title>
          <Group gap={6}>
            {current && <Badge>Current plan</Badge>}
            {chosenAtSignUp && <Badge variant="outline">Chosen at sign-up</Badge>}
          </Group>
        </Group>
        <Text fz="xl" fw={700}>
          {monthlyPrice(plan)}
        </Text>
        <Text size="sm" c="dimmed">
          {plan.description}
        </Text>
        <FeatureList plan={plan} />
        {payments && <PaymentDates payments={payments} />}
        {action && (
          <Button
            mt="auto"
            onClick={action.onClick}
            loading={action.loading}
            disabled={action.disabled}
            // Every card has the same button: the plan's name tells them apart.
            aria-describedby={titleId}
          >
            {action.label}
          </Button>
        )}
      </Stack>
    </Card>
  );
}

function FeatureList({ plan }: { plan: Plan }) {
  return (
    <Box component="dl" m={0}>
      {planFeatureRows(plan).map((row) => (
        <Group
          key={row.label}
          justify="space-between"
          py={4}
          style={{ borderTop: "1px solid var(--mantine-color-gray-2)" }}
        >
          <Text component="dt" size="sm">
            {row.label}
          </Text>
          <Text component="dd" size="sm" fw={600} m={0}>
            {row.value}
          </Text>
        </Group>
      ))}
    </Box>
  );
}

function PaymentDates({ payments }: { payments: PlanPayments }) {
  return (
    <Stack gap={2}>
      {payments.paymentDate !== null && (
        <Text size="sm">Last payment: {formatLongDate(payments.paymentDate)}</Text>
      )}
      {payments.nextPayment !== null && (
        <Text size="sm">Next payment: {formatLongDate(payments.nextPayment)}</Text>
      )}
    </Stack>
  );
}
