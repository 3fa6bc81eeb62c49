import { type Actor, isOrganizationAdminOf, membershipIn } from "./actor";
import { isProgramAdminRole } from "./roles";

/**
 * THE role matrix. Every route, list, file download and export asks `can()`; nothing else decides
 * who may do what. A new action adds a row here and a row to matrix.test.ts.
 */
export interface ResourceOf {
  /** Anyone, signed in or not. */
  "health:read": null;
  "plans:list": null;
  "account:signUp": null;
  "account:requestPasswordReset": null;
  "errorReport:create": null;
  "devMailbox:read": null;
  /** Any signed-in account. */
  "feedback:send": null;
  /** A user's own profile, program list and current program. */
  "user:read": { userId: string };
  "user:update": { userId: string };
  /** Programs. */
  "program:view": { programId: string; organizationId: string };
  "program:administer": { programId: string; organizationId: string };
  /** Create, rename, duplicate, archive and delete programs: the organization admin only. */
  "program:manage": { organizationId: string };
  /** Organizations: members of any of its programs read its name and rating increment. */
  "organization:read": { organizationId: string };
  "organization:administer": { organizationId: string };
  /** Open (or resume) a draft on a form link: anyone, guests included; the form's state decides the rest. */
  "submission:create": null;
  /**
   * Read and change one submission: its owner, the holder of a guest draft's token, or an admin of
   * its program (admin edit mode). Reviewers read through the review actions, not this one.
   */
  "submission:edit": {
    ownerId: string | null;
    holdsToken: boolean;
    programId: string;
    organizationId: string;
  };
  /** A user's own applications (the applicant portal). */
  "submission:listOwn": { userId: string };
}

export type Action = keyof ResourceOf;

type Rule<A extends Action> = (actor: Actor | null, resource: ResourceOf[A]) => boolean;

const anyone = () => true;
const signedIn = (actor: Actor | null) => actor !== null;
const self = (actor: Actor | null, r: { userId: string }) => actor !== null && actor.userId === r.userId;

const administers = (actor: Actor | null, r: { programId: string; organizationId: string }) => {
  if (actor === null) return false;
  const m = membershipIn(actor, r.programId);
  return (m !== undefined && isProgramAdminRole(m.role)) || isOrganizationAdminOf(actor, r.organizationId);
};

const matrix: { [A in Action]: Rule<A> } = {
  "health:read": anyone,
  "plans:list": anyone,
  "account:signUp": anyone,
  "account:requestPasswordReset": anyone,
  "errorReport:create": anyone,
  "devMailbox:read": anyone,
  "feedback:send": signedIn,
  "user:read": self,
  "user:update": self,
  "program:view": (actor, r) =>
    actor !== null &&
    (membershipIn(actor, r.programId) !== undefined || isOrganizationAdminOf(actor, r.organizationId)),
  "program:administer": administers,
  "program:manage": (actor, r) => actor !== null && isOrganizationAdminOf(actor, r.organizationId),
  "organization:read": (actor, r) =>
    actor !== null &&
    (isOrganizationAdminOf(actor, r.organizationId) ||
      actor.memberships.some((m) => m.organizationId === r.organizationId)),
  "organization:administer": (actor, r) => actor !== null && isOrganizationAdminOf(actor, r.organizationId),
  "submission:create": anyone,
  "submission:edit": (actor, r) =>
    r.holdsToken ||
    (actor !== null && r.ownerId !== null && actor.userId === r.ownerId) ||
    administers(actor, r),
  "submission:listOwn": self,
};

export function can<A extends Action>(actor: Actor | null, action: A, resource: ResourceOf[A]): boolean {
  return matrix[action](actor, resource);
}

export const ACTIONS = Object.keys(matrix) as Action[];
