/** How big the generated organization is. "large" is the benchmark; "small" is for a quick check. */
export interface Scale {
  programs: number;
  /** The last this many programs are archived. */
  archivedPrograms: number;
  /** Users who are ADMIN of one to three programs. */
  programAdmins: number;
  reviewers: number;
  /** Each reviewer is a member of between min and max programs. */
  programsPerReviewer: readonly [min: number, max: number];
  applicants: number;
  /** The program whose committee reviews (bench/generator/steps/review-*.ts and reviews.ts). */
  review: ReviewScale;
  /**
   * A second, smaller review program where every reviewer ranks exactly `submissions` candidates:
   * a stacked ranking holds all of a member's candidates, and in the first program everyone sees
   * thousands (the open ones), so the 500-candidate ranking of the reviewing targets needs a program of its
   * own.
   */
  ranking: ReviewScale;
}

/**
 * The review program: every reviewer is a REVIEWER in it. A share of the submitted applications is
 * assigned to a few reviewers directly, a share to one reviewer group; the rest is open to everyone.
 */
export interface ReviewScale {
  /** Submitted applications (the candidates). */
  submissions: number;
  /** Drafts (no submission date) and tests (drafts marked as tests): admins only. */
  drafts: number;
  tests: number;
  /** Share of the submitted applications with direct reviewers, and how many each has. */
  directShare: number;
  directReviewers: readonly [min: number, max: number];
  /** Share assigned to one reviewer group (a group per application, none also direct). */
  groupShare: number;
  groups: number;
  groupMembers: number;
  /** Reviews each reviewer has saved, on candidates they see. */
  reviewsPerReviewer: readonly [min: number, max: number];
  /** Longest stored stacked ranking (our server adds the member's other candidates when it is read). */
  rankingLength: number;
}

/** The ranking program: 500 candidates open to the whole committee, a few rated by each member. */
const RANKING_PROGRAM: ReviewScale = {
  submissions: 500,
  drafts: 0,
  tests: 0,
  directShare: 0,
  directReviewers: [3, 5],
  groupShare: 0,
  groups: 0,
  groupMembers: 0,
  reviewsPerReviewer: [10, 40],
  rankingLength: 500,
};

export const SCALES = {
  large: {
    programs: 20,
    archivedPrograms: 2,
    programAdmins: 10,
    reviewers: 200,
    programsPerReviewer: [2, 6],
    applicants: 5000,
    review: {
      submissions: 10_000,
      drafts: 300,
      tests: 60,
      directShare: 0.3,
      directReviewers: [3, 5],
      groupShare: 0.2,
      groups: 10,
      groupMembers: 20,
      reviewsPerReviewer: [200, 400],
      rankingLength: 500,
    },
    ranking: RANKING_PROGRAM,
  },
  small: {
    programs: 5,
    archivedPrograms: 1,
    programAdmins: 3,
    // At least as many as the runner signs in by default (50).
    reviewers: 50,
    programsPerReviewer: [1, 3],
    applicants: 300,
    review: {
      submissions: 1000,
      drafts: 30,
      tests: 6,
      directShare: 0.3,
      directReviewers: [3, 5],
      groupShare: 0.2,
      groups: 5,
      groupMembers: 10,
      reviewsPerReviewer: [20, 60],
      rankingLength: 500,
    },
    ranking: RANKING_PROGRAM,
  },
} as const satisfies Record<string, Scale>;

export type ScaleName = keyof typeof SCALES;

export function isScaleName(value: string): value is ScaleName {
  return Object.hasOwn(SCALES, value);
}
