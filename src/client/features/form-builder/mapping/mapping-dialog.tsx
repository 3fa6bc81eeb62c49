import { Alert, Button, Group, Loader, Modal, NativeSelect, Stack, Text } from "@mantine/core";
import { useState } from "react";
import type { Mapping, QuestionType } from "../../../../shared/forms/model";
import { QUESTION_TYPE_LABELS } from "../../../../shared/forms/model-constants";
import { useMappableForms } from "./api";
import {
  choiceFromMapping,
  choiceLabel,
  choose,
  eligibleForms,
  eligibleQuestions,
  type MappingChoice,
  mappingFor,
  sectionsOf,
} from "./eligible";
import type { MappingScopeValue } from "./mapping-scope";

interface MappingDialogProps {
  scope: MappingScopeValue;
  type: QuestionType;
  current: Mapping | null;
  onSave: (mapping: Mapping) => void;
  onClose: () => void;
}

/** Mounted while open: each opening starts from the question's current mapping. Escape closes it. */
export function MappingDialog({ scope, type, current, onSave, onClose }: MappingDialogProps) {
  const query = useMappableForms(scope.viewerId, scope.organizationId, true);
  const [choice, setChoice] = useState<MappingChoice>(() => choiceFromMapping(current));

  return (
    <Modal opened onClose={onClose} title="Map question">
      {query.isPending ? (
        <Group justify="center">
          <Loader size="sm" aria-label="Loading the published forms" />
        </Group>
      ) : query.isError ? (
        <Alert color="red" title="The published forms could not be loaded">
          {query.error.message}
        </Alert>
      ) : (
        <MappingChoices
          forms={eligibleForms(query.data.forms, scope.formId)}
          type={type}
          choice={choice}
          onChoice={setChoice}
          onSave={onSave}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}

interface MappingChoicesProps {
  forms: ReturnType<typeof eligibleForms>;
  type: QuestionType;
  choice: MappingChoice;
  onChoice: (choice: MappingChoice) => void;
  onSave: (mapping: Mapping) => void;
  onClose: () => void;
}

interface LevelSelectProps {
  level: keyof MappingChoice;
  /** "form", "section" or "question": the select is labelled with it, capitalized. */
  noun: string;
  items: readonly { _id: string; name: string }[];
  choice: MappingChoice;
  onChoice: (choice: MappingChoice) => void;
}

/** One level of the choice: a labelled native select (keyboard as the browser gives it). */
function LevelSelect({ level, noun, items, choice, onChoice }: LevelSelectProps) {
  return (
    <NativeSelect
      label={noun.charAt(0).toUpperCase() + noun.slice(1)}
      disabled={items.length === 0}
      data={[
        { value: "", label: `Choose a ${noun}` },
        ...items.map((item) => ({ value: item._id, label: choiceLabel(item.name, `Untitled ${noun}`) })),
      ]}
      value={choice[level]}
      onChange={(event) => onChoice(choose(choice, level, event.currentTarget.value))}
    />
  );
}

function MappingChoices({ forms, type, choice, onChoice, onSave, onClose }: MappingChoicesProps) {
  if (forms.length === 0) {
    return <Text size="sm">There are no other published forms in this organization to map to.</Text>;
  }
  const sections = sectionsOf(forms, choice.formId);
  const questions = eligibleQuestions(forms, choice, type);
  const mapping = mappingFor(forms, choice, type);
  const typeLabel = QUESTION_TYPE_LABELS[type];

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (mapping) onSave(mapping);
      }}
    >
      <Stack gap="sm">
        <Text size="sm">{`Link this question to a ${typeLabel.toLowerCase()} question of a published form; applicants can then fill it in from their earlier answer.`}</Text>
        <LevelSelect level="formId" noun="form" items={forms} choice={choice} onChoice={onChoice} />
        <LevelSelect level="sectionId" noun="section" items={sections} choice={choice} onChoice={onChoice} />
        <LevelSelect
          level="questionId"
          noun="question"
          items={questions}
          choice={choice}
          onChoice={onChoice}
        />
        {choice.sectionId !== "" && questions.length === 0 && (
          <Text
            size="sm"
            c="dimmed"
          >{`This section has no ${typeLabel.toLowerCase()} question to map to.`}</Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={mapping === null}>
            Save mapping
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
