import { Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { COMMITTEE_MESSAGES, type ReviewerStatsRow } from "../../../shared/schemas/committee";
import type { UserProgram } from "../../../shared/schemas/users";
import { CurrentProgramPage } from "../../components/current-program-page";
import { PageLoader } from "../../components/page-loader";
import { notify } from "../../lib/notify";
import { useReviewerStats, useSendReminder } from "./api";
import {
  DEFAULT_REVIEWER_SORT,
  nextSort,
  observersText,
  type ReviewerSort,
  sortReviewerRows,
  splitObservers,
  summarize,
  summaryText,
} from "./reviewer-stats-rules";
import { ObserversTable, ReviewerStatsTable } from "./reviewer-stats-table";

const TITLE = "Reviewer Statistics";

/**
 * /admin/committeereview: how far each committee member of the current program has got; its guests, who
 * read without rating, listed apart as observers.
 */
export function ReviewerStatisticsPage() {
  return (
    <CurrentProgramPage
      title={TITLE}
      noProgram="Choose a program first: Reviewer Statistics is about the current program."
    >
      {({ userId, program }) => <ProgramReviewerStatistics viewerId={userId} program={program} />}
    </CurrentProgramPage>
  );
}

function ProgramReviewerStatistics({ viewerId, program }: { viewerId: string; program: UserProgram }) {
  const stats = useReviewerStats(viewerId, program.id);
  const reminder = useSendReminder(program.id);
  const [sort, setSort] = useState<ReviewerSort>(DEFAULT_REVIEWER_SORT);

  const heading = (
    <div>
      <Title order={1}>{TITLE}</Title>
      <Text size="lg">{program.name}</Text>
    </div>
  );
  if (stats.isPending || stats.isError) {
    return (
      <Stack gap="lg">
        {heading}
        {stats.isPending ? (
          <PageLoader />
        ) : (
          <Text c="red.9">Error loading the reviewer statistics: {stats.error.message}</Text>
        )}
      </Stack>
    );
  }

  const { committee: rows, observers } = splitObservers(stats.data.rows);

  async function remind(row: ReviewerStatsRow) {
    try {
      const { email } = await reminder.mutateAsync(row._id);
      notify(COMMITTEE_MESSAGES.reminderSent(email));
    } catch (error) {
      console.error(COMMITTEE_MESSAGES.emailFailed, error);
      notify(COMMITTEE_MESSAGES.emailFailed);
    }
  }

  return (
    <Stack gap="lg">
      {heading}
      {/*
        Admins and internal test accounts are left out by the server (review-and-administration,
        "6. Roles and permissions").
      */}
      <Text>{summaryText(summarize(rows))}</Text>
      {rows.length === 0 ? (
        <Text>This program has no committee members yet.</Text>
      ) : (
        <ReviewerStatsTable
          rows={sortReviewerRows(rows, sort)}
          caption={`Committee members of ${program.name}`}
          sort={sort}
          onSort={(key) => setSort((current) => nextSort(current, key))}
          onRemind={(row) => void remind(row)}
          remindingUserId={reminder.isPending ? (reminder.variables ?? null) : null}
        />
      )}
      {observers.length > 0 && (
        <Stack gap="sm" component="section" aria-labelledby="observers-heading">
          <Title order={2} size="h3" id="observers-heading">
            Observers
          </Title>
          <Text>{observersText(observers.length)}</Text>
          <ObserversTable rows={observers} caption={`Guests of ${program.name}`} />
        </Stack>
      )}
    </Stack>
  );
}
