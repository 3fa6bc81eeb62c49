import { Title } from "@mantine/core";

/** Placeholder until the page lands (issue 8). */
export function ExportOptionsPage() {
  return <Title order={1}>Export Options</Title>;
}
