import { Button, Group, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { notifyFailure } from "../../../lib/notify";

/** The spec's clipboard notice hides after 5 s (forms-and-applicants, "9. Business constants and limits"). */
export const CLIPBOARD_NOTICE_MS = 5000;
export const COPIED_MESSAGE = "Copied to clipboard.";

async function copy(url: string) {
  try {
    await navigator.clipboard.writeText(url);
    notifications.show({ message: COPIED_MESSAGE, color: "green", autoClose: CLIPBOARD_NOTICE_MS });
  } catch {
    // No clipboard (an insecure origin, a refused permission): the link stays selectable in the field.
    notifyFailure("Could not copy the link", "Select the link and copy it.");
  }
}

/** A read-only link, selected whole on focus, with a Copy button. */
export function CopyableLink({ label, url }: { label: string; url: string }) {
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <TextInput
        label={label}
        value={url}
        readOnly
        flex={1}
        onFocus={(event) => event.currentTarget.select()}
      />
      <Button onClick={() => void copy(url)} aria-label={`Copy ${label.toLowerCase()}`}>
        Copy
      </Button>
    </Group>
  );
}
