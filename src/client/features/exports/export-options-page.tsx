import { Button, Group, SimpleGrid, Stack, Text, Title, VisuallyHidden } from "@mantine/core";
import { type ReactNode, useState } from "react";
import { EXPORT_KINDS, type ExportJob } from "../../../shared/schemas/exports";
import type { UserProgram } from "../../../shared/schemas/users";
import { CurrentProgramPage } from "../../components/current-program-page";
import { PageLoader } from "../../components/page-loader";
import { notifyFailure } from "../../lib/notify";
import { useDeleteExport, useExportList } from "./api";
import { ExportCard } from "./export-card";
import { EXPORT_TEXT } from "./export-messages";
import { exportName, failureMessage, finishedAnnouncement } from "./export-rules";
import { RecentExportsTable } from "./recent-exports-table";
import { useFinishedExports } from "./use-finished-exports";

/**
 * /admin/exportoptions: start an export of the current program, watch it, download it
 * (docs/decisions/011-exports.md).
 */
export function ExportOptionsPage() {
  return (
    <CurrentProgramPage title={EXPORT_TEXT.title} noProgram={EXPORT_TEXT.noProgram}>
      {({ userId, program }) => <ExportOptions userId={userId} program={program} />}
    </CurrentProgramPage>
  );
}

export function ExportOptions({ userId, program }: { userId: string; program: UserProgram }) {
  // Said by the live region: an export started, or became ready. A failure is an alert of its own.
  // Numbered: the same words said twice (two exports of one kind started) are a new node, read again.
  const [announcement, setAnnouncement] = useState({ text: "", number: 0 });
  const announce = (text: string) => setAnnouncement((current) => ({ text, number: current.number + 1 }));
  const list = useExportList(userId, program.id);
  const remove = useDeleteExport(userId, program.id);

  useFinishedExports(list.data?.exports, (finished) => {
    const ready = finished.filter((job) => job.status === "ready");
    if (ready.length > 0) announce(ready.map(finishedAnnouncement).join(" "));
    // review-and-administration, "8. Error catalogue": a failed export (the PDF zip among them) is an alert
    // with the message, as soon as it fails.
    for (const job of finished) {
      if (job.status === "failed") notifyFailure(`The ${exportName(job)} export failed`, failureMessage(job));
    }
  });

  function deleteExport(job: ExportJob) {
    remove.mutate(job._id, {
      onError: (error) => notifyFailure(EXPORT_TEXT.deleteFailed, error.message),
    });
  }

  let recent: ReactNode;
  if (list.data !== undefined) {
    recent =
      list.data.exports.length === 0 ? (
        <Text>{EXPORT_TEXT.noExports}</Text>
      ) : (
        <RecentExportsTable
          jobs={list.data.exports}
          caption={EXPORT_TEXT.recentCaption(program.name)}
          onDelete={deleteExport}
          deletingJobId={remove.isPending ? (remove.variables ?? null) : null}
        />
      );
  } else if (list.isError) {
    recent = <Text c="red.9">{EXPORT_TEXT.loadFailed(list.error.message)}</Text>;
  } else {
    recent = <PageLoader />;
  }

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{EXPORT_TEXT.title}</Title>
        <Text size="lg">{program.name}</Text>
      </div>
      <Text>{EXPORT_TEXT.intro}</Text>
      <VisuallyHidden role="status" aria-live="polite">
        <span key={announcement.number}>{announcement.text}</span>
      </VisuallyHidden>

      <Stack gap="sm" component="section" aria-labelledby="new-export-heading">
        <Title order={2} id="new-export-heading">
          {EXPORT_TEXT.newTitle}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {EXPORT_KINDS.map((kind) => (
            <ExportCard
              key={kind}
              userId={userId}
              programId={program.id}
              kind={kind}
              onStarted={(job) => announce(`The ${exportName(job)} export has started.`)}
            />
          ))}
        </SimpleGrid>
      </Stack>

      <Stack gap="sm" component="section" aria-labelledby="recent-exports-heading">
        <Title order={2} id="recent-exports-heading">
          {EXPORT_TEXT.recentTitle}
        </Title>
        {/* The list on screen stays; the polling stopped with the failed reading until asked again. */}
        {list.data !== undefined && list.isError && (
          <Group gap="sm">
            <Text c="red.9" role="alert">
              {EXPORT_TEXT.refreshFailed(list.error.message)}
            </Text>
            <Button size="xs" variant="default" onClick={() => void list.refetch()} loading={list.isFetching}>
              {EXPORT_TEXT.tryAgain}
            </Button>
          </Group>
        )}
        {recent}
      </Stack>
    </Stack>
  );
}
