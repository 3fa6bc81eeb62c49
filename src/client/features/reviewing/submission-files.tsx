import { Button, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { onFirstUse } from "../../../shared/i18n/on-first-use";
import type { SubmissionFile } from "../../../shared/schemas/submissions";
import { downloadSubmissionFile } from "../../lib/reviewing-api";
import { alertFailureWithReason } from "./alerts";
import { REVIEWING_TEXT } from "./reviewing-messages";

const fileSize = onFirstUse(() => new Intl.NumberFormat("en-US", { maximumFractionDigits: 1 }));

/** "2.4 MB", "830 KB", "12 B". */
export function formatFileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${fileSize().format(bytes / (1024 * 1024))} MB`;
  if (bytes >= 1024) return `${fileSize().format(bytes / 1024)} KB`;
  return `${bytes} B`;
}

/** One file, downloaded through a short-lived, permission-checked address. */
export function FileDownloadButton({ file }: { file: SubmissionFile }) {
  const [pending, setPending] = useState(false);
  async function download() {
    setPending(true);
    try {
      await downloadSubmissionFile(file);
    } catch (error) {
      alertFailureWithReason(REVIEWING_TEXT.downloadFailed, error);
    } finally {
      setPending(false);
    }
  }
  return (
    <Button
      size="compact-sm"
      variant="subtle"
      loading={pending}
      aria-label={`Download ${file.name} (${formatFileSize(file.size)})`}
      onClick={() => void download()}
      styles={{ label: { whiteSpace: "normal", textAlign: "left" } }}
    >
      {file.name}
      <Text component="span" size="xs" c="gray.7" ml={6}>
        {`(${formatFileSize(file.size)})`}
      </Text>
    </Button>
  );
}

/** The submission's files list (the files of anonymized questions are never sent to reviewers). */
export function SubmissionFiles({ files }: { files: readonly SubmissionFile[] }) {
  return (
    <Stack gap="xs" component="section" aria-labelledby="submission-files-heading">
      <Title order={2} size="h3" id="submission-files-heading">
        Files
      </Title>
      {files.length === 0 ? (
        <Text size="sm" c="gray.7">
          No files were uploaded with this application.
        </Text>
      ) : (
        <Stack gap={4} component="ul" style={{ listStyle: "none", margin: 0, padding: 0 }}>
          {files.map((file) => (
            <li key={file._id}>
              <FileDownloadButton file={file} />
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
