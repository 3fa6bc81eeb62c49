import { Stack, Title } from "@mantine/core";
import type { Section } from "../../../shared/forms/model";
import type { ReviewProgram } from "../../../shared/schemas/reviews";
import { ScaleRating, YesNoRating } from "./rating-control";
import { DEFAULT_SCALE, weightLabel } from "./rating-scale";
import {
  criterionRating,
  type ReviewDraft,
  ratesByCriteria,
  sectionRating,
  withCriterionRating,
  withSectionRating,
} from "./review-state";

interface RatingBlockProps {
  section: Section;
  program: ReviewProgram;
  draft: ReviewDraft;
  disabled: boolean;
  onChange: (next: ReviewDraft) => void;
}

const sectionLabel = (section: Section) => section.name.trim() || "this section";

/**
 * A canvas section's Rating block: in appVersion 3 one control per criterion (a scale with its weight,
 * or Yes/No); in other versions one 1–5 rating for the whole section.
 */
export function RatingBlock({ section, program, draft, disabled, onChange }: RatingBlockProps) {
  const byCriteria = ratesByCriteria(program.appVersion);
  if (byCriteria && section.criteria.length === 0) return null;

  return (
    <Stack gap="sm" component="section" aria-label={`Rating for ${sectionLabel(section)}`}>
      <Title order={4}>Rating</Title>
      {byCriteria ? (
        section.criteria.map((criterion, index) => {
          const label = criterion.description.trim() || `Criterion ${index + 1}`;
          const value = criterionRating(draft, section._id, criterion._id);
          const change = (next: number) =>
            onChange(
              withCriterionRating(
                draft,
                section._id,
                { criteriaId: criterion._id, type: criterion.type },
                next,
              ),
            );
          return criterion.type === "BOOLEAN" ? (
            <YesNoRating
              key={criterion._id}
              label={label}
              value={value}
              disabled={disabled}
              onChange={change}
            />
          ) : (
            <ScaleRating
              key={criterion._id}
              label={label}
              description={`${weightLabel(criterion.weight)} · 1 to ${criterion.maxScale}`}
              value={value}
              maxScale={criterion.maxScale}
              increment={program.increment}
              disabled={disabled}
              onChange={change}
            />
          );
        })
      ) : (
        <ScaleRating
          label={`Rating for ${sectionLabel(section)}`}
          description={`1 to ${DEFAULT_SCALE}`}
          value={sectionRating(draft, section._id)}
          maxScale={DEFAULT_SCALE}
          increment={program.increment}
          disabled={disabled}
          onChange={(next) => onChange(withSectionRating(draft, section._id, next))}
        />
      )}
    </Stack>
  );
}
