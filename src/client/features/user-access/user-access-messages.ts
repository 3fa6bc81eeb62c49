import { MESSAGES } from "../../../shared/messages";

/**
 * Messages of Manage User Access. The two about the reminder email are the specification's (in
 * shared/messages, as the Send Emails dialog says them too); the others it does not word.
 */
export const USER_ACCESS_TEXT = {
  reminderSent: MESSAGES.reminderSent,
  emailFailed: MESSAGES.emailFailed,
  invitationSent: (email: string) => `Invitation sent to ${email}`,
  accessGiven: (email: string) => `${email} now has access to this program`,
  invitationPending: "Invitation pending",
  invitationExpired: "Invitation expired",
  invitationCancelled: (email: string) => `Invitation to ${email} cancelled`,
  invitationRoleChanged: (email: string) => `The invitation to ${email} now offers another role`,
  invitationsCaption: (program: string) => `Pending invitations to ${program}`,
  invitationsNote:
    "Invited people see nothing of the program and take no seat until they accept the invitation from their email.",
  noProgram: "Choose a program first: Manage User Access is about the current program.",
  trialEnded: "Your free trial has ended: upgrade your plan to invite new people.",
  seatsFull:
    "Every admin and reviewer seat of your plan is taken: upgrade your plan or remove someone first.",
} as const;
