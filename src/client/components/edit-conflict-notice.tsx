import { Alert, Box, Button, Group, Stack, Text } from "@mantine/core";
import { type ReactNode, useEffect, useId, useRef } from "react";
import { READABLE_ALERT_TITLE } from "./readable-alert-title";

export const EDIT_CONFLICT_TEXT = {
  theirs: "Saved now",
  yours: "Your change",
  reload: "Reload",
  keepMine: "Keep mine",
} as const;

/** Both versions of what was edited: the stored one and the person's own, one above the other. */
export function ConflictVersions({ theirs, yours }: { theirs: ReactNode; yours: ReactNode }) {
  return (
    <Box component="dl" m={0}>
      <Text component="dt" size="sm" fw={700}>
        {EDIT_CONFLICT_TEXT.theirs}
      </Text>
      <Text component="dd" size="sm" ml={0} mb="xs">
        {theirs}
      </Text>
      <Text component="dt" size="sm" fw={700}>
        {EDIT_CONFLICT_TEXT.yours}
      </Text>
      <Text component="dd" size="sm" ml={0}>
        {yours}
      </Text>
    </Box>
  );
}

/** The two ways out: take the stored version, or save one's own over it. */
export function ConflictActions({
  onReload,
  onKeepMine,
  label,
}: {
  onReload: () => void;
  onKeepMine: () => void;
  /** Names what the buttons act on, for screen readers (several notices may be on a page). */
  label?: string;
}) {
  return (
    <Group gap="sm">
      <Button
        size="xs"
        variant="default"
        onClick={onReload}
        aria-label={label ? `${EDIT_CONFLICT_TEXT.reload}: ${label}` : undefined}
      >
        {EDIT_CONFLICT_TEXT.reload}
      </Button>
      <Button
        size="xs"
        onClick={onKeepMine}
        aria-label={label ? `${EDIT_CONFLICT_TEXT.keepMine}: ${label}` : undefined}
      >
        {EDIT_CONFLICT_TEXT.keepMine}
      </Button>
    </Group>
  );
}

interface EditConflictNoticeProps {
  title: string;
  /** The server's explanation (EDIT_CONFLICT_MESSAGES). */
  message: string;
  theirs: ReactNode;
  yours: ReactNode;
  onReload: () => void;
  onKeepMine: () => void;
  label?: string;
}

/**
 * A save refused because someone else (or another tab) changed the same thing (decision 016), shown
 * where the edit is: announced as it appears, and it takes the focus so that a keyboard user is on its
 * buttons at once.
 */
export function EditConflictNotice({
  title,
  message,
  theirs,
  yours,
  onReload,
  onKeepMine,
  label,
}: EditConflictNoticeProps) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <Alert
      ref={ref}
      tabIndex={-1}
      role="alert"
      aria-labelledby={titleId}
      color="yellow"
      variant="light"
      title={<span id={titleId}>{title}</span>}
      styles={READABLE_ALERT_TITLE}
    >
      <Stack gap="sm">
        <Text size="sm">{message}</Text>
        <ConflictVersions theirs={theirs} yours={yours} />
        <ConflictActions onReload={onReload} onKeepMine={onKeepMine} label={label} />
      </Stack>
    </Alert>
  );
}
