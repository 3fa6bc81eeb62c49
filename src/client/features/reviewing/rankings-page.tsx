import { Button, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { Navigate } from "react-router";
import { REVIEW_MESSAGES } from "../../../shared/schemas/reviews";
import type { UserProgram } from "../../../shared/schemas/users";
import { CurrentProgramPage } from "../../components/current-program-page";
import { PageLoader } from "../../components/page-loader";
import { rankingQuery } from "../../lib/reviewing-api";
import { RankingList } from "./ranking-list";
import { REVIEWING_TEXT } from "./reviewing-messages";
import { StepBar } from "./step-bar";

/** /rankings (step 2): the caller's candidates of the current program, ordered best first. */
export function RankingsPage() {
  return (
    <CurrentProgramPage title="Stacked Rankings" noProgram={REVIEWING_TEXT.noProgram}>
      {({ userId, program }) => <ProgramRankings userId={userId} program={program} />}
    </CurrentProgramPage>
  );
}

/** Committee members order their candidates; a guest or an admin off the committee only reads. */
function ordersCandidates(program: UserProgram): boolean {
  return program.role === "REVIEWER" || program.role === "ADMIN_REVIEWER";
}

function ProgramRankings({ userId, program }: { userId: string; program: UserProgram }) {
  const ranking = useQuery(rankingQuery(userId, program.id));

  // The spec: "Unable to initialize stacked rankings", on the console only.
  useEffect(() => {
    if (ranking.isError) console.error(REVIEW_MESSAGES.rankingsInitFailed, ranking.error);
  }, [ranking.isError, ranking.error]);

  const heading = (
    <div>
      <Title order={1}>Stacked Rankings</Title>
      <Text size="lg">{program.name}</Text>
    </div>
  );
  const bar = <StepBar current="rank" progress={null} enableStackedRankings />;

  if (ranking.isPending) {
    return (
      <Stack gap="lg">
        {bar}
        {heading}
        <PageLoader />
      </Stack>
    );
  }
  if (ranking.isError) {
    return (
      <Stack gap="lg" align="flex-start">
        {bar}
        {heading}
        <Text c="red.9">{REVIEWING_TEXT.rankingLoadFailed}</Text>
        <Button variant="default" onClick={() => void ranking.refetch()}>
          Try again
        </Button>
      </Stack>
    );
  }
  // The spec: no assigned applications, no stacked rankings — back to the start.
  if (ranking.data.applications.length === 0) return <Navigate to="/" replace />;

  const readOnlyReason = program.archived
    ? REVIEWING_TEXT.rankingArchived
    : ordersCandidates(program)
      ? null
      : REVIEWING_TEXT.rankingReadOnly;

  return (
    <Stack gap="lg">
      {bar}
      {heading}
      {readOnlyReason === null ? (
        <Text size="sm" maw={760}>
          {REVIEWING_TEXT.rankingInstructions}
        </Text>
      ) : (
        <Text size="sm" c="gray.8">
          {readOnlyReason}
        </Text>
      )}
      {/* Not keyed by revision: a remount would take the focus from the card being moved. */}
      <RankingList
        userId={userId}
        programId={program.id}
        ranking={ranking.data}
        editable={readOnlyReason === null}
        onStale={() => void ranking.refetch()}
      />
    </Stack>
  );
}
