import { ACTORS, type ActorName } from "./actors";

/**
 * One row of the access matrix: a call to one route, and the status each actor must get. Paths, queries
 * and bodies name the world's objects by {placeholders} (placeholders.ts), filled with organization A's
 * values for the matrix and, one at a time, with B's (or another user's) for the direct-object sweep.
 */
export interface RouteCase {
  /** The route as the router lists it: "GET /api/programs/:id". */
  route: string;
  /** What this call tries, when a route has several. */
  label?: string;
  /** "METHOD /path?query", with {placeholders}. */
  call: string;
  /** A JSON body; a string that is exactly "{name}" becomes the placeholder's value (a number, a list…). */
  body?: unknown;
  /** Raw bytes instead of JSON (uploads). */
  bytes?: Uint8Array;
  headers?: Record<string, string>;
  expect: Expectation;
  /** Why the answer is not searched for markers: only a route that shows everything to anyone by design. */
  noMarkerSearch?: string;
  idor?: IdorRule;
}

export type Expectation = Record<ActorName, number>;

/**
 * The direct-object sweep of a case: each reference placeholder in turn is given the other
 * organization's value (or another user's, for {me}), for every actor the original call let through
 * (a 2xx or a 409: they passed authorization). They must get 404 and no data — unless told here why
 * another answer is right for that placeholder.
 */
export type IdorRule =
  | { skip: string }
  | { except: Record<string, { status: number | Partial<Expectation>; why: string }> };

export const SIGNED_OUT: readonly ActorName[] = ["anonymous", "guestApplicant"];
export const SIGNED_IN: readonly ActorName[] = ACTORS.filter((a) => !SIGNED_OUT.includes(a));
/** Members of organization A's program. */
export const MEMBERS: readonly ActorName[] = [
  "guest",
  "assigned",
  "unassigned",
  "grouped",
  "adminReviewer",
  "programAdmin",
];
/** The committee: members who rate (guests and plain admins only read). */
export const COMMITTEE: readonly ActorName[] = ["assigned", "unassigned", "grouped", "adminReviewer"];
/** Whoever administers the program: its ADMIN and ADMIN_REVIEWER members and the organization admin. */
export const ADMINS: readonly ActorName[] = ["adminReviewer", "programAdmin", "orgAdmin"];
/** Whoever reads the program's candidate list: its members and the organization admin. */
export const READERS: readonly ActorName[] = [...MEMBERS, "orgAdmin"];

/** Everyone gets the same answer. */
export function everyone(status: number): Expectation {
  return Object.fromEntries(ACTORS.map((a) => [a, status])) as Expectation;
}

/**
 * `allowed` get `status`; everyone else is refused as the API refuses: 401 signed out, 404 signed in
 * (a thing one may not see is not found). The withheld admin, an ADMIN of the program were it not for
 * the two-factor requirement, is told so (403) where every admin of the program is let through, and
 * otherwise refused like anyone signed in (docs/decisions/015-two-factor.md; http/door.ts).
 * `overrides` name the exceptions.
 */
export function only(
  allowed: readonly ActorName[],
  status: number,
  overrides: Partial<Expectation> = {},
): Expectation {
  const expectation = {} as Expectation;
  for (const actor of ACTORS) {
    expectation[actor] = allowed.includes(actor) ? status : SIGNED_OUT.includes(actor) ? 401 : 404;
  }
  if (!allowed.includes("withheldAdmin") && ADMINS.every((a) => allowed.includes(a))) {
    expectation.withheldAdmin = 403;
  }
  return { ...expectation, ...overrides };
}

/** The program's admins get `status` in the direct-object sweep; everyone else keeps 404. */
export const forAdmins = (status: number): Partial<Expectation> =>
  Object.fromEntries(ADMINS.map((a) => [a, status]));

/** A user id or group in a body that is not on the program's committee is a field error, never a lookup. */
export const NOT_ON_THE_COMMITTEE = {
  status: 400,
  why: "a body's reviewer who is not on the program's committee is a field error",
};

/** A refusal that is the same for the signed-out: 404 (a guest's draft without its token is simply not found). */
export const notFoundSignedOut: Partial<Expectation> = { anonymous: 404, guestApplicant: 404 };

/** The name a case goes by in test titles and gap lists. */
export const caseName = (c: Pick<RouteCase, "route" | "label">) =>
  c.label ? `${c.route} (${c.label})` : c.route;
