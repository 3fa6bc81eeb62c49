import { COMMITTEE_MESSAGES } from "../../../shared/schemas/committee";

/**
 * Strings of Assign Reviewers and Manage Groups that the specification does not word. Its own (the two
 * notes, the group messages) are COMMITTEE_MESSAGES in shared/schemas/committee.ts.
 */
export const ASSIGN_TEXT = {
  title: "Assign Reviewers",
  noProgram: "Choose a program first: reviewers are assigned to the current program's applications.",
  untitled: "Untitled application",
  /** A row with no reviewers and no groups: everyone on the committee sees it (COMMITTEE_MESSAGES.everyoneAssigned). */
  everyone: "Everyone",
  searchLabel: "Search applicants",
  pageSizeLabel: "Rows per page",
  nothingSubmitted: "There are no submitted applications in this program yet.",
  noMatch: (search: string) => `No applicant name matches "${search}".`,
  loadFailed: (message: string) => `Error loading the applications: ${message}`,
  saveFailed: (what: "reviewers" | "groups", name: string, message: string) =>
    `Could not save the ${what === "reviewers" ? "individual reviewers" : "reviewer groups"} of ${name}: ${message}. The row shows what is saved.`,
  bulkFailed: (message: string) => `Could not assign to the selected applications: ${message}`,
  bulkUpdated: (updated: number) =>
    updated === 0
      ? "Nothing changed: the selected applications already had these reviewers and groups."
      : `${updated} ${updated === 1 ? "application" : "applications"} updated.`,
  selectedCount: (count: number) => `${count} ${count === 1 ? "application" : "applications"} selected`,
  noMembers: "No reviewers yet",
  groupsLoadFailed: (message: string) => `Error loading the reviewer groups: ${message}`,
  noGroups: "This program has no reviewer groups yet.",
  groupCreated: (name: string) => `Group "${name}" created.`,
  groupUpdated: (name: string) => `Group "${name}" saved.`,
  groupDeleted: (name: string) => `Group "${name}" deleted.`,
  deleteQuestion: (name: string) =>
    `Delete the group "${name}"? Applications assigned to it lose the group; finished reviews are kept.`,
  unknownFailure: "please try again",
  groupConflictTitle: "This group was changed by someone else",
  /** A group in a conflict notice: its name and its members. */
  groupSummary: (name: string, members: string) => `${name} — members: ${members}`,
  /** A row's reviewers or groups changed by someone else while this admin was choosing (decision 016). */
  listConflictTitle: (what: "individual reviewers" | "reviewer groups", name: string) =>
    `The ${what} of ${name} were changed by someone else`,
  /** An empty list in a conflict notice. */
  noneAssigned: "None",
  notes: [COMMITTEE_MESSAGES.everyoneAssigned, COMMITTEE_MESSAGES.removalKeepsReview],
  /** Asked before the first reviewer or group of a row that means everyone (docs/decisions/031-admin-and-copy-fixes.md). */
  narrowTitle: (name: string) => `Limit ${name} to the reviewers you choose?`,
  narrowBody: (name: string, chosen: string, group: boolean, committeeSize: number) =>
    `${name} has no reviewers yet, which means everyone on the committee${committeeSize > 0 ? ` (${committeeSize} ${committeeSize === 1 ? "member" : "members"})` : ""} reviews it. Assigning ${group ? "the group " : ""}${chosen} replaces “everyone”: only ${group ? "its members" : chosen} (and the program's admins) will see it, and the others will no longer have it in their list.`,
  narrowConfirm: "Assign and limit",
  narrowCancel: "Keep everyone",
  loadHeading: "Assigned per reviewer",
  loadNote:
    "Applications assigned to each committee member, directly or through a group; those open to everyone are not counted.",
  noCommittee: "This program has no committee members to assign yet.",
} as const;
