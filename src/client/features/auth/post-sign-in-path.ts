import { type Actor, homePathFor } from "../../../shared/authz";
import { redirectTargetFrom } from "../../lib/safe-redirect";

/** Applicants always land on their portal; others go back where the guard stopped them, or to programs. */
export function postSignInPath(actor: Actor, locationState: unknown): string {
  if (actor.applicant) return homePathFor(actor);
  return redirectTargetFrom(locationState) ?? homePathFor(actor);
}
