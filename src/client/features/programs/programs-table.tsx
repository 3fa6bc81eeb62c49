import { Table } from "@mantine/core";
import { ORGANIZATION_ADMIN_LABEL, PROGRAM_ROLE_LABELS } from "../../../shared/authz";
import type { UserProgram } from "../../../shared/schemas/users";

/** A null role means the user sees the program only as its organization's admin. */
function roleLabel(program: UserProgram): string {
  return program.role === null ? ORGANIZATION_ADMIN_LABEL : PROGRAM_ROLE_LABELS[program.role];
}

function formatDate(iso: string | null): string {
  return iso === null ? "" : new Date(iso).toLocaleDateString();
}

interface ProgramsTableProps {
  programs: readonly UserProgram[];
  caption: string;
  /** The Archives table adds the archived date. */
  withArchivedDate?: boolean;
}

export function ProgramsTable({ programs, caption, withArchivedDate = false }: ProgramsTableProps) {
  return (
    <Table striped highlightOnHover withTableBorder>
      <Table.Caption style={{ captionSide: "top", textAlign: "left" }}>{caption}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Name</Table.Th>
          <Table.Th scope="col">Organization</Table.Th>
          <Table.Th scope="col">Role</Table.Th>
          {withArchivedDate && <Table.Th scope="col">Archived</Table.Th>}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {programs.map((program) => (
          <Table.Tr key={program.id}>
            <Table.Td>{program.name}</Table.Td>
            <Table.Td>{program.organizationName}</Table.Td>
            <Table.Td>{roleLabel(program)}</Table.Td>
            {withArchivedDate && <Table.Td>{formatDate(program.archivedAt)}</Table.Td>}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
