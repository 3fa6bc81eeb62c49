import { isProgramAdminRole, PROGRAM_ROLES, type ProgramRole } from "../authz/roles";
import type { Seats } from "../schemas/program-users";

export type Seat = "admin" | "reviewer";

export function seatOf(role: ProgramRole): Seat {
  return isProgramAdminRole(role) ? "admin" : "reviewer";
}

const isFull = (used: number, limit: number) => limit > 0 && used >= limit;

/**
 * The roles offered when editing a member (review-and-administration, "5. Validation rules"): only admin
 * roles when they are the program's last admin; admin roles removed when the admin seats are all taken and
 * reviewer roles removed when the reviewer seats are, unless the person already holds that kind of
 * seat. The server applies the same rule (and counts seats itself).
 */
export function roleChoices(member: { role: ProgramRole; seat: Seat }, seats: Seats, isLastAdmin: boolean) {
  return PROGRAM_ROLES.filter((role) => {
    if (role === member.role) return true;
    if (isLastAdmin && !isProgramAdminRole(role)) return false;
    const wanted = seatOf(role);
    if (wanted === member.seat) return true;
    return wanted === "admin"
      ? !isFull(seats.admins, seats.adminLimit)
      : !isFull(seats.reviewers, seats.reviewerLimit);
  });
}

/** The roles offered to a newcomer: those whose seats are not all taken. */
export function newcomerRoleChoices(seats: Seats): ProgramRole[] {
  return PROGRAM_ROLES.filter((role) =>
    seatOf(role) === "admin"
      ? !isFull(seats.admins, seats.adminLimit)
      : !isFull(seats.reviewers, seats.reviewerLimit),
  );
}

/**
 * Add new user is disabled when both plan limits are positive and the admins plus reviewers fill
 * their sum (the spec says "exceed"; with the limits enforced, the sum is the most there can be).
 */
export function canAddUsers(seats: Seats): boolean {
  if (seats.adminLimit > 0 && seats.reviewerLimit > 0) {
    return seats.admins + seats.reviewers < seats.adminLimit + seats.reviewerLimit;
  }
  return newcomerRoleChoices(seats).length > 0;
}

/** Counts as the user-management page shows them: "2 / 5" or "2" when there is no limit. */
export function seatCount(used: number, limit: number): string {
  return limit > 0 ? `${used} / ${limit}` : `${used}`;
}

export const PROGRAM_USER_MESSAGES = {
  saveFailed: "Failed to save changes, please try again!",
  confirmRemoval: "Please confirm removal",
  addFailed: "Something went wrong. User created unsuccessfully.",
  lastAdmin: "A program needs at least one admin. Make someone else an admin first.",
  cannotRemoveSelf: "You cannot remove yourself from a program.",
  alreadyMember: "This person already has access to this program.",
  applicantAccount: "This email address belongs to an applicant account and cannot be given a program role.",
  adminLimit: (limit: number) =>
    `Your plan allows ${limit} admin users. Upgrade your plan or change someone's role first.`,
  reviewerLimit: (limit: number) =>
    `Your plan allows ${limit} reviewers. Upgrade your plan or change someone's role first.`,
  invitationGone:
    "This invitation has expired or was already answered. Ask the program's admin to send a new one.",
  invitationForAnotherAddress: (email: string) =>
    `This invitation is for ${email}. Sign out, then sign in with that address to answer it.`,
  openInvitationLink:
    "To answer this invitation, open the link in the invitation email: it confirms that this address is yours.",
  invitationAccountExists:
    "An account with this email address already exists. Sign in to answer the invitation.",
  tooManyToRecipient:
    "Too many invitation emails were sent to this address in the last hour. Please try again later.",
  tooManyInProgram:
    "Too many invitation emails were sent for this program in the last hour. Please try again later.",
} as const;
