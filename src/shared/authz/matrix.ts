import { type Actor, isOrganizationAdminOf, membershipIn } from "./actor";
import { isProgramAdminRole, type ProgramRole } from "./roles";

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
  /** The public bucket's files (header images shown on public form pages). */
  "publicFile:read": null;
  /** Any signed-in account. */
  "feedback:send": null;
  /**
   * Read, accept or decline an invitation by the token of its email (decision 019): the token is the
   * key, and the service checks that a signed-in acceptor has the invited address.
   */
  "invitation:respond": null;
  /** One's own pending invitations, matched by the account's address. */
  "invitation:listOwn": { userId: string };
  /** A user's own profile, program list and current program. */
  "user:read": { userId: string };
  /** What anyone may know of an account by its id: that it exists (docs/decisions/030). */
  "user:readPublic": null;
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
  /**
   * Open an emailed link to continue a guest's application (docs/decisions/028): anyone, the link's
   * single-use token is the key, as an invitation's is.
   */
  "submission:continueByLink": null;
  /** A user's own applications (the applicant portal). */
  "submission:listOwn": { userId: string };
  /** Step 1's list and step 2's ranking: any member of the program (guests read) and the organization admin. */
  "candidate:list": { programId: string; organizationId: string };
  /**
   * One candidate in the submission view. Admins see every candidate; other members only a submitted,
   * non-test candidate assigned to them (directly or through a group) or assigned to no one.
   */
  "candidate:read": CandidateResource;
  /**
   * Rate and comment: committee members (REVIEWER, ADMIN_REVIEWER) who may read the candidate, never on
   * a draft or test and never in an archived program. Guests and plain admins read only.
   */
  "review:write": CandidateResource & { archived: boolean };
  /** Order one's candidates (step 2): committee members, not in an archived program. */
  "ranking:write": { programId: string; organizationId: string; archived: boolean };
  /** Everyone's reviews, ratings, comments and rankings in a program: its admins. */
  "review:readAll": { programId: string; organizationId: string };
  /**
   * Running the committee (docs/decisions/010-committee.md): assign reviewers and groups, manage groups — the
   * program's admins.
   */
  "committee:assign": { programId: string; organizationId: string };
  /** Approve, disapprove and set amounts; see the funding statistics — the program's admins. */
  "candidate:decide": { programId: string; organizationId: string };
  /** Email candidates and remind reviewers — the program's admins. */
  "committee:email": { programId: string; organizationId: string };
  /**
   * Start exports of a program's data and see one's own (docs/decisions/011-exports.md) — the program's
   * admins.
   */
  "export:run": { programId: string; organizationId: string };
  /** The organization's audit log (who changed what, when): its organization admin only. */
  "audit:read": { organizationId: string };
  /**
   * The organization's fixed review templates: create, edit, import, export, delete, preview and bind them
   * to its programs (docs/decisions/040-review-templates.md) — its organization admin only.
   */
  "reviewTemplate:manage": { organizationId: string };
  /**
   * Conflicts of interest (docs/decisions/036-conflicts-of-interest.md). Declare one's own on a candidate
   * one may rate: the same people and candidates as `review:write`.
   */
  "conflict:declare": CandidateResource & { archived: boolean };
  /** Read one's own declared conflicts: committee members (never anyone else's). */
  "conflict:readOwn": { programId: string; organizationId: string };
  /** Every conflict of the program, record one on a member's behalf, revert one: the program's admins. */
  "conflict:manage": { programId: string; organizationId: string };
}

export interface CandidateResource {
  programId: string;
  organizationId: string;
  /** Assigned to the actor directly or through a group, or assigned to no one. */
  visibleToReviewer: boolean;
  /** A draft or a test submission. */
  draftOrTest: boolean;
  /**
   * The actor declared a conflict of interest with it (docs/decisions/036-conflicts-of-interest.md): they
   * never rate it, even as an admin-reviewer who still reads it. Absent: no conflict.
   */
  conflicted?: boolean;
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

const COMMITTEE_ROLES: readonly ProgramRole[] = ["REVIEWER", "ADMIN_REVIEWER"];
const onCommittee = (actor: Actor | null, programId: string) => {
  const role = actor === null ? undefined : membershipIn(actor, programId)?.role;
  return role !== undefined && COMMITTEE_ROLES.includes(role);
};
const memberOrOrgAdmin = (actor: Actor | null, r: { programId: string; organizationId: string }) =>
  actor !== null &&
  (membershipIn(actor, r.programId) !== undefined || isOrganizationAdminOf(actor, r.organizationId));
const readsCandidate = (actor: Actor | null, r: CandidateResource) =>
  administers(actor, r) || (memberOrOrgAdmin(actor, r) && r.visibleToReviewer && !r.draftOrTest);

/** A committee member who reads the candidate, never on a draft or test, a conflict of theirs or an archived program. */
const ratesCandidate = (actor: Actor | null, r: CandidateResource & { archived: boolean }) =>
  !r.archived &&
  !r.draftOrTest &&
  r.conflicted !== true &&
  onCommittee(actor, r.programId) &&
  readsCandidate(actor, r);

const matrix: { [A in Action]: Rule<A> } = {
  "health:read": anyone,
  "plans:list": anyone,
  "account:signUp": anyone,
  "account:requestPasswordReset": anyone,
  "errorReport:create": anyone,
  "devMailbox:read": anyone,
  "publicFile:read": anyone,
  "feedback:send": signedIn,
  "invitation:respond": anyone,
  "invitation:listOwn": self,
  "user:read": self,
  "user:readPublic": anyone,
  "user:update": self,
  "program:view": memberOrOrgAdmin,
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
  "submission:continueByLink": anyone,
  "submission:listOwn": self,
  "candidate:list": memberOrOrgAdmin,
  "candidate:read": readsCandidate,
  // A draft or test is never rated: it must be force-submitted from the table first.
  "review:write": ratesCandidate,
  "ranking:write": (actor, r) => !r.archived && onCommittee(actor, r.programId),
  "review:readAll": administers,
  "committee:assign": administers,
  "candidate:decide": administers,
  "committee:email": administers,
  "export:run": administers,
  "audit:read": (actor, r) => actor !== null && isOrganizationAdminOf(actor, r.organizationId),
  "reviewTemplate:manage": (actor, r) => actor !== null && isOrganizationAdminOf(actor, r.organizationId),
  // Declaring a conflict is open to exactly those who could rate the candidate.
  "conflict:declare": ratesCandidate,
  "conflict:readOwn": (actor, r) => onCommittee(actor, r.programId),
  "conflict:manage": administers,
};

export function can<A extends Action>(actor: Actor | null, action: A, resource: ResourceOf[A]): boolean {
  return matrix[action](actor, resource);
}

export const ACTIONS = Object.keys(matrix) as Action[];
