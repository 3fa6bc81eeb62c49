import { Button, Group, NativeSelect, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { memo, useCallback, useId, useMemo } from "react";
import {
  addQuestionAfter,
  holdsIdentifier,
  laterSectionChoices,
  type SectionRef,
} from "../../../shared/forms/builder-edits";
import type { RichText, Section } from "../../../shared/forms/model";
import { SECTION_TYPES } from "../../../shared/forms/model-constants";
import { FORM_MESSAGES } from "../../../shared/forms/publish-check";
import { RichTextEditor } from "../../components/rich-text/rich-text-editor";
import { CollapseToggle } from "./collapse-toggle";
import { CriteriaEditor } from "./criteria-editor";
import { sectionHeadingId } from "./form-outline";
import { MessageList } from "./message-list";
import { NO_MESSAGES, type SectionMessages } from "./problems-by-place";
import { QuestionCard } from "./question-card";
import type { ContentEdits } from "./use-form-editor";

/** What a section asks of the page: the dialogs and server calls it owns. Stable for the page's life. */
export interface SectionCommands {
  addSectionAfter(sectionId: string): void;
  requestDelete(sectionId: string): void;
}

export interface SectionCardProps {
  section: Section;
  /** Its place among the sections applicants see. */
  index: number;
  /** The live sections' ids and titles in order (the same array while they do not change). */
  liveSections: readonly SectionRef[];
  /** The folded cards: this section's and its questions'. */
  collapsed: ReadonlySet<string>;
  onToggle(id: string): void;
  locked: boolean;
  messages: SectionMessages;
  edits: ContentEdits;
  commands: SectionCommands;
}

const CONTINUE = "";
/** A question that routes nowhere gets the same empty targets every time, so its memoized card stays put. */
const NO_TARGETS: readonly { value: string; label: string }[] = [];
/** The browser skips laying out and painting sections far off screen: a 40-section form scrolls smoothly. */
const OFFSCREEN_SKIPPED = { contentVisibility: "auto", containIntrinsicSize: "auto 2400px" } as const;
export const IDENTIFIER_SECTION_NOTE = "The section holding the Identifier question cannot be deleted.";

/** Why a question of this section cannot be made smart, or null when it can. */
function smartRefusalFor(section: Section, questionId: string, isLast: boolean): string | null {
  if (isLast) return FORM_MESSAGES.smartInLastSection;
  const otherSmart = section.questions.some((q) => q.smart && q._id !== questionId);
  return otherSmart ? FORM_MESSAGES.oneSmartPerSection : null;
}

/** One section of the builder: its settings, questions and review criteria. Memoized like its questions. */
export const SectionCard = memo(function SectionCard({
  section,
  index,
  liveSections,
  collapsed,
  onToggle,
  locked,
  messages,
  edits,
  commands,
}: SectionCardProps) {
  const bodyId = useId();
  const sectionId = section._id;
  const headingId = sectionHeadingId(sectionId);
  const total = liveSections.length;
  const isLast = index === total - 1;
  const folded = collapsed.has(sectionId);
  const targets = useMemo(() => laterSectionChoices(liveSections, index), [liveSections, index]);
  const change = useCallback(
    (update: (s: Section) => Section) => edits.editSection(sectionId, update),
    [edits, sectionId],
  );
  const changeDescription = useCallback(
    (description: RichText) => change((s) => ({ ...s, description })),
    [change],
  );
  const keepsIdentifier = holdsIdentifier(section);

  return (
    <Paper
      component="section"
      withBorder
      p="lg"
      aria-labelledby={headingId}
      // Folded, a section is one line: the estimate of an expanded one would leave gaps in the scroll.
      style={folded ? undefined : OFFSCREEN_SKIPPED}
    >
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap" miw={0}>
            <CollapseToggle
              expanded={!folded}
              controls={bodyId}
              what={`section ${index + 1}`}
              onToggle={() => onToggle(sectionId)}
            />
            {/* Focused by the outline's jump (tabIndex -1: reachable by script, not in the tab order). */}
            <Title
              order={2}
              size="h4"
              id={headingId}
              tabIndex={-1}
            >{`Section ${index + 1} of ${total}`}</Title>
            {folded && (
              <Text size="sm" c="dimmed" truncate>
                {`${section.name || "Untitled section"} · ${questionCount(section.questions.length)}`}
              </Text>
            )}
          </Group>
          <Stack gap={2} align="flex-end">
            <Button
              variant="default"
              size="xs"
              disabled={locked || keepsIdentifier}
              onClick={() => commands.requestDelete(sectionId)}
            >
              {`Delete section ${index + 1}`}
            </Button>
            {keepsIdentifier && !locked && (
              <Text size="xs" c="dimmed">
                {IDENTIFIER_SECTION_NOTE}
              </Text>
            )}
          </Stack>
        </Group>

        {/* Folded, the body is not rendered at all: a long form's page stays short and light. */}
        <div id={bodyId}>
          {!folded && (
            <Stack gap="md">
              <Group grow align="flex-start">
                <TextInput
                  label="Section name"
                  value={section.name}
                  onChange={(event) => {
                    const name = event.currentTarget.value;
                    change((s) => ({ ...s, name }));
                  }}
                />
                <NativeSelect
                  label="Section type"
                  data={[...SECTION_TYPES]}
                  value={section.sectionType}
                  disabled={locked}
                  onChange={(event) => {
                    const sectionType = event.currentTarget.value as Section["sectionType"];
                    change((s) => ({ ...s, sectionType }));
                  }}
                />
              </Group>
              <RichTextEditor
                label="Section description"
                value={section.description}
                onChange={changeDescription}
              />
              <MessageList messages={messages.problems} color="red.9" />
              <MessageList messages={messages.warnings} color="yellow.9" />

              <Stack gap="sm">
                {section.questions.map((question, at) => (
                  <QuestionCard
                    key={question._id}
                    question={question}
                    sectionId={sectionId}
                    index={at}
                    count={section.questions.length}
                    locked={locked}
                    problems={messages.questionProblems[question._id] ?? NO_MESSAGES}
                    warnings={messages.questionWarnings[question._id] ?? NO_MESSAGES}
                    smartRefusal={
                      question.type === "MULTIPLE_CHOICE"
                        ? smartRefusalFor(section, question._id, isLast)
                        : null
                    }
                    routeTargets={question.type === "MULTIPLE_CHOICE" ? targets : NO_TARGETS}
                    collapsed={collapsed.has(question._id)}
                    onToggle={onToggle}
                    edits={edits}
                  />
                ))}
              </Stack>
              <Group>
                <Button
                  variant="light"
                  disabled={locked}
                  onClick={() => change((s) => addQuestionAfter(s, null))}
                >{`Add question to section ${index + 1}`}</Button>
              </Group>

              <NativeSelect
                label="After this section"
                data={[{ value: CONTINUE, label: "Continue to next section" }, ...targets]}
                value={section.nextSection ?? CONTINUE}
                disabled={locked}
                onChange={(event) => {
                  const target = event.currentTarget.value;
                  change((s) => ({ ...s, nextSection: target === CONTINUE ? null : target }));
                }}
              />

              <CriteriaEditor section={section} change={change} />

              <Group justify="center">
                <Button
                  variant="default"
                  disabled={locked}
                  onClick={() => commands.addSectionAfter(sectionId)}
                >
                  {`Add section after section ${index + 1}`}
                </Button>
              </Group>
            </Stack>
          )}
        </div>
      </Stack>
    </Paper>
  );
});

const questionCount = (n: number) => (n === 1 ? "1 question" : `${n} questions`);
