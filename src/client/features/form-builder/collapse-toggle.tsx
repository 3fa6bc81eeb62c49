import { ActionIcon } from "@mantine/core";
import { ChevronDownIcon } from "../../components/icons";

/**
 * Folds a builder card to its title or unfolds it: a button saying what it does ("Collapse question 3"), with
 * aria-expanded and aria-controls for screen readers (docs/decisions/039-navigation-and-builder.md).
 */
export function CollapseToggle({
  expanded,
  controls,
  what,
  onToggle,
}: {
  expanded: boolean;
  controls: string;
  /** What it folds, as in "question 3". */
  what: string;
  onToggle(): void;
}) {
  return (
    <ActionIcon
      variant="subtle"
      color="dark"
      aria-label={`${expanded ? "Collapse" : "Expand"} ${what}`}
      aria-expanded={expanded}
      aria-controls={controls}
      onClick={onToggle}
    >
      <span style={{ display: "inline-flex", transform: expanded ? undefined : "rotate(-90deg)" }}>
        <ChevronDownIcon />
      </span>
    </ActionIcon>
  );
}
