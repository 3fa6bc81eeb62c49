import { Button, Group, NativeSelect, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { memo, useCallback, useId, useMemo } from "react";
import { addQuestionAfter, holdsIdentifier, laterSectionChoices } from "../../../shared/forms/builder-edits";
import { type RichText, SECTION_TYPES, type Section } from "../../../shared/forms/model";
import { FORM_MESSAGES } from "../../../shared/forms/publish-check";
import { RichTextEditor } from "../../components/rich-text/rich-text-editor";
import { CriteriaEditor } from "./criteria-editor";
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
  /** The live sections' ids in order (the same array while they do not change). */
  liveSectionIds: readonly string[];
  locked: boolean;
  messages: SectionMessages;
  edits: ContentEdits;
  commands: SectionCommands;
}

const CONTINUE = "";
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
  liveSectionIds,
  locked,
  messages,
  edits,
  commands,
}: SectionCardProps) {
  const headingId = useId();
  const sectionId = section._id;
  const total = liveSectionIds.length;
  const isLast = index === total - 1;
  const targets = useMemo(() => laterSectionChoices(liveSectionIds, index), [liveSectionIds, index]);
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
    <Paper component="section" withBorder p="lg" aria-labelledby={headingId} style={OFFSCREEN_SKIPPED}>
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} size="h4" id={headingId}>{`Section ${index + 1} of ${total}`}</Title>
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
                question.type === "MULTIPLE_CHOICE" ? smartRefusalFor(section, question._id, isLast) : null
              }
              routeTargets={targets}
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
          <Button variant="default" disabled={locked} onClick={() => commands.addSectionAfter(sectionId)}>
            {`Add section after section ${index + 1}`}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
});
