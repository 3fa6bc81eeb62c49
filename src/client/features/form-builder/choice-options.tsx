import { ActionIcon, Button, Group, NativeSelect, Stack, Switch, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import {
  addOption,
  moveOption,
  removeBlankOptions,
  removeOption,
  setRoute,
  setSmart,
  updateOption,
} from "../../../shared/forms/builder-edits";
import type { Option } from "../../../shared/forms/model";
import { FORM_MESSAGES } from "../../../shared/forms/publish-check";
import { notify } from "../../lib/notify";
import { DRAG_TYPES, dragHandleProps, dropTargetProps } from "./drag-reorder";
import type { QuestionPartProps } from "./question-card";

interface ChoiceOptionsProps extends QuestionPartProps {
  smartRefusal: string | null;
  routeTargets: readonly { value: string; label: string }[];
}

/** A dragged option: options move only inside their own question. */
interface OptionDrag {
  questionId: string;
  optionId: string;
}

const CONTINUE = "";

/** The option ids whose text another option already has (case and spaces ignored), to flag them. */
function duplicateOptionIds(options: readonly Option[]): Set<string> {
  const seen = new Set<string>();
  const duplicates = new Set<string>();
  for (const option of options) {
    const key = option.value.trim().toLowerCase();
    if (key === "") continue;
    if (seen.has(key)) duplicates.add(option._id);
    seen.add(key);
  }
  return duplicates;
}

/**
 * The choices of a checkboxes or multiple-choice question; a multiple-choice question can be smart and
 * send each choice to a later section. Blank options are removed when the list loses focus.
 */
export function ChoiceOptions({ question, change, locked, smartRefusal, routeTargets }: ChoiceOptionsProps) {
  // The option just added takes the focus, so typing can start at once.
  const [addedId, setAddedId] = useState<string | null>(null);
  const duplicates = duplicateOptionIds(question.x_options);
  const canBeSmart = question.type === "MULTIPLE_CHOICE";
  const smartDisabled = locked || (smartRefusal !== null && !question.smart);
  const count = question.x_options.length;

  function move(optionId: string, to: number) {
    if (locked) notify(FORM_MESSAGES.moveOptions);
    else change((q) => moveOption(q, optionId, to));
  }

  return (
    <Stack
      gap="xs"
      onBlur={(event) => {
        if (locked || event.currentTarget.contains(event.relatedTarget)) return;
        change(removeBlankOptions);
      }}
    >
      <Text size="sm" fw={500}>
        Options
      </Text>
      {question.x_options.map((option, index) => (
        <Group
          key={option._id}
          gap="xs"
          wrap="nowrap"
          align="flex-start"
          {...dropTargetProps<OptionDrag>(DRAG_TYPES.option, (from) => {
            if (from.questionId !== question._id) return;
            move(from.optionId, index);
          })}
        >
          <Text
            component="span"
            c="dimmed"
            pt={6}
            style={{ cursor: "grab", userSelect: "none" }}
            title="Drag to move the option"
            {...dragHandleProps<OptionDrag>(
              DRAG_TYPES.option,
              { questionId: question._id, optionId: option._id },
              locked ? FORM_MESSAGES.moveOptions : null,
            )}
          >
            <span aria-hidden="true">⠿</span>
          </Text>
          <TextInput
            flex={1}
            label={`Option ${index + 1}`}
            value={option.value}
            disabled={locked}
            autoFocus={option._id === addedId}
            error={duplicates.has(option._id) ? "Duplicate option" : undefined}
            onChange={(event) => {
              const value = event.currentTarget.value;
              change((q) => updateOption(q, option._id, value));
            }}
          />
          {canBeSmart && question.smart && (
            <NativeSelect
              label={`Route for option ${index + 1}`}
              data={[{ value: CONTINUE, label: "Continue to next section" }, ...routeTargets]}
              value={question.routes[option._id] ?? CONTINUE}
              disabled={locked}
              onChange={(event) => {
                const target = event.currentTarget.value;
                change((q) => setRoute(q, option._id, target === CONTINUE ? null : target));
              }}
            />
          )}
          <Group gap={2} pt={24} wrap="nowrap">
            <ActionIcon
              variant="subtle"
              aria-label={`Move option ${index + 1} up`}
              disabled={index === 0}
              onClick={() => move(option._id, index - 1)}
            >
              <span aria-hidden="true">↑</span>
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              aria-label={`Move option ${index + 1} down`}
              disabled={index === count - 1}
              onClick={() => move(option._id, index + 1)}
            >
              <span aria-hidden="true">↓</span>
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="red.9"
              aria-label={`Remove option ${index + 1}`}
              disabled={locked}
              onClick={() => change((q) => removeOption(q, option._id))}
            >
              <span aria-hidden="true">×</span>
            </ActionIcon>
          </Group>
        </Group>
      ))}
      {duplicates.size > 0 && (
        <Text size="sm" c="red.9">
          {FORM_MESSAGES.duplicateOptions}
        </Text>
      )}
      <Group justify="space-between">
        <Button
          variant="light"
          size="xs"
          disabled={locked}
          onClick={() => {
            const next = addOption(question);
            setAddedId(next.x_options.at(-1)?._id ?? null);
            change(() => next);
          }}
        >
          Add option
        </Button>
        {canBeSmart && (
          <Switch
            label="Smart question (branching)"
            checked={question.smart}
            disabled={smartDisabled}
            description={smartDisabled && !locked ? smartRefusal : undefined}
            onChange={(event) => {
              const smart = event.currentTarget.checked;
              change((q) => setSmart(q, smart));
            }}
          />
        )}
      </Group>
    </Stack>
  );
}
