import type { Section } from "../../../shared/forms/model";
import { type CanvasCommonProps, CanvasFrame, SectionCard } from "./canvas-card";
import { RatingBlock } from "./rating-block";
import { ratesByCriteria } from "./review-state";

interface DecisionCanvasProps extends CanvasCommonProps {
  sections: readonly Section[];
}

/**
 * The Decision Canvas: every section but the administrative ones, each a card that opens and closes
 * (and Expand all / Collapse all), with the answers read-only and the section's Rating and Comments blocks.
 */
export function DecisionCanvas(props: DecisionCanvasProps) {
  return (
    <CanvasFrame
      items={props.sections}
      idOf={(section) => section._id}
      renderCard={(section, index, open, onToggle) => (
        <CanvasSection {...props} section={section} number={index + 1} open={open} onToggle={onToggle} />
      )}
    />
  );
}

type CanvasSectionProps = DecisionCanvasProps & {
  section: Section;
  number: number;
  open: boolean;
  onToggle: () => void;
};

function CanvasSection(props: CanvasSectionProps) {
  const { program, section, number, draft, ratingDisabled, onReviewChange } = props;
  const name = section.name.trim() || `Section ${number}`;
  // appVersion 3 rates a section through its criteria: a section without any has no Rating block.
  const rated = draft !== null && (!ratesByCriteria(program.appVersion) || section.criteria.length > 0);

  return (
    <SectionCard
      {...props}
      bodyId={`canvas-section-${section._id}`}
      title={name}
      commentsId={section._id}
      rating={
        rated && draft !== null ? (
          <RatingBlock
            section={section}
            program={program}
            draft={draft}
            disabled={ratingDisabled}
            onChange={onReviewChange}
          />
        ) : null
      }
    />
  );
}
