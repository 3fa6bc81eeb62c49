import type { ActorName } from "./actors";
import { ADMINS, type Expectation, everyone, only, READERS, type RouteCase, SIGNED_IN } from "./route-case";

/** Whoever holds an admin role somewhere, withheld or not: who may set up two-factor authentication. */
const HOLD_ADMIN_ROLES: readonly ActorName[] = [...ADMINS, "otherOrgAdmin", "withheldAdmin"];

/** Signed-in actors with no admin role anywhere get `status`. */
const nonAdmins = (status: number): Partial<Expectation> =>
  Object.fromEntries(SIGNED_IN.filter((a) => !HOLD_ADMIN_ROLES.includes(a)).map((a) => [a, status]));

/** Public routes, sign-in and accounts, one's own profile, support and development routes. */
export const ACCOUNT_CASES: RouteCase[] = [
  {
    route: "GET /api/health",
    call: "GET /api/health",
    expect: everyone(200),
    idor: { skip: "no reference" },
  },
  { route: "GET /api/plans", call: "GET /api/plans", expect: everyone(200), idor: { skip: "no reference" } },
  {
    route: "GET /api/openapi.json",
    call: "GET /api/openapi.json",
    expect: everyone(200),
    idor: { skip: "no reference" },
  },
  {
    route: "GET /api/auth/*",
    label: "the session",
    call: "GET /api/auth/get-session",
    expect: everyone(200),
    idor: { skip: "the session is the caller's own" },
  },
  {
    route: "POST /api/auth/*",
    label: "a wrong password",
    call: "POST /api/auth/sign-in/email",
    body: { email: "a-orgadmin@matrix.test", password: "not-the-password" },
    expect: everyone(401),
    idor: { skip: "no reference" },
  },
  // Two-factor authentication (decision 015): better-auth's twoFactor plugin and our policy plugin, under
  // the same two routes. No call here changes anything: a wrong password, a code with nothing to check.
  {
    route: "GET /api/auth/*",
    label: "one's own two-factor state",
    call: "GET /api/auth/two-factor/requirement",
    expect: only(SIGNED_IN, 200),
    idor: { skip: "the state is the caller's own" },
  },
  {
    route: "POST /api/auth/*",
    label: "setting up two-factor authentication with a wrong password",
    call: "POST /api/auth/two-factor/enable",
    body: { password: "not-the-password" },
    // Admins, the withheld one too (it is how they set it up), get as far as the password check (400);
    // everyone else is told it is for admins (403).
    expect: only(HOLD_ADMIN_ROLES, 400, nonAdmins(403)),
    idor: { skip: "the account is the caller's own" },
  },
  {
    route: "POST /api/auth/*",
    label: "a two-factor code with no sign-in waiting for it",
    call: "POST /api/auth/two-factor/verify-totp",
    body: { code: "000000" },
    // Signed in without 2FA: nothing to check it against (400); signed out: no pending sign-in (401).
    // Organization A's admins have set it up (its requirement, see world.ts): the code is checked against
    // their authenticator and is wrong (401; "000000" is right about 3 times in a million runs).
    expect: only(SIGNED_IN, 400, { adminReviewer: 401, programAdmin: 401, orgAdmin: 401 }),
    idor: { skip: "no reference" },
  },
  {
    route: "POST /api/users/create",
    call: "POST /api/users/create",
    body: {
      displayName: "New Applicant",
      email: "{newEmail}",
      password: "a-long-password-1",
      applicant: true,
      admin: false,
    },
    expect: everyone(201),
    idor: { skip: "no reference" },
  },
  {
    route: "POST /api/users/password-reset",
    label: "an unknown address",
    call: "POST /api/users/password-reset",
    body: { email: "nobody-here@matrix.test" },
    expect: everyone(404),
    idor: { skip: "no reference" },
  },
  {
    route: "GET /api/users/:userId",
    label: "one's own (signed out: someone's, public)",
    call: "GET /api/users/{me}",
    // Public in the spec's call table: anyone else is told only that the account exists (decision 030).
    expect: everyone(200),
    idor: {
      except: { me: { status: 200, why: "public: another user's id answers that the account exists" } },
    },
  },
  {
    route: "GET /api/users/:userId",
    label: "someone else's: the public answer",
    call: "GET /api/users/{owner}",
    expect: everyone(200),
    idor: {
      except: { owner: { status: 200, why: "public: another organization's applicant, the same answer" } },
    },
  },
  {
    route: "GET /api/users/:userId/programs",
    call: "GET /api/users/{me}/programs",
    expect: only(SIGNED_IN, 200),
  },
  {
    route: "GET /api/users/:userId/currentProgram",
    call: "GET /api/users/{me}/currentProgram",
    expect: only(SIGNED_IN, 200),
  },
  {
    route: "PATCH /api/users/:userId/current-program",
    label: "organization A's program",
    call: "PATCH /api/users/{me}/current-program",
    body: { programId: "{program}" },
    // The program menu lists the programs one holds a role in, a withheld one too (listProgramsOfUser in
    // users/programs-of-user.ts), so the withheld admin may choose it; its pages then answer 403.
    expect: only(READERS, 200, { withheldAdmin: 200 }),
  },
  {
    route: "PATCH /api/users/:userId/name",
    call: "PATCH /api/users/{me}/name",
    body: { name: "{myName}" },
    expect: only(SIGNED_IN, 200),
  },
  {
    route: "PATCH /api/users/:userId/language",
    call: "PATCH /api/users/{me}/language",
    body: { language: "fr" },
    expect: only(SIGNED_IN, 200),
  },
  {
    route: "POST /api/email",
    label: "feedback",
    call: "POST /api/email",
    body: { experience: "good", feedbackType: "Other", comment: "Matrix feedback" },
    expect: only(SIGNED_IN, 200),
    idor: { skip: "the sender is the session, never the body" },
  },
  {
    route: "POST /api/email/error",
    call: "POST /api/email/error",
    body: { code: "MATRIX", message: "An error report" },
    expect: everyone(200),
    idor: { skip: "no reference" },
  },
  {
    route: "GET /api/dev/mailbox",
    call: "GET /api/dev/mailbox",
    expect: everyone(200),
    noMarkerSearch:
      "the development mailbox shows every queued message to anyone by design (devMailbox:read); it is not mounted in production",
    idor: { skip: "no reference" },
  },
  {
    route: "POST /api/webhooks/stripe",
    label: "billing off",
    call: "POST /api/webhooks/stripe",
    headers: { "stripe-signature": "t=1,v1=forged" },
    body: { id: "evt_matrix", type: "checkout.session.completed" },
    expect: everyone(404),
    idor: { skip: "no reference" },
  },
  {
    route: "ALL /api/*",
    label: "an unknown API path",
    call: "GET /api/no-such-thing",
    expect: everyone(404),
    idor: { skip: "no reference" },
  },
];
