import { Button, Group, Paper, Stack } from "@mantine/core";
import type { ReactNode } from "react";

interface DraftHeaderProps {
  details: ReactNode;
  saveStatus: ReactNode;
  saving: boolean;
  onSave: () => void;
  onPreviewLink: () => void;
  onPublish: () => void;
  onReorder: () => void;
  /** The Form Customization button (disabled, with the reason, without logo branding in the plan). */
  customization: ReactNode;
}

/** The header of an unpublished form: its name and description, the save state and the form's actions. */
export function DraftHeader({
  details,
  saveStatus,
  saving,
  onSave,
  onPreviewLink,
  onPublish,
  onReorder,
  customization,
}: DraftHeaderProps) {
  return (
    <Paper withBorder p="lg">
      <Stack gap="md">
        {details}
        <Group justify="space-between" align="center">
          {saveStatus}
          <Group gap="xs" role="group" aria-label="Form actions">
            <Button variant="default" onClick={onSave} loading={saving}>
              Save
            </Button>
            <Button variant="default" onClick={onReorder}>
              Reorder sections
            </Button>
            <Button variant="default" onClick={onPreviewLink}>
              Get Preview Link
            </Button>
            {customization}
            <Button onClick={onPublish}>Publish</Button>
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}
