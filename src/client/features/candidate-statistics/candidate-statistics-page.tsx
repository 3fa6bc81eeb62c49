import { Alert, Box, Group, Stack, Text, Title, VisuallyHidden } from "@mantine/core";
import { useDebouncedValue, useDisclosure } from "@mantine/hooks";
import { type ReactNode, useCallback, useEffect, useMemo, useState, useSyncExternalStore } from "react";
import type { CandidateStatsPage } from "../../../shared/schemas/candidate-statistics";
import type { DecisionBody } from "../../../shared/schemas/committee";
import type { CandidateStatsRow } from "../../../shared/schemas/reviews";
import type { UserProgram } from "../../../shared/schemas/users";
import { CurrentProgramPage } from "../../components/current-program-page";
import { PageLoader } from "../../components/page-loader";
import type { PageFirstReads } from "../../lib/page-first-reads";
import { truncateName } from "../../lib/truncate";
import {
  candidateStatsQuery,
  type DecisionFailure,
  fetchRecipients,
  fundingStatsQuery,
  useCandidateStats,
  useDecideCandidate,
} from "./api";
import { CandidateFilters } from "./candidate-filters";
import { CANDIDATE_STATS_TEXT } from "./candidate-statistics-messages";
import { CandidateStatsTable } from "./candidate-stats-table";
import {
  type CandidateFilter,
  DEFAULT_SORT,
  FIRST_PAGE_QUERY,
  NO_FILTER,
  nextSort,
  pageQuery,
  type SortColumn,
  type SortState,
} from "./candidate-table-model";
import { DecisionConflictDialog } from "./decision-conflict-dialog";
import type { DecisionConflict } from "./decision-conflicts";
import { DecisionReleaseSection, decisionReleaseQuery } from "./decision-release";
import { decisionFailureText } from "./decision-rules";
import { type RecentDecision, recentDecision, UNDO_WINDOW_MS } from "./decision-undo";
import { FundingSummary } from "./funding-summary";
import {
  NO_SELECTION,
  recipientsOf,
  refreshSelection,
  type Selection,
  selectionOf,
  toggleAllShown,
  toggleSelected,
} from "./recipient-selection";
import { RecipientsBar } from "./recipients-bar";
import { SendEmailsDialog } from "./send-emails-dialog";

/**
 * /admin/allcandidates (review-and-administration, "Candidate Statistics"; "4. States and transitions",
 * "Candidate decision"): funding statistics, the submitted candidates with their ratings and rankings,
 * decisions and amounts — a page at a time, sorted and filtered by the server — and the Send Emails dialog
 * for the candidates chosen in the table.
 */
export function CandidateStatisticsPage() {
  return (
    <CurrentProgramPage title={CANDIDATE_STATS_TEXT.title} noProgram={CANDIDATE_STATS_TEXT.noProgram}>
      {({ userId, program }) => <CandidateStatistics userId={userId} program={program} />}
    </CurrentProgramPage>
  );
}

/** The first page of the table, the funding summary and the decisions' release, as the page first asks them. */
export const firstReads: PageFirstReads = async ({ queryClient, userId, currentProgram }) => {
  const program = await currentProgram();
  if (program === null) return;
  const programId = program.id;
  await Promise.all([
    queryClient.prefetchQuery(candidateStatsQuery(userId, programId, FIRST_PAGE_QUERY)),
    queryClient.prefetchQuery(fundingStatsQuery(userId, programId)),
    queryClient.prefetchQuery(decisionReleaseQuery(userId, programId)),
  ]);
};

/** Typing in the search box asks the server once the typing pauses. */
const SEARCH_PAUSE_MS = 300;

/** The page for one program (exported for its tests, which render it without a session). */
export function CandidateStatistics({ userId, program }: { userId: string; program: UserProgram }) {
  const [sort, setSort] = useState(DEFAULT_SORT);
  const [filter, setFilter] = useState<CandidateFilter>(NO_FILTER);
  const [page, setPage] = useState(1);
  const [search] = useDebouncedValue(filter.search, SEARCH_PAUSE_MS);
  const query = useMemo(() => pageQuery(sort, { ...filter, search }, page), [sort, filter, search, page]);
  const list = useCandidateStats(userId, program.id, query);

  const onSort = useCallback((column: SortColumn) => {
    setSort((current) => nextSort(current, column));
    setPage(1);
  }, []);
  const onFilter = useCallback((next: CandidateFilter) => {
    setFilter(next);
    setPage(1);
  }, []);

  let candidates: ReactNode;
  if (list.isPending) candidates = <PageLoader />;
  else if (list.isError)
    candidates = <Text c="red.9">{`${CANDIDATE_STATS_TEXT.loadFailed} ${list.error.message}`}</Text>;
  else if (list.data.candidates === 0) candidates = <Text>{CANDIDATE_STATS_TEXT.noCandidates}</Text>;
  else
    candidates = (
      <CandidateBoard
        userId={userId}
        program={program}
        result={list.data}
        loading={list.isFetching}
        filter={filter}
        onFilter={onFilter}
        sort={sort}
        onSort={onSort}
        onPage={setPage}
      />
    );

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{CANDIDATE_STATS_TEXT.title}</Title>
        <Text size="lg">{program.name}</Text>
      </div>
      <FundingSummary userId={userId} programId={program.id} />
      <DecisionReleaseSection userId={userId} programId={program.id} />
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
  /** The page shown (the previous one while the next is on its way: `loading`). */
  result: CandidateStatsPage;
  loading: boolean;
  filter: CandidateFilter;
  onFilter: (filter: CandidateFilter) => void;
  sort: SortState;
  onSort: (column: SortColumn) => void;
  onPage: (page: number) => void;
}

