import type { Actor } from "../../../shared/authz";
import { redirectTargetFrom } from "../../lib/safe-redirect";

/** The portal and /redirect, which lands everyone else on their work (it reads the current program). */
const APPLICANT_HOME = "/portal/applicant";
const HOME = "/redirect";

/**
 * Applicants land on their portal, unless they signed in from an application form (to claim a guest
 * draft, or after their session ended mid-answer): then straight back to it. Others go back where the
 * guard stopped them, or home (/redirect: their work in the current program, docs/decisions/039).
 */
export function postSignInPath(actor: Actor, locationState: unknown): string {
  const target = redirectTargetFrom(locationState);
  if (actor.applicant) return target?.startsWith("/form/") ? target : APPLICANT_HOME;
  return target ?? HOME;
}
