import { Button, Group, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useRef } from "react";
import type { Mapping, Question } from "../../../../shared/forms/model";
import type { QuestionChange } from "../question-card";
import { isMappableType, mappingPath } from "./eligible";
import { MappingDialog } from "./mapping-dialog";
import { useMappingScope } from "./mapping-scope";

interface QuestionMappingProps {
  question: Question;
  change: QuestionChange;
  /** The question's number in its section, for the buttons' names. */
  number: number;
}

/**
 * A question's mapping (forms-and-applicants, "5. Validation rules"): what it is mapped to, and — on a draft
 * form of the organization the user administers — buttons to map it or remove the mapping.
 */
export function QuestionMapping({ question, change, number }: QuestionMappingProps) {
  const scope = useMappingScope();
  const [opened, dialog] = useDisclosure(false);
  const mapButton = useRef<HTMLButtonElement>(null);
  const { mapping } = question;
  const editable = scope.canMap && isMappableType(question.type);
  if (mapping === null && !editable) return null;

  // The dialog is mounted only while open (no closed modal per question), so focus is given back here
  // by hand; removing the mapping removes its button, so focus moves to "Map question" then too.
  function focusMapButton() {
    window.setTimeout(() => mapButton.current?.focus(), 0);
  }
  function close() {
    dialog.close();
    focusMapButton();
  }
  function save(next: Mapping) {
    change((q) => ({ ...q, mapping: next }));
    close();
  }

  return (
    <Group gap="sm" justify="space-between" wrap="wrap">
      {mapping !== null && <Text size="sm">{`Mapped to: ${mappingPath(mapping)}`}</Text>}
      {editable && (
        <Group gap="xs">
          <Button ref={mapButton} variant="subtle" size="xs" onClick={dialog.open}>
            {`Map question ${number}`}
          </Button>
          {mapping !== null && (
            <Button
              variant="subtle"
              size="xs"
              aria-label={`Remove mapping of question ${number}`}
              onClick={() => {
                change((q) => ({ ...q, mapping: null }));
                focusMapButton();
              }}
            >
              Remove mapping
            </Button>
          )}
        </Group>
      )}
      {opened && (
        <MappingDialog scope={scope} type={question.type} current={mapping} onSave={save} onClose={close} />
      )}
    </Group>
  );
}
