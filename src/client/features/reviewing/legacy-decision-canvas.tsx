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
import { useState } from "react";
import type { Comment, ReviewAnswer, ReviewProgram } from "../../../shared/schemas/reviews";
import type { SubmissionFile } from "../../../shared/schemas/submissions";
import { ChevronDownIcon } from "../../components/icons";
import { RichTextView } from "../../components/rich-text/rich-text-view";
import { SectionAnswers } from "./answer-view";
import { toggleSection } from "./canvas";
import { CommentsBlock } from "./comments-block";
import { LEGACY_CANVAS_COUNT, type LegacyCanvasEntry } from "./legacy-canvas";
import { ScaleRating } from "./rating-control";
import { DEFAULT_SCALE } from "./rating-scale";
import { type ReviewDraft, sectionRating, withSectionRating } from "./review-state";

interface LegacyDecisionCanvasProps {
  userId: string;
  program: ReviewProgram;
  submissionId: string;
  entries: readonly LegacyCanvasEntry[];
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

/**
 * The legacy Decision Canvas: the nine canvas entries (legacy-canvas.ts), each a card that opens and
 * closes (and Expand all / Collapse all), with the answers read-only, a 1–5 rating of `canvas_i` and
 * the Comments block filed under `canvas_i`. Sections beyond the ninth are shown without either.
 */
export function LegacyDecisionCanvas(props: LegacyDecisionCanvasProps) {
  const { entries } = props;
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(() => new Set());
  const allOpen = collapsed.size === 0;
  const allClosed = entries.every((entry) => collapsed.has(entry.section._id));

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
            onClick={() => setCollapsed(new Set(entries.map((entry) => entry.section._id)))}
          >
            Collapse all
          </Button>
        </Group>
      </Group>
      {entries.length === 0 && (
        <Text size="sm" c="gray.7">
          This form has no sections to review.
        </Text>
      )}
      {entries.map((entry) => (
        <LegacyCanvasEntryCard
          key={entry.section._id}
          {...props}
          entry={entry}
          open={!collapsed.has(entry.section._id)}
          onToggle={() => setCollapsed((current) => toggleSection(current, entry.section._id))}
        />
      ))}
    </Stack>
  );
}

type EntryCardProps = LegacyDecisionCanvasProps & {
  entry: LegacyCanvasEntry;
  open: boolean;
  onToggle: () => void;
};

function LegacyCanvasEntryCard({
  userId,
  program,
  submissionId,
  entry,
  answers,
  files,
  comments,
  draft,
  ratingDisabled,
  commentsEditable,
  showComments,
  onReviewChange,
  onDeleteComment,
  open,
  onToggle,
}: EntryCardProps) {
  const { section, title, canvasId } = entry;
  const bodyId = `legacy-canvas-section-${section._id}`;
  const rated = canvasId !== null && draft !== null;
  const commented = canvasId !== null && showComments;
  const entryComments = canvasId === null ? [] : comments.filter((comment) => comment.sectionId === canvasId);

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
          {canvasId === null && (
            <Text size="sm" c="gray.7">
              {`Only the first ${LEGACY_CANVAS_COUNT} sections of a legacy application are rated.`}
            </Text>
          )}
          {(rated || commented) && <Divider />}
          <SimpleGrid cols={{ base: 1, md: rated && commented ? 2 : 1 }} spacing="xl">
            {rated && (
              <Stack gap="sm" component="section" aria-label={`Rating for ${title}`}>
                <Title order={4}>Rating</Title>
                <ScaleRating
                  label={`Rating for ${title}`}
                  description={`1 to ${DEFAULT_SCALE} stars`}
                  value={sectionRating(draft, canvasId)}
                  maxScale={DEFAULT_SCALE}
                  increment={program.increment}
                  disabled={ratingDisabled}
                  onChange={(next) => onReviewChange(withSectionRating(draft, canvasId, next))}
                />
              </Stack>
            )}
            {commented && (
              <CommentsBlock
                userId={userId}
                programId={program._id}
                submissionId={submissionId}
                sectionId={canvasId}
                sectionName={title}
                comments={entryComments}
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
