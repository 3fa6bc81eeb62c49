import { Button, Group, List, Modal, Stack, Text } from "@mantine/core";
import type { LogicWarning } from "../../../shared/forms/branching";
import type { MachineTranslation } from "./machine-translation";
import { TranslateMissingButton } from "./machine-translation-button";
import { Notice } from "./notice";

interface PublishDialogProps {
  opened: boolean;
  /** The logic check's findings: worth a look, never blocking. */
  warnings: readonly LogicWarning[];
  publishing: boolean;
  /** French is on and this many texts have none (0 otherwise). */
  missingFrench: number;
  machine: MachineTranslation;
  onConfirm: () => void;
  onClose: () => void;
}

/** Publishing freezes the structure applicants answer, so it asks first and shows the logic warnings. */
export function PublishDialog({
  opened,
  warnings,
  publishing,
  missingFrench,
  machine,
  onConfirm,
  onClose,
}: PublishDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Publish form">
      <Stack gap="md">
        <Text>
          Once published, applicants can answer the form, and its questions, options and sections can no
          longer be changed: titles, descriptions, review criteria, the look and the French texts stay
          editable, and applicants see those changes once saved.
        </Text>
        {warnings.length > 0 && (
          <Notice color="yellow" title="Check the form's logic">
            <List size="sm">
              {warnings.map((warning) => (
                <List.Item key={`${warning.sectionId}:${warning.questionId ?? ""}`}>
                  {warning.message}
                </List.Item>
              ))}
            </List>
          </Notice>
        )}
        {missingFrench > 0 && (
          <Notice color="yellow" title="French texts missing">
            <Stack gap="xs">
              <Text size="sm">
                {`${missingFrench} ${missingFrench === 1 ? "text has" : "texts have"} no French: applicants reading in French will see ${missingFrench === 1 ? "it" : "them"} in English.`}
              </Text>
              <TranslateMissingButton machine={machine} missing={missingFrench} />
            </Stack>
          </Notice>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={publishing} data-autofocus>
            Cancel
          </Button>
          <Button onClick={onConfirm} loading={publishing}>
            Publish
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
