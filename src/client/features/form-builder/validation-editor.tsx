import { Button, Group, NativeSelect, Stack, Switch, TextInput } from "@mantine/core";
import { useState } from "react";
import { VALIDATION_DISABLED } from "../../../shared/forms/builder-edits";
import { emptyValidation } from "../../../shared/forms/defaults";
import type { ValidationType } from "../../../shared/forms/model";
import { FORM_MESSAGES } from "../../../shared/forms/publish-check";
import type { QuestionPartProps } from "./question-card";
import {
  activeValidation,
  BOUND_CHOICES,
  type Bound,
  boundOf,
  CUSTOM_WORD_LIMIT,
  countOf,
  isCounted,
  parseCount,
  TEXT_VALIDATION_CHOICES,
  WORD_LIMIT_CHOICES,
  withCount,
  wordLimitChoice,
} from "./validation-choices";

/**
 * forms-and-applicants, "5. Validation rules": a text question checks a word or character count (at most / at
 * least N) or a format; a checkbox question counts selections. "Clear Validations" resets it.
 */
export function ValidationEditor({ question, change, locked }: QuestionPartProps) {
  const validation = question.validations;
  const forCheckboxes = question.type === "CHECKBOXES";
  // What is typed stays as typed (a bound with no count yet, letters) until it is a valid count.
  const [bound, setBound] = useState<Bound>(boundOf(validation));
  const [countText, setCountText] = useState(() => String(countOf(validation) || ""));
  const invalidText = parseCount(countText) === null;
  const disabled = locked || VALIDATION_DISABLED.has(question.type);
  // A word count offers the spec's presets; "Custom number" (or a stored count that is no preset) types one.
  const [customWords, setCustomWords] = useState(() => wordLimitChoice(countText) === CUSTOM_WORD_LIMIT);
  const offersPresets = !forCheckboxes && validation.type === "WORD";
  const typesCount = !offersPresets || customWords;

  function setCount(nextBound: Bound, text: string) {
    setBound(nextBound);
    setCountText(text);
    const count = parseCount(text);
    if (count !== null) change((q) => ({ ...q, validations: withCount(q.validations, nextBound, count) }));
  }

  return (
    <Stack gap="xs">
      <Switch
        label={forCheckboxes ? "Limit the number of selections" : "Validation"}
        checked={validation.active}
        disabled={disabled}
        onChange={(event) => {
          const active = event.currentTarget.checked;
          setBound("max");
          setCountText("");
          setCustomWords(false);
          change((q) => ({
            ...q,
            validations: active ? activeValidation(forCheckboxes) : emptyValidation(),
          }));
        }}
      />
      {validation.active && (
        <Group align="flex-end" gap="sm">
          {!forCheckboxes && (
            <NativeSelect
              label="Validation type"
              data={TEXT_VALIDATION_CHOICES}
              value={validation.type ?? "WORD"}
              disabled={disabled}
              onChange={(event) => {
                const type = event.currentTarget.value as ValidationType;
                setBound("max");
                setCountText("");
                setCustomWords(false);
                change((q) => ({ ...q, validations: { ...activeValidation(false), type } }));
              }}
            />
          )}
          {isCounted(validation.type) && (
            <>
              <NativeSelect
                label={forCheckboxes ? "Selections" : "Limit"}
                data={BOUND_CHOICES}
                value={bound}
                disabled={disabled}
                onChange={(event) => setCount(event.currentTarget.value as Bound, countText)}
              />
              {offersPresets && (
                <NativeSelect
                  label="Word limit"
                  data={WORD_LIMIT_CHOICES}
                  value={customWords ? CUSTOM_WORD_LIMIT : wordLimitChoice(countText)}
                  disabled={disabled}
                  onChange={(event) => {
                    const choice = event.currentTarget.value;
                    setCustomWords(choice === CUSTOM_WORD_LIMIT);
                    if (choice !== CUSTOM_WORD_LIMIT) setCount(bound, choice);
                  }}
                />
              )}
              {typesCount && (
                <TextInput
                  label={
                    forCheckboxes ? "Number of options" : validation.type === "CHAR" ? "Characters" : "Words"
                  }
                  inputMode="numeric"
                  w={160}
                  value={countText}
                  disabled={disabled}
                  error={invalidText ? FORM_MESSAGES.selectionCount : undefined}
                  onChange={(event) => setCount(bound, event.currentTarget.value)}
                />
              )}
            </>
          )}
          <Button
            variant="subtle"
            size="xs"
            disabled={disabled}
            onClick={() => {
              setBound("max");
              setCountText("");
              setCustomWords(false);
              change((q) => ({ ...q, validations: emptyValidation() }));
            }}
          >
            Clear Validations
          </Button>
        </Group>
      )}
    </Stack>
  );
}
