import { Button, Group, Modal, Stack } from "@mantine/core";
import type { ReactNode } from "react";

interface ConfirmDialogProps {
  title: string;
  opened: boolean;
  /** What is about to happen, and what it changes for applicants. */
  children: ReactNode;
  confirmLabel: string;
  confirmColor?: string;
  /** "Cancel" unless the page speaks another language (the applicant's portal). */
  cancelLabel?: string;
  pending?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * Asks before an action that cannot pass unnoticed: the builder's Close now, Reopen, Unpublish
 * (docs/decisions/027-stable-form-address.md), an applicant's "Unsubmit & Edit", releasing decisions
 * (docs/decisions/038-decision-release-and-portal.md). Cancel has the focus, Escape cancels, Tab reaches the
 * action.
 */
export function ConfirmDialog({
  title,
  opened,
  children,
  confirmLabel,
  confirmColor,
  cancelLabel = "Cancel",
  pending = false,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title}>
      <Stack gap="md">
        {children}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={pending} data-autofocus>
            {cancelLabel}
          </Button>
          <Button color={confirmColor} onClick={onConfirm} loading={pending}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
