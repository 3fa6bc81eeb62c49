import { Box, Group, Pagination, Table } from "@mantine/core";
import { type ReactNode, useState } from "react";
import { pageOf } from "../lib/paging";

const PAGINATION_CONTROL_LABELS = {
  first: "First page",
  previous: "Previous page",
  next: "Next page",
  last: "Last page",
} as const;

interface PagedTableProps<T> {
  /** Names the table, and the pager's navigation landmark after it. */
  caption: string;
  /** The header cells (`Table.Th scope="col"`). */
  columns: ReactNode;
  rows: readonly T[];
  pageSize: number;
  /** One `Table.Tr`, keyed. */
  renderRow: (row: T) => ReactNode;
}

/** A captioned table shown a page at a time, with named page buttons when there is more than one page. */
export function PagedTable<T>({ caption, columns, rows, pageSize, renderRow }: PagedTableProps<T>) {
  const [requestedPage, setPage] = useState(1);
  // Rows can vanish (a removed member) under the page shown: pageOf falls back to the last page left.
  const shown = pageOf(rows, requestedPage, pageSize);

  return (
    <Box>
      <Table striped highlightOnHover withTableBorder>
        <Table.Caption style={{ captionSide: "top", textAlign: "left" }}>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>{columns}</Table.Tr>
        </Table.Thead>
        <Table.Tbody>{shown.rows.map(renderRow)}</Table.Tbody>
      </Table>
      {shown.pageCount > 1 && (
        <Group component="nav" aria-label={`${caption}, pages`} justify="flex-end" mt="sm">
          <Pagination
            total={shown.pageCount}
            value={shown.page}
            onChange={setPage}
            size="sm"
            getItemProps={(n) => ({ "aria-label": `Page ${n}` })}
            getControlProps={(control) => ({ "aria-label": PAGINATION_CONTROL_LABELS[control] })}
          />
        </Group>
      )}
    </Box>
  );
}
