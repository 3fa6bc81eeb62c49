import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { CONFLICT_LIMITS, CONFLICT_MESSAGES } from "../../../shared/schemas/conflicts-constants";
import { GrowingTextarea } from "../../components/growing-textarea";
import { useConflictChange } from "../../lib/conflict-api";
import { notify } from "../../lib/notify";
import { alertFailureWithReason } from "./alerts";
import { REVIEWING_TEXT } from "./reviewing-messages";

interface DeclareConflictDialogProps {
  userId: string;
  programId: string;
  candidate: { _id: string; identifier: string } | null;
  /**
   * The member is also an admin of the program (an admin-reviewer): they still read every application, so
   * the candidate stays in their list, marked, and they are told so rather than that it leaves.
   */
  readsAsAdmin: boolean;
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
  readsAsAdmin,
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
      notify(readsAsAdmin ? CONFLICT_MESSAGES.declaredByAdmin : CONFLICT_MESSAGES.declared);
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
          {declareConsequences(candidate?.identifier ?? "this application", readsAsAdmin)}
        </Text>
        <GrowingTextarea
          label="Reason (optional)"
          description="Only the program's admins read it."
          value={reason}
          maxLength={CONFLICT_LIMITS.reasonLength}
          minRows={2}
          maxRows={6}
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

/** What declaring does, as the dialog says it before the member confirms. */
export function declareConsequences(identifier: string, readsAsAdmin: boolean): string {
  return readsAsAdmin
    ? `You will no longer rate ${identifier}, and your review and ranking of it will not count. As an admin you still read it: your list keeps it, marked "${REVIEWING_TEXT.conflictDeclared}". The program's other admins are told, and any admin can undo it on Conflicts of Interest.`
    : `You will no longer see ${identifier} in your list or your stacked ranking, and your review of it will not count. The program's admins are told, and only they can undo it.`;
}
