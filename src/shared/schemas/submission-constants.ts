/**
 * The applicant side's HTTP contract (docs/decisions/007-submissions.md). A guest's draft is reached with the
 * unguessable token it was created with, sent as the `x-submission-token` header; signed-in applicants by
 * their session; program admins (admin edit mode) by their role.
 */
export const SUBMISSION_TOKEN_HEADER = "x-submission-token";

export const SUBMISSION_MESSAGES = {
  closed: "This form is currently closed to responses",
  closedWithDraft: "This form is now closed. We've saved a copy of your responses in the backend.",
  alreadySubmitted: "This application has been submitted. Unsubmit it to make changes.",
  editNotAllowed: "This form does not allow editing submitted applications.",
  staleSave:
    "These answers were changed in another tab or window. Reload to continue with the newest answers.",
  incomplete: "Some answers are missing or invalid.",
  adminEditDenied: "You do not have permission to edit this submission as an admin",
  previewDisabled: "Preview Link has been disabled as the form is published",
} as const;

/** The id of the JSON data block in an applicant page's HTML (docs/decisions/044-form-data-in-its-page.md). */
export const FORM_PAGE_DATA_ID = "form-page-data";
