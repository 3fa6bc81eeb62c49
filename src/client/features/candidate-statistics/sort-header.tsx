import { Table, Tooltip, UnstyledButton } from "@mantine/core";
import { ariaSort, type SortColumn, type SortState } from "./candidate-table-model";

interface SortHeaderProps {
  column: SortColumn;
  label: string;
  sort: SortState;
  onSort: (column: SortColumn) => void;
  /** What the column means: a tooltip on hover and focus, and read with the header (`helpId` names it). */
  help?: { id: string; text: string };
}

const ARROWS = { ascending: "▲", descending: "▼" } as const;

/**
 * A column header that sorts the table: a real button (Enter or Space), with `aria-sort` on the header
 * cell of the sorted column so screen readers say which order the rows are in.
 */
export function SortHeader({ column, label, sort, onSort, help }: SortHeaderProps) {
  const direction = ariaSort(sort, column);
  return (
    <Table.Th scope="col" aria-sort={direction}>
      <Tooltip
        label={help?.text}
        disabled={help === undefined}
        multiline
        w={280}
        withArrow
        events={{ hover: true, focus: true, touch: false }}
      >
        <UnstyledButton
          onClick={() => onSort(column)}
          aria-describedby={help?.id}
          fw={700}
          fz="sm"
          style={{ display: "inline-flex", alignItems: "center", gap: 4, textAlign: "left" }}
        >
          {label}
          {/* The arrow repeats aria-sort for the eye; the unsorted mark hints that the column sorts. */}
          <span aria-hidden="true" style={{ opacity: direction === undefined ? 0.35 : 1 }}>
            {direction === undefined ? "↕" : ARROWS[direction]}
          </span>
        </UnstyledButton>
      </Tooltip>
    </Table.Th>
  );
}
