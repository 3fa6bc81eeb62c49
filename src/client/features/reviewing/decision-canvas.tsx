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
import type { Section } from "../../../shared/forms/model";
import type { Comment, ReviewAnswer, ReviewProgram } from "../../../shared/schemas/reviews";
import type { SubmissionFile } from "../../../shared/schemas/submissions";
import { ChevronDownIcon } from "../../components/icons";
import { RichTextView } from "../../components/rich-text/rich-text-view";
import { SectionAnswers } from "./answer-view";
import { toggleSection } from "./canvas";
import { CommentsBlock } from "./comments-block";
import { RatingBlock } from "./rating-block";
import { type ReviewDraft, ratesByCriteria } from "./review-state";

interface DecisionCanvasProps {
  userId: string;
  program: ReviewProgram;
  submissionId: string;
  sections: readonly Section[];
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
 * The Decision Canvas: every section but the administrative ones, each a card that opens and closes
 * (and Expand all / Collapse all), with the answers read-only and the section's Rating and Comments blocks.
 */
export function DecisionCanvas(props: DecisionCanvasProps) {
  const { sections } = props;
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(() => new Set());
  const allOpen = collapsed.size === 0;
  const allClosed = sections.every((section) => collapsed.has(section._id));

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
            onClick={() => setCollapsed(new Set(sections.map((s) => s._id)))}
          >
            Collapse all
          </Button>
        </Group>
      </Group>
      {sections.length === 0 && (
        <Text size="sm" c="gray.7">
          This form has no sections to review.
        </Text>
      )}
      {sections.map((section, index) => (
        <CanvasSection
          key={section._id}
          {...props}
          section={section}
          number={index + 1}
          open={!collapsed.has(section._id)}
          onToggle={() => setCollapsed((current) => toggleSection(current, section._id))}
        />
      ))}
    </Stack>
  );
}

type CanvasSectionProps = DecisionCanvasProps & {
  section: Section;
  number: number;
  open: boolean;
  onToggle: () => void;
};

function CanvasSection({
  userId,
  program,
  submissionId,
  section,
  number,
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
}: CanvasSectionProps) {
  const name = section.name.trim() || `Section ${number}`;
  const bodyId = `canvas-section-${section._id}`;
  const sectionComments = comments.filter((comment) => comment.sectionId === section._id);
  // appVersion 3 rates a section through its criteria: a section without any has no Rating block.
  const rated = draft !== null && (!ratesByCriteria(program.appVersion) || section.criteria.length > 0);

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
          <span>{name}</span>
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
          {(rated || showComments) && <Divider />}
          <SimpleGrid cols={{ base: 1, md: rated && showComments ? 2 : 1 }} spacing="xl">
            {rated && draft !== null && (
              <RatingBlock
                section={section}
                program={program}
                draft={draft}
                disabled={ratingDisabled}
                onChange={onReviewChange}
              />
            )}
            {showComments && (
              <CommentsBlock
                userId={userId}
                programId={program._id}
                submissionId={submissionId}
                sectionId={section._id}
                sectionName={name}
                comments={sectionComments}
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
