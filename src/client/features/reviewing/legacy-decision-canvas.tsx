import { Stack, Text, Title } from "@mantine/core";
import { type CanvasCommonProps, CanvasFrame, SectionCard } from "./canvas-card";
import { LEGACY_CANVAS_COUNT, type LegacyCanvasEntry } from "./legacy-canvas";
import { ScaleRating } from "./rating-control";
import { DEFAULT_SCALE } from "./rating-scale";
import { sectionRating, withSectionRating } from "./review-state";

interface LegacyDecisionCanvasProps extends CanvasCommonProps {
  entries: readonly LegacyCanvasEntry[];
}

/**
 * The legacy Decision Canvas: the nine canvas entries (legacy-canvas.ts), each a card that opens and
 * closes (and Expand all / Collapse all), with the answers read-only, a 1–5 rating of `canvas_i` and
 * the Comments block filed under `canvas_i`. Sections beyond the ninth are shown without either.
 */
export function LegacyDecisionCanvas(props: LegacyDecisionCanvasProps) {
  return (
    <CanvasFrame
      items={props.entries}
      idOf={(entry) => entry.section._id}
      renderCard={(entry, _index, open, onToggle) => (
        <LegacyCanvasEntryCard {...props} entry={entry} open={open} onToggle={onToggle} />
      )}
    />
  );
}

type EntryCardProps = LegacyDecisionCanvasProps & {
  entry: LegacyCanvasEntry;
  open: boolean;
  onToggle: () => void;
};

function LegacyCanvasEntryCard(props: EntryCardProps) {
  const { program, entry, draft, ratingDisabled, onReviewChange } = props;
  const { section, title, canvasId } = entry;

  return (
    <SectionCard
      {...props}
      bodyId={`legacy-canvas-section-${section._id}`}
      title={title}
      section={section}
      commentsId={canvasId}
      note={
        canvasId === null && (
          <Text size="sm" c="gray.7">
            {entry.other
              ? "Answers that no rule of the review template places: shown here, not rated."
              : `Only the first ${LEGACY_CANVAS_COUNT} sections of a legacy application are rated.`}
          </Text>
        )
      }
      rating={
        canvasId !== null && draft !== null ? (
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
        ) : null
      }
    />
  );
}
