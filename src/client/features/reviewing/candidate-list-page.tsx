import { Group, Stack, Switch, Text, Title } from "@mantine/core";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { useSearchParams } from "react-router";
import { REVIEW_MESSAGES } from "../../../shared/schemas/reviews-constants";
import type { UserProgram } from "../../../shared/schemas/users";
import { CurrentProgramPage } from "../../components/current-program-page";
import { LabelledPagination } from "../../components/labelled-pagination";
import { PageLoader } from "../../components/page-loader";
import { anchorForMove, anchorFromParams, type PageAnchor, withAnchorParams } from "../../lib/page-anchor";
import type { PageFirstReads } from "../../lib/page-first-reads";
import { candidateListQuery } from "../../lib/reviewing-api";
import { pageCount, pageFromSearch } from "./candidate-rows";
import { CandidateTable } from "./candidate-table";
import { REVIEWING_TEXT } from "./reviewing-messages";
import { StepBar } from "./step-bar";

/** The page of the list the address names, as the page first asks it. */
export const firstReads: PageFirstReads = async ({ queryClient, userId, search, currentProgram }) => {
  const program = await currentProgram();
  if (program === null) return;
  const { adminMode, page, anchor } = listView(search);
  await queryClient.prefetchQuery(candidateListQuery(userId, program.id, adminMode, page, anchor));
};

/** Which page of the list the address names, and whether in Admin Mode. */
function listView(search: URLSearchParams): { adminMode: boolean; page: number; anchor: PageAnchor } {
  return {
    adminMode: search.get("adminMode") === "true",
    page: pageFromSearch(search.get("page")),
    anchor: anchorFromParams(search),
  };
}

/** /applications (step 1): the current program's candidates for the signed-in user to rate. */
export function CandidateListPage() {
  return (
    <CurrentProgramPage title="Candidate Submissions" noProgram={REVIEWING_TEXT.noProgram}>
      {/* Keyed by program: another program picked in the top bar starts from its first page. */}
      {({ userId, program }) => <CandidateList userId={userId} program={program} />}
    </CurrentProgramPage>
  );
}

function CandidateList({ userId, program }: { userId: string; program: UserProgram }) {
  // The page (with the neighbour it was reached from: lib/page-anchor.ts) and Admin Mode live in the
  // address, so Back from a submission returns to the same page.
  const [search, setSearch] = useSearchParams();
  const { adminMode, page, anchor } = listView(search);
  const list = useQuery({
    ...candidateListQuery(userId, program.id, adminMode, page, anchor),
    placeholderData: keepPreviousData,
  });

  const setView = (next: { adminMode?: boolean; page?: number; anchor?: PageAnchor }) => {
    const params = withAnchorParams(search, next.anchor ?? {});
    const nextAdminMode = next.adminMode ?? adminMode;
    const nextPage = next.page ?? page;
    if (nextAdminMode) params.set("adminMode", "true");
    else params.delete("adminMode");
    if (nextPage > 1) params.set("page", String(nextPage));
    else params.delete("page");
    setSearch(params, { replace: true });
  };

  // Rows can vanish under the page shown (a draft force-submitted, Admin Mode off): go to the last page left.
  const lastPage = list.data ? pageCount(list.data.total, list.data.pageSize) : null;
  useEffect(() => {
    if (lastPage !== null && page > lastPage) {
      const params = withAnchorParams(search, {});
      if (lastPage > 1) params.set("page", String(lastPage));
      else params.delete("page");
      setSearch(params, { replace: true });
    }
  }, [lastPage, page, search, setSearch]);

  const heading = (
    <div>
      <Title order={1}>Candidate Submissions</Title>
      <Text size="lg">{program.name}</Text>
    </div>
  );

  if (list.isPending) {
    return (
      <Stack gap="lg">
        {heading}
        <PageLoader />
      </Stack>
    );
  }
  if (list.isError) {
    return (
      <Stack gap="lg">
        {heading}
        <Text c="red.9">Error loading the applications: {list.error.message}</Text>
      </Stack>
    );
  }

  const result = list.data;
  const pages = pageCount(result.total, result.pageSize);
  const showAdminColumns = result.isAdmin;
  const returnTo = `/applications${search.toString() === "" ? "" : `?${search.toString()}`}`;

  return (
    <Stack gap="lg">
      <StepBar
        current="rate"
        progress={result.progress}
        enableStackedRankings={result.program.enableStackedRankings}
        viewer={result}
      />
      <Group justify="space-between" align="flex-start">
        {heading}
        {result.isAdmin && (
          <Stack gap={4} align="flex-end">
            <Switch
              label="Admin Mode"
              description="Show drafts and test submissions too"
              checked={adminMode}
              onChange={(event) => setView({ adminMode: event.currentTarget.checked, page: 1 })}
            />
          </Stack>
        )}
      </Group>
      {result.program.archived && <Text c="gray.8">{REVIEW_MESSAGES.archived}</Text>}
      {adminMode && result.isAdmin && (
        <Text size="sm" c="gray.7">
          Draft rows are marked "Draft" with a red left edge; test submissions are marked "Test" with a green
          one.
        </Text>
      )}

      {result.total === 0 ? (
        <Text>There are no applications for you to review yet.</Text>
      ) : (
        <CandidateTable
          userId={userId}
          program={result.program}
          rows={result.rows}
          caption={`Applications to review in ${program.name}${pages > 1 ? `, page ${page} of ${pages}` : ""}`}
          adminColumns={showAdminColumns}
          canDeclareConflicts={result.canRate}
          returnTo={returnTo}
          busy={list.isPlaceholderData}
        />
      )}
      {pages > 1 && (
        <Group component="nav" aria-label="Applications, pages" justify="flex-end">
          <LabelledPagination
            total={pages}
            value={Math.min(page, pages)}
            onChange={(next) =>
              setView({
                page: next,
                anchor: anchorForMove(page, next, list.isPlaceholderData ? [] : result.rows),
              })
            }
          />
        </Group>
      )}
    </Stack>
  );
}
