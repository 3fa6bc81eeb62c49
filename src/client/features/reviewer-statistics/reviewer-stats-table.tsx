import { Button, Group, Progress, Table, Text, UnstyledButton, VisuallyHidden } from "@mantine/core";
import { PROGRAM_ROLE_LABELS } from "../../../shared/authz";
import type { ReviewerStatsRow } from "../../../shared/schemas/committee";
import { PagedTable } from "../../components/paged-table";
import { formatDateTime } from "../../lib/date-format";
import { DEFAULT_PAGE_SIZE } from "../../lib/paging";
import {
  isBehind,
  progressPercent,
  progressValueText,
  type ReviewerSort,
  type ReviewerSortKey,
  reviewedText,
} from "./reviewer-stats-rules";

interface ReviewerStatsTableProps {
  /** Already in the order chosen. */
  rows: readonly ReviewerStatsRow[];
  caption: string;
  sort: ReviewerSort;
  onSort: (key: ReviewerSortKey) => void;
  onRemind: (row: ReviewerStatsRow) => void;
  /** The member being reminded: their button shows progress, the others wait. */
  remindingUserId: string | null;
}

/** "Never" when they have not saved a review in this program. */
export function lastReviewText(lastReviewed: string | null): string {
  return lastReviewed === null ? "Never" : formatDateTime(lastReviewed);
}

/** A member's name, or their address while they have none yet (invitation not accepted). */
function memberName(row: ReviewerStatsRow): string {
  return row.name.trim() === "" ? row.email : row.name;
}

export function ReviewerStatsTable({ rows, caption, sort, onSort, ...actions }: ReviewerStatsTableProps) {
  const header = (label: string, key: ReviewerSortKey) => (
    <SortableHeader label={label} sortKey={key} sort={sort} onSort={onSort} />
  );
  return (
    <PagedTable
      // Another order starts again at page 1.
      key={`${sort.key}-${sort.direction}`}
      caption={caption}
      rows={rows}
      pageSize={DEFAULT_PAGE_SIZE}
      columns={
        <>
          {header("Name", "name")}
          <Table.Th scope="col">Email</Table.Th>
          <Table.Th scope="col">Role</Table.Th>
          <Table.Th scope="col">Reviewed</Table.Th>
          {header("Progress", "progress")}
          {header("Last review", "lastReviewed")}
          <Table.Th scope="col">
            <VisuallyHidden>Actions</VisuallyHidden>
          </Table.Th>
        </>
      }
      renderRow={(row) => <ReviewerStatsTableRow key={row._id} row={row} {...actions} />}
    />
  );
}

/** Guests: what they can read, never a progress (they do not rate). */
export function ObserversTable({ rows, caption }: { rows: readonly ReviewerStatsRow[]; caption: string }) {
  return (
    <PagedTable
      caption={caption}
      rows={rows}
      pageSize={DEFAULT_PAGE_SIZE}
      columns={
        <>
          <Table.Th scope="col">Name</Table.Th>
          <Table.Th scope="col">Email</Table.Th>
          <Table.Th scope="col">Applications they can read</Table.Th>
        </>
      }
      renderRow={(row) => (
        <Table.Tr key={row._id}>
          <Table.Td>{memberName(row)}</Table.Td>
          <Table.Td>{row.email}</Table.Td>
          <Table.Td>{row.assigned}</Table.Td>
        </Table.Tr>
      )}
    />
  );
}

interface SortableHeaderProps {
  label: string;
  sortKey: ReviewerSortKey;
  sort: ReviewerSort;
  onSort: (key: ReviewerSortKey) => void;
}

/** A column header that sorts by it; aria-sort tells the current order to assistive technology. */
function SortableHeader({ label, sortKey, sort, onSort }: SortableHeaderProps) {
  const active = sort.key === sortKey;
  const arrow = active ? (sort.direction === "ascending" ? "▲" : "▼") : "↕";
  return (
    <Table.Th scope="col" aria-sort={active ? sort.direction : "none"}>
      <UnstyledButton onClick={() => onSort(sortKey)} fw={700} fz="sm">
        {label}{" "}
        <Text span aria-hidden="true" size="xs" c={active ? undefined : "gray.6"}>
          {arrow}
        </Text>
      </UnstyledButton>
    </Table.Th>
  );
}

type RowProps = Pick<ReviewerStatsTableProps, "onRemind" | "remindingUserId"> & { row: ReviewerStatsRow };

function ReviewerStatsTableRow({ row, onRemind, remindingUserId }: RowProps) {
  const name = memberName(row);
  const percent = progressPercent(row);
  return (
    <Table.Tr>
      <Table.Td>{name}</Table.Td>
      <Table.Td>{row.email}</Table.Td>
      <Table.Td>{PROGRAM_ROLE_LABELS[row.role]}</Table.Td>
      <Table.Td style={{ whiteSpace: "nowrap" }}>{reviewedText(row)}</Table.Td>
      <Table.Td miw={140}>
        <Group gap="xs" wrap="nowrap">
          {/* The bar itself carries the role: Mantine's section would announce only "n%". */}
          <Progress.Root
            flex={1}
            size="md"
            role="progressbar"
            aria-label={`Progress of ${name}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent ?? 0}
            aria-valuetext={progressValueText(row)}
          >
            <Progress.Section
              withAria={false}
              value={percent ?? 0}
              color={percent === 100 ? "green" : "blue"}
            />
          </Progress.Root>
          <Text size="sm" span aria-hidden="true" miw={36} ta="right">
            {percent === null ? "–" : `${percent}%`}
          </Text>
        </Group>
      </Table.Td>
      <Table.Td>{lastReviewText(row.lastReviewed)}</Table.Td>
      <Table.Td>
        {isBehind(row) && (
          <Group justify="flex-end" wrap="nowrap">
            {/* The name starts with the visible text and says whom (WCAG 2.5.3). */}
            <Button
              size="xs"
              variant="default"
              aria-label={`Send reminder to ${name}`}
              loading={remindingUserId === row._id}
              disabled={remindingUserId !== null && remindingUserId !== row._id}
              onClick={() => onRemind(row)}
            >
              Send reminder
            </Button>
          </Group>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
