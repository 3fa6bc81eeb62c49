import { Button, Checkbox, Radio, Stack } from "@mantine/core";
import { localize } from "../../../../shared/forms/localize";
import { useLanguage, useTranslate } from "../../../lib/i18n";
import { problemNode, type QuestionPartProps } from "./question-label";
import { useRenderer } from "./renderer-context";

/** MULTIPLE_CHOICE: one option (a smart question's choice decides the next section). */
export function MultipleChoiceQuestion({
  question,
  sectionId,
  answer,
  label,
  description,
  messages,
  required,
}: QuestionPartProps) {
  const { change, editable, accent, settings } = useRenderer();
  const language = useLanguage();
  const t = useTranslate();
  const chosen = answer?.answerArray[0] ?? null;
  return (
    <Stack gap={4} align="flex-start">
      <Radio.Group
        w="100%"
        label={label}
        description={description || undefined}
        descriptionProps={{ style: { whiteSpace: "pre-wrap" } }}
        error={problemNode(messages)}
        value={chosen}
        disabled={!editable}
        onChange={(optionId) =>
          change(question, sectionId, (previous) => ({ ...previous, answerArray: [optionId] }))
        }
      >
        <Stack gap="xs" mt="xs">
          {question.x_options.map((option) => (
            <Radio
              key={option._id}
              value={option._id}
              color={accent}
              label={localize(option.value, language, settings)}
            />
          ))}
        </Stack>
      </Radio.Group>
      {!required && editable && chosen !== null && (
        <Button
          variant="subtle"
          size="compact-sm"
          color="gray.8"
          onClick={() => change(question, sectionId, (previous) => ({ ...previous, answerArray: [] }))}
        >
          {t("form.clearSelection")}
        </Button>
      )}
    </Stack>
  );
}

/** CHECKBOXES: any number of options (limits come from the question's validation). */
export function CheckboxesQuestion({
  question,
  sectionId,
  answer,
  label,
  description,
  messages,
}: QuestionPartProps) {
  const { change, editable, accent, settings } = useRenderer();
  const language = useLanguage();
  return (
    <Checkbox.Group
      label={label}
      description={description || undefined}
      descriptionProps={{ style: { whiteSpace: "pre-wrap" } }}
      error={problemNode(messages)}
      value={answer?.answerArray ?? []}
      disabled={!editable}
      onChange={(values) => {
        // Kept in the options' order, whatever order they were ticked in.
        const answerArray = question.x_options.map((o) => o._id).filter((id) => values.includes(id));
        change(question, sectionId, (previous) => ({ ...previous, answerArray }));
      }}
    >
      <Stack gap="xs" mt="xs">
        {question.x_options.map((option) => (
          <Checkbox
            key={option._id}
            value={option._id}
            color={accent}
            autoContrast
            label={localize(option.value, language, settings)}
          />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}
