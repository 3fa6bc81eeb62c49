import { Alert, Button, Group, NativeSelect, Stack, Text, TextInput, Title } from "@mantine/core";
import { useDebouncedCallback, useDisclosure } from "@mantine/hooks";
import { useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { COMMITTEE_LIMITS } from "../../../shared/schemas/committee";
import type { UserProgram } from "../../../shared/schemas/users";
import { ConflictCountNotice } from "../../components/conflict-count-notice";
import { CurrentProgramPage } from "../../components/current-program-page";
import { LabelledPagination } from "../../components/labelled-pagination";
import { PageLoader } from "../../components/page-loader";
import { anchorForMove } from "../../lib/page-anchor";
import { useAssignmentList } from "./api";
import { ASSIGN_TEXT } from "./assign-messages";
import {
  type AssignView,
  atPage,
  isPageSize,
  pageCount,
  paramsWithView,
  SEARCH_MAX_LENGTH,
  viewFromParams,
  withPageSize,
  withSearch,
} from "./assign-view";
import type { AssignmentChange } from "./assignment-cache";
import { type AssignmentConflict, conflictKey } from "./assignment-conflict";
import { AssignmentConflictNotice } from "./assignment-conflict-notice";
import { AssignmentTable } from "./assignment-table";
import { AutoAssignDialog } from "./auto-assign-dialog";
import { BulkAssignBar } from "./bulk-assign-bar";
import { failureReason } from "./failure-reason";
import { ManageGroupsDialog } from "./manage-groups-dialog";
import { ReviewerLoads } from "./reviewer-loads";
import { type Selection, togglePage, toggleRow } from "./selection";

/**
 * The spec asks for a search that follows typing without a request per key (review-and-administration,
 * "Assign reviewers").
 */
const SEARCH_DEBOUNCE_MS = 300;

/** /admin/assign-reviewers: who reviews each application of the current program, one by one or in bulk. */
export function AssignReviewersPage() {
  return (
    <CurrentProgramPage title={ASSIGN_TEXT.title} noProgram={ASSIGN_TEXT.noProgram}>
      {/* Keyed by program: another program picked in the top bar starts with nothing selected. */}
      {({ userId, program }) => <AssignReviewers userId={userId} program={program} />}
    </CurrentProgramPage>
  );
}

interface Notice {
  tone: "success" | "error";
  text: string;
}

function AssignReviewers({ userId, program }: { userId: string; program: UserProgram }) {
  // The search, page and page size live in the address, so Back from an opened application returns here.
  const [params, setParams] = useSearchParams();
  const view = viewFromParams(params);
  const setView = (update: (current: AssignView) => AssignView) =>
    setParams((current) => paramsWithView(current, update(viewFromParams(current))), { replace: true });

  const [searchText, setSearchText] = useState(view.search);
  const applySearch = useDebouncedCallback(
    (text: string) => setView((current) => withSearch(current, text)),
    SEARCH_DEBOUNCE_MS,
  );
  const [selection, setSelection] = useState<Selection>(() => new Set());
  const [notice, setNotice] = useState<Notice | null>(null);
  // Saves refused because another admin changed the list first (decision 016), one per row and list.
  // Each notice has its own id: a newer conflict of the same list is a new notice, announced and focused.
  const [conflicts, setConflicts] = useState<{ id: number; conflict: AssignmentConflict }[]>([]);
  const conflictIds = useRef(0);
  const addConflict = (conflict: AssignmentConflict) => {
    conflictIds.current += 1;
    const id = conflictIds.current;
    setConflicts((current) => [
      ...current.filter((c) => conflictKey(c.conflict) !== conflictKey(conflict)),
      { id, conflict },
    ]);
  };
  const resolveConflict = (id: number) => setConflicts((current) => current.filter((c) => c.id !== id));
  const keepMineFailed = (name: string) => (error: unknown, change: AssignmentChange) =>
    setNotice({
      tone: "error",
      text: ASSIGN_TEXT.saveFailed(
        change.field === "reviewers" ? "reviewers" : "groups",
        name,
        failureReason(error),
      ),
    });
  const [managing, manageDialog] = useDisclosure(false);
  const [autoAssigning, autoDialog] = useDisclosure(false);
  const list = useAssignmentList(userId, program.id, view);

  // Rows can vanish under the page shown (a search, or an address typed by hand): go to the last page left.
  const lastPage =
    list.data && !list.isPlaceholderData ? pageCount(list.data.total, list.data.pageSize) : null;
  useEffect(() => {
    if (lastPage !== null && view.page > lastPage) {
      setParams((current) => paramsWithView(current, atPage(viewFromParams(current), lastPage)), {
        replace: true,
      });
    }
  }, [lastPage, view.page, setParams]);

  const heading = (
    <Group justify="space-between" align="flex-start">
      <div>
        <Title order={1}>{ASSIGN_TEXT.title}</Title>
        <Text size="lg">{program.name}</Text>
      </div>
      <Group gap="xs">
        <Button variant="default" onClick={autoDialog.open} disabled={list.data === undefined}>
          Assign automatically
        </Button>
        <Button variant="default" onClick={manageDialog.open} disabled={list.data === undefined}>
          Manage Groups
        </Button>
      </Group>
    </Group>
  );
  const notes = (
    <Stack gap={2} component="ul" m={0} pl="lg" aria-label="About assignments">
      {ASSIGN_TEXT.notes.map((note) => (
        <Text component="li" size="sm" c="gray.8" key={note}>
          {note}
        </Text>
      ))}
    </Stack>
  );
  const controls = (
    <Group align="flex-end" justify="space-between">
      <TextInput
        type="search"
        label={ASSIGN_TEXT.searchLabel}
        description="Part of the applicant name"
        maxLength={SEARCH_MAX_LENGTH}
        w={360}
        value={searchText}
        onChange={(event) => {
          setSearchText(event.currentTarget.value);
          applySearch(event.currentTarget.value);
        }}
        // Enter searches at once rather than after the pause.
        onKeyDown={(event) => {
          if (event.key === "Enter") applySearch.flush();
        }}
      />
      <NativeSelect
        label={ASSIGN_TEXT.pageSizeLabel}
        w={140}
        data={COMMITTEE_LIMITS.assignPageSizes.map(String)}
        value={String(view.pageSize)}
        onChange={(event) => {
          const size = Number(event.currentTarget.value);
          if (isPageSize(size)) setView((current) => withPageSize(current, size));
        }}
      />
    </Group>
  );

  if (list.isPending || list.isError) {
    return (
      <Stack gap="lg">
        {heading}
        {notes}
        {controls}
        {list.isPending ? (
          <PageLoader />
        ) : (
          <Text c="red.9">{ASSIGN_TEXT.loadFailed(list.error.message)}</Text>
        )}
      </Stack>
    );
  }

  const result = list.data;
  const pages = pageCount(result.total, result.pageSize);
  const shownPage = Math.min(view.page, pages);

  return (
    <Stack gap="lg">
      {heading}
      {notes}
      <ConflictCountNotice userId={userId} programId={program.id} />
      <ReviewerLoads committee={result.committee} />
      {controls}
      {notice !== null && (
        <Alert
          color={notice.tone === "error" ? "red" : "green"}
          role={notice.tone === "error" ? "alert" : "status"}
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setNotice(null)}
        >
          {notice.text}
        </Alert>
      )}
      {conflicts.map(({ id, conflict }) => (
        <AssignmentConflictNotice
          key={id}
          userId={userId}
          programId={program.id}
          conflict={conflict}
          onDone={() => resolveConflict(id)}
          onFailure={keepMineFailed(conflict.name)}
          onConflict={addConflict}
        />
      ))}
      {selection.size > 0 && (
        <BulkAssignBar
          userId={userId}
          programId={program.id}
          selection={selection}
          committee={result.committee}
          groups={result.groups}
          onClearSelection={() => setSelection(new Set())}
          onDone={setNotice}
        />
      )}
      {result.total === 0 ? (
        <Text>{view.search === "" ? ASSIGN_TEXT.nothingSubmitted : ASSIGN_TEXT.noMatch(view.search)}</Text>
      ) : (
        <AssignmentTable
          userId={userId}
          program={program}
          result={result}
          caption={`Applications of ${program.name}: ${result.total}${pages > 1 ? `, page ${shownPage} of ${pages}` : ""}`}
          selection={selection}
          onSelectRow={(id, checked) => setSelection((current) => toggleRow(current, id, checked))}
          onSelectPage={(ids, checked) => setSelection((current) => togglePage(current, ids, checked))}
          busy={list.isPlaceholderData}
          onFailure={(text) => setNotice({ tone: "error", text })}
          onConflict={addConflict}
        />
      )}
      {pages > 1 && (
        <Group component="nav" aria-label="Applications, pages" justify="flex-end">
          <LabelledPagination
            total={pages}
            value={shownPage}
            onChange={(page) =>
              setView((current) =>
                atPage(
                  current,
                  page,
                  anchorForMove(current.page, page, list.isPlaceholderData ? [] : result.rows),
                ),
              )
            }
          />
        </Group>
      )}
      <ManageGroupsDialog
        userId={userId}
        programId={program.id}
        committee={result.committee}
        opened={managing}
        onClose={manageDialog.close}
      />
      <AutoAssignDialog
        userId={userId}
        programId={program.id}
        selected={[...selection]}
        opened={autoAssigning}
        onClose={autoDialog.close}
      />
    </Stack>
  );
}
