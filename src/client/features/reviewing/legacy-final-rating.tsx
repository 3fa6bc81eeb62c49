import { Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import type { Comment, ReviewProgram } from "../../../shared/schemas/reviews";
import { lastReviewedLabel } from "./candidate-rows";
import { CommentsBlock } from "./comments-block";
import { LEGACY_FINAL_SECTION_ID } from "./legacy-canvas";
import { ScaleRating } from "./rating-control";
import { DEFAULT_SCALE } from "./rating-scale";
import { withOverallRating } from "./review-state";
import type { ReviewEditor } from "./use-review-editor";

interface LegacySaveStatusProps {
  editor: ReviewEditor;
}

/**
 * "Saving…", then when the review was last saved: announced politely, never interrupting. One per
 * page, above the Decision Canvas, where rating starts.
 */
export function LegacySaveStatus({ editor }: LegacySaveStatusProps) {
  return (
    <Group gap={6} aria-live="polite" role="status">
      {editor.saving ? (
        <>
          <Loader size="xs" />
          <Text size="sm" c="gray.7">
            Saving…
          </Text>
        </>
      ) : (
        <Text size="sm" c="gray.7">
          {editor.saved.lastReviewed === null
            ? "Not saved yet"
            : `Saved ${lastReviewedLabel(editor.saved.lastReviewed)}`}
        </Text>
      )}
    </Group>
  );
}

interface LegacyFinalRatingProps {
  userId: string;
  program: ReviewProgram;
  submissionId: string;
  /** The caller's review editor, or null when they may not rate (no rating control then). */
  editor: ReviewEditor | null;
  comments: readonly Comment[];
  ratingDisabled: boolean;
  commentsEditable: boolean;
  showComments: boolean;
  onDeleteComment: (comment: Comment) => void;
}

const FINAL_RATING = "Final Rating";

/**
 * The legacy page's Final Rating section (review-and-administration, "2. Screens and routes"): the overall
 * 1–5 rating, entered by hand and saved as the review's rating, and its comments (filed under the section id
 * "final").
 */
export function LegacyFinalRating({
  userId,
  program,
  submissionId,
  editor,
  comments,
  ratingDisabled,
  commentsEditable,
  showComments,
  onDeleteComment,
}: LegacyFinalRatingProps) {
  if (editor === null && !showComments) return null;
  const finalComments = comments.filter((comment) => comment.sectionId === LEGACY_FINAL_SECTION_ID);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="legacy-final-rating-heading">
      <Stack gap="md">
        <Title order={2} size="h3" id="legacy-final-rating-heading">
          {FINAL_RATING}
        </Title>
        {program.finalReviewText.trim() !== "" && (
          <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
            {program.finalReviewText}
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, md: editor !== null && showComments ? 2 : 1 }} spacing="xl">
          {editor !== null && (
            <ScaleRating
              label={FINAL_RATING}
              description={`Your overall rating of this application, 1 to ${DEFAULT_SCALE} stars`}
              value={editor.draft.rating}
              maxScale={DEFAULT_SCALE}
              increment={program.increment}
              disabled={ratingDisabled}
              onChange={(value) => editor.change(withOverallRating(editor.draft, value))}
            />
          )}
          {showComments && (
            <CommentsBlock
              userId={userId}
              programId={program._id}
              submissionId={submissionId}
              sectionId={LEGACY_FINAL_SECTION_ID}
              sectionName="the final rating"
              comments={finalComments}
              prompt={program.commentText}
              editable={commentsEditable}
              onDelete={onDeleteComment}
            />
          )}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
