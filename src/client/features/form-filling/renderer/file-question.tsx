import { Alert, Button, FileButton, Group, Input, Progress, Stack, Text } from "@mantine/core";
import { useRef, useState } from "react";
import type { SubmissionFile } from "../../../../shared/schemas/submissions";
import { useLanguage, useTranslate } from "../../../lib/i18n";
import { acceptFor, checkFiles, type FileProblem, fileLimitsMessage, questionFiles } from "./file-checks";
import { describedBy, problemNode, type QuestionPartProps } from "./question-label";
import { useRenderer } from "./renderer-context";

interface FileQuestionProps extends QuestionPartProps {
  /** The submission's files of this question. */
  files: readonly SubmissionFile[];
}

interface Upload {
  key: number;
  name: string;
  fraction: number;
}

const errorMessage = (error: unknown, fallback: string) =>
  error instanceof Error && error.message.trim() ? error.message : fallback;

/**
 * FILE_UPLOAD: the question's files with download and remove buttons, and an upload button that checks
 * the count, type and size first (the spec's alerts), then uploads with a progress bar.
 */
export function FileQuestion({
  question,
  sectionId,
  answer,
  label,
  description,
  messages,
  fieldId,
  files,
}: FileQuestionProps) {
  const { change, editable, accent, maxFileSizeMB, upload, removeFile, downloadFile, touch } = useRenderer();
  const t = useTranslate();
  const [uploads, setUploads] = useState<readonly Upload[]>([]);
  const [alert, setAlert] = useState<string | null>(null);
  const nextKey = useRef(0);
  const resetPicker = useRef<() => void>(null);

  const { maxFiles, fileType } = question.files;
  const listed = questionFiles(files, question._id, answer?.answerArray ?? []);
  const count = listed.length + uploads.length;
  const canUpload = editable && upload !== null;
  const limits = { maxFiles, fileType, maxFileSizeMB };
  const showProblem = (problem: FileProblem) => setAlert(t(problem.key, problem.vars));

  function uploadOne(file: File) {
    if (!upload) return;
    const key = nextKey.current++;
    const setFraction = (fraction: number) =>
      setUploads((current) => current.map((u) => (u.key === key ? { ...u, fraction } : u)));
    setUploads((current) => [...current, { key, name: file.name, fraction: 0 }]);
    upload(question._id, file, setFraction)
      .then((stored) => {
        change(question, sectionId, (previous) => ({
          ...previous,
          answerArray: previous.answerArray.includes(stored._id)
            ? previous.answerArray
            : [...previous.answerArray, stored._id],
        }));
      })
      .catch((error: unknown) => setAlert(errorMessage(error, t("file.uploadFailed"))))
      .finally(() => setUploads((current) => current.filter((u) => u.key !== key)));
  }

  function picked(selected: File[]) {
    resetPicker.current?.();
    if (selected.length === 0) return;
    const { accepted, problem } = checkFiles(selected, count, limits);
    if (problem) showProblem(problem);
    else setAlert(null);
    for (const file of accepted) uploadOne(file);
  }

  async function remove(file: SubmissionFile) {
    if (!removeFile) return;
    try {
      await removeFile(file);
      change(question, sectionId, (previous) => ({
        ...previous,
        answerArray: previous.answerArray.filter((id) => id !== file._id),
      }));
      touch(question._id);
    } catch (error) {
      setAlert(errorMessage(error, t("file.removeFailed")));
    }
  }

  const limitsMessage = fileLimitsMessage(limits);
  const limitText = t(limitsMessage.key, limitsMessage.vars);

  return (
    <Input.Wrapper
      id={fieldId}
      labelElement="div"
      label={label}
      description={description || undefined}
      descriptionProps={{ style: { whiteSpace: "pre-wrap" } }}
      error={problemNode(messages)}
    >
      <Stack
        gap="xs"
        mt="xs"
        role="group"
        aria-labelledby={`${fieldId}-label`}
        aria-describedby={describedBy(fieldId, messages, description)}
      >
        {listed.length > 0 ? (
          <Stack
            component="ul"
            gap={4}
            m={0}
            p={0}
            style={{ listStyle: "none" }}
            aria-label={t("file.uploaded")}
          >
            {listed.map((file) => (
              <FileRow
                key={file._id}
                file={file}
                onDownload={downloadFile}
                onRemove={editable && removeFile ? remove : null}
              />
            ))}
          </Stack>
        ) : (
          !canUpload && (
            <Text size="sm" c="dimmed">
              {t("file.none")}
            </Text>
          )
        )}
        {uploads.map((u) => (
          <Stack key={u.key} gap={2}>
            <Text size="sm">{t("file.uploading", { name: u.name })}</Text>
            <Progress
              value={Math.round(u.fraction * 100)}
              color={accent}
              aria-label={t("file.uploading", { name: u.name })}
              transitionDuration={150}
            />
          </Stack>
        ))}
        {alert !== null && (
          <Alert
            color="red"
            variant="light"
            withCloseButton
            closeButtonLabel={t("form.close")}
            onClose={() => setAlert(null)}
          >
            {alert}
          </Alert>
        )}
        <Group gap="sm" align="center">
          <FileButton
            onChange={(payload: File[] | File | null) =>
              picked(payload === null ? [] : Array.isArray(payload) ? payload : [payload])
            }
            accept={acceptFor(fileType)}
            multiple={maxFiles > 1}
            disabled={!canUpload}
            resetRef={resetPicker}
            inputProps={{ name: `file-${question._id}`, "aria-hidden": true, tabIndex: -1 }}
          >
            {(props) => (
              <Button
                variant="default"
                size="sm"
                disabled={!canUpload}
                style={{ borderColor: accent }}
                onClick={() => {
                  // At the limit the picker does not open: the spec's alert says why.
                  if (count >= maxFiles) showProblem({ key: "file.maxCount", vars: { count: maxFiles } });
                  else props.onClick();
                }}
              >
                {t("file.upload")}
              </Button>
            )}
          </FileButton>
          <Text size="xs" c="dimmed">
            {limitText}
          </Text>
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}

interface FileRowProps {
  file: SubmissionFile;
  onDownload: ((file: SubmissionFile) => void) | null;
  onRemove: ((file: SubmissionFile) => Promise<void>) | null;
}

/** One uploaded file: its name and size, Download and Remove. */
function FileRow({ file, onDownload, onRemove }: FileRowProps) {
  const t = useTranslate();
  const language = useLanguage();
  const [removing, setRemoving] = useState(false);
  return (
    <Group component="li" gap="xs" justify="space-between" wrap="nowrap">
      <Text size="sm" style={{ overflowWrap: "anywhere" }}>
        {file.name}{" "}
        <Text span size="xs" c="dimmed">
          {`(${fileSize(file.size, language)})`}
        </Text>
      </Text>
      <Group gap={4} wrap="nowrap">
        {onDownload && (
          <Button
            variant="subtle"
            size="compact-sm"
            aria-label={t("file.download", { name: file.name })}
            onClick={() => onDownload(file)}
          >
            <span aria-hidden="true">↓</span>
          </Button>
        )}
        {onRemove && (
          <Button
            variant="subtle"
            color="red.9"
            size="compact-sm"
            loading={removing}
            aria-label={t("file.remove", { name: file.name })}
            onClick={() => {
              setRemoving(true);
              onRemove(file).finally(() => setRemoving(false));
            }}
          >
            <span aria-hidden="true">×</span>
          </Button>
        )}
      </Group>
    </Group>
  );
}

/** A file size in the applicant's language ("1.2 MB", "1,2 Mo"). */
function fileSize(bytes: number, language: string): string {
  const [value, unit] =
    bytes >= 1_048_576
      ? [bytes / 1_048_576, "megabyte"]
      : bytes >= 1024
        ? [bytes / 1024, "kilobyte"]
        : [bytes, "byte"];
  return new Intl.NumberFormat(language, {
    style: "unit",
    unit,
    unitDisplay: "short",
    maximumFractionDigits: 1,
  }).format(value);
}
