import { type Actor, homePathFor } from "../../../shared/authz";
import { redirectTargetFrom } from "../../lib/safe-redirect";

/**
 * Applicants land on their portal, unless they signed in from an application form (to claim a guest
 * draft, or after their session ended mid-answer): then straight back to it. Others go back where the
 * guard stopped them, or to programs.
 */
export function postSignInPath(actor: Actor, locationState: unknown): string {
  const target = redirectTargetFrom(locationState);
  if (actor.applicant) return target?.startsWith("/form/") ? target : homePathFor(actor);
  return target ?? homePathFor(actor);
}
