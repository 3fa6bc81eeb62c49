import { isProgramAdminRole, PROGRAM_ROLE_LABELS, type ProgramRole } from "../../../shared/authz";
import { canAddUsers, PROGRAM_USER_MESSAGES } from "../../../shared/program-users/seats";
import type { ProgramUser, Seats } from "../../../shared/schemas/program-users";
import { USER_ACCESS_TEXT } from "./user-access-messages";

/**
 * The member holds an admin role in this program and nobody else in it does: they may only keep an
 * admin role (the server refuses the rest too).
 */
export function isLastAdmin(member: ProgramUser, members: readonly ProgramUser[]): boolean {
  if (!isProgramAdminRole(member.role)) return false;
  return !members.some((other) => other.userId !== member.userId && isProgramAdminRole(other.role));
}

/** Who a row's buttons are about: the name, or the address while the invitation is pending. */
export function memberLabel(member: ProgramUser): string {
  return member.name.trim() === "" ? member.email : member.name;
}

/** Why "Add new user" is disabled, or null when it is not. */
export function addUserBlockedReason(seats: Seats, canInvite: boolean): string | null {
  if (!canInvite) return USER_ACCESS_TEXT.trialEnded;
  if (!canAddUsers(seats)) return USER_ACCESS_TEXT.seatsFull;
  return null;
}

/** A newcomer is a committee member unless that seat is full. */
export function defaultNewcomerRole(choices: readonly ProgramRole[]): ProgramRole | null {
  return choices.includes("REVIEWER") ? "REVIEWER" : (choices[0] ?? null);
}

export function roleOptions(roles: readonly ProgramRole[]): { value: ProgramRole; label: string }[] {
  return roles.map((role) => ({ value: role, label: PROGRAM_ROLE_LABELS[role] }));
}

/** The spec: the server's message when the error has one, otherwise its own fallback. */
export function addUserFailureMessage(error: unknown): string {
  const message = error instanceof Error ? error.message.trim() : "";
  return message === "" ? PROGRAM_USER_MESSAGES.addFailed : message;
}
