import { Title } from "@mantine/core";

/** Placeholder until the page lands (issue 7). */
export function CandidateStatisticsPage() {
  return <Title order={1}>Candidate Statistics</Title>;
}
