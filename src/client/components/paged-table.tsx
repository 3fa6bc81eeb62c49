import { Box, Group, Table } from "@mantine/core";
import { type ReactNode, useState } from "react";
import { pageOf } from "../lib/paging";
import { cardsOnPhoneClass } from "./cards-on-phone";
import { LabelledPagination } from "./labelled-pagination";

interface PagedTableProps<T> {
  /** Names the table, and the pager's navigation landmark after it. */
  caption: string;
  /** The header cells (`Table.Th scope="col"`). */
  columns: ReactNode;
  rows: readonly T[];
  pageSize: number;
  /** One `Table.Tr`, keyed. */
  renderRow: (row: T) => ReactNode;
  /** Rows become cards in a phone's width (cards-on-phone.tsx): give the data cells `data-label`. */
  cardsOnPhone?: boolean;
}

/** A captioned table shown a page at a time, with named page buttons when there is more than one page. */
export function PagedTable<T>({
  caption,
  columns,
  rows,
  pageSize,
  renderRow,
  cardsOnPhone = false,
}: PagedTableProps<T>) {
  const [requestedPage, setPage] = useState(1);
  // Rows can vanish (a removed member) under the page shown: pageOf falls back to the last page left.
  const shown = pageOf(rows, requestedPage, pageSize);

  return (
    <Box className={cardsOnPhone ? cardsOnPhoneClass : undefined}>
      <Table striped highlightOnHover withTableBorder>
        <Table.Caption style={{ captionSide: "top", textAlign: "left" }}>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>{columns}</Table.Tr>
        </Table.Thead>
        <Table.Tbody>{shown.rows.map(renderRow)}</Table.Tbody>
      </Table>
      {shown.pageCount > 1 && (
        <Group component="nav" aria-label={`${caption}, pages`} justify="flex-end" mt="sm">
          <LabelledPagination total={shown.pageCount} value={shown.page} onChange={setPage} />
        </Group>
      )}
    </Box>
  );
}
