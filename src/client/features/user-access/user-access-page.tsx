import { Button, Group, Stack, Text, Title } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useState } from "react";
import { seatCount } from "../../../shared/program-users/seats";
import type { ProgramUser } from "../../../shared/schemas/program-users";
import type { UserProgram } from "../../../shared/schemas/users";
import { CurrentProgramPage } from "../../components/current-program-page";
import { PageLoader } from "../../components/page-loader";
import { notify } from "../../lib/notify";
import { AddProgramUserDialog } from "./add-program-user-dialog";
import { useProgramUsers, useResendInvitation } from "./api";
import { EditProgramUserDialog } from "./edit-program-user-dialog";
import { addUserBlockedReason } from "./member-rules";
import { PendingInvitations } from "./pending-invitations-table";
import { ProgramUsersTable } from "./program-users-table";
import { USER_ACCESS_TEXT } from "./user-access-messages";

/** /admin/user-management: the members of the current program, their roles and invitations. */
export function UserAccessPage() {
  return (
    <CurrentProgramPage title="Manage User Access" noProgram={USER_ACCESS_TEXT.noProgram}>
      {/* Keyed by program: another program picked in the top bar starts with no dialog open. */}
      {({ userId, program }) => <ProgramUserAccess viewerId={userId} program={program} />}
    </CurrentProgramPage>
  );
}

/** The member last chosen for editing; it stays while the dialog animates closed. */
interface EditDialog {
  member: ProgramUser;
  opened: boolean;
}

function ProgramUserAccess({ viewerId, program }: { viewerId: string; program: UserProgram }) {
  const list = useProgramUsers(viewerId, program.id);
  const resend = useResendInvitation(program.id);
  const [editing, setEditing] = useState<EditDialog | null>(null);
  const [adding, addDialog] = useDisclosure(false);

  const heading = (
    <div>
      <Title order={1}>Manage User Access</Title>
      <Text size="lg">{program.name}</Text>
    </div>
  );
  if (list.isPending || list.isError) {
    return (
      <Stack gap="lg">
        {heading}
        {list.isPending ? (
          <PageLoader />
        ) : (
          <Text c="red.9">Error loading the program's users: {list.error.message}</Text>
        )}
      </Stack>
    );
  }

  const { users, invitations, seats, canInvite } = list.data;
  const blockedReason = addUserBlockedReason(seats, canInvite);
  const closeEditing = () =>
    setEditing((current) => (current === null ? null : { ...current, opened: false }));

  async function resendEmail(member: ProgramUser) {
    try {
      await resend.mutateAsync(member.userId);
      notify(USER_ACCESS_TEXT.reminderSent(member.email));
    } catch (error) {
      console.error(USER_ACCESS_TEXT.emailFailed, error);
      notify(USER_ACCESS_TEXT.emailFailed);
    }
  }

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        {heading}
        <Stack gap={4} align="flex-end">
          <Button onClick={addDialog.open} disabled={blockedReason !== null}>
            Add new user
          </Button>
          {blockedReason !== null && (
            <Text size="sm" c="gray.7" maw={360} ta="right">
              {blockedReason}
            </Text>
          )}
        </Stack>
      </Group>

      {/* The plan's seats are counted across the whole organization, not just this program. */}
      <Group gap="xl" aria-label="Seats used in your organization" role="group">
        <Text>{`Admins: ${seatCount(seats.admins, seats.adminLimit)}`}</Text>
        <Text>{`Reviewers: ${seatCount(seats.reviewers, seats.reviewerLimit)}`}</Text>
      </Group>

      {users.length === 0 ? (
        <Text>Nobody has access to this program yet.</Text>
      ) : (
        <ProgramUsersTable
          members={users}
          caption={`Users of ${program.name}`}
          onEdit={(member) => setEditing({ member, opened: true })}
          onResend={(member) => void resendEmail(member)}
          resendingUserId={resend.isPending ? (resend.variables ?? null) : null}
        />
      )}

      <PendingInvitations
        viewerId={viewerId}
        programId={program.id}
        programName={program.name}
        invitations={invitations}
      />

      <AddProgramUserDialog
        viewerId={viewerId}
        programId={program.id}
        seats={seats}
        opened={adding}
        onClose={addDialog.close}
      />
      <EditProgramUserDialog
        viewerId={viewerId}
        programId={program.id}
        member={editing?.member ?? null}
        members={users}
        seats={seats}
        opened={editing?.opened ?? false}
        onClose={closeEditing}
      />
    </Stack>
  );
}
