import { Button, Group, Table, VisuallyHidden } from "@mantine/core";
import { ORGANIZATION_ADMIN_LABEL, PROGRAM_ROLE_LABELS } from "../../../shared/authz";
import type { ProgramListItem } from "../../../shared/schemas/programs";
import { PagedTable } from "../../components/paged-table";
import { formatDate } from "../../lib/date-format";
import { ProgramActionsMenu } from "./program-actions-menu";

/** The spec's page size: the smaller of 5 and the row count. */
export const PROGRAMS_PAGE_SIZE = 5;

/** A null role means the user sees the program only as its organization's admin. */
function roleLabel(program: ProgramListItem): string {
  return program.role === null ? ORGANIZATION_ADMIN_LABEL : PROGRAM_ROLE_LABELS[program.role];
}

function formatProgramDate(iso: string | null): string {
  return iso === null ? "" : formatDate(iso);
}

export type ProgramDestination = "view" | "admin";

/** What a row's buttons do; the page owns the current-program change and the dialogs. */
export interface ProgramRowActions {
  userId: string;
  onOpen: (program: ProgramListItem, destination: ProgramDestination) => void;
  /** The program being made current, and for which button: that button shows progress, the others wait. */
  opening: { programId: string; destination: ProgramDestination } | null;
  onRename: (program: ProgramListItem) => void;
  onDelete: (program: ProgramListItem) => void;
}

interface ProgramsTableProps {
  programs: readonly ProgramListItem[];
  caption: string;
  actions: ProgramRowActions;
  /** The Archives table adds the archived date. */
  withArchivedDate?: boolean;
}

export function ProgramsTable({ programs, caption, actions, withArchivedDate = false }: ProgramsTableProps) {
  return (
    <PagedTable
      caption={caption}
      rows={programs}
      pageSize={PROGRAMS_PAGE_SIZE}
      // Where committee members start: it works on their phones.
      cardsOnPhone
      columns={
        <>
          <Table.Th scope="col">Name</Table.Th>
          <Table.Th scope="col">Organization</Table.Th>
          <Table.Th scope="col">Role</Table.Th>
          <Table.Th scope="col">Total submissions</Table.Th>
          <Table.Th scope="col">Total reviews</Table.Th>
          {withArchivedDate && <Table.Th scope="col">Archived</Table.Th>}
          <Table.Th scope="col">
            <VisuallyHidden>Actions</VisuallyHidden>
          </Table.Th>
        </>
      }
      renderRow={(program) => (
        <ProgramRow
          key={program.id}
          program={program}
          actions={actions}
          withArchivedDate={withArchivedDate}
        />
      )}
    />
  );
}

interface ProgramRowProps {
  program: ProgramListItem;
  actions: ProgramRowActions;
  withArchivedDate: boolean;
}

/**
 * Every generation opens alike: legacy programs (appVersion 1) imported from the earlier system show their
 * counts and open for reviewing and administration, not "Deprecated" (docs/decisions/032-legacy-program-import.md).
 */
function ProgramRow({ program, actions, withArchivedDate }: ProgramRowProps) {
  const busy = actions.opening !== null;
  const opening = (destination: ProgramDestination) =>
    actions.opening?.programId === program.id && actions.opening.destination === destination;
  // Only the organization admin manages programs (the server refuses everyone else).
  const manages = program.isOrganizationAdmin;

  return (
    <Table.Tr>
      <Table.Td data-label="Name">{program.name}</Table.Td>
      <Table.Td data-label="Organization">{program.organizationName}</Table.Td>
      <Table.Td data-label="Role">{roleLabel(program)}</Table.Td>
      <Table.Td data-label="Total submissions">{program.numSubmissions}</Table.Td>
      <Table.Td data-label="Total reviews">{program.numReviews}</Table.Td>
      {withArchivedDate && <Table.Td data-label="Archived">{formatProgramDate(program.archivedAt)}</Table.Td>}
      <Table.Td>
        <Group gap="xs" wrap="nowrap" justify="flex-end">
          <Button
            size="xs"
            variant="default"
            // The name starts with the visible text and says which row (WCAG 2.5.3).
            aria-label={`View ${program.name}`}
            disabled={busy && !opening("view")}
            loading={opening("view")}
            onClick={() => actions.onOpen(program, "view")}
          >
            View
          </Button>
          {manages && (
            <Button
              size="xs"
              variant="default"
              aria-label={`Admin ${program.name}`}
              disabled={busy && !opening("admin")}
              loading={opening("admin")}
              onClick={() => actions.onOpen(program, "admin")}
            >
              Admin
            </Button>
          )}
          {manages && (
            <ProgramActionsMenu
              userId={actions.userId}
              program={program}
              onRename={actions.onRename}
              onDelete={actions.onDelete}
            />
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
