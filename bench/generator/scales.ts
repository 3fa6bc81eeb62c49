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
}

export const SCALES = {
  large: {
    programs: 20,
    archivedPrograms: 2,
    programAdmins: 10,
    reviewers: 200,
    programsPerReviewer: [2, 6],
    applicants: 5000,
  },
  small: {
    programs: 5,
    archivedPrograms: 1,
    programAdmins: 3,
    // At least as many as the runner signs in by default (50).
    reviewers: 50,
    programsPerReviewer: [1, 3],
    applicants: 300,
  },
} as const satisfies Record<string, Scale>;

export type ScaleName = keyof typeof SCALES;

export function isScaleName(value: string): value is ScaleName {
  return Object.hasOwn(SCALES, value);
}
