import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import type { ProgramListItem } from "../../../shared/schemas/programs";
import { notify } from "../../lib/notify";
import { useDeleteProgram } from "./api";
import { reportProgramFailure } from "./report-failure";

interface DeleteProgramDialogProps {
  userId: string;
  /** The program last chosen for deletion; it stays while the dialog animates closed. */
  program: ProgramListItem | null;
  opened: boolean;
  onClose: () => void;
}

/** Deleting is permanent, so it asks first; the safe choice, Cancel, has the focus. */
export function DeleteProgramDialog({ userId, program, opened, onClose }: DeleteProgramDialogProps) {
  const deleteProgram = useDeleteProgram(userId);

  async function confirm() {
    if (program === null || deleteProgram.isPending) return;
    try {
      await deleteProgram.mutateAsync(program.id);
      notify("Program deleted");
      onClose();
    } catch (error) {
      // The dialog stays open, its buttons enabled again.
      reportProgramFailure("Error deleting the program", error);
    }
  }

  return (
    <Modal opened={opened && program !== null} onClose={onClose} title="Delete program">
      <Stack gap="md">
        <Text>{`Deleting ${program?.name ?? ""} is permanent: its form, submissions and reviews are lost.`}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={deleteProgram.isPending} data-autofocus>
            Cancel
          </Button>
          <Button color="red" onClick={() => void confirm()} loading={deleteProgram.isPending}>
            Delete permanently
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
