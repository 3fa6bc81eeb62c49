/**
 * Which problems a question shows (forms-and-applicants, "5. Validation rules"): nothing is shouted at a
 * question the applicant has not reached yet. Its own problems (missing or invalid) show once it was
 * left (blurred) or the applicant tried Next or Submit on its section; the server's, always.
 */
export function shownProblems(
  own: readonly string[],
  revealed: boolean,
  server: readonly string[],
): readonly string[] {
  if (server.length === 0) return revealed ? own : NONE;
  const shown = revealed ? [...own] : [];
  for (const message of server) if (!shown.includes(message)) shown.push(message);
  return shown;
}

/** One shared empty list, so memoized questions see the same value from render to render. */
export const NONE: readonly string[] = Object.freeze([]);

/** Whether a question's own problems show: it was left, or its section's Next or Submit was tried. */
export const isRevealed = (
  questionId: string,
  sectionId: string,
  touched: ReadonlySet<string>,
  attempted: ReadonlySet<string>,
): boolean => touched.has(questionId) || attempted.has(sectionId);

/** The set with one more member; the same set when it already had it (no re-render). */
export function withMember(set: ReadonlySet<string>, member: string): ReadonlySet<string> {
  if (set.has(member)) return set;
  const next = new Set(set);
  next.add(member);
  return next;
}
