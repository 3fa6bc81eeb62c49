import { type Actor, isRegistered } from "../../shared/authz/actor";
import { isGuardedPage, type PageAdditions, type RoutePreload } from "./client-files";

/**
 * What a guarded page's HTML carries for the visitor whose session cookie it came with: preloads of the calls
 * the page makes next, once the session has answered, each the very request the page's own `fetch` makes (same
 * URL, mode and credentials), so the browser asks for them beside the scripts instead of once the scripts have
 * run (docs/decisions/050-signed-in-reads-in-the-page.md):
 * - the user's profile, `GET /api/users/{userId}`;
 * - for a registered user who is not an applicant, the top bar's current program and programs.
 * Only addresses, never data: each call is answered, and refused, by its own route when the browser makes it.
 * Null for a page that is not guarded (its session is then not read), without a live session, or when the
 * session cannot be read now: the page as built.
 */
export async function signedInPageExtras(
  route: RoutePreload | undefined,
  actorOfRequest: () => Promise<Actor | null>,
): Promise<PageAdditions | null> {
  if (!isGuardedPage(route)) return null;
  // A database out of reach leaves the page as built: its own calls then say what is wrong.
  const actor = await actorOfRequest().catch(() => null);
  if (actor === null) return null;
  const user = `/api/users/${encodeURIComponent(actor.userId)}`;
  const reads = [
    user,
    ...(isRegistered(actor) && !actor.applicant ? [`${user}/currentProgram`, `${user}/programs`] : []),
  ];
  return {
    head: reads.map((url) => `<link rel="preload" as="fetch" crossorigin href="${url}">`).join(""),
    body: "",
    personal: true,
  };
}
