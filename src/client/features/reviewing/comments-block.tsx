import { Button, Group, Paper, Stack, Text, Textarea, Title } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { type Comment, REVIEW_LIMITS } from "../../../shared/schemas/reviews";
import { notify } from "../../lib/notify";
import { alertFailureWithReason } from "./alerts";
import { useCreateComment, useUpdateComment } from "./api";
import { REVIEWING_TEXT } from "./reviewing-messages";

interface CommentsBlockProps {
  userId: string;
  programId: string;
  submissionId: string;
  sectionId: string;
  sectionName: string;
  /** This section's comments: the caller's own, and everyone's for an admin. */
  comments: readonly Comment[];
  /** The program's own prompt for comments, when it has one. */
  prompt: string;
  editable: boolean;
  onDelete: (comment: Comment) => void;
}

const commentDate = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });
const formatCommentDate = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : commentDate.format(date);
};

/** A short quote of a comment, to tell its buttons apart for screen readers. */
const quote = (text: string) => {
  const characters = Array.from(text.trim());
  return characters.length > 40 ? `${characters.slice(0, 40).join("")}…` : characters.join("");
};

/** A canvas section's comments: seen only by their author and the program's admins. */
export function CommentsBlock(props: CommentsBlockProps) {
  const { comments, sectionName, editable } = props;
  return (
    <Stack gap="sm" component="section" aria-label={`Comments on ${sectionName}`}>
      <Title order={4}>Comments</Title>
      {comments.length === 0 ? (
        <Text size="sm" c="gray.7">
          No comments yet.
        </Text>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: "none", margin: 0, padding: 0 }}>
          {comments.map((comment) => (
            <CommentItem key={comment._id} comment={comment} {...props} />
          ))}
        </Stack>
      )}
      {editable && <NewComment {...props} />}
    </Stack>
  );
}

type CommentItemProps = CommentsBlockProps & { comment: Comment };

function CommentItem({ comment, userId, programId, submissionId, editable, onDelete }: CommentItemProps) {
  const own = comment.userId === userId;
  const [editing, setEditing] = useState(false);
  const author = own ? "You" : comment.authorName.trim() || "Another reviewer";
  return (
    <Paper component="li" withBorder p="sm" bg={own ? undefined : "gray.0"}>
      <Group justify="space-between" gap="xs" mb={4}>
        <Text size="xs" fw={600}>
          {author}
          <Text component="span" size="xs" c="gray.7" fw={400}>
            {` · ${formatCommentDate(comment.lastReviewed)}`}
          </Text>
        </Text>
        {own && editable && !editing && (
          <Group gap={4}>
            <Button
              size="compact-xs"
              variant="subtle"
              aria-label={`Edit comment "${quote(comment.value)}"`}
              onClick={() => setEditing(true)}
            >
              Edit
            </Button>
            <Button
              size="compact-xs"
              variant="subtle"
              color="red.9"
              // The subtle variant paints its text in shade 6 whatever the colour's shade: too light on white.
              c="red.9"
              aria-label={`Delete comment "${quote(comment.value)}"`}
              onClick={() => onDelete(comment)}
            >
              Delete
            </Button>
          </Group>
        )}
      </Group>
      {editing ? (
        <EditComment
          comment={comment}
          userId={userId}
          programId={programId}
          submissionId={submissionId}
          onDone={() => setEditing(false)}
        />
      ) : (
        <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
          {comment.value}
        </Text>
      )}
    </Paper>
  );
}

interface EditCommentProps {
  comment: Comment;
  userId: string;
  programId: string;
  submissionId: string;
  onDone: () => void;
}

function EditComment({ comment, userId, programId, submissionId, onDone }: EditCommentProps) {
  const [value, setValue] = useState(comment.value);
  const updateComment = useUpdateComment(userId, programId, submissionId);
  const empty = value.trim() === "";

  async function save(event: FormEvent) {
    event.preventDefault();
    if (empty || updateComment.isPending) return;
    if (value.trim() === comment.value.trim()) {
      onDone();
      return;
    }
    try {
      await updateComment.mutateAsync({ commentId: comment._id, value: value.trim() });
      onDone();
    } catch (error) {
      alertFailureWithReason(REVIEWING_TEXT.commentSaveFailed, error);
    }
  }

  return (
    <form onSubmit={(event) => void save(event)}>
      <Stack gap="xs">
        <Textarea
          label="Edit comment"
          autosize
          minRows={2}
          maxRows={12}
          maxLength={REVIEW_LIMITS.commentLength}
          value={value}
          // The field replaces the Edit button the person just pressed: the focus goes where they were.
          autoFocus
          readOnly={updateComment.isPending}
          onChange={(event) => setValue(event.currentTarget.value)}
        />
        <Group gap="xs" justify="flex-end">
          <Button size="xs" variant="default" onClick={onDone} disabled={updateComment.isPending}>
            Cancel
          </Button>
          <Button size="xs" type="submit" disabled={empty} loading={updateComment.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function NewComment({ userId, programId, submissionId, sectionId, sectionName, prompt }: CommentsBlockProps) {
  const [value, setValue] = useState("");
  const createComment = useCreateComment(userId, programId, submissionId);
  const empty = value.trim() === "";

  async function add(event: FormEvent) {
    event.preventDefault();
    if (empty || createComment.isPending) return;
    try {
      await createComment.mutateAsync({ sectionId, value: value.trim() });
      setValue("");
      notify(REVIEWING_TEXT.commentAdded);
    } catch (error) {
      // The text stays in the field: nothing typed is lost to a failed save.
      alertFailureWithReason(REVIEWING_TEXT.commentSaveFailed, error);
    }
  }

  return (
    <form onSubmit={(event) => void add(event)}>
      <Stack gap="xs">
        <Textarea
          label={`Add a comment on ${sectionName}`}
          description={prompt.trim() || undefined}
          autosize
          minRows={2}
          maxRows={12}
          maxLength={REVIEW_LIMITS.commentLength}
          value={value}
          readOnly={createComment.isPending}
          onChange={(event) => setValue(event.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button size="xs" type="submit" disabled={empty} loading={createComment.isPending}>
            Add comment
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
