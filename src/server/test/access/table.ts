import type { RouteCase } from "./route-case";
import { ACCOUNT_CASES } from "./table-accounts";
import { APPLICANT_CASES } from "./table-applicants";
import { COMMITTEE_CASES } from "./table-committee";
import { PROGRAM_CASES } from "./table-programs";
import { REVIEWING_CASES } from "./table-reviewing";

/**
 * The whole access matrix, by domain, in the order it runs: calls that change shared state come after
 * the ones that read it (opening the form link last among applications; saving reviews before rankings).
 */
export const ROUTE_CASES: RouteCase[] = [
  ...ACCOUNT_CASES,
  ...PROGRAM_CASES,
  ...APPLICANT_CASES,
  ...REVIEWING_CASES,
  ...COMMITTEE_CASES,
];

/**
 * What the router lists without being a route of its own: middleware mounted on a path (app.use) —
 * each named with what it does. The catch-all `ALL /api/*` is a route too (its 404 is in the table).
 */
export const MIDDLEWARE: Record<string, string> = {
  "ALL /*": "the request's dependencies and the security headers",
  "ALL /api/files/upload/*": "the upload body limit",
  "ALL /api/users/create": "the sign-up rate limit",
  "ALL /api/users/password-reset": "the password-reset rate limit",
  "ALL /api/auth/request-password-reset": "the password-reset rate limit, shared with our endpoint",
  "ALL /api/invitations/:token/account": "the invitation sign-up rate limit",
  "ALL /api/submissions": "the guests' draft rate limit",
  "ALL /api/submissions/:id/continue-link": "the rate limit on emailing a guest's link to continue",
  "ALL /api/submissions/continue": "the rate limit on opening links to continue",
  "ALL /api/email": "the feedback rate limit",
  "ALL /api/email/error": "the error-report rate limit",
};
