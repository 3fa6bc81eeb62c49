import { Alert, Anchor, Button, Group, Stack, Table, Text, VisuallyHidden } from "@mantine/core";
import type { ExportJob } from "../../../shared/schemas/exports";
import { PagedTable } from "../../components/paged-table";
import { DEFAULT_PAGE_SIZE } from "../../lib/paging";
import { EXPORT_TEXT } from "./export-messages";
import { ExportProgress } from "./export-progress";
import {
  exportName,
  failureMessage,
  formatSize,
  isFinished,
  RESTARTED_TEXT,
  STATUS_LABELS,
  timeText,
  wasRestarted,
} from "./export-rules";

interface RecentExportsTableProps {
  /** Newest first, as the server sends them. */
  jobs: readonly ExportJob[];
  caption: string;
  onDelete: (job: ExportJob) => void;
  /** The export being deleted: its button shows progress. */
  deletingJobId: string | null;
}

export function RecentExportsTable({ jobs, caption, ...actions }: RecentExportsTableProps) {
  return (
    <PagedTable
      caption={caption}
      rows={jobs}
      pageSize={DEFAULT_PAGE_SIZE}
      columns={
        <>
          <Table.Th scope="col">Export</Table.Th>
          <Table.Th scope="col">Status</Table.Th>
          <Table.Th scope="col">Progress</Table.Th>
          <Table.Th scope="col">Created</Table.Th>
          <Table.Th scope="col">Size</Table.Th>
          <Table.Th scope="col">
            <VisuallyHidden>Actions</VisuallyHidden>
          </Table.Th>
        </>
      }
      renderRow={(job) => <RecentExportRow key={job._id} job={job} {...actions} />}
    />
  );
}

type RowProps = Pick<RecentExportsTableProps, "onDelete" | "deletingJobId"> & { job: ExportJob };

function RecentExportRow({ job, onDelete, deletingJobId }: RowProps) {
  const name = exportName(job);
  const created = timeText(job.createdAt);
  // Several exports of one kind can be in the list: the controls' names say which by its time.
  const which = `${name} from ${created}`;
  return (
    <Table.Tr>
      <Table.Td>{name}</Table.Td>
      <Table.Td>
        <Stack gap={2}>
          <Text size="sm">{STATUS_LABELS[job.status]}</Text>
          {job.status === "ready" && job.expiresAt !== null && (
            <Text size="xs" c="gray.7">
              {EXPORT_TEXT.keptUntil(timeText(job.expiresAt))}
            </Text>
          )}
          {wasRestarted(job) && (
            <Text size="xs" c="orange.9">
              {RESTARTED_TEXT}
            </Text>
          )}
        </Stack>
      </Table.Td>
      <Table.Td miw={200}>
        {job.status === "failed" ? (
          // review-and-administration, "8. Error catalogue": a failed export (a PDF zip among them) shows the
          // alert with the message.
          <Alert color="red" variant="light" role="alert" title={EXPORT_TEXT.failedTitle} p="xs">
            {failureMessage(job)}
          </Alert>
        ) : (
          <ExportProgress job={job} label={`Progress of ${which}`} />
        )}
      </Table.Td>
      <Table.Td style={{ whiteSpace: "nowrap" }}>{created}</Table.Td>
      <Table.Td style={{ whiteSpace: "nowrap" }}>
        {job.status === "ready" && job.size !== null ? formatSize(job.size) : "–"}
      </Table.Td>
      <Table.Td>
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          {job.status === "ready" && job.downloadUrl !== null && (
            // A plain link: the browser downloads the file itself, signed for this admin, from the server.
            <Anchor
              href={job.downloadUrl}
              download={job.fileName ?? ""}
              aria-label={`${EXPORT_TEXT.download} ${job.fileName ?? which}`}
              fw={600}
              size="sm"
            >
              {EXPORT_TEXT.download}
            </Anchor>
          )}
          {isFinished(job) && (
            <Button
              size="xs"
              variant="default"
              color="red"
              aria-label={`${EXPORT_TEXT.delete} ${which}`}
              loading={deletingJobId === job._id}
              onClick={() => onDelete(job)}
            >
              {EXPORT_TEXT.delete}
            </Button>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
