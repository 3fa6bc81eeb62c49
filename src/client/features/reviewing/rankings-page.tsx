import { Button, Group, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { Link, Navigate } from "react-router";
import { REVIEW_MESSAGES } from "../../../shared/schemas/reviews-constants";
import type { UserProgram } from "../../../shared/schemas/users";
import { CurrentProgramPage } from "../../components/current-program-page";
import { PageLoader } from "../../components/page-loader";
import { rankingQuery, useReviewProgress } from "../../lib/reviewing-api";
import { RankingList } from "./ranking-list";
import { REVIEWING_TEXT } from "./reviewing-messages";
import { StepBar } from "./step-bar";
import { STEP_PATHS, stackedRankingsBlockedReason } from "./step-rules";

/** /rankings (step 2): the caller's candidates of the current program, ordered best first. */
export function RankingsPage() {
  return (
    <CurrentProgramPage title="Stacked Rankings" noProgram={REVIEWING_TEXT.noProgram}>
      {({ userId, program }) => <ProgramRankings userId={userId} program={program} />}
    </CurrentProgramPage>
  );
}

function ProgramRankings({ userId, program }: { userId: string; program: UserProgram }) {
  // The gate first (the step bar's own counts, shared with step 1's cache): opened by its address, the
  // page is locked in the bar's words until the member has rated what they are shown.
  const gate = useReviewProgress(userId, program.id);
  const blockedReason = gate.data
    ? stackedRankingsBlockedReason(
        gate.data.progress,
        gate.data.program.enableStackedRankings,
        gate.data.viewer,
      )
    : null;
  const open = gate.isSuccess && blockedReason === null;
  const ranking = useQuery({ ...rankingQuery(userId, program.id), enabled: open });

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
  const bar = (
    <StepBar
      current="rank"
      progress={gate.data?.progress ?? null}
      enableStackedRankings={gate.data?.program.enableStackedRankings ?? true}
      viewer={gate.data?.viewer}
    />
  );

  if (gate.isPending || (open && ranking.isPending)) {
    return (
      <Stack gap="lg">
        {heading}
        <PageLoader />
      </Stack>
    );
  }
  if (gate.isError || ranking.isError) {
    return (
      <Stack gap="lg" align="flex-start">
        {heading}
        <Text c="red.9">{REVIEWING_TEXT.rankingLoadFailed}</Text>
        <Button variant="default" onClick={() => void (gate.isError ? gate.refetch() : ranking.refetch())}>
          Try again
        </Button>
      </Stack>
    );
  }
  // The spec: no assigned applications, no stacked rankings — back to the start.
  if (gate.data.progress.shown === 0 || (ranking.data && ranking.data.applications.length === 0)) {
    return <Navigate to="/" replace />;
  }
  if (blockedReason !== null || !ranking.data) {
    return (
      <Stack gap="lg" align="flex-start">
        {bar}
        {heading}
        <Title order={2} size="h3">
          {REVIEWING_TEXT.rankingLocked}
        </Title>
        <Group gap="sm">
          <Button component={Link} to={STEP_PATHS.rate}>
            {REVIEWING_TEXT.backToStepOne}
          </Button>
          {gate.data.viewer.isAdmin && !gate.data.viewer.committee && (
            <Button component={Link} to="/admin/allcandidates" variant="default">
              Open Candidate Statistics
            </Button>
          )}
        </Group>
      </Stack>
    );
  }

  const readOnly = program.archived;
  return (
    <Stack gap="lg">
      {bar}
      {heading}
      <Text size="sm" maw={760} c={readOnly ? "gray.8" : undefined}>
        {readOnly ? REVIEWING_TEXT.rankingArchived : REVIEWING_TEXT.rankingInstructions}
      </Text>
      {/* Not keyed by revision: a remount would take the focus from the card being moved. */}
      <RankingList
        userId={userId}
        programId={program.id}
        ranking={ranking.data}
        editable={!readOnly}
        onStale={() => void ranking.refetch()}
      />
    </Stack>
  );
}
