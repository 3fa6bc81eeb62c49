import { Box, Button, Group, Loader, Paper, Stack, Text, Title } from "@mantine/core";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, Suspense, useState } from "react";
import {
  type DecisionRelease,
  type DecisionReleaseBody,
  decisionReleaseSchema,
} from "../../../shared/schemas/decision-release";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { timeZoneNote } from "../../components/date-values";
import { FormAlert } from "../../components/form-alert";
import { apiGet, apiPath, apiSend } from "../../lib/api-client";
import { formatDateTime } from "../../lib/date-format";
import { lazyComponent } from "../../lib/lazy-component";
import { notify } from "../../lib/notify";
import { candidateStatisticsKeys } from "./query-keys";

// The calendar (@mantine/dates and its styles) loads with this section only, as in the builder's access dialog.
const DateTimeField = lazyComponent(
  () => import("../../components/date-fields"),
  (m) => m.DateTimeField,
);

export const RELEASE_TEXT = {
  heading: "Decisions for applicants",
  notReleased:
    "Applicants do not see decisions yet: their portal says “Under review” until you release them. Release them when every decision is final.",
  scheduled: (when: string) =>
    `Decisions will be shown to applicants on ${when}. Until then their portal says “Under review”.`,
  released: (when: string) =>
    `Released to applicants on ${when}. Each applicant sees their application's decision (and the amount when approved) in their portal; a decision changed now is shown to them at once.`,
  releaseNow: "Release decisions",
  confirmTitle: "Release decisions to applicants?",
  confirmBody:
    "Every applicant of this program will see their application's decision in their portal: Approved with the amount, Not funded, or Under review for those still pending. A release cannot be taken back.",
  releasedNotice: "Decisions released to applicants.",
  scheduledNotice: (when: string) => `Decisions will be released on ${when}.`,
  cancelled: "The scheduled release is cancelled.",
  scheduleLabel: "Release on",
  schedule: "Schedule release",
  cancelSchedule: "Cancel scheduled release",
  dateRequired: "Choose the date and time of the release.",
} as const;

const releaseKey = (userId: string, programId: string) =>
  [...candidateStatisticsKeys.all(userId, programId), "decisionRelease"] as const;

export function decisionReleaseQuery(userId: string, programId: string) {
  return queryOptions({
    queryKey: releaseKey(userId, programId),
    queryFn: () => apiGet(apiPath`/api/programs/${programId}/decision-release`, decisionReleaseSchema),
    meta: { handlesErrors: true },
  });
}

/**
 * When applicants see the program's decisions (docs/decisions/038-decision-release-and-portal.md): release now
 * (after a confirmation), or on a date ahead, which can be moved or cancelled until it comes.
 */
export function DecisionReleaseSection({ userId, programId }: { userId: string; programId: string }) {
  const queryClient = useQueryClient();
  const path = apiPath`/api/programs/${programId}/decision-release`;
  const release = useQuery(decisionReleaseQuery(userId, programId));
  const [confirming, setConfirming] = useState(false);
  const [when, setWhen] = useState("");
  const [dateError, setDateError] = useState<string | null>(null);
  const change = useMutation({
    mutationFn: (body: DecisionReleaseBody) => apiSend("PUT", path, body, decisionReleaseSchema),
    onSuccess: (saved: DecisionRelease, body) => {
      queryClient.setQueryData(releaseKey(userId, programId), saved);
      setConfirming(false);
      setWhen("");
      if ("release" in body) notify(RELEASE_TEXT.releasedNotice);
      else if (saved.releaseAt === null) notify(RELEASE_TEXT.cancelled);
      else notify(RELEASE_TEXT.scheduledNotice(formatDateTime(saved.releaseAt)));
    },
    onError: () => setConfirming(false),
  });

  function schedule(event: FormEvent) {
    event.preventDefault();
    if (when === "") {
      setDateError(RELEASE_TEXT.dateRequired);
      return;
    }
    setDateError(null);
    change.mutate({ releaseAt: new Date(when).toISOString() });
  }

  let body: React.ReactNode;
  if (release.isPending) body = <Loader size="sm" />;
  else if (release.isError) body = <FormAlert message={release.error.message} />;
  else if (release.data.released && release.data.releaseAt !== null) {
    body = <Text>{RELEASE_TEXT.released(formatDateTime(release.data.releaseAt))}</Text>;
  } else {
    const scheduled = release.data.releaseAt;
    body = (
      <Stack gap="sm">
        <Text>
          {scheduled === null ? RELEASE_TEXT.notReleased : RELEASE_TEXT.scheduled(formatDateTime(scheduled))}
        </Text>
        <FormAlert message={change.error?.message ?? null} />
        <Group align="flex-end" gap="md">
          <Button onClick={() => setConfirming(true)} loading={change.isPending}>
            {RELEASE_TEXT.releaseNow}
          </Button>
          {scheduled !== null && (
            <Button
              variant="default"
              disabled={change.isPending}
              onClick={() => change.mutate({ releaseAt: null })}
            >
              {RELEASE_TEXT.cancelSchedule}
            </Button>
          )}
        </Group>
        <form onSubmit={schedule} noValidate>
          <Group align="flex-end" gap="sm">
            <Box w={260}>
              <Suspense fallback={<Loader size="sm" />}>
                <DateTimeField
                  label={RELEASE_TEXT.scheduleLabel}
                  description={timeZoneNote()}
                  minDate={new Date().toISOString().slice(0, 10)}
                  value={when}
                  error={dateError}
                  onChange={setWhen}
                />
              </Suspense>
            </Box>
            <Button type="submit" variant="default" disabled={change.isPending}>
              {RELEASE_TEXT.schedule}
            </Button>
          </Group>
        </form>
        <ConfirmDialog
          title={RELEASE_TEXT.confirmTitle}
          opened={confirming}
          confirmLabel={RELEASE_TEXT.releaseNow}
          pending={change.isPending}
          onClose={() => setConfirming(false)}
          onConfirm={() => change.mutate({ release: "now" })}
        >
          <Text>{RELEASE_TEXT.confirmBody}</Text>
        </ConfirmDialog>
      </Stack>
    );
  }

  return (
    <Paper component="section" aria-labelledby="decision-release-heading" withBorder p="md">
      <Stack gap="xs">
        <Title order={2} size="h3" id="decision-release-heading">
          {RELEASE_TEXT.heading}
        </Title>
        {body}
      </Stack>
    </Paper>
  );
}
