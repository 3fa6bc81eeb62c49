import { Alert, Box, Group, Stack, Text, Title } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import {
  type ReactNode,
  useCallback,
  useDeferredValue,
  useMemo,
  useState,
  useSyncExternalStore,
} from "react";
import type { DecisionBody } from "../../../shared/schemas/committee";
import type { CandidateStatsResult, CandidateStatsRow } from "../../../shared/schemas/reviews";
import type { UserProgram } from "../../../shared/schemas/users";
import { PageLoader } from "../../components/page-loader";
import { CurrentProgramPage } from "../programs/current-program-page";
import { type DecisionFailure, useCandidateStats, useDecideCandidate } from "./api";
import { CandidateFilters } from "./candidate-filters";
import { CANDIDATE_STATS_TEXT } from "./candidate-statistics-messages";
import { CandidateStatsTable } from "./candidate-stats-table";
import {
  type CandidateFilter,
  DEFAULT_SORT,
  filterRows,
  NO_FILTER,
  nextSort,
  type SortColumn,
  sortRows,
  tiedRanks,
} from "./candidate-table-model";
import { DecisionConflictDialog } from "./decision-conflict-dialog";
import type { DecisionConflict } from "./decision-conflicts";
import { decisionFailureText } from "./decision-rules";
import { FundingSummary } from "./funding-summary";
import {
  approvedSelection,
  recipientsOf,
  type Selection,
  toggleAllShown,
  toggleSelected,
} from "./recipient-selection";
import { RecipientsBar } from "./recipients-bar";
import { SendEmailsDialog } from "./send-emails-dialog";

/**
 * /admin/allcandidates (review-and-administration §2 "Candidate Statistics", §4 "Candidate decision"):
 * funding statistics, every submitted candidate with their ratings and rankings, decisions and amounts,
 * and the Send Emails dialog for the candidates chosen in the table.
 */
export function CandidateStatisticsPage() {
  return (
    <CurrentProgramPage title={CANDIDATE_STATS_TEXT.title} noProgram={CANDIDATE_STATS_TEXT.noProgram}>
      {({ userId, program }) => <CandidateStatistics userId={userId} program={program} />}
    </CurrentProgramPage>
  );
}

/** The page for one program (exported for its tests, which render it without a session). */
export function CandidateStatistics({ userId, program }: { userId: string; program: UserProgram }) {
  const list = useCandidateStats(userId, program.id);

  let candidates: ReactNode;
  if (list.isPending) candidates = <PageLoader />;
  else if (list.isError)
    candidates = <Text c="red.9">{`${CANDIDATE_STATS_TEXT.loadFailed} ${list.error.message}`}</Text>;
  else if (list.data.rows.length === 0) candidates = <Text>{CANDIDATE_STATS_TEXT.noCandidates}</Text>;
  else candidates = <CandidateBoard userId={userId} program={program} result={list.data} />;

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{CANDIDATE_STATS_TEXT.title}</Title>
        <Text size="lg">{program.name}</Text>
      </div>
      <FundingSummary userId={userId} programId={program.id} />
      <Stack component="section" aria-labelledby="candidates-heading" gap="md">
        <Title order={2} size="h3" id="candidates-heading">
          {CANDIDATE_STATS_TEXT.candidatesHeading}
        </Title>
        {candidates}
      </Stack>
    </Stack>
  );
}

interface ShownFailure {
  submissionId: string;
  text: string;
}

interface CandidateBoardProps {
  userId: string;
  program: UserProgram;
  result: CandidateStatsResult;
}

