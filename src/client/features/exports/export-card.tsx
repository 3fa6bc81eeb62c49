import { Button, Card, Group, Radio, Stack, Switch, Text, Title } from "@mantine/core";
import { useId, useState } from "react";
import {
  EXPORT_LABELS,
  type ExportFormat,
  type ExportJob,
  type ExportKind,
} from "../../../shared/schemas/exports";
import { ApiError } from "../../lib/api-client";
import { useStartExport } from "./api";
import type { CandidateOption } from "./candidate-options";
import { CandidatePicker } from "./candidate-picker";
import { EXPORT_TEXT } from "./export-messages";
import {
  defaultChoice,
  type ExportChoice,
  exportRequest,
  FORMAT_LABELS,
  formatsOf,
  needsCandidate,
  offersAnonymizedAnswers,
} from "./export-rules";

interface ExportCardProps {
  userId: string;
  programId: string;
  kind: ExportKind;
  /** The job the server accepted (it is already in the list). */
  onStarted: (job: ExportJob) => void;
}

/** One kind of export: what it holds, its options, and the button that starts it. */
export function ExportCard({ userId, programId, kind, onStarted }: ExportCardProps) {
  const headingId = useId();
  const { title, description } = EXPORT_LABELS[kind];
  const [choice, setChoice] = useState<ExportChoice>(() => defaultChoice(kind));
  const [candidate, setCandidate] = useState<CandidateOption | null>(null);
  const [missingCandidate, setMissingCandidate] = useState(false);
  const start = useStartExport(userId, programId);
  const formats = formatsOf(kind);

  function startExport() {
    const body = exportRequest(programId, kind, choice, candidate?.value ?? null);
    if (body === null) {
      setMissingCandidate(true);
      return;
    }
    start.mutate(body, { onSuccess: onStarted });
  }

  // The server's field message (a refused candidate, say) goes with the field when it has one.
  const fieldErrors = start.error instanceof ApiError ? start.error.fields : undefined;
  const candidateError =
    (missingCandidate && candidate === null ? EXPORT_TEXT.chooseCandidate : undefined) ??
    fieldErrors?.submissionId?.[0];

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={headingId}>
      <Stack gap="sm" h="100%">
        <Title order={3} id={headingId}>
          {title}
        </Title>
        <Text size="sm">{description}</Text>

        {formats.length > 1 && (
          <Radio.Group
            label={EXPORT_TEXT.formatLabel}
            value={choice.format}
            onChange={(format) => setChoice((current) => ({ ...current, format: format as ExportFormat }))}
          >
            <Group gap="md" mt={4}>
              {formats.map((format) => (
                <Radio key={format} value={format} label={FORMAT_LABELS[format]} />
              ))}
            </Group>
          </Radio.Group>
        )}
        {formats.length === 1 && (
          <Text size="sm" c="gray.7">
            {EXPORT_TEXT.onlyFormat(FORMAT_LABELS[formats[0] ?? "zip"])}
          </Text>
        )}

        {needsCandidate(kind) && (
          <CandidatePicker
            userId={userId}
            programId={programId}
            value={candidate}
            onChange={(next) => {
              setCandidate(next);
              setMissingCandidate(false);
            }}
            error={candidateError}
          />
        )}

        {offersAnonymizedAnswers(kind) && (
          <AnonymizedSwitch
            checked={choice.includeAnonymized}
            onChange={(includeAnonymized) => setChoice((current) => ({ ...current, includeAnonymized }))}
          />
        )}

        <Group mt="auto" pt="xs" justify="space-between" align="center">
          <Button
            onClick={startExport}
            loading={start.isPending}
            aria-label={`${EXPORT_TEXT.start}: ${title}`}
          >
            {EXPORT_TEXT.start}
          </Button>
        </Group>
        {start.isError && fieldErrors?.submissionId === undefined && (
          <Text size="sm" c="red.9" role="alert">
            {`${EXPORT_TEXT.startFailed}: ${start.error.message}`}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

/** Off by default: anonymized answers stay anonymized unless the admin explicitly asks for them. */
export function AnonymizedSwitch({
  checked,
  onChange,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <Switch
      label={EXPORT_TEXT.anonymizedLabel}
      checked={checked}
      onChange={(event) => onChange(event.currentTarget.checked)}
      // Read with the switch (aria-describedby) once it is on.
      description={
        checked ? (
          <Text span size="xs" c="orange.9">
            {EXPORT_TEXT.anonymizedWarning}
          </Text>
        ) : undefined
      }
    />
  );
}
