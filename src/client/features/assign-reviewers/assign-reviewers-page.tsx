import { Title } from "@mantine/core";

/** Placeholder until the page lands (issue 7). */
export function AssignReviewersPage() {
  return <Title order={1}>Assign reviewers</Title>;
}
