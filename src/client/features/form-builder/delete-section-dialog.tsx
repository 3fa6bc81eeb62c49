import { Button, Group, Modal, Stack, Text } from "@mantine/core";

interface DeleteSectionDialogProps {
  /** "Section 2 (Budget)": what is about to go; kept while the dialog animates closed. */
  sectionLabel: string;
  opened: boolean;
  deleting: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before deleting a section; UNDO in the snackbar brings it back afterwards. */
export function DeleteSectionDialog({
  sectionLabel,
  opened,
  deleting,
  onConfirm,
  onClose,
}: DeleteSectionDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Delete section">
      <Stack gap="md">
        <Text>{`Delete ${sectionLabel} and its questions?`}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={deleting} data-autofocus>
            Cancel
          </Button>
          <Button color="red" onClick={onConfirm} loading={deleting}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
