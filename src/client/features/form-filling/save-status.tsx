import { Alert, Anchor, Button, Group, Text } from "@mantine/core";
import { useSyncExternalStore } from "react";
import { Link, useLocation } from "react-router";
import type { Language } from "../../../shared/i18n/catalog";
import { formatDateTime } from "../../lib/date-format";
import { useTranslate } from "../../lib/i18n";
import type { AutosavePhase, AutosaveStatus } from "./autosave";

function formatTime(iso: string, language: Language): string {
  return formatDateTime(iso, language);
}

/** The autosave's status as it changes, for the one element that shows it at once. */
export interface StatusSource {
  get(): AutosaveStatus;
  subscribe(listener: () => void): () => void;
}

export function createStatusSource(
  initial: AutosaveStatus,
): StatusSource & { set(status: AutosaveStatus): void } {
  let current = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(status) {
      current = status;
      for (const listener of listeners) listener();
    },
  };
}

/**
 * The header's save state, re-rendered alone as the status changes: a key that turns "Saved" into "Not
 * saved yet" shows it at once without re-rendering the form (docs/decisions/045-keystrokes.md).
 */
export function LiveSaveStatus({
  source,
  stopped,
  language,
}: {
  source: StatusSource;
  /** Saving stopped for good: this phase shows, whatever the status says. */
  stopped: AutosavePhase | null;
  language: Language;
}) {
  const status = useSyncExternalStore(source.subscribe, source.get, source.get);
  return (
    <SaveStatusText phase={stopped ?? status.phase} lastSavedAt={status.lastSavedAt} language={language} />
  );
}

/** "Saved" with the last-saved time, "Saving…", "Offline — will retry" or "Not saved yet"; read out politely. */
export function SaveStatusText({
  phase,
  lastSavedAt,
  language,
}: {
  phase: AutosavePhase;
  lastSavedAt: string | null;
  language: Language;
}) {
  const t = useTranslate();
  let text: string;
  let colour = "dimmed";
  switch (phase) {
    case "saving":
      text = t("form.saving");
      break;
    case "offline":
      text = t("form.offline");
      colour = "orange.9";
      break;
    case "saved":
      text =
        lastSavedAt === null
          ? t("form.saved")
          : `${t("form.saved")} · ${t("form.lastSaved", { time: formatTime(lastSavedAt, language) })}`;
      break;
    default:
      text = t("form.notSaved");
      if (phase !== "pending") colour = "red.9";
  }
  return (
    <Text size="sm" c={colour} role="status" aria-live="polite">
      {text}
    </Text>
  );
}

/** Another tab or window saved newer answers: nothing more is saved here until a reload. */
export function StaleTabNotice({ onReload }: { onReload: () => void }) {
  const t = useTranslate();
  return (
    <Alert color="red" variant="light" role="alert">
      <Group justify="space-between" wrap="nowrap" align="center" gap="md">
        <Text size="sm">{t("form.staleTab")}</Text>
        <Button size="xs" onClick={onReload}>
          {t("form.reload")}
        </Button>
      </Group>
    </Alert>
  );
}

/** The session ended: sign in again (the answers are kept in the browser and saved afterwards). */
export function SignInAgainNotice() {
  const t = useTranslate();
  const location = useLocation();
  return (
    <Alert color="orange" variant="light" role="alert">
      <Group justify="space-between" wrap="nowrap" align="center" gap="md">
        <Text size="sm">{t("form.signInAgain")}</Text>
        <Anchor component={Link} to="/login" state={{ from: location.pathname + location.search }} size="sm">
          {t("start.login")}
        </Anchor>
      </Group>
    </Alert>
  );
}

/** A plain notice above the sections. */
export function PageNotice({ color, children }: { color: string; children: string }) {
  return (
    <Alert color={color} variant="light" role={color === "red" ? "alert" : "status"}>
      <Text size="sm">{children}</Text>
    </Alert>
  );
}