/** Filters, recipients, the table and the Send Emails dialog over one response's rows. */
function CandidateBoard({ userId, program, result }: CandidateBoardProps) {
  const { rows, totalRankings } = result;
  const [sort, setSort] = useState(DEFAULT_SORT);
  const [filter, setFilter] = useState<CandidateFilter>(NO_FILTER);
  const [page, setPage] = useState(1);
  const [selection, setSelection] = useState<Selection>(() => new Set());
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const [failures, setFailures] = useState<ShownFailure[]>([]);
  const [emailing, emailDialog] = useDisclosure(false);

  // Typing stays responsive over ten thousand rows: the filter runs on the deferred value, and sorting
  // happens only when the rows or the order change, never per keystroke.
  const deferredFilter = useDeferredValue(filter);
  const sorted = useMemo(() => sortRows(rows, sort), [rows, sort]);
  const shown = useMemo(() => filterRows(sorted, deferredFilter), [sorted, deferredFilter]);
  const tied = useMemo(() => tiedRanks(rows), [rows]);
  const recipients = useMemo(() => recipientsOf(rows, selection), [rows, selection]);
  const approvedCount = useMemo(() => rows.filter((row) => row.status === "approved").length, [rows]);
  const linkProgram = useMemo(() => ({ _id: program.id, appVersion: program.appVersion }), [program]);

  const reportFailure = useCallback((failure: DecisionFailure) => {
    const text = decisionFailureText(failure.identifier, failure.error);
    console.error(text, failure.error);
    setFailures((current) => [
      ...current.filter((shownFailure) => shownFailure.submissionId !== failure.submissionId),
      { submissionId: failure.submissionId, text },
    ]);
  }, []);
  const { decide, conflicts } = useDecideCandidate(userId, program.id, reportFailure);
  const conflicted = useSyncExternalStore(conflicts.subscribe, conflicts.list, conflicts.list);
  // Take theirs: the row already shows it.
  const onReload = useCallback(
    (conflict: DecisionConflict) => conflicts.resolve(conflict.submissionId),
    [conflicts],
  );
  // Keep mine: sent again, based on theirs (what the row shows now).
  const onKeepMine = useCallback(
    (conflict: DecisionConflict) => {
      conflicts.resolve(conflict.submissionId);
      decide({ submissionId: conflict.submissionId, identifier: conflict.identifier, body: conflict.body });
    },
    [conflicts, decide],
  );

  const onDecide = useCallback(
    (row: CandidateStatsRow, body: DecisionBody) => {
      // A new decision replaces the candidate's earlier failure: it is the one that now counts.
      setFailures((current) =>
        current.some((failure) => failure.submissionId === row._id)
          ? current.filter((failure) => failure.submissionId !== row._id)
          : current,
      );
      decide({ submissionId: row._id, identifier: row.identifier, body });
    },
    [decide],
  );
  const onSort = useCallback((column: SortColumn) => {
    setSort((current) => nextSort(current, column));
    setPage(1);
  }, []);
  const onFilter = useCallback((next: CandidateFilter) => {
    setFilter(next);
    setPage(1);
  }, []);
  const onToggleSelected = useCallback(
    (id: string) => setSelection((current) => toggleSelected(current, id)),
    [],
  );
  const onToggleExpanded = useCallback(
    (id: string) => setExpanded((current) => toggleSelected(current, id)),
    [],
  );

  return (
    <>
      <CandidateFilters filter={filter} onChange={onFilter} />
      <Group justify="space-between" align="center">
        <Text role="status">{CANDIDATE_STATS_TEXT.showing(shown.length, rows.length)}</Text>
        <RecipientsBar
          selectedCount={recipients.length}
          approvedCount={approvedCount}
          onSelectApproved={() => setSelection(approvedSelection(rows))}
          onClear={() => setSelection(new Set())}
          onSendEmails={emailDialog.open}
        />
      </Group>

      {failures.length > 0 && (
        <Alert
          color="red"
          title={CANDIDATE_STATS_TEXT.decisionFailedTitle}
          withCloseButton
          closeButtonLabel={CANDIDATE_STATS_TEXT.dismiss}
          onClose={() => setFailures([])}
        >
          <Box component="ul" m={0} pl="md">
            {failures.map((failure) => (
              <li key={failure.submissionId}>{failure.text}</li>
            ))}
          </Box>
        </Alert>
      )}

      <CandidateStatsTable
        rows={shown}
        program={linkProgram}
        totalRankings={totalRankings}
        tied={tied}
        sort={sort}
        onSort={onSort}
        page={page}
        onPage={setPage}
        selection={selection}
        onToggleSelected={onToggleSelected}
        onToggleAllShown={() => setSelection((current) => toggleAllShown(current, shown))}
        expanded={expanded}
        onToggleExpanded={onToggleExpanded}
        onDecide={onDecide}
      />

      <DecisionConflictDialog conflict={conflicted[0] ?? null} onReload={onReload} onKeepMine={onKeepMine} />

      <SendEmailsDialog
        opened={emailing}
        onClose={emailDialog.close}
        programId={program.id}
        recipients={recipients}
      />
    </>
  );
}
