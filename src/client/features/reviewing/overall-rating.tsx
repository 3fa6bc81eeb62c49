import { Group, Loader, Stack, Text, Title } from "@mantine/core";
import type { Section } from "../../../shared/forms/model";
import type { ReviewProgram } from "../../../shared/schemas/reviews";
import { lastReviewedLabel } from "./candidate-rows";
import { ScaleRating } from "./rating-control";
import { overallScale, ratingOutOf } from "./rating-scale";
import { withOverallRating } from "./review-state";
import type { ReviewEditor } from "./use-review-editor";

interface OverallRatingProps {
  program: ReviewProgram;
  sections: readonly Section[];
  editor: ReviewEditor;
  /** The program overrides the computed rating: the reviewer enters the overall themselves. */
  byHand: boolean;
  disabled: boolean;
}

/**
 * The caller's overall rating as the server computed and saved it (appVersion 3: the weighted criteria;
 * others: the mean of the sections), or a control for it when the program has the reviewer enter it.
 */
export function OverallRating({ program, sections, editor, byHand, disabled }: OverallRatingProps) {
  const scale = overallScale(program.appVersion, sections);
  const { saved, saving } = editor;
  // The program's review settings may keep the final rating from reviewers (a rating entered by hand is
  // always shown: the server says so in showFinalRating); the save status stays.
  const shown = program.showFinalRating || byHand;
  return (
    <Stack gap="xs">
      <Group justify="space-between" align="center">
        <Title order={2} size="h3">
          {shown ? "Your overall rating" : "Your review"}
        </Title>
        {/* Announced politely: "Saving…" then the saved time, never interrupting. */}
        <Group gap={6} aria-live="polite" role="status">
          {saving ? (
            <>
              <Loader size="xs" />
              <Text size="sm" c="gray.7">
                Saving…
              </Text>
            </>
          ) : (
            <Text size="sm" c="gray.7">
              {saved.lastReviewed === null
                ? "Not saved yet"
                : `Saved ${lastReviewedLabel(saved.lastReviewed)}`}
            </Text>
          )}
        </Group>
      </Group>
      {shown && program.finalReviewText.trim() !== "" && (
        <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
          {program.finalReviewText}
        </Text>
      )}
      {byHand ? (
        <ScaleRating
          label="Final rating"
          description={`1 to ${scale}`}
          value={editor.draft.rating}
          maxScale={scale}
          increment={program.increment}
          disabled={disabled}
          onChange={(value) => editor.change(withOverallRating(editor.draft, value))}
        />
      ) : shown ? (
        <Text size="lg" fw={600} data-testid="overall-rating">
          {ratingOutOf(saved.rating, scale)}
        </Text>
      ) : null}
    </Stack>
  );
}
