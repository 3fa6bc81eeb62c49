import { Button, Group, Text } from "@mantine/core";
import { FORM_MESSAGES } from "../../../shared/forms/publish-check";
import { formatDateTime } from "../../lib/date-format";
import { failureText } from "./failure-text";
import type { SyncStatus } from "./form-sync";
import { Notice } from "./notice";

function lastSaved(at: Date | string): string {
  return `Last saved ${formatDateTime(at)}`;
}

interface SaveStatusProps {
  status: SyncStatus;
  /** When the server last stored the form (before this visit's first save). */
  lastEditedAt: string;
  hasUnsavedEdits: boolean;
}

/** "Saving…", "Last saved {time}" or why the last save failed; read out politely as it changes. */
export function SaveStatus({ status, lastEditedAt, hasUnsavedEdits }: SaveStatusProps) {
  let text: string;
  let failed = false;
  switch (status.kind) {
    case "saving":
      text = "Saving…";
      break;
    case "failed":
      failed = true;
      text = `Not saved: ${failureText(status.error)} Your changes are kept and are sent again with your next change or Save.`;
      break;
    case "saved":
      text = hasUnsavedEdits ? "Unsaved changes" : lastSaved(status.at);
      break;
    default:
      text = hasUnsavedEdits ? "Unsaved changes" : lastSaved(lastEditedAt);
  }
  return (
    <Text size="sm" c={failed ? "red.9" : "dimmed"} role="status" aria-live="polite">
      {status.kind === "stale" ? "Not saved" : text}
    </Text>
  );
}

/** Someone else saved the form: nothing more is saved here until it is reloaded. */
export function StaleFormAlert({ onReload }: { onReload: () => void }) {
  return (
    <Notice color="red" title="This form changed elsewhere">
      <Group justify="space-between" wrap="nowrap" align="flex-end">
        <Text size="sm">{`${FORM_MESSAGES.staleSave} Unsaved changes made here will be lost.`}</Text>
        <Button size="xs" onClick={onReload}>
          Reload
        </Button>
      </Group>
    </Notice>
  );
}
