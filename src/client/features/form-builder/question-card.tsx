import {
  ActionIcon,
  Button,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { memo, useCallback, useId } from "react";
import {
  ANONYMIZE_DISABLED,
  changeQuestionType,
  duplicateQuestion,
  removeQuestion,
} from "../../../shared/forms/builder-edits";
import type { Question, QuestionType } from "../../../shared/forms/model";
import { BUILDER_QUESTION_TYPES, QUESTION_TYPE_LABELS } from "../../../shared/forms/model-constants";
import { FORM_MESSAGES } from "../../../shared/forms/publish-check";
import { notify } from "../../lib/notify";
import { ChoiceOptions } from "./choice-options";
import { CollapseToggle } from "./collapse-toggle";
import { DRAG_TYPES, dragHandleProps, dropTargetProps } from "./drag-reorder";
import { FileUploadSettings } from "./file-upload-settings";
import { QuestionMapping } from "./mapping/question-mapping";
import { MessageList } from "./message-list";
import { TableColumns } from "./table-columns";
import type { ContentEdits } from "./use-form-editor";
import { ValidationEditor } from "./validation-editor";

export type QuestionChange = (change: (question: Question) => Question) => void;

/** What every type-specific part of a question gets: the question, how to change it, and the lock. */
export interface QuestionPartProps {
  question: Question;
  change: QuestionChange;
  /** Published: the part is shown, disabled. */
  locked: boolean;
}

/** A dragged question: where it comes from. */
export interface QuestionDrag {
  sectionId: string;
  questionId: string;
}

export interface QuestionCardProps {
  question: Question;
  sectionId: string;
  /** Its place in the section, for the move buttons and its name. */
  index: number;
  count: number;
  /** Published: the structure is frozen, only the text and description change. */
  locked: boolean;
  problems: readonly string[];
  warnings: readonly string[];
  /** Why this question cannot be made smart (null: it can). */
  smartRefusal: string | null;
  /** The sections a smart question's options may lead to (stable per section). */
  routeTargets: readonly { value: string; label: string }[];
  /** Folded to its title (docs/decisions/039-navigation-and-builder.md). */
  collapsed: boolean;
  onToggle(questionId: string): void;
  edits: ContentEdits;
}

const IDENTIFIER_NOTE =
  "The Identifier question is always required; it cannot be deleted, duplicated, retyped or anonymized.";

/** The types a question may become: the Identifier is one of a kind, so only it shows that type. */
function typeChoices(current: QuestionType) {
  return BUILDER_QUESTION_TYPES.filter((t) => t !== "IDENTIFIER" || current === "IDENTIFIER").map((t) => ({
    value: t,
    label: QUESTION_TYPE_LABELS[t],
  }));
}

/**
 * One question of the builder. Memoized: typing in one question re-renders that question only, however
 * large the form (its props are its own data, primitives and stable callbacks).
 */
export const QuestionCard = memo(function QuestionCard({
  question,
  sectionId,
  index,
  count,
  locked,
  problems,
  warnings,
  smartRefusal,
  routeTargets,
  collapsed,
  onToggle,
  edits,
}: QuestionCardProps) {
  const questionId = question._id;
  const bodyId = useId();
  const change: QuestionChange = useCallback(
    (update) => edits.editQuestion(sectionId, questionId, update),
    [edits, sectionId, questionId],
  );
  const isIdentifier = question.type === "IDENTIFIER";
  const number = index + 1;

  function move(to: number) {
    if (locked) notify(FORM_MESSAGES.moveQuestions);
    else edits.moveQuestion(sectionId, questionId, sectionId, to);
  }

  return (
    <Paper
      withBorder
      p="md"
      role="group"
      aria-label={`Question ${number}`}
      {...dropTargetProps<QuestionDrag>(DRAG_TYPES.question, (from) => {
        if (locked) notify(FORM_MESSAGES.moveQuestions);
        else edits.moveQuestion(from.sectionId, from.questionId, sectionId, index);
      })}
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap" miw={0}>
            <CollapseToggle
              expanded={!collapsed}
              controls={bodyId}
              what={`question ${number}`}
              onToggle={() => onToggle(questionId)}
            />
            <Text
              component="span"
              c="dimmed"
              style={{ cursor: "grab", userSelect: "none" }}
              title="Drag to move the question"
              {...dragHandleProps<QuestionDrag>(
                DRAG_TYPES.question,
                { sectionId, questionId },
                locked ? FORM_MESSAGES.moveQuestions : null,
              )}
            >
              <span aria-hidden="true">⠿</span>
            </Text>
            <Text fw={600} size="sm">{`Question ${number}`}</Text>
            {collapsed && (
              <Text size="sm" c="dimmed" truncate>
                {`${question.name || "Untitled question"} · ${QUESTION_TYPE_LABELS[question.type]}`}
              </Text>
            )}
          </Group>
          <Group gap={4}>
            <ActionIcon
              variant="subtle"
              aria-label={`Move question ${number} up`}
              disabled={index === 0}
              onClick={() => move(index - 1)}
            >
              <span aria-hidden="true">↑</span>
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              aria-label={`Move question ${number} down`}
              disabled={index === count - 1}
              onClick={() => move(index + 1)}
            >
              <span aria-hidden="true">↓</span>
            </ActionIcon>
          </Group>
        </Group>

        {/* Folded, the body is not rendered: its title above says what the question is. */}
        <div id={bodyId}>
          {!collapsed && (
            <Stack gap="sm">
              <Group align="flex-start" grow preventGrowOverflow={false}>
                <TextInput
                  label="Question"
                  value={question.name}
                  onChange={(event) => {
                    const name = event.currentTarget.value;
                    change((q) => ({ ...q, name }));
                  }}
                />
                <NativeSelect
                  label="Question type"
                  maw={200}
                  data={typeChoices(question.type)}
                  value={question.type}
                  disabled={locked || isIdentifier}
                  onChange={(event) => {
                    const type = event.currentTarget.value as QuestionType;
                    change((q) => changeQuestionType(q, type));
                  }}
                />
              </Group>
              <Textarea
                label="Question description"
                rows={2}
                value={question.description}
                onChange={(event) => {
                  const description = event.currentTarget.value;
                  change((q) => ({ ...q, description }));
                }}
              />

              <QuestionBody
                question={question}
                change={change}
                locked={locked}
                smartRefusal={smartRefusal}
                routeTargets={routeTargets}
              />

              {isIdentifier && (
                <Text size="sm" c="dimmed">
                  {IDENTIFIER_NOTE}
                </Text>
              )}
              <QuestionMapping question={question} change={change} number={number} />
              <MessageList messages={problems} color="red.9" />
              <MessageList messages={warnings} color="yellow.9" />

              <Group justify="space-between">
                <Group gap="lg">
                  <Switch
                    label="Required"
                    checked={question.required}
                    disabled={locked || isIdentifier || question.smart}
                    description={question.smart ? "Smart questions are always required" : undefined}
                    onChange={(event) => {
                      const required = event.currentTarget.checked;
                      change((q) => ({ ...q, required }));
                    }}
                  />
                  <Switch
                    label="Anonymize"
                    checked={question.anonymize}
                    disabled={locked || ANONYMIZE_DISABLED.has(question.type)}
                    onChange={(event) => {
                      const anonymize = event.currentTarget.checked;
                      change((q) => ({ ...q, anonymize }));
                    }}
                  />
                </Group>
                <Group gap="xs">
                  <Button
                    variant="subtle"
                    size="xs"
                    disabled={locked || isIdentifier}
                    onClick={() => edits.editSection(sectionId, (s) => duplicateQuestion(s, questionId))}
                  >
                    {`Duplicate question ${number}`}
                  </Button>
                  <Button
                    variant="default"
                    size="xs"
                    disabled={locked || isIdentifier}
                    onClick={() => edits.editSection(sectionId, (s) => removeQuestion(s, questionId))}
                  >
                    {`Delete question ${number}`}
                  </Button>
                </Group>
              </Group>
            </Stack>
          )}
        </div>
      </Stack>
    </Paper>
  );
});

interface QuestionBodyProps extends QuestionPartProps {
  smartRefusal: string | null;
  routeTargets: readonly { value: string; label: string }[];
}

/** What depends on the type: options, validations, file settings or table columns. */
function QuestionBody({ question, change, locked, smartRefusal, routeTargets }: QuestionBodyProps) {
  switch (question.type) {
    case "CHECKBOXES":
    case "MULTIPLE_CHOICE":
      return (
        <>
          <ChoiceOptions
            question={question}
            change={change}
            locked={locked}
            smartRefusal={smartRefusal}
            routeTargets={routeTargets}
          />
          {question.type === "CHECKBOXES" && (
            <ValidationEditor question={question} change={change} locked={locked} />
          )}
        </>
      );
    case "SHORT_ANSWER":
    case "PARAGRAPHS":
      return <ValidationEditor question={question} change={change} locked={locked} />;
    case "FILE_UPLOAD":
      return <FileUploadSettings question={question} change={change} locked={locked} />;
    case "SIMPLE_TABLE":
      return <TableColumns question={question} change={change} locked={locked} />;
    default:
      return null;
  }
}
