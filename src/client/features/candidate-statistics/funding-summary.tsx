import { Box, Paper, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { PageLoader } from "../../components/page-loader";
import { useFundingStats } from "./api";
import { CANDIDATE_STATS_TEXT } from "./candidate-statistics-messages";
import { fundingFacts } from "./statistics-format";

/**
 * Total and average funding and the decision counts, fetched again after every saved decision (the
 * server sums the stored cents, so the totals never drift).
 */
export function FundingSummary({ userId, programId }: { userId: string; programId: string }) {
  const stats = useFundingStats(userId, programId);

  let body: ReactNode;
  if (stats.isPending) body = <PageLoader />;
  else if (stats.isError) {
    body = <Text c="red.9">{`${CANDIDATE_STATS_TEXT.fundingLoadFailed} ${stats.error.message}`}</Text>;
  } else {
    body = (
      // Each fact is a <div> of <dt> and <dd> straight under the <dl>, as HTML allows; the grid is CSS.
      <Box
        component="dl"
        m={0}
        aria-busy={stats.isFetching || undefined}
        style={{
          display: "grid",
          gridTemplateColumns: "repeat(auto-fit, minmax(11rem, 1fr))",
          gap: "var(--mantine-spacing-sm)",
        }}
      >
        {fundingFacts(stats.data).map((fact) => (
          <Paper withBorder p="sm" key={fact.label}>
            <Text component="dt" size="sm" c="gray.7">
              {fact.label}
            </Text>
            <Text component="dd" m={0} fw={700} size="xl">
              {fact.value}
            </Text>
          </Paper>
        ))}
      </Box>
    );
  }

  return (
    <Stack component="section" aria-labelledby="funding-statistics-heading" gap="xs">
      <Title order={2} size="h3" id="funding-statistics-heading">
        {CANDIDATE_STATS_TEXT.fundingHeading}
      </Title>
      {body}
    </Stack>
  );
}
