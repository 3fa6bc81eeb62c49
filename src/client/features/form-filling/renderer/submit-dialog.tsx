import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { useTranslate } from "../../../lib/i18n";

interface SubmitDialogProps {
  opened: boolean;
  submitting: boolean;
  accent: string;
  onCancel: () => void;
  onConfirm: () => void;
}

/** "Submit your application?" — Submit or Cancel (Escape cancels). Loaded on demand (lazy-parts.ts). */
export function SubmitDialog({ opened, submitting, accent, onCancel, onConfirm }: SubmitDialogProps) {
  const t = useTranslate();
  return (
    <Modal
      opened={opened}
      onClose={() => {
        if (!submitting) onCancel();
      }}
      title={t("form.submitTitle")}
      centered
      closeButtonProps={{ "aria-label": t("form.close") }}
    >
      <Stack gap="md">
        <Text>{t("form.confirmSubmit")}</Text>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" disabled={submitting} onClick={onCancel}>
            {t("form.cancel")}
          </Button>
          <Button color={accent} autoContrast loading={submitting} onClick={onConfirm} data-autofocus>
            {t("form.submit")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
