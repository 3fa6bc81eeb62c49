import { Alert, Button, FileInput, Group, Modal, Stack, Table, Text } from "@mantine/core";
import { useState } from "react";
import {
  type ImportProblem,
  type ImportResult,
  importProblemSchema,
  LEGACY_IMPORT_MESSAGES,
} from "../../../shared/schemas/legacy-import";
import { ApiError } from "../../lib/api-client";
import { notify } from "../../lib/notify";
import { useImportLegacyProgram } from "./api";

interface ImportProgramDialogProps {
  userId: string;
  opened: boolean;
  onClose: () => void;
}

/** The report a refused file comes back with, or null when the failure is of another kind. */
export function importReportOf(error: unknown): ImportProblem[] | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const report = (error.raw as { report?: unknown } | undefined)?.report;
  const parsed = importProblemSchema.array().safeParse(report);
  return parsed.success ? parsed.data : null;
}

/** A zip by its name or type (browsers name a zip's type differently; its name ends in .zip). */
export function isZipFile(file: { name: string; type: string }): boolean {
  return /\.zip$/i.test(file.name) || /^application\/(zip|x-zip-compressed)$/i.test(file.type);
}

/** What the import added, in a sentence ("3 applications, 4 reviews …"). */
export function importSummary(result: ImportResult): string {
  const { added } = result;
  const parts = [
    [added.submissions, "application", "applications"],
    [added.files, "file", "files"],
    [added.reviews, "review", "reviews"],
    [added.comments, "comment", "comments"],
    [added.rankings, "ranking", "rankings"],
    [added.reviewerGroups, "reviewer group", "reviewer groups"],
    [added.membersAdded, "member added", "members added"],
    [added.invited, "person invited", "people invited"],
  ] as const;
  const said = parts.filter(([n]) => n > 0).map(([n, one, many]) => `${n} ${n === 1 ? one : many}`);
  if (!result.created && said.length === 0) return "This program was already imported: nothing new to add.";
  return `${result.created ? "Program imported" : "Program updated"}${said.length > 0 ? `: ${said.join(", ")}` : ""}.`;
}

/**
 * "Import": an organization admin brings a program over from the earlier system's JSON file, or a zip of its
 * JSON files and attachments (docs/decisions/032-legacy-program-import.md). A refused file shows its report — which record, which field,
 * why — and nothing was imported.
 */
export function ImportProgramDialog({ userId, opened, onClose }: ImportProgramDialogProps) {
  const importProgram = useImportLegacyProgram(userId);
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<ImportProblem[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  function close() {
    setFile(null);
    setReport(null);
    setFailure(null);
    onClose();
  }

  async function submit() {
    if (file === null) return;
    setReport(null);
    setFailure(null);
    let body: unknown;
    if (isZipFile(file)) {
      // Sent as it is: the server reads it as it streams in and checks the whole zip.
      body = new Blob([file], { type: "application/zip" });
    } else {
      try {
        body = JSON.parse(await file.text());
      } catch {
        setFailure(LEGACY_IMPORT_MESSAGES.notJson);
        return;
      }
    }
    try {
      const result = await importProgram.mutateAsync(body);
      notify(importSummary(result));
      close();
    } catch (error) {
      const problems = importReportOf(error);
      setReport(problems);
      setFailure(error instanceof Error ? error.message : String(error));
    }
  }

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Import a program from the earlier system"
      size="lg"
      closeButtonProps={{ "aria-label": "Close" }}
    >
      <Stack>
        <Text size="sm">
          A JSON file of one program: its form, applications, reviews, rankings, reviewer groups and people —
          or a zip of its JSON files with the applications' attachments (program.json, submissions.json, …,
          and each attachment as files/&#123;file id&#125;/&#123;file name&#125;). People are matched by
          email; those new to the organization are invited. Importing the same file again adds nothing twice.
        </Text>
        <FileInput
          label="Program file (JSON or zip)"
          accept="application/json,.json,application/zip,.zip"
          value={file}
          onChange={(chosen) => {
            setFile(chosen);
            setReport(null);
            setFailure(null);
          }}
          clearable
          clearButtonProps={{ "aria-label": "Remove the chosen file" }}
        />
        {failure !== null && (
          <Alert color="red" role="alert" title="Not imported">
            {failure}
          </Alert>
        )}
        {report !== null && report.length > 0 && (
          <Table.ScrollContainer minWidth={480} mah={320}>
            <Table striped withTableBorder>
              <Table.Caption>What to correct in the file</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Record</Table.Th>
                  <Table.Th scope="col">Field</Table.Th>
                  <Table.Th scope="col">Reason</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {report.map((problem, i) => (
                  // A report may name one record and field twice, for two reasons.
                  // biome-ignore lint/suspicious/noArrayIndexKey: the report is shown once and never reordered
                  <Table.Tr key={i}>
                    <Table.Td>{problem.record}</Table.Td>
                    <Table.Td>{problem.field || "—"}</Table.Td>
                    <Table.Td>{problem.reason}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} disabled={file === null} loading={importProgram.isPending}>
            Import
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
