/** What the 409 of a stale edit says (docs/decisions/016-concurrent-edits.md). */
const NOTHING_SAVED =
  "Your change was not saved: reload to take the newer version, or keep yours to save it over that one.";

export const EDIT_CONFLICT_MESSAGES = {
  decision: `Someone else changed this decision while you were editing. ${NOTHING_SAVED}`,
  review: `This review was changed in another tab or window while you were editing. ${NOTHING_SAVED}`,
  comment: `This comment was changed in another tab or window while you were editing. ${NOTHING_SAVED}`,
  reviewerGroup: `Someone else changed this group while you were editing. ${NOTHING_SAVED}`,
  reviewers: `Someone else changed this candidate's reviewers while you were editing. ${NOTHING_SAVED}`,
  reviewerGroups: `Someone else changed this candidate's reviewer groups while you were editing. ${NOTHING_SAVED}`,
  programName: `Someone else renamed this program while you were editing. ${NOTHING_SAVED}`,
  organization: `Someone else changed the organization settings while you were editing. ${NOTHING_SAVED}`,
  role: `Someone else changed this person's role while you were editing. ${NOTHING_SAVED}`,
  reviewSettings: `Someone else changed this program's review settings while you were editing. ${NOTHING_SAVED}`,
  reviewTemplate: `Someone else changed this review template while you were editing. ${NOTHING_SAVED}`,
} as const;
