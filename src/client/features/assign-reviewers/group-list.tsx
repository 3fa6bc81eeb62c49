import { Button, Group, Loader, Paper, Stack, Text } from "@mantine/core";
import { useEffect, useId, useRef } from "react";
import type { ReviewerGroup } from "../../../shared/schemas/committee";
import { ASSIGN_TEXT } from "./assign-messages";
import { memberPreview } from "./group-rules";

interface GroupListProps {
  groups: readonly ReviewerGroup[];
  onEdit: (group: ReviewerGroup) => void;
  onDelete: (group: ReviewerGroup) => void;
  /** The group whose deletion waits for confirmation, if any. */
  confirming: string | null;
  onConfirmChange: (groupId: string | null) => void;
  /** The group being deleted: its buttons show progress, the others wait. */
  deleting: string | null;
}

/** The program's groups: name, description, the first members, and Edit / Delete. */
export function GroupList({ groups, ...actions }: GroupListProps) {
  if (groups.length === 0) return <Text>{ASSIGN_TEXT.noGroups}</Text>;
  return (
    <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: "none" }} aria-label="Reviewer groups">
      {groups.map((group) => (
        <GroupItem key={group._id} group={group} {...actions} />
      ))}
    </Stack>
  );
}

function GroupItem({
  group,
  onEdit,
  onDelete,
  confirming,
  onConfirmChange,
  deleting,
}: Omit<GroupListProps, "groups"> & { group: ReviewerGroup }) {
  const asking = confirming === group._id;
  const busy = deleting !== null;
  const questionId = useId();
  const deleteButton = useRef<HTMLButtonElement>(null);
  const wasAsking = useRef(false);

  // "Cancel" removes the question: focus goes back to the Delete button it came from.
  useEffect(() => {
    if (wasAsking.current && !asking) deleteButton.current?.focus();
    wasAsking.current = asking;
  }, [asking]);

  return (
    <Paper component="li" withBorder p="sm" aria-label={group.name}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600} style={{ overflowWrap: "anywhere" }}>
            {group.name}
          </Text>
          {group.description.trim() !== "" && (
            <Text size="sm" style={{ overflowWrap: "anywhere", whiteSpace: "pre-line" }}>
              {group.description}
            </Text>
          )}
          <Text size="sm" c="dimmed">
            {`Reviewers: ${memberPreview(group.reviewers)}`}
          </Text>
        </Stack>
        {!asking && (
          <Group gap="xs" wrap="nowrap">
            {/* Each name starts with the visible text and says which group (WCAG 2.5.3). */}
            <Button
              size="xs"
              variant="default"
              aria-label={`Edit group ${group.name}`}
              disabled={busy}
              onClick={() => onEdit(group)}
            >
              Edit
            </Button>
            <Button
              ref={deleteButton}
              size="xs"
              variant="default"
              aria-label={`Delete group ${group.name}`}
              disabled={busy}
              onClick={() => onConfirmChange(group._id)}
            >
              Delete
            </Button>
          </Group>
        )}
      </Group>
      {asking && (
        <DeleteConfirmation
          questionId={questionId}
          name={group.name}
          deleting={deleting === group._id}
          onCancel={() => onConfirmChange(null)}
          onConfirm={() => onDelete(group)}
        />
      )}
    </Paper>
  );
}

interface DeleteConfirmationProps {
  questionId: string;
  name: string;
  deleting: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Deleting cannot be undone, so it is asked first; focus moves to the question's answer. */
function DeleteConfirmation({ questionId, name, deleting, onCancel, onConfirm }: DeleteConfirmationProps) {
  const confirmButton = useRef<HTMLButtonElement>(null);
  useEffect(() => confirmButton.current?.focus(), []);

  return (
    <Stack gap="xs" mt="sm" role="group" aria-labelledby={questionId}>
      <Text size="sm" id={questionId}>
        {ASSIGN_TEXT.deleteQuestion(name)}
      </Text>
      <Group gap="xs" justify="flex-end">
        <Button size="xs" variant="default" onClick={onCancel} disabled={deleting}>
          Cancel
        </Button>
        <Button
          ref={confirmButton}
          size="xs"
          color="red"
          aria-describedby={questionId}
          loading={deleting}
          onClick={onConfirm}
        >
          Delete group
        </Button>
      </Group>
    </Stack>
  );
}

/** While the list loads inside the dialog. */
export function GroupListLoader() {
  return (
    <Group justify="center" p="md">
      <Loader size="sm" aria-label="Loading the reviewer groups" />
    </Group>
  );
}
