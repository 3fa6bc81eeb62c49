/**
 * Reads the `from` path a guard left in the router state. Only same-site paths are accepted, so a crafted
 * link cannot send a freshly signed-in user to another site.
 */
export function redirectTargetFrom(state: unknown): string | null {
  if (typeof state !== "object" || state === null || !("from" in state)) return null;
  const from = state.from;
  if (typeof from !== "string" || !from.startsWith("/") || from.startsWith("//")) return null;
  if (from.startsWith("/login") || from.startsWith("/reset-password")) return null;
  return from;
}
