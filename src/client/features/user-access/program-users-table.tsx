import { Button, Group, Table, Text, VisuallyHidden } from "@mantine/core";
import { PROGRAM_ROLE_LABELS } from "../../../shared/authz";
import type { ProgramUser } from "../../../shared/schemas/program-users";
import { PagedTable } from "../../components/paged-table";
import { DEFAULT_PAGE_SIZE } from "../../lib/paging";
import { memberLabel } from "./member-rules";
import { USER_ACCESS_TEXT } from "./user-access-messages";

interface ProgramUsersTableProps {
  members: readonly ProgramUser[];
  caption: string;
  onEdit: (member: ProgramUser) => void;
  onResend: (member: ProgramUser) => void;
  /** The member whose email is being sent again: their button shows progress, the others wait. */
  resendingUserId: string | null;
}

export function ProgramUsersTable({ members, caption, ...actions }: ProgramUsersTableProps) {
  return (
    <PagedTable
      caption={caption}
      rows={members}
      pageSize={DEFAULT_PAGE_SIZE}
      columns={
        <>
          <Table.Th scope="col">Name</Table.Th>
          <Table.Th scope="col">Email</Table.Th>
          <Table.Th scope="col">Role</Table.Th>
          <Table.Th scope="col">
            <VisuallyHidden>Actions</VisuallyHidden>
          </Table.Th>
        </>
      }
      renderRow={(member) => <ProgramUserRow key={member.userId} member={member} {...actions} />}
    />
  );
}

type ProgramUserRowProps = Omit<ProgramUsersTableProps, "members" | "caption"> & { member: ProgramUser };

function ProgramUserRow({ member, onEdit, onResend, resendingUserId }: ProgramUserRowProps) {
  return (
    <Table.Tr>
      <Table.Td>
        {member.name.trim() === "" ? (
          <Text component="span" size="sm" c="gray.7" fs="italic">
            {USER_ACCESS_TEXT.invitationPending}
          </Text>
        ) : (
          member.name
        )}
      </Table.Td>
      <Table.Td>{member.email}</Table.Td>
      <Table.Td>{PROGRAM_ROLE_LABELS[member.role]}</Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap" justify="flex-end">
          {/* Each name starts with the visible text and says which person (WCAG 2.5.3). */}
          <Button
            size="xs"
            variant="default"
            aria-label={`Edit ${memberLabel(member)}`}
            onClick={() => onEdit(member)}
          >
            Edit
          </Button>
          <Button
            size="xs"
            variant="default"
            aria-label={`Resend email to ${member.email}`}
            loading={resendingUserId === member.userId}
            disabled={resendingUserId !== null && resendingUserId !== member.userId}
            onClick={() => onResend(member)}
          >
            Resend Email
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
