import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import type { AssignmentListResult, ReviewerGroup } from "../../../shared/schemas/committee";
import { FormAlert } from "../../components/form-alert";
import { useDeleteGroup, useReviewerGroups } from "./api";
import { ASSIGN_TEXT } from "./assign-messages";
import { GroupForm } from "./group-form";
import { GroupList, GroupListLoader } from "./group-list";
import { groupFailureMessage } from "./group-rules";

interface ManageGroupsDialogProps {
  userId: string;
  programId: string;
  /** Who may be a member (the assignment list's committee). */
  committee: AssignmentListResult["committee"];
  opened: boolean;
  onClose: () => void;
}

/** "Manage Groups": the program's reviewer groups, created, changed and deleted in place. */
export function ManageGroupsDialog({ opened, onClose, ...rest }: ManageGroupsDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Manage Groups" size="lg">
      {/* The content unmounts with the closed dialog: every opening starts on the list. */}
      <ManageGroups {...rest} />
    </Modal>
  );
}

type View = { kind: "list" } | { kind: "form"; group: ReviewerGroup | null };

function ManageGroups({ userId, programId, committee }: Omit<ManageGroupsDialogProps, "opened" | "onClose">) {
  const groups = useReviewerGroups(userId, programId);
  const remove = useDeleteGroup(userId, programId);
  const [view, setView] = useState<View>({ kind: "list" });
  const [confirming, setConfirming] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const newGroupButton = useRef<HTMLButtonElement>(null);
  const returnedFromForm = useRef(false);

  // Back on the list after the form: focus returns to where the person left it, not to the page.
  useEffect(() => {
    if (view.kind === "list" && returnedFromForm.current) {
      returnedFromForm.current = false;
      newGroupButton.current?.focus();
    }
  }, [view]);

  const openForm = (group: ReviewerGroup | null) => {
    setFailure(null);
    setStatus(null);
    setConfirming(null);
    setView({ kind: "form", group });
  };
  const backToList = (message: string | null) => {
    returnedFromForm.current = true;
    setStatus(message);
    setView({ kind: "list" });
  };

  async function deleteGroup(group: ReviewerGroup) {
    setFailure(null);
    setStatus(null);
    try {
      await remove.mutateAsync(group._id);
      setConfirming(null);
      setStatus(ASSIGN_TEXT.groupDeleted(group.name));
      newGroupButton.current?.focus();
    } catch (error) {
      setConfirming(null);
      setFailure(groupFailureMessage("delete", error));
    }
  }

  if (view.kind === "form") {
    return (
      <GroupForm
        userId={userId}
        programId={programId}
        committee={committee}
        group={view.group}
        onSaved={backToList}
        onCancel={() => backToList(null)}
      />
    );
  }

  return (
    <Stack gap="md">
      <FormAlert message={failure} />
      <Group justify="space-between" align="center">
        <Text size="sm" role="status" c="green.9">
          {status}
        </Text>
        <Button ref={newGroupButton} onClick={() => openForm(null)} data-autofocus>
          New group
        </Button>
      </Group>
      {groups.isPending ? (
        <GroupListLoader />
      ) : groups.isError ? (
        <Text c="red.9">{ASSIGN_TEXT.groupsLoadFailed(groups.error.message)}</Text>
      ) : (
        <GroupList
          groups={groups.data}
          onEdit={(group) => openForm(group)}
          onDelete={(group) => void deleteGroup(group)}
          confirming={confirming}
          onConfirmChange={(groupId) => {
            setFailure(null);
            setConfirming(groupId);
          }}
          deleting={remove.isPending ? (remove.variables ?? null) : null}
        />
      )}
    </Stack>
  );
}
