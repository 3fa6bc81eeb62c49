import { SCALES } from "../generator/scales";

/** The growth budget: "list endpoints stay flat from 1,000 to 100,000 submissions in a program". */
export const GROWTH_SIZES = [1000, 10_000, 100_000] as const;
export type GrowthSize = (typeof GROWTH_SIZES)[number];

/** The programs are found by these names on the next runs. */
export const growthProgramName = (size: number) => `Growth ${size.toLocaleString("en-US")}`;

/** The review program of the large data set: the proportions every growth program copies. */
const REVIEW = SCALES.large.review;

/**
 * One organization, every reviewer a REVIEWER in each growth program, program admin k the ADMIN of the
 * k-th program only (so its program list counts one program's applications), applicant n the owner of
 * application n of each program. Per program, as in the review program: drafts and tests beside the
 * submitted applications, 30 % of the submitted ones with 3–5 direct reviewers, 20 % with one of 10
 * groups of 20, the rest open to the whole committee. Reviews are per candidate rather than per reviewer
 * (2 each, a comment on one in ten), so their number grows with the program as the applications do;
 * each reviewer's stored ranking holds up to 500 candidates.
 */
export const GROWTH_SHAPE = {
  reviewers: SCALES.large.reviewers,
  programAdmins: GROWTH_SIZES.length,
  applicants: GROWTH_SIZES[0],
  draftShare: REVIEW.drafts / REVIEW.submissions,
  testShare: REVIEW.tests / REVIEW.submissions,
  directShare: REVIEW.directShare,
  directReviewers: REVIEW.directReviewers,
  groupShare: REVIEW.groupShare,
  groups: REVIEW.groups,
  groupMembers: REVIEW.groupMembers,
  reviewsPerCandidate: 2,
  commentShare: 0.1,
  rankingLength: REVIEW.rankingLength,
  /** Finished exports of the program's admin, so the export list has rows. */
  exportJobs: 3,
} as const;
