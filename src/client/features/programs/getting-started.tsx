import { Box, Button, List, Paper, Text, Title } from "@mantine/core";
import { useId } from "react";

/** What a new organization does first, in order (docs/decisions/031-admin-and-copy-fixes.md). */
export const FIRST_STEPS = [
  "Add your first program with “Add new”: a program is one grant round, for example “Community Grants 2026”.",
  "Open it with Admin, then build its application form in the Form Builder.",
  "Invite your committee and fellow admins in Manage User Access.",
  "Publish the form and share its link with applicants; their submissions then appear here and in the committee's lists.",
] as const;

/**
 * The first screen of a new organization's admin: no program yet, so the list would be empty. It says what
 * to do first, after "You don't have access to any programs" (the spec's words, shown to everyone with no
 * program).
 */
export function GettingStarted({ onAddNew, canAdd }: { onAddNew: () => void; canAdd: boolean }) {
  const headingId = useId();
  return (
    <Paper component="section" withBorder p="lg" aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId}>
        Start here
      </Title>
      <Text mt="xs">
        Your organization has no program yet. Four steps take you to your first applications:
      </Text>
      <List type="ordered" mt="sm" spacing="xs">
        {FIRST_STEPS.map((step) => (
          <List.Item key={step}>{step}</List.Item>
        ))}
      </List>
      {canAdd && (
        <Box mt="md">
          <Button onClick={onAddNew}>Add your first program</Button>
        </Box>
      )}
    </Paper>
  );
}
