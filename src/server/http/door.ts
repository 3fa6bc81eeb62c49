import type { Actor } from "../../shared/authz/actor";
import { type Action, can, type ResourceOf } from "../../shared/authz/matrix";
import { REVIEW_MESSAGES } from "../../shared/schemas/reviews";
import { SUBMISSION_TOKEN_HEADER } from "../../shared/schemas/submissions";
import { TWO_FACTOR_TEXT } from "../../shared/schemas/two-factor";
import { findSubmissionRef, holdsToken, type SubmissionRef } from "../submissions/service";
import type { AppContext } from "./context";
import { AppError, notFound } from "./errors";

/**
 * The one door: every permission decision the server makes passes here, and only here is the role
 * matrix (`src/shared/authz/matrix.ts`) asked. A route loads what it was asked for, then calls
 * `authorize` (or one of the variants below, each built on it) before anything is read out or
 * changed; a list or a page that shows what the caller may do asks `may`. A test keeps the matrix's
 * `can()` out of every other server file (`door.test.ts`).
 *
 * The answers, the same on every route: 401 signed out (for what needs a session), 404 when the
 * actor may not (never 403: the existence of what they asked for is not revealed), and 403
 * `TWO_FACTOR_REQUIRED` when only an admin role withheld until two-factor authentication is set up
 * would allow it (decision 015): that admin knows the thing exists.
 */

/** The signed-in actor, or 401. */
export function requireActor(c: AppContext): Actor {
  const actor = c.get("actor");
  if (actor === null) throw new AppError("UNAUTHENTICATED", "Please sign in.");
  return actor;
}

/** The actor when the matrix allows the action on the resource; otherwise the refusal above. */
export function authorize<A extends Action>(c: AppContext, action: A, resource: ResourceOf[A]): Actor | null {
  const actor = c.get("actor");
  if (can(actor, action, resource)) return actor;
  refuse(actor, action, resource);
}

function refuse<A extends Action>(actor: Actor | null, action: A, resource: ResourceOf[A]): never {
  if (actor?.withTwoFactor && can(actor.withTwoFactor, action, resource)) {
    throw new AppError("TWO_FACTOR_REQUIRED", TWO_FACTOR_TEXT.required);
  }
  if (actor === null && !can(null, action, resource)) {
    throw new AppError("UNAUTHENTICATED", "Please sign in.");
  }
  throw notFound();
}

/**
 * Whether the actor may, without refusing: for what a page shows (an admin's columns, a Rate button)
 * and for someone other than the caller (a member named in a path). Never a substitute for `authorize`
 * on the thing a request reads or changes.
 */
export function may<A extends Action>(actor: Actor | null, action: A, resource: ResourceOf[A]): boolean {
  return can(actor, action, resource);
}

type ProgramScope = { programId: string; organizationId: string };
type ArchivableAction = "review:write" | "ranking:write";

/**
 * Writes in an archived program, or on a draft an admin-reviewer has opened: someone who could write
 * were it not so can see what they asked for, so a 404 would mislead them — they get 409 with the
 * reason. Everyone else (a reviewer never sees drafts) gets the usual refusal.
 */
export function authorizeWrite<A extends ArchivableAction>(
  c: AppContext,
  action: A,
  resource: ResourceOf[A],
): Actor {
  const actor = c.get("actor");
  const couldIf = (patch: { archived?: boolean; draftOrTest?: boolean }) =>
    can(actor, action, { ...resource, ...patch } as ResourceOf[A]);
  const draft = "draftOrTest" in resource && resource.draftOrTest;
  if (resource.archived && couldIf({ archived: false, ...(draft ? { draftOrTest: false } : {}) })) {
    throw new AppError("CONFLICT", REVIEW_MESSAGES.archived);
  }
  if (draft && can(actor, "candidate:read", resource) && couldIf({ draftOrTest: false })) {
    throw new AppError("CONFLICT", REVIEW_MESSAGES.draftNotice);
  }
  // An admin-reviewer still reads a candidate they declared a conflict with, and is told why they may
  // not rate it (docs/decisions/036-conflicts-of-interest.md).
  const conflicted = "conflicted" in resource && resource.conflicted === true;
  if (conflicted && can(actor, "candidate:read", resource) && couldIf({ conflicted: false } as never)) {
    throw new AppError("CONFLICT", REVIEW_MESSAGES.conflicted);
  }
  return authorize(c, action, resource)!;
}

/**
 * A `{userId}` in a path: the caller's own (then `own` is the action that must allow it) or someone
 * else's, which only the program's admins read.
 */
export function authorizeOwnOrAdmin<A extends Action>(
  c: AppContext,
  userId: string,
  scope: ProgramScope,
  own: [A, ResourceOf[A]],
): Actor {
  const actor = requireActor(c);
  if (actor.userId === userId) authorize(c, own[0], own[1]);
  else authorize(c, "review:readAll", scope);
  return actor;
}

export type SubmissionAccess = "owner" | "admin";

/**
 * How the caller may reach this application: as its owner (the user, or the holder of a guest draft's
 * token) or as an admin of its program (admin edit mode). A signed-out caller gets 401 for a user's
 * application (an applicant whose session ended mid-answer is asked to sign in again; only someone
 * holding the application's unguessable id gets this far) and 404 for a guest's draft without its token.
 */
export function submissionAccess(c: AppContext, ref: SubmissionRef): SubmissionAccess {
  const actor = c.get("actor");
  const token = holdsToken(ref, c.req.header(SUBMISSION_TOKEN_HEADER));
  const resource = {
    ownerId: ref.userId,
    holdsToken: token,
    programId: ref.programId,
    organizationId: ref.organizationId,
  };
  if (!can(actor, "submission:edit", resource)) {
    if (actor === null && ref.userId === null) throw notFound();
    refuse(actor, "submission:edit", resource);
  }
  const isOwner = token || (actor !== null && actor.userId === ref.userId);
  return isOwner ? "owner" : "admin";
}

/** The application, if the caller may read and change it (see `submissionAccess`). */
export async function accessibleSubmission(
  c: AppContext,
  submissionId: string,
): Promise<{ ref: SubmissionRef; access: SubmissionAccess }> {
  const ref = await findSubmissionRef(c.get("deps").db, submissionId);
  return { ref, access: submissionAccess(c, ref) };
}

/**
 * The application, if the caller is its owner (the user, or the holder of a guest draft's token): what
 * only an applicant does (submit, autofill from their earlier applications). Everyone else, the program's
 * admins included, is refused as a stranger would be: a withheld admin role would not let them either.
 */
export async function ownSubmission(c: AppContext, submissionId: string): Promise<SubmissionRef> {
  const ref = await findSubmissionRef(c.get("deps").db, submissionId);
  const actor = c.get("actor");
  if (holdsToken(ref, c.req.header(SUBMISSION_TOKEN_HEADER))) return ref;
  if (ref.userId !== null && actor?.userId === ref.userId) return ref;
  if (actor === null && ref.userId !== null) throw new AppError("UNAUTHENTICATED", "Please sign in.");
  throw notFound();
}
