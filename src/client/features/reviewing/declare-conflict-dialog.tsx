import { Button, Group, Modal, Stack, Text, Textarea } from "@mantine/core";
import { useState } from "react";
import { CONFLICT_LIMITS, CONFLICT_MESSAGES } from "../../../shared/schemas/conflicts";
import { useConflictChange } from "../../lib/conflict-api";
import { notify } from "../../lib/notify";
import { alertFailureWithReason } from "./alerts";

interface DeclareConflictDialogProps {
  userId: string;
  programId: string;
  candidate: { _id: string; identifier: string } | null;
  opened: boolean;
  onClose: () => void;
  /** After the declaration is stored (the candidate has left the member's list). */
  onDeclared: () => void;
  /** Give the keyboard back to the button that opened it on close (Mantine's default): yes unless said. */
  returnFocus?: boolean;
}

/**
 * A committee member declares a conflict of interest with a candidate (docs/decisions/036-conflicts-of-interest.md):
 * an optional reason, then a confirmation that says what follows.
 */
export function DeclareConflictDialog({
  userId,
  programId,
  candidate,
  opened,
  onClose,
  onDeclared,
  returnFocus = true,
}: DeclareConflictDialogProps) {
  const [reason, setReason] = useState("");
  const { declare } = useConflictChange(userId);

  async function confirm() {
    if (candidate === null || declare.isPending) return;
    try {
      await declare.mutateAsync({
        programId,
        body: { submissionId: candidate._id, ...(reason.trim() === "" ? {} : { reason: reason.trim() }) },
      });
      notify(CONFLICT_MESSAGES.declared);
      setReason("");
      onDeclared();
    } catch (error) {
      alertFailureWithReason("Error: the conflict of interest was not declared", error);
    }
  }

  return (
    <Modal
      opened={opened && candidate !== null}
      onClose={onClose}
      returnFocus={returnFocus}
      title="Declare a conflict of interest?"
    >
      <Stack gap="md">
        <Text size="sm">
          You will no longer see {candidate?.identifier ?? "this application"} in your list or your stacked
          ranking, and your review of it will not count. The program's admins are told, and only they can undo
          it.
        </Text>
        <Textarea
          label="Reason (optional)"
          description="Only the program's admins read it."
          value={reason}
          maxLength={CONFLICT_LIMITS.reasonLength}
          autosize
          minRows={2}
          onChange={(event) => setReason(event.currentTarget.value)}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={declare.isPending} data-autofocus>
            Cancel
          </Button>
          <Button color="red" onClick={() => void confirm()} loading={declare.isPending}>
            Declare conflict
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
