import { Button, Group, Modal, NativeSelect, Stack, Text } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { PROGRAM_ROLE_LABELS, type ProgramRole } from "../../../shared/authz";
import { PROGRAM_USER_MESSAGES, roleChoices } from "../../../shared/program-users/seats";
import { EDIT_CONFLICT_MESSAGES } from "../../../shared/schemas/edit-conflict-constants";
import { type ProgramUser, programUserSchema, type Seats } from "../../../shared/schemas/program-users";
import { EditConflictNotice } from "../../components/edit-conflict-notice";
import { isEditConflict, storedValueOf } from "../../lib/edit-conflict";
import { notify } from "../../lib/notify";
import { storedProgramUser, useChangeProgramUserRole, useRemoveProgramUser } from "./api";
import { isLastAdmin, memberLabel, roleOptions } from "./member-rules";
import { reportSaveFailure } from "./report-save-failure";

interface EditProgramUserDialogProps {
  viewerId: string;
  programId: string;
  /** The member last chosen; it stays while the dialog animates closed. */
  member: ProgramUser | null;
  members: readonly ProgramUser[];
  seats: Seats;
  opened: boolean;
  onClose: () => void;
}

export function EditProgramUserDialog({ member, opened, onClose, ...rest }: EditProgramUserDialogProps) {
  return (
    <Modal
      opened={opened && member !== null}
      onClose={onClose}
      title={member === null ? "Edit user" : `Edit ${memberLabel(member)}`}
    >
      {/* Keyed by member: every opening starts from their role, without a pending removal. */}
      {member !== null && (
        <EditProgramUserForm key={member.userId} member={member} onClose={onClose} {...rest} />
      )}
    </Modal>
  );
}

type EditProgramUserFormProps = Omit<EditProgramUserDialogProps, "member" | "opened"> & {
  member: ProgramUser;
};

function EditProgramUserForm({
  viewerId,
  programId,
  member,
  members,
  seats,
  onClose,
}: EditProgramUserFormProps) {
  const [role, setRole] = useState<ProgramRole>(member.role);
  // The role this change replaces: the one the admin saw (decision 016), or theirs after a conflict.
  const [seen, setSeen] = useState<ProgramRole>(member.role);
  // Changed meanwhile by someone else: the member as stored now, until the admin chooses.
  const [theirs, setTheirs] = useState<ProgramUser | null>(null);
  const [confirmingRemoval, setConfirmingRemoval] = useState(false);
  const changeRole = useChangeProgramUserRole(viewerId, programId);
  const removeUser = useRemoveProgramUser(viewerId, programId);
  const pending = changeRole.isPending || removeUser.isPending;
  const lastAdmin = isLastAdmin(member, members);
  const label = memberLabel(member);

  async function send(expected: ProgramRole) {
    try {
      await changeRole.mutateAsync({ userId: member.userId, role, expected });
      // Success messages leave the name out: the snackbar turns red for any text containing "Error".
      notify("Changes saved");
      onClose();
    } catch (error) {
      let failure = error;
      if (isEditConflict(error, "role")) {
        try {
          setTheirs(
            await storedValueOf(error, programUserSchema, () => storedProgramUser(programId, member.userId)),
          );
          return;
        } catch (unread) {
          failure = unread;
        }
      }
      reportSaveFailure(failure);
    }
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    if (pending || theirs !== null) return;
    if (role === seen) {
      onClose();
      return;
    }
    await send(seen);
  }

  // The spec's two-step confirm: the first press only changes the button's text.
  async function remove() {
    if (pending) return;
    if (!confirmingRemoval) {
      setConfirmingRemoval(true);
      return;
    }
    try {
      await removeUser.mutateAsync(member.userId);
      notify("User removed");
      onClose();
    } catch (error) {
      setConfirmingRemoval(false);
      reportSaveFailure(error);
    }
  }

  return (
    <form onSubmit={(event) => void save(event)} noValidate>
      <Stack gap="md">
        {theirs !== null && (
          <EditConflictNotice
            title="This role was changed by someone else"
            message={EDIT_CONFLICT_MESSAGES.role}
            theirs={PROGRAM_ROLE_LABELS[theirs.role]}
            yours={PROGRAM_ROLE_LABELS[role]}
            label={`role of ${label}`}
            // Take theirs: the members list shows it once read again.
            onReload={onClose}
            onKeepMine={() => {
              setSeen(theirs.role);
              setTheirs(null);
              void send(theirs.role);
            }}
          />
        )}
        <Text size="sm">{member.email}</Text>
        <NativeSelect
          label="Role"
          data-autofocus
          data={roleOptions(roleChoices(member, seats, lastAdmin))}
          value={role}
          disabled={pending}
          onChange={(event) => setRole(event.currentTarget.value as ProgramRole)}
          description={lastAdmin ? PROGRAM_USER_MESSAGES.lastAdmin : undefined}
        />
        {member.userId === viewerId && (
          <Text size="sm" c="gray.7">
            {PROGRAM_USER_MESSAGES.cannotRemoveSelf}
          </Text>
        )}
        <Group justify="space-between" gap="sm">
          {canOfferRemoval(member, viewerId, lastAdmin) ? (
            <Button
              color="red"
              variant={confirmingRemoval ? "filled" : "light"}
              // The name says whom; it starts with the visible text (WCAG 2.5.3).
              aria-label={
                confirmingRemoval ? `${PROGRAM_USER_MESSAGES.confirmRemoval} of ${label}` : `Remove ${label}`
              }
              loading={removeUser.isPending}
              disabled={changeRole.isPending}
              onClick={() => void remove()}
            >
              {confirmingRemoval ? PROGRAM_USER_MESSAGES.confirmRemoval : "Remove"}
            </Button>
          ) : (
            <span />
          )}
          <Group gap="sm">
            <Button variant="default" onClick={onClose} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" loading={changeRole.isPending} disabled={removeUser.isPending}>
              Save
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}

/** Nobody removes themselves, and the program's last admin stays (the server refuses both). */
function canOfferRemoval(member: ProgramUser, viewerId: string, lastAdmin: boolean): boolean {
  return member.userId !== viewerId && !lastAdmin;
}
