import { Box, Checkbox, Group, Stack, Table, Text, Title, VisuallyHidden } from "@mantine/core";
import { useCallback, useId } from "react";
import type { DecisionBody } from "../../../shared/schemas/committee";
import type { CandidateStatsRow } from "../../../shared/schemas/reviews";
import { LabelledPagination } from "../../components/labelled-pagination";
import { CANDIDATE_STATS_TEXT, COLUMN_HELP, type HelpedColumn } from "./candidate-statistics-messages";
import { CandidateStatsTableRow } from "./candidate-stats-row";
import classes from "./candidate-stats-table.module.css";
import type { SortColumn, SortState } from "./candidate-table-model";
import type { RecentDecision } from "./decision-undo";
import { RatingHistogram } from "./rating-histogram";
import { type Selection, shownSelectionState } from "./recipient-selection";
import { SortHeader } from "./sort-header";

/** The sortable columns, in order; the selection, details and actions columns frame them. */
const COLUMNS: readonly { column: SortColumn; label: string; help?: HelpedColumn }[] = [
  { column: "identifier", label: "Applicant" },
  { column: "averageRating", label: "Average rating" },
  { column: "calibratedRating", label: "Calibrated", help: "calibratedRating" },
  { column: "suggestedRating", label: "Suggested rating", help: "suggestedRating" },
  { column: "numReviews", label: "Reviews" },
  { column: "standardDeviation", label: "Disagreement", help: "standardDeviation" },
  { column: "averageRanking", label: "Average ranking", help: "averageRanking" },
  { column: "consensusRank", label: "Consensus rank", help: "consensusRank" },
  { column: "status", label: "Status" },
  { column: "amount", label: "Amount" },
];
const COLUMN_COUNT = COLUMNS.length + 3;
const NO_UNDO = () => undefined;
const RENDER_DETAILS = (row: CandidateStatsRow, name: string) => <RatingHistogram row={row} name={name} />;

interface CandidateStatsTableProps {
  /** The page of candidates shown, sorted and filtered by the server. */
  rows: readonly CandidateStatsRow[];
  /** A newer page is on its way: these rows are the previous answer's. */
  loading?: boolean;
  program: { _id: string; appVersion: number };
  totalRankings: number;
  tied: ReadonlySet<number>;
  sort: SortState;
  onSort: (column: SortColumn) => void;
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
  selection: Selection;
  onToggleSelected: (id: string) => void;
  onToggleAllShown: () => void;
  expanded: ReadonlySet<string>;
  onToggleExpanded: (id: string) => void;
  onDecide: (row: CandidateStatsRow, body: DecisionBody) => void;
  /** The decision just made, which its row offers to undo for a few seconds. */
  recent?: RecentDecision | null;
  onUndo?: (decision: RecentDecision) => void;
}

/**
 * The candidate table, ten rows a page (review-and-administration, "9. Business constants and limits":
 * "other tables 10"), with the legend of its less obvious columns.
 */
export function CandidateStatsTable({
  rows,
  loading = false,
  program,
  totalRankings,
  tied,
  sort,
  onSort,
  page,
  pageCount,
  onPage,
  selection,
  onToggleSelected,
  onToggleAllShown,
  expanded,
  onToggleExpanded,
  onDecide,
  recent = null,
  onUndo = NO_UNDO,
}: CandidateStatsTableProps) {
  const ids = useId();
  const helpId = useCallback((column: HelpedColumn) => `${ids}-help-${column}`, [ids]);
  const legendId = `${ids}-legend`;
  const captionId = `${ids}-caption`;
  const allShown = shownSelectionState(selection, rows);

  return (
    <Stack gap="sm">
      {/* Outside the scrolling part: a caption inside it would scroll (and be cut) with the table. */}
      <Text id={captionId}>{CANDIDATE_STATS_TEXT.tableCaption}</Text>
      <Table.ScrollContainer minWidth={1100}>
        <Table
          withTableBorder
          highlightOnHover
          verticalSpacing="xs"
          // Narrower than Mantine's default (10 px each side): with decisions made (amounts, the decision
          // column), every column fits a 1280-pixel screen without a sideways scrollbar (decision 038).
          horizontalSpacing={6}
          aria-labelledby={captionId}
          aria-busy={loading || undefined}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">
                <Checkbox
                  aria-label={`Select all ${rows.length} shown candidates`}
                  checked={allShown === "all"}
                  indeterminate={allShown === "some"}
                  disabled={rows.length === 0}
                  onChange={onToggleAllShown}
                />
              </Table.Th>
              <Table.Th scope="col">
                <VisuallyHidden>Ratings</VisuallyHidden>
              </Table.Th>
              {COLUMNS.map(({ column, label, help }) => (
                <SortHeader
                  key={column}
                  column={column}
                  label={label}
                  sort={sort}
                  onSort={onSort}
                  help={help === undefined ? undefined : { id: helpId(help), text: COLUMN_HELP[help] }}
                />
              ))}
              <Table.Th scope="col" className={classes.decision}>
                <VisuallyHidden>Decision</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={COLUMN_COUNT}>
                  <Text>{CANDIDATE_STATS_TEXT.noMatches}</Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              rows.map((row) => (
                <CandidateStatsTableRow
                  key={row._id}
                  row={row}
                  program={program}
                  totalRankings={totalRankings}
                  tied={tied}
                  selected={selection.has(row._id)}
                  expanded={expanded.has(row._id)}
                  columnCount={COLUMN_COUNT}
                  onToggleSelected={onToggleSelected}
                  onToggleExpanded={onToggleExpanded}
                  onDecide={onDecide}
                  recent={recent?.submissionId === row._id ? recent : null}
                  onUndo={onUndo}
                  renderDetails={RENDER_DETAILS}
                />
              ))
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>

      {pageCount > 1 && (
        <Group component="nav" aria-label="Candidates, pages" justify="flex-end">
          <LabelledPagination total={pageCount} value={page} onChange={onPage} />
        </Group>
      )}

      <Box component="section" aria-labelledby={legendId}>
        <Title order={3} size="h5" id={legendId}>
          {CANDIDATE_STATS_TEXT.legendHeading}
        </Title>
        <Box component="ul" m={0} pl="md">
          {(Object.keys(COLUMN_HELP) as HelpedColumn[]).map((column) => (
            <Text component="li" size="sm" key={column} id={helpId(column)}>
              {COLUMN_HELP[column]}
            </Text>
          ))}
        </Box>
      </Box>
    </Stack>
  );
}
