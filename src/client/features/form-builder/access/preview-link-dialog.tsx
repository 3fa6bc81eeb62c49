import { Modal, Stack, Text } from "@mantine/core";
import type { Form } from "../../../../shared/forms/model";
import { FORM_MESSAGES } from "../../../../shared/forms/publish-check";
import { previewUrl } from "./access-status";
import { CopyableLink } from "./copyable-link";

interface PreviewLinkDialogProps {
  form: Form;
  opened: boolean;
  onClose: () => void;
}

/** Get Preview Link: the draft's preview URL to copy; disabled once the form is published. */
export function PreviewLinkDialog({ form, opened, onClose }: PreviewLinkDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Preview link">
      {form.draft ? (
        <Stack gap="sm">
          <Text size="sm">Anyone with this link can try the form before it is published.</Text>
          <CopyableLink label="Preview link" url={previewUrl(window.location.origin, form)} />
        </Stack>
      ) : (
        <Text>{FORM_MESSAGES.previewDisabled}</Text>
      )}
    </Modal>
  );
}
