import { Checkbox, Table } from "@mantine/core";
import type { AssignmentListResult } from "../../../shared/schemas/committee";
import type { AssignmentConflict } from "./assignment-conflict";
import { AssignmentTableRow } from "./assignment-row";
import { pageSelectionState, type Selection } from "./selection";

interface AssignmentTableProps {
  userId: string;
  program: { id: string; appVersion: number };
  result: AssignmentListResult;
  caption: string;
  selection: Selection;
  onSelectRow: (submissionId: string, checked: boolean) => void;
  onSelectPage: (submissionIds: string[], checked: boolean) => void;
  busy: boolean;
  onFailure: (message: string) => void;
  onConflict: (conflict: AssignmentConflict) => void;
}

/** One server page of applications with their individual reviewers and reviewer groups. */
export function AssignmentTable({
  result,
  caption,
  selection,
  onSelectRow,
  onSelectPage,
  busy,
  ...rowProps
}: AssignmentTableProps) {
  const pageIds = result.rows.map((row) => row._id);
  const state = pageSelectionState(selection, pageIds);

  return (
    <Table.ScrollContainer minWidth={960}>
      <Table withTableBorder verticalSpacing="sm" aria-busy={busy || undefined}>
        <Table.Caption style={{ captionSide: "top", textAlign: "left" }}>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col" w={48}>
              <Checkbox
                aria-label="Select all on this page"
                checked={state === "all"}
                indeterminate={state === "some"}
                onChange={() => onSelectPage(pageIds, state !== "all")}
              />
            </Table.Th>
            <Table.Th scope="col">Applicant Name</Table.Th>
            <Table.Th scope="col">Individual Reviewers</Table.Th>
            <Table.Th scope="col">Reviewer Groups</Table.Th>
            <Table.Th scope="col">Application</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {result.rows.map((row) => (
            <AssignmentTableRow
              key={row._id}
              row={row}
              committee={result.committee}
              groups={result.groups}
              selected={selection.has(row._id)}
              onSelect={onSelectRow}
              busy={busy}
              {...rowProps}
            />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