/** Filters, recipients, the table and the Send Emails dialog over one page of candidates. */
function CandidateBoard({
  userId,
  program,
  result,
  loading,
  filter,
  onFilter,
  sort,
  onSort,
  onPage,
}: CandidateBoardProps) {
  const { rows, totalRankings } = result;
  const [selection, setSelection] = useState<Selection>(NO_SELECTION);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const [failures, setFailures] = useState<ShownFailure[]>([]);
  const [emailing, emailDialog] = useDisclosure(false);
  const [choosing, setChoosing] = useState(false);
  const [chooseError, setChooseError] = useState<string | null>(null);
  const [recent, setRecent] = useState<RecentDecision | null>(null);
  // What the last decision (or its undoing) did, for screen readers: the row shows it to the eye.
  const [announcement, setAnnouncement] = useState("");

  const tied = useMemo(() => new Set(result.tiedRanks), [result.tiedRanks]);
  const recipients = useMemo(() => recipientsOf(selection), [selection]);
  const linkProgram = useMemo(() => ({ _id: program.id, appVersion: program.appVersion }), [program]);
  // A chosen candidate shown with a newer decision or name keeps it for the email.
  useEffect(() => setSelection((current) => refreshSelection(current, rows)), [rows]);

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
  // Keep mine: sent again, based on theirs (what the dialog showed, wherever the row now is).
  const onKeepMine = useCallback(
    (conflict: DecisionConflict) => {
      conflicts.resolve(conflict.submissionId);
      decide({
        submissionId: conflict.submissionId,
        identifier: conflict.identifier,
        body: conflict.body,
        basis: conflict.theirs,
      });
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
      // Said in the row, with Undo for a few seconds; a change of amount alone shows in its input.
      const made = recentDecision(row, truncateName(row.identifier, Number.POSITIVE_INFINITY).full, body);
      setRecent(made);
      setAnnouncement(made?.message ?? "");
    },
    [decide],
  );
  const onUndo = useCallback(
    (made: RecentDecision) => {
      setRecent(null);
      setAnnouncement(made.undoneMessage);
      decide({ submissionId: made.submissionId, identifier: made.identifier, body: made.undo });
    },
    [decide],
  );
  useEffect(() => {
    if (recent === null) return;
    const timer = setTimeout(() => setRecent(null), UNDO_WINDOW_MS);
    return () => clearTimeout(timer);
  }, [recent]);
  const onToggleSelected = useCallback(
    (id: string) =>
      setSelection((current) => {
        const row = rows.find((r) => r._id === id);
        return row === undefined ? current : toggleSelected(current, row);
      }),
    [rows],
  );
  const onToggleExpanded = useCallback(
    (id: string) =>
      setExpanded((current) => {
        const next = new Set(current);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    [],
  );
  // Every approved candidate, on whichever page: asked of the server.
  const onSelectApproved = useCallback(async () => {
    if (choosing) return;
    setChoosing(true);
    setChooseError(null);
    try {
      setSelection(selectionOf(await fetchRecipients(program.id, { ...NO_FILTER, status: "approved" })));
    } catch (error) {
      setChooseError(
        `${CANDIDATE_STATS_TEXT.selectApprovedFailed} ${error instanceof Error ? error.message : ""}`,
      );
    } finally {
      setChoosing(false);
    }
  }, [choosing, program.id]);

  return (
    <>
      <CandidateFilters filter={filter} onChange={onFilter} />
      <Group justify="space-between" align="center">
        <Text role="status">{CANDIDATE_STATS_TEXT.showing(result.total, result.candidates)}</Text>
        <RecipientsBar
          selectedCount={selection.size}
          approvedCount={result.approved}
          choosing={choosing}
          onSelectApproved={onSelectApproved}
          onClear={() => setSelection(NO_SELECTION)}
          onSendEmails={emailDialog.open}
        />
      </Group>

      {chooseError !== null && (
        <Text c="red.9" role="alert">
          {chooseError}
        </Text>
      )}

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

      <VisuallyHidden role="status">{announcement}</VisuallyHidden>

      <CandidateStatsTable
        rows={rows}
        loading={loading}
        program={linkProgram}
        totalRankings={totalRankings}
        tied={tied}
        sort={sort}
        onSort={onSort}
        page={result.page}
        pageCount={Math.ceil(result.total / result.pageSize)}
        onPage={onPage}
        selection={selection}
        onToggleSelected={onToggleSelected}
        onToggleAllShown={() => setSelection((current) => toggleAllShown(current, rows))}
        expanded={expanded}
        onToggleExpanded={onToggleExpanded}
        onDecide={onDecide}
        recent={recent}
        onUndo={onUndo}
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
