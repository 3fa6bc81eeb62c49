import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import type { Comment } from "../../../shared/schemas/reviews";
import { notify } from "../../lib/notify";
import { useDeleteComment } from "../../lib/reviewing-api";
import { alertFailureWithReason } from "./alerts";
import { REVIEWING_TEXT } from "./reviewing-messages";

interface DeleteCommentDialogProps {
  userId: string;
  programId: string;
  submissionId: string;
  /** The comment chosen; it stays while the dialog animates closed. */
  comment: Comment | null;
  opened: boolean;
  onClose: () => void;
}

/** The submission view's delete confirmation: "Delete comment?" with Cancel and Delete. */
export function DeleteCommentDialog({
  userId,
  programId,
  submissionId,
  comment,
  opened,
  onClose,
}: DeleteCommentDialogProps) {
  const deleteComment = useDeleteComment(userId, programId, submissionId);

  async function confirm() {
    if (comment === null || deleteComment.isPending) return;
    try {
      await deleteComment.mutateAsync(comment._id);
      notify(REVIEWING_TEXT.commentDeleted);
      onClose();
    } catch (error) {
      alertFailureWithReason(REVIEWING_TEXT.commentDeleteFailed, error);
    }
  }

  return (
    <Modal opened={opened && comment !== null} onClose={onClose} title="Delete comment?">
      <Stack gap="md">
        <Text size="sm">The comment will be removed permanently.</Text>
        {comment !== null && (
          <Text
            size="sm"
            c="gray.8"
            style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}
            lineClamp={4}
          >
            {comment.value}
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          {/* Cancel takes the focus first: the safe choice is the one a stray Enter picks. */}
          <Button variant="default" onClick={onClose} disabled={deleteComment.isPending} data-autofocus>
            Cancel
          </Button>
          <Button color="red" onClick={() => void confirm()} loading={deleteComment.isPending}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
