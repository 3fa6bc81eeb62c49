import { REVIEWING_TEXT } from "./reviewing-messages";

/** The two steps of reviewing: rate the candidates (step 1), then order them (step 2). */
export type ReviewStep = "rate" | "rank";

export const STEP_PATHS: Record<ReviewStep, string> = {
  rate: "/applications",
  rank: "/rankings",
};

/**
 * Which step a page belongs to: the list and every submission view are step 1 (review-and-administration,
 * "Two-step bar").
 */
export function reviewStepOf(pathname: string): ReviewStep | null {
  const path = pathname.replace(/\/+$/, "") || "/";
  if (path === "/applications" || path.startsWith("/submissions/")) return "rate";
  if (path === "/rankings") return "rank";
  return null;
}

export interface StepProgress {
  /** Applications shown to the user (submitted, not tests). */
  shown: number;
  /** How many of them the user has rated. */
  rated: number;
}

/** Who is asking: a committee member rates and ranks; an admin off the committee or a guest only reads. */
export interface StepViewer {
  committee: boolean;
  isAdmin: boolean;
}

/**
 * Why step 2 is closed, or null when it is open: the program has not turned stacked rankings off, the user
 * is on the committee (admins off it and guests never rate, so they are not counted down to a ranking:
 * docs/decisions/029-review-settings-and-rankings.md), they are shown at least one application, and they
 * have rated at least as many as they are shown. The step bar and /rankings say the same words.
 */
export function stackedRankingsBlockedReason(
  progress: StepProgress | null | undefined,
  enableStackedRankings: boolean,
  viewer: StepViewer = { committee: true, isAdmin: false },
): string | null {
  if (!enableStackedRankings) return REVIEWING_TEXT.stackedRankingsOff;
  if (!viewer.committee)
    return viewer.isAdmin ? REVIEWING_TEXT.rankingAdminsRead : REVIEWING_TEXT.rankingGuestsRead;
  if (!progress || progress.shown <= 0) return REVIEWING_TEXT.nothingToRate;
  if (progress.rated < progress.shown) return REVIEWING_TEXT.rateEveryone(progress.rated, progress.shown);
  return null;
}

export function canOpenStackedRankings(
  progress: StepProgress | null | undefined,
  enableStackedRankings: boolean,
  viewer?: StepViewer,
): boolean {
  return stackedRankingsBlockedReason(progress, enableStackedRankings, viewer) === null;
}
