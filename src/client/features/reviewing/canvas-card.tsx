import {
  Box,
  Button,
  Collapse,
  Divider,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from "@mantine/core";
import { Fragment, type ReactNode, useState } from "react";
import type { Section } from "../../../shared/forms/model";
import type { Comment, ReviewAnswer, ReviewProgram } from "../../../shared/schemas/reviews";
import type { SubmissionFile } from "../../../shared/schemas/submissions";
import { ChevronDownIcon } from "../../components/icons";
import { RichTextView } from "../../components/rich-text/rich-text-view";
import { SectionAnswers } from "./answer-view";
import { toggleSection } from "./canvas";
import { CommentsBlock } from "./comments-block";
import type { ReviewDraft } from "./review-state";

/** What the Decision Canvas and the legacy one both take, besides the sections they show. */
export interface CanvasCommonProps {
  userId: string;
  program: ReviewProgram;
  submissionId: string;
  answers: ReadonlyMap<string, ReviewAnswer>;
  files: readonly SubmissionFile[];
  comments: readonly Comment[];
  /** The caller's review, or null when they may not rate (a guest, an admin off the committee). */
  draft: ReviewDraft | null;
  ratingDisabled: boolean;
  commentsEditable: boolean;
  /** Comments are shown only to their authors and admins: none to show or add for others. */
  showComments: boolean;
  onReviewChange: (next: ReviewDraft) => void;
  onDeleteComment: (comment: Comment) => void;
}

interface CanvasFrameProps<T> {
  items: readonly T[];
  /** The id a card opens and closes by (its section's). */
  idOf: (item: T) => string;
  renderCard: (item: T, index: number, open: boolean, onToggle: () => void) => ReactNode;
}

/** The "Decision Canvas" heading, Expand all / Collapse all, and one card per item. */
export function CanvasFrame<T>({ items, idOf, renderCard }: CanvasFrameProps<T>) {
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(() => new Set());
  const allOpen = collapsed.size === 0;
  const allClosed = items.every((item) => collapsed.has(idOf(item)));

  return (
    <Stack gap="md" component="section" aria-labelledby="decision-canvas-heading">
      <Group justify="space-between">
        <Title order={2} size="h3" id="decision-canvas-heading">
          Decision Canvas
        </Title>
        <Group gap="xs">
          <Button size="xs" variant="default" disabled={allOpen} onClick={() => setCollapsed(new Set())}>
            Expand all
          </Button>
          <Button
            size="xs"
            variant="default"
            disabled={allClosed}
            onClick={() => setCollapsed(new Set(items.map(idOf)))}
          >
            Collapse all
          </Button>
        </Group>
      </Group>
      {items.length === 0 && (
        <Text size="sm" c="gray.7">
          This form has no sections to review.
        </Text>
      )}
      {items.map((item, index) => {
        const id = idOf(item);
        return (
          <Fragment key={id}>
            {renderCard(item, index, !collapsed.has(id), () =>
              setCollapsed((current) => toggleSection(current, id)),
            )}
          </Fragment>
        );
      })}
    </Stack>
  );
}

interface SectionCardProps extends CanvasCommonProps {
  /** The id of the collapsible body; the heading's is `${bodyId}-heading`. */
  bodyId: string;
  title: string;
  section: Section;
  open: boolean;
  onToggle: () => void;
  /** Shown after the answers, before the Rating and Comments blocks. */
  note?: ReactNode;
  /** The section's Rating block, or null when it is not rated here. */
  rating: ReactNode;
  /** The section id its comments are filed under, or null when it has none. */
  commentsId: string | null;
}

/**
 * One canvas section: a heading that opens and closes it, its description, rubric and answers, then
 * its Rating and Comments blocks side by side.
 */
export function SectionCard({
  userId,
  program,
  submissionId,
  answers,
  files,
  comments,
  commentsEditable,
  showComments,
  onDeleteComment,
  bodyId,
  title,
  section,
  open,
  onToggle,
  note,
  rating,
  commentsId,
}: SectionCardProps) {
  const rated = rating !== null;
  const commented = commentsId !== null && showComments;

  return (
    <Paper withBorder component="section" aria-labelledby={`${bodyId}-heading`} data-testid="canvas-section">
      <Title order={3} size="h4" id={`${bodyId}-heading`} m={0}>
        <UnstyledButton
          onClick={onToggle}
          aria-expanded={open}
          aria-controls={bodyId}
          w="100%"
          p="md"
          style={{ display: "flex", alignItems: "center", gap: 8 }}
        >
          <Box
            component="span"
            style={{
              display: "inline-flex",
              transform: open ? undefined : "rotate(-90deg)",
              transition: "transform 150ms",
            }}
          >
            <ChevronDownIcon size={18} />
          </Box>
          <span>{title}</span>
        </UnstyledButton>
      </Title>
      <Collapse expanded={open} id={bodyId}>
        <Stack gap="lg" px="md" pb="md">
          <RichTextView value={section.description} />
          {section.rubric.trim() !== "" && (
            <Paper bg="blue.0" p="sm">
              <Text size="xs" fw={700} c="blue.9">
                For the reviewers
              </Text>
              <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
                {section.rubric}
              </Text>
            </Paper>
          )}
          <SectionAnswers section={section} answers={answers} files={files} />
          {note}
          {(rated || commented) && <Divider />}
          <SimpleGrid cols={{ base: 1, md: rated && commented ? 2 : 1 }} spacing="xl">
            {rating}
            {commented && (
              <CommentsBlock
                userId={userId}
                programId={program._id}
                submissionId={submissionId}
                sectionId={commentsId}
                sectionName={title}
                comments={comments.filter((comment) => comment.sectionId === commentsId)}
                prompt={program.commentText}
                editable={commentsEditable}
                onDelete={onDeleteComment}
              />
            )}
          </SimpleGrid>
        </Stack>
      </Collapse>
    </Paper>
  );
}
