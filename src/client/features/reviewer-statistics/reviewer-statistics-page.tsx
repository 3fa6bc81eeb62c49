import { Title } from "@mantine/core";

/** Placeholder until the page lands (issue 7). */
export function ReviewerStatisticsPage() {
  return <Title order={1}>Reviewer Statistics</Title>;
}
