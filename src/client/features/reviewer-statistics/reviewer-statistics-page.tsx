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
  type ReviewerSort,
  sortReviewerRows,
  summarize,
  summaryText,
} from "./reviewer-stats-rules";
import { ReviewerStatsTable } from "./reviewer-stats-table";

const TITLE = "Reviewer Statistics";

/** /admin/committeereview: how far each committee member and guest of the current program has got. */
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

  const { rows } = stats.data;

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
        <Text>This program has no committee members or guests yet.</Text>
      ) : (
        <ReviewerStatsTable
          rows={sortReviewerRows(rows, sort)}
          caption={`Committee members and guests of ${program.name}`}
          sort={sort}
          onSort={(key) => setSort((current) => nextSort(current, key))}
          onRemind={(row) => void remind(row)}
          remindingUserId={reminder.isPending ? (reminder.variables ?? null) : null}
        />
      )}
    </Stack>
  );
}
