import { Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { EDIT_CONFLICT_MESSAGES } from "../../../shared/schemas/edit-conflict-constants";
import type { Comment } from "../../../shared/schemas/reviews";
import { REVIEW_LIMITS } from "../../../shared/schemas/reviews-constants";
import { EditConflictNotice } from "../../components/edit-conflict-notice";
import { GrowingTextarea } from "../../components/growing-textarea";
import { formatDateTime } from "../../lib/date-format";
import { isEditConflict, storedValueOf } from "../../lib/edit-conflict";
import { lazySchemasOf } from "../../lib/lazy-schema";
import { notify } from "../../lib/notify";
import { reviewingApi, useCommentShown, useCreateComment, useUpdateComment } from "../../lib/reviewing-api";
import { alertFailureWithReason } from "./alerts";
import { REVIEWING_TEXT } from "./reviewing-messages";

// Loaded with the first stale edit (docs/decisions/043-zod-off-the-first-paint.md).
const reviews = lazySchemasOf(() => import("../../../shared/schemas/reviews"));

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

const formatCommentDate = (iso: string) => (Number.isNaN(new Date(iso).getTime()) ? "" : formatDateTime(iso));

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

/** A comment as stored now, read with its candidate (its author sees it there). */
async function storedComment(programId: string, comment: Comment): Promise<Comment> {
  const view = await reviewingApi.candidate(programId, comment.submissionId);
  const stored = view.comments.find((c) => c._id === comment._id);
  if (stored === undefined) throw new Error("This comment was deleted.");
  return stored;
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
  // The text this edit replaces: the comment as it was when editing began (decision 016).
  const [seen, setSeen] = useState(comment.value);
  // Changed in another tab meanwhile: the text stored now, until the person chooses.
  const [theirs, setTheirs] = useState<Comment | null>(null);
  const updateComment = useUpdateComment(userId, programId, submissionId);
  const showComment = useCommentShown(userId, programId, submissionId);
  const empty = value.trim() === "";

  async function send(text: string, expected: string) {
    try {
      await updateComment.mutateAsync({ commentId: comment._id, value: text, expected });
      onDone();
    } catch (error) {
      let failure = error;
      if (isEditConflict(error, "comment")) {
        try {
          const stored = await storedValueOf(error, reviews("commentSchema"), () =>
            storedComment(programId, comment),
          );
          showComment(stored);
          setTheirs(stored);
          return;
        } catch (unread) {
          failure = unread;
        }
      }
      alertFailureWithReason(REVIEWING_TEXT.commentSaveFailed, failure);
    }
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    if (empty || updateComment.isPending || theirs !== null) return;
    if (value.trim() === seen.trim()) {
      onDone();
      return;
    }
    await send(value.trim(), seen);
  }

  return (
    <form onSubmit={(event) => void save(event)}>
      <Stack gap="xs">
        {theirs !== null && (
          <EditConflictNotice
            title={REVIEWING_TEXT.commentConflictTitle}
            message={EDIT_CONFLICT_MESSAGES.comment}
            theirs={<span style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>{theirs.value}</span>}
            yours={<span style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>{value.trim()}</span>}
            label="comment"
            // Take theirs: the list shows it already; this edit is over.
            onReload={onDone}
            onKeepMine={() => {
              setSeen(theirs.value);
              setTheirs(null);
              void send(value.trim(), theirs.value);
            }}
          />
        )}
        <GrowingTextarea
          label="Edit comment"
          minRows={2}
          maxRows={12}
          maxLength={REVIEW_LIMITS.commentLength}
          value={value}
          // The field replaces the Edit button the person just pressed: the focus goes where they were.
          autoFocus
          readOnly={updateComment.isPending || theirs !== null}
          onChange={(event) => setValue(event.currentTarget.value)}
        />
        <Group gap="xs" justify="flex-end">
          <Button size="xs" variant="default" onClick={onDone} disabled={updateComment.isPending}>
            Cancel
          </Button>
          <Button
            size="xs"
            type="submit"
            disabled={empty || theirs !== null}
            loading={updateComment.isPending}
          >
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
        <GrowingTextarea
          label={`Add a comment on ${sectionName}`}
          description={prompt.trim() || undefined}
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
