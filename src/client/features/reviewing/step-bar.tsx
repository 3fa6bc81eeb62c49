import { Button, Group, Text } from "@mantine/core";
import { useId } from "react";
import { Link } from "react-router";
import { REVIEW_MESSAGES } from "../../../shared/schemas/reviews-constants";
import { REVIEWING_TEXT } from "./reviewing-messages";
import {
  type ReviewStep,
  STEP_PATHS,
  type StepProgress,
  type StepViewer,
  stackedRankingsBlockedReason,
} from "./step-rules";

interface StepBarProps {
  current: ReviewStep;
  /** Unknown while loading: step 2 stays closed until it is known. */
  progress: StepProgress | null;
  enableStackedRankings: boolean;
  /** Who is asking (unknown: treated as a committee member). */
  viewer?: StepViewer;
}

/**
 * "1. Rate Candidates" → "2. Stacked Rankings", with Next Step. Step 2 opens once every application
 * shown is rated (step-rules.ts); until then the bar says why it is closed — on step 1, and on /rankings
 * opened by its address, in the same words.
 */
export function StepBar({ current, progress, enableStackedRankings, viewer }: StepBarProps) {
  const reasonId = useId();
  const blockedReason = stackedRankingsBlockedReason(progress, enableStackedRankings, viewer);
  const stepTwoOpen = blockedReason === null;
  // While the progress loads, a committee member's reason is not known yet: its place is kept by an
  // invisible line of the usual reason's length, so the page below does not move down when it comes
  // (it wraps to two lines on a phone). Saying "no applications" meanwhile would be wrong.
  const reasonPending = progress === null && enableStackedRankings && (viewer?.committee ?? true);
  const describedBy = reasonPending ? undefined : reasonId;

  return (
    <Group
      component="nav"
      aria-label={REVIEWING_TEXT.stepsLabel}
      justify="space-between"
      wrap="wrap"
      gap="sm"
    >
      <Group gap="xs" component="ol" style={{ listStyle: "none", margin: 0, padding: 0 }}>
        <li>
          <Button
            component={Link}
            to={STEP_PATHS.rate}
            variant={current === "rate" ? "filled" : "default"}
            aria-current={current === "rate" ? "step" : undefined}
          >
            {REVIEW_MESSAGES.stepOne}
          </Button>
        </li>
        <li>
          {stepTwoOpen ? (
            <Button
              component={Link}
              to={STEP_PATHS.rank}
              variant={current === "rank" ? "filled" : "default"}
              aria-current={current === "rank" ? "step" : undefined}
            >
              {REVIEW_MESSAGES.stepTwo}
            </Button>
          ) : (
            <Button variant="default" disabled aria-describedby={describedBy}>
              {REVIEW_MESSAGES.stepTwo}
            </Button>
          )}
        </li>
      </Group>
      {/* Wraps on a phone: the reason above the button rather than the button cut short. */}
      <Group gap="sm" justify="flex-end">
        {reasonPending ? (
          <Text size="sm" maw={420} ta="right" aria-hidden style={{ visibility: "hidden" }}>
            {REVIEWING_TEXT.rateEveryone(0, 0)}
          </Text>
        ) : (
          blockedReason !== null && (
            <Text id={reasonId} size="sm" c="gray.7" maw={420} ta="right" data-testid="step-two-reason">
              {blockedReason}
            </Text>
          )
        )}
        {current === "rate" &&
          (stepTwoOpen ? (
            <Button component={Link} to={STEP_PATHS.rank}>
              {REVIEW_MESSAGES.nextStep}
            </Button>
          ) : (
            <Button disabled aria-describedby={describedBy}>
              {REVIEW_MESSAGES.nextStep}
            </Button>
          ))}
      </Group>
    </Group>
  );
}
