import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import type { Section } from "../../../shared/forms/model";
import { liveSections } from "../../../shared/forms/model-constants";

interface ReorderSectionsDialogProps {
  sections: readonly Section[];
  opened: boolean;
  onMove: (sectionId: string, delta: -1 | 1) => void;
  onClose: () => void;
}

/** The sections applicants see, each with Move up / Move down (keyboard-friendly, no dragging needed). */
export function ReorderSectionsDialog({ sections, opened, onMove, onClose }: ReorderSectionsDialogProps) {
  const live = liveSections(sections);
  return (
    <Modal opened={opened} onClose={onClose} title="Reorder sections">
      <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: "none" }}>
        {live.map((section, index) => {
          const label = `Section ${index + 1}${section.name ? ` (${section.name})` : ""}`;
          return (
            <Group key={section._id} component="li" justify="space-between" wrap="nowrap">
              <Text>{label}</Text>
              <Group gap="xs" wrap="nowrap">
                <Button
                  size="xs"
                  variant="default"
                  aria-label={`Move up: ${label}`}
                  disabled={index === 0}
                  onClick={() => onMove(section._id, -1)}
                >
                  Move up
                </Button>
                <Button
                  size="xs"
                  variant="default"
                  aria-label={`Move down: ${label}`}
                  disabled={index === live.length - 1}
                  onClick={() => onMove(section._id, 1)}
                >
                  Move down
                </Button>
              </Group>
            </Group>
          );
        })}
      </Stack>
      <Group justify="flex-end" mt="md">
        <Button onClick={onClose}>Done</Button>
      </Group>
    </Modal>
  );
}
