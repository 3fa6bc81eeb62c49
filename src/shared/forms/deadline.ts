const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * What is left before a close date, in whole days and hours, for the applicant status label "Closes in N days
 * and M hours" (forms-and-applicants, "4. States and transitions", "Form availability for applicants"); null
 * once it has passed.
 */
export function timeLeft(closesAt: string, now: Date): { days: number; hours: number } | null {
  const left = new Date(closesAt).getTime() - now.getTime();
  if (!(left > 0)) return null;
  return { days: Math.floor(left / DAY_MS), hours: Math.floor((left % DAY_MS) / HOUR_MS) };
}
