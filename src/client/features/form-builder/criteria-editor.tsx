import {
  ActionIcon,
  Button,
  Group,
  NativeSelect,
  NumberInput,
  Stack,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { addCriterion, removeCriterion, updateCriterion } from "../../../shared/forms/builder-edits";
import type { Criterion, Section } from "../../../shared/forms/model";
import { SCALE_CHOICES } from "../../../shared/forms/model-constants";

type SectionChange = (change: (section: Section) => Section) => void;

const CRITERION_TYPES = [
  { value: "SCALE", label: "Scale" },
  { value: "BOOLEAN", label: "Yes/No" },
];

/**
 * The section's review criteria and rubric, for the reviewers (appVersion 3). They stay editable after
 * publishing: reviewing is not part of what applicants answer.
 */
export function CriteriaEditor({ section, change }: { section: Section; change: SectionChange }) {
  const edit = (criterion: Criterion, patch: Partial<Criterion>) =>
    change((s) => updateCriterion(s, criterion._id, patch));

  return (
    <Stack gap="xs">
      <Text size="sm" fw={600}>
        Review criteria (for the reviewers)
      </Text>
      {section.criteria.map((criterion, index) => (
        <Group key={criterion._id} gap="sm" align="flex-start" wrap="nowrap">
          <TextInput
            flex={1}
            label={`Criterion ${index + 1}`}
            value={criterion.description}
            onChange={(event) => edit(criterion, { description: event.currentTarget.value })}
          />
          <NativeSelect
            label="Type"
            data={CRITERION_TYPES}
            value={criterion.type}
            onChange={(event) => edit(criterion, { type: event.currentTarget.value as Criterion["type"] })}
          />
          {criterion.type === "SCALE" && (
            <NativeSelect
              label="Scale"
              data={SCALE_CHOICES.map((n) => ({ value: String(n), label: `1 to ${n}` }))}
              value={String(criterion.maxScale)}
              onChange={(event) =>
                edit(criterion, { maxScale: Number(event.currentTarget.value) as Criterion["maxScale"] })
              }
            />
          )}
          <NumberInput
            label="Weight"
            w={90}
            min={0}
            max={1000}
            value={criterion.weight}
            onChange={(value) => edit(criterion, { weight: typeof value === "number" ? value : 0 })}
          />
          <ActionIcon
            mt={28}
            variant="subtle"
            color="red.9"
            aria-label={`Remove criterion ${index + 1}`}
            onClick={() => change((s) => removeCriterion(s, criterion._id))}
          >
            <span aria-hidden="true">×</span>
          </ActionIcon>
        </Group>
      ))}
      <Group>
        <Button variant="light" size="xs" onClick={() => change(addCriterion)}>
          Add criterion
        </Button>
      </Group>
      <Textarea
        label="Rubric (for the reviewers)"
        rows={2}
        value={section.rubric}
        onChange={(event) => {
          const rubric = event.currentTarget.value;
          change((s) => ({ ...s, rubric }));
        }}
      />
    </Stack>
  );
}
