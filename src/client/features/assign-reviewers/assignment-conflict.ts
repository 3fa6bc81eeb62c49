import type { AssignmentRow, GroupRef, Person } from "../../../shared/schemas/committee";
import { ASSIGN_TEXT } from "./assign-messages";
import type { AssignmentChange } from "./assignment-cache";

/**
 * A row's save refused because another admin (or another tab) changed the same list first (decision
 * 016): the change the person made, and the candidate's assignment as stored now. The row shows theirs
 * meanwhile; the page asks which one to keep.
 */
export interface AssignmentConflict {
  submissionId: string;
  /** The applicant's name as the row shows it, for the notice's title and buttons. */
  name: string;
  change: AssignmentChange;
  theirs: AssignmentRow;
}

/** One notice per row and list: a newer conflict of the same list replaces the older one. */
export const conflictKey = (conflict: Pick<AssignmentConflict, "submissionId" | "change">) =>
  `${conflict.submissionId}:${conflict.change.field}`;

/** The list the conflict is about, as stored now. */
export function storedList(theirs: AssignmentRow, field: AssignmentChange["field"]): Person[] | GroupRef[] {
  return field === "reviewers" ? theirs.reviewers : theirs.reviewerGroups;
}

/**
 * Keep mine: the person's list again, this time based on the stored one — an informed overwrite. If
 * the list changes once more before it arrives, it is refused again.
 */
export function keepMineChange({ change, theirs }: AssignmentConflict): AssignmentChange {
  return change.field === "reviewers"
    ? { field: "reviewers", next: change.next, previous: theirs.reviewers }
    : { field: "reviewerGroups", next: change.next, previous: theirs.reviewerGroups };
}

/** A list in the notice: the names, or that there are none. */
export function listSummary(list: readonly (Person | GroupRef)[]): string {
  if (list.length === 0) return ASSIGN_TEXT.noneAssigned;
  return list
    .map((item) => item.name.trim() || ("email" in item ? item.email.trim() : "") || item._id)
    .join(", ");
}

/** The notice's words: its title, and what its buttons act on (for screen readers). */
export function conflictWording({ name, change }: Pick<AssignmentConflict, "name" | "change">) {
  const what = change.field === "reviewers" ? "individual reviewers" : "reviewer groups";
  return { title: ASSIGN_TEXT.listConflictTitle(what, name), label: `${what} of ${name}` };
}
