import { Anchor, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useId } from "react";
import { type SectionRef, sectionLabel } from "../../../shared/forms/builder-edits";

/** The id of a section's heading in the builder: where the outline takes the reader (and the focus). */
export function sectionHeadingId(sectionId: string): string {
  return `builder-section-${sectionId}`;
}

interface FormOutlineProps {
  sections: readonly (SectionRef & { questions: number })[];
  onJump(sectionId: string): void;
  onExpandAll(): void;
  onCollapseAll(): void;
}

/**
 * The form's sections by title, each a button that brings that section to the screen and its heading into
 * focus, with Expand all / Collapse all for every card (docs/decisions/039-navigation-and-builder.md).
 */
export function FormOutline({ sections, onJump, onExpandAll, onCollapseAll }: FormOutlineProps) {
  const headingId = useId();
  return (
    <Paper component="nav" aria-labelledby={headingId} withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h5" id={headingId}>
          Outline
        </Title>
        <Stack component="ol" gap={6} m={0} p={0} style={{ listStyle: "none" }}>
          {sections.map((section, index) => (
            <li key={section.id}>
              <Anchor component="button" type="button" size="sm" ta="left" onClick={() => onJump(section.id)}>
                {capitalized(sectionLabel(index + 1, section.name))}
              </Anchor>
              <Text size="xs" c="dimmed">
                {section.questions === 1 ? "1 question" : `${section.questions} questions`}
              </Text>
            </li>
          ))}
        </Stack>
        <Group gap="xs">
          <Button variant="default" size="xs" onClick={onExpandAll}>
            Expand all
          </Button>
          <Button variant="default" size="xs" onClick={onCollapseAll}>
            Collapse all
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
