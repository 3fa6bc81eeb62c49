import { Box, Button, List, Stack, Table, Text, VisuallyHidden } from "@mantine/core";
import { useState } from "react";
import type { Section } from "../../../shared/forms/model";
import type { ReviewAnswer } from "../../../shared/schemas/reviews";
import type { SubmissionFile } from "../../../shared/schemas/submissions";
import { TranslatableAnswer } from "./answer-translation";
import { type AnswerContent, type AnswerDisplay, answerDisplay, shownQuestions } from "./canvas";
import { REVIEWING_TEXT } from "./reviewing-messages";
import { FileDownloadButton } from "./submission-files";

interface SectionAnswersProps {
  section: Section;
  answers: ReadonlyMap<string, ReviewAnswer>;
  files: readonly SubmissionFile[];
}

/** A section's questions with the applicant's answers, read-only, as a description list. */
export function SectionAnswers({ section, answers, files }: SectionAnswersProps) {
  const questions = shownQuestions(section);
  if (questions.length === 0) {
    return (
      <Text size="sm" c="gray.7">
        This section has no questions.
      </Text>
    );
  }
  return (
    <Stack gap="md" component="dl" m={0}>
      {questions.map((question, index) => (
        <div key={question._id}>
          <Text component="dt" fw={600} size="sm" style={{ whiteSpace: "pre-wrap" }}>
            {question.name.trim() || `Question ${index + 1}`}
          </Text>
          <Box component="dd" m={0} mt={4}>
            <AnswerView
              questionId={question._id}
              display={answerDisplay(question, answers.get(question._id), files)}
            />
          </Box>
        </div>
      ))}
    </Stack>
  );
}

/**
 * The starred, blurred placeholder of an anonymized answer (review-and-administration,
 * "2. Screens and routes").
 */
export function AnonymizedPlaceholder() {
  return (
    <Text
      component="span"
      role="img"
      aria-label={REVIEWING_TEXT.anonymized}
      size="sm"
      style={{ filter: "blur(3px)", userSelect: "none", letterSpacing: "0.2em" }}
    >
      ★★★★★
    </Text>
  );
}

function AnswerView({ questionId, display }: { questionId: string; display: AnswerDisplay }) {
  if (display.kind === "withheld") return <AnonymizedPlaceholder />;
  // An anonymized answer is never offered for translation: it must not reach the provider.
  if (display.kind === "anonymized") return <AnonymizedForAdmin content={display.content} />;
  if (display.kind === "text") {
    return (
      <TranslatableAnswer questionId={questionId}>
        <AnswerContentView content={display} />
      </TranslatableAnswer>
    );
  }
  return <AnswerContentView content={display} />;
}

/**
 * An admin receives anonymized answers (reviewers never do): blurred like everyone's, readable on
 * request, so what reviewers see is the default.
 */
function AnonymizedForAdmin({ content }: { content: AnswerContent }) {
  const [shown, setShown] = useState(false);
  return (
    <Stack gap={4} align="flex-start">
      {shown ? <AnswerContentView content={content} /> : <AnonymizedPlaceholder />}
      <Button size="compact-xs" variant="subtle" aria-pressed={shown} onClick={() => setShown((s) => !s)}>
        {shown ? "Hide anonymized answer" : "Show anonymized answer"}
      </Button>
    </Stack>
  );
}

function AnswerContentView({ content }: { content: AnswerContent }) {
  switch (content.kind) {
    case "empty":
      return (
        <Text size="sm" c="gray.7" fs="italic">
          {REVIEWING_TEXT.noAnswer}
        </Text>
      );
    case "text":
      return (
        <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
          {content.text}
        </Text>
      );
    case "choices":
      return content.multiple ? (
        <List size="sm">
          {content.labels.map((label) => (
            <List.Item key={label}>{label}</List.Item>
          ))}
        </List>
      ) : (
        <Text size="sm">{content.labels.join(", ")}</Text>
      );
    case "files":
      return (
        <Stack gap={4} component="ul" style={{ listStyle: "none", margin: 0, padding: 0 }}>
          {content.files.map((file) => (
            <li key={file._id}>
              <FileDownloadButton file={file} />
            </li>
          ))}
        </Stack>
      );
    case "table":
      return (
        <Table.ScrollContainer minWidth={Math.max(320, content.columns.length * 140)}>
          <Table withTableBorder withColumnBorders verticalSpacing={4} fz="sm">
            <Table.Thead>
              <Table.Tr>
                {content.columns.map((column, c) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: columns are positional (column_0…column_4)
                  <Table.Th key={c} scope="col">
                    {column}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {content.rows.map((row) => (
                <Table.Tr key={row.id}>
                  {row.cells.map((cell, c) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional (column_0…column_4)
                    <Table.Td key={c} style={{ whiteSpace: "pre-wrap" }}>
                      {cell}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      );
    case "grid":
      return (
        <Table.ScrollContainer minWidth={Math.max(320, (content.columns.length + 1) * 100)}>
          <Table withTableBorder withColumnBorders verticalSpacing={4} fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Td />
                {content.columns.map((column, c) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: grid columns are positional
                  <Table.Th key={c} scope="col">
                    {column}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {content.rows.map((row, r) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: grid rows are positional
                <Table.Tr key={r}>
                  <Table.Th scope="row">{row}</Table.Th>
                  {content.columns.map((_, c) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: grid cells are positional
                    <Table.Td key={c} ta="center">
                      {content.checked[r]?.[c] ? (
                        <>
                          <span aria-hidden="true">✓</span>
                          <VisuallyHidden>Checked</VisuallyHidden>
                        </>
                      ) : (
                        <VisuallyHidden>Not checked</VisuallyHidden>
                      )}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      );
  }
}
