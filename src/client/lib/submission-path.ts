/**
 * Legacy programs (appVersion 1) have their own review page (review-and-administration,
 * "2. Screens and routes").
 */
const LEGACY_APP_VERSION = 1;

/** Where a candidate is reviewed: the submission view, or the legacy page for legacy programs. */
export function submissionPath(program: { _id: string; appVersion: number }, submissionId: string): string {
  const programId = encodeURIComponent(program._id);
  const id = encodeURIComponent(submissionId);
  return program.appVersion === LEGACY_APP_VERSION
    ? `/submissions/legacy/${programId}/${id}`
    : `/submissions/${programId}/${id}`;
}
