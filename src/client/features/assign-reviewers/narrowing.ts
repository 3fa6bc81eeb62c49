import type { AssignmentRow } from "../../../shared/schemas/committee";
import { ASSIGN_TEXT } from "./assign-messages";
import type { AssignmentChange } from "./assignment-cache";
import { isOpenToEveryone } from "./assignment-cache";

/** What the admin is asked before a change that takes an application away from everyone else. */
export interface NarrowingQuestion {
  title: string;
  body: string;
  confirm: string;
}

function list(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? "";
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

/**
 * The question asked before the change, or null when it needs none. A row with no reviewers and no
 * groups means everyone on the committee (review-and-administration, "Assign reviewers"): the first
 * reviewer or group chosen replaces "everyone", which the admin is told before it happens
 * (docs/decisions/031-admin-and-copy-fixes.md). `committeeSize` is how many members see it now.
 */
export function narrowingQuestion(
  row: Pick<AssignmentRow, "reviewers" | "reviewerGroups">,
  change: AssignmentChange,
  name: string,
  committeeSize: number,
): NarrowingQuestion | null {
  if (!isOpenToEveryone(row) || change.next.length === 0) return null;
  const chosen = list(change.next.map((item) => item.name));
  return {
    title: ASSIGN_TEXT.narrowTitle(name),
    body: ASSIGN_TEXT.narrowBody(name, chosen, change.field === "reviewerGroups", committeeSize),
    confirm: ASSIGN_TEXT.narrowConfirm,
  };
}
