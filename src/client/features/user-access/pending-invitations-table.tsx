import { Button, Group, Select, Stack, Table, Text, Title, VisuallyHidden } from "@mantine/core";
import { useState } from "react";
import { PROGRAM_ROLES, type ProgramRole } from "../../../shared/authz";
import type { ProgramInvitation } from "../../../shared/schemas/program-users";
import { PagedTable } from "../../components/paged-table";
import { notify } from "../../lib/notify";
import { DEFAULT_PAGE_SIZE } from "../../lib/paging";
import { useCancelInvitation, useChangeInvitationRole, useResendProgramInvitation } from "./api";
import { roleOptions } from "./member-rules";
import { reportSaveFailure } from "./report-save-failure";
import { USER_ACCESS_TEXT } from "./user-access-messages";

interface PendingInvitationsProps {
  viewerId: string;
  programId: string;
  programName: string;
  invitations: readonly ProgramInvitation[];
}

/**
 * The program's pending invitations (decision 019), beside its members: the address, the role it
 * offers, whether its link still works; Resend Email (a fresh link), the role and Cancel.
 */
export function PendingInvitations({
  viewerId,
  programId,
  programName,
  invitations,
}: PendingInvitationsProps) {
  const resend = useResendProgramInvitation(viewerId, programId);
  const changeRole = useChangeInvitationRole(viewerId, programId);
  const cancel = useCancelInvitation(viewerId, programId);
  const [confirming, setConfirming] = useState<string | null>(null);
  if (invitations.length === 0) return null;

  async function resendEmail(invitation: ProgramInvitation) {
    try {
      await resend.mutateAsync(invitation.invitationId);
      notify(USER_ACCESS_TEXT.invitationSent(invitation.email));
    } catch (error) {
      reportSaveFailure(error);
    }
  }
  async function setRole(invitation: ProgramInvitation, role: ProgramRole) {
    try {
      await changeRole.mutateAsync({ invitationId: invitation.invitationId, role });
      notify(USER_ACCESS_TEXT.invitationRoleChanged(invitation.email));
    } catch (error) {
      reportSaveFailure(error);
    }
  }
  async function cancelInvitation(invitation: ProgramInvitation) {
    if (confirming !== invitation.invitationId) {
      setConfirming(invitation.invitationId);
      return;
    }
    setConfirming(null);
    try {
      await cancel.mutateAsync(invitation.invitationId);
      notify(USER_ACCESS_TEXT.invitationCancelled(invitation.email));
    } catch (error) {
      reportSaveFailure(error);
    }
  }

  const busy = (invitation: ProgramInvitation, variables: unknown) =>
    variables === invitation.invitationId ||
    (typeof variables === "object" && variables !== null && "invitationId" in variables
      ? variables.invitationId === invitation.invitationId
      : false);

  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        Pending invitations
      </Title>
      <Text size="sm" c="gray.7">
        {USER_ACCESS_TEXT.invitationsNote}
      </Text>
      <PagedTable
        caption={USER_ACCESS_TEXT.invitationsCaption(programName)}
        rows={invitations}
        pageSize={DEFAULT_PAGE_SIZE}
        columns={
          <>
            <Table.Th scope="col">Email</Table.Th>
            <Table.Th scope="col">Role</Table.Th>
            <Table.Th scope="col">Status</Table.Th>
            <Table.Th scope="col">
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </>
        }
        renderRow={(invitation) => (
          <Table.Tr key={invitation.invitationId}>
            <Table.Td style={{ overflowWrap: "anywhere" }}>{invitation.email}</Table.Td>
            <Table.Td miw={180}>
              <Select
                size="xs"
                aria-label={`Role offered to ${invitation.email}`}
                data={roleOptions(PROGRAM_ROLES)}
                value={invitation.role}
                allowDeselect={false}
                disabled={changeRole.isPending && busy(invitation, changeRole.variables)}
                onChange={(value) => {
                  if (value !== null && value !== invitation.role)
                    void setRole(invitation, value as ProgramRole);
                }}
              />
            </Table.Td>
            <Table.Td>
              <Text component="span" size="sm" c="gray.7" fs="italic">
                {invitation.expired ? USER_ACCESS_TEXT.invitationExpired : USER_ACCESS_TEXT.invitationPending}
              </Text>
            </Table.Td>
            <Table.Td>
              <Group gap="xs" wrap="nowrap" justify="flex-end">
                <Button
                  size="xs"
                  variant="default"
                  aria-label={`Resend email to ${invitation.email}`}
                  loading={resend.isPending && busy(invitation, resend.variables)}
                  onClick={() => void resendEmail(invitation)}
                >
                  Resend Email
                </Button>
                <Button
                  size="xs"
                  variant={confirming === invitation.invitationId ? "filled" : "default"}
                  color={confirming === invitation.invitationId ? "red" : undefined}
                  aria-label={
                    confirming === invitation.invitationId
                      ? `Please confirm cancelling the invitation to ${invitation.email}`
                      : `Cancel invitation to ${invitation.email}`
                  }
                  loading={cancel.isPending && busy(invitation, cancel.variables)}
                  onClick={() => void cancelInvitation(invitation)}
                  onBlur={() =>
                    setConfirming((current) => (current === invitation.invitationId ? null : current))
                  }
                >
                  {confirming === invitation.invitationId ? "Please confirm" : "Cancel invitation"}
                </Button>
              </Group>
            </Table.Td>
          </Table.Tr>
        )}
      />
    </Stack>
  );
}
