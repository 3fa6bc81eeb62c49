import { LEGACY_SAMPLES } from "../../programs/legacy-import/samples";
import { SAMPLE_TEMPLATES } from "../../review-templates/samples";
import { ADMINS, everyone, only, READERS, type RouteCase, SIGNED_IN } from "./route-case";

/** Programs, their people, the organization and the form: who reads them, who changes them. */

const PROGRAMS: RouteCase[] = [
  {
    route: "GET /api/programs/all/:userId",
    call: "GET /api/programs/all/{me}",
    expect: only(SIGNED_IN, 200),
  },
  { route: "GET /api/programs/:id", call: "GET /api/programs/{program}", expect: only(READERS, 200) },
  {
    route: "POST /api/programs",
    label: "in the organization named",
    call: "POST /api/programs",
    body: { displayName: "{newName}", organization: "{org}" },
    expect: only(["orgAdmin"], 201),
  },
  // A legacy program's file (docs/decisions/032-legacy-program-import.md): imported into the admin's own
  // organization only; importing it again adds nothing.
  {
    route: "POST /api/programs/import",
    label: "into the organization named",
    call: "POST /api/programs/import?organization={org}",
    body: LEGACY_SAMPLES[0],
    expect: only(["orgAdmin"], 200),
  },
  // Renaming, archiving, duplicating and deleting take a program made for the call.
  {
    route: "PATCH /api/programs/:id/name",
    call: "PATCH /api/programs/{newProgram}/name",
    body: { name: "{newName}" },
    expect: only(["orgAdmin"], 200),
  },
  {
    route: "PATCH /api/programs/:id/archived",
    call: "PATCH /api/programs/{newProgram}/archived",
    body: { archived: true },
    expect: only(["orgAdmin"], 200),
  },
  {
    route: "POST /api/programs/duplicate/:id",
    call: "POST /api/programs/duplicate/{newProgram}",
    expect: only(["orgAdmin"], 201),
  },
  {
    route: "DELETE /api/programs/:id",
    call: "DELETE /api/programs/{newProgram}",
    expect: only(["orgAdmin"], 200),
  },
  // The Review settings panel: the program's admins (docs/decisions/029-review-settings-and-rankings.md).
  {
    route: "GET /api/programs/:id/reviewSettings",
    call: "GET /api/programs/{program}/reviewSettings",
    expect: only(ADMINS, 200),
  },
  {
    route: "PATCH /api/programs/:id/reviewSettings",
    call: "PATCH /api/programs/{program}/reviewSettings",
    // The defaults, so the other cases' program reviews as before whoever saved them.
    body: {
      reviewSettings: {
        enableStackedRankings: true,
        comments: { commentText: "" },
        showFinalRating: true,
        finalReviewText: "",
      },
      overrideFinalRating: false,
    },
    expect: only(ADMINS, 200),
  },
];

const PROGRAM_USERS: RouteCase[] = [
  {
    route: "GET /api/programs/:programId/users",
    call: "GET /api/programs/{program}/users",
    expect: only(ADMINS, 200),
  },
  {
    route: "POST /api/programs/:id/user",
    call: "POST /api/programs/{program}/user",
    body: { email: "{newEmail}", role: "REVIEWER" },
    expect: only(ADMINS, 201),
  },
  {
    route: "PATCH /api/programs/:programId/user/:userId",
    call: "PATCH /api/programs/{program}/user/{newMember}",
    body: { role: "GUEST" },
    expect: only(ADMINS, 200),
  },
  {
    route: "DELETE /api/programs/:programId/user/:userId",
    call: "DELETE /api/programs/{program}/user/{newMember}",
    expect: only(ADMINS, 200),
  },
  {
    route: "POST /api/programs/:programId/user/:userId/invitation",
    call: "POST /api/programs/{program}/user/{newMember}/invitation",
    expect: only(ADMINS, 200),
  },
  // Pending invitations (decision 019): the program's admins only, and 404 across organizations.
  {
    route: "POST /api/programs/:programId/invitation/:invitationId/resend",
    call: "POST /api/programs/{program}/invitation/{newInvitation}/resend",
    expect: only(ADMINS, 200),
  },
  {
    route: "PATCH /api/programs/:programId/invitation/:invitationId",
    call: "PATCH /api/programs/{program}/invitation/{newInvitation}",
    body: { role: "GUEST" },
    expect: only(ADMINS, 200),
  },
  {
    route: "DELETE /api/programs/:programId/invitation/:invitationId",
    call: "DELETE /api/programs/{program}/invitation/{newInvitation}",
    expect: only(ADMINS, 200),
  },
];

/**
 * The invitee's side (decision 019). The emailed token is the key: whoever holds it reads the invitation
 * and may decline it or create the account of an address nobody has; accepting needs a session of the
 * invited address (here nobody's: 409 for every session). By id, only one's own verified address.
 */
const INVITATIONS: RouteCase[] = [
  {
    route: "GET /api/invitations",
    call: "GET /api/invitations",
    expect: only(SIGNED_IN, 200),
    idor: { skip: "the invitations are the session's own" },
  },
  {
    route: "GET /api/invitations/:token",
    call: "GET /api/invitations/{newInvitationToken}",
    expect: everyone(200),
    idor: { skip: "the token is the key" },
  },
  {
    route: "POST /api/invitations/:token/accept",
    label: "an invitation for another address",
    call: "POST /api/invitations/{newInvitationToken}/accept",
    expect: only(SIGNED_IN, 409),
    idor: { skip: "the token is the key" },
  },
  {
    route: "POST /api/invitations/:token/decline",
    call: "POST /api/invitations/{newInvitationToken}/decline",
    expect: everyone(200),
    idor: { skip: "the token is the key" },
  },
  {
    route: "POST /api/invitations/:token/account",
    call: "POST /api/invitations/{newInvitationToken}/account",
    body: { name: "{newName}", password: "a-long-password-1" },
    expect: everyone(201),
    idor: { skip: "the token is the key" },
  },
  {
    route: "POST /api/invitations/id/:id/accept",
    label: "someone else's invitation",
    call: "POST /api/invitations/id/{newInvitation}/accept",
    expect: only([], 200),
  },
  {
    route: "POST /api/invitations/id/:id/decline",
    label: "someone else's invitation",
    call: "POST /api/invitations/id/{newInvitation}/decline",
    expect: only([], 200),
  },
];

const ORGANIZATION: RouteCase[] = [
  {
    route: "GET /api/organizations/:orgId",
    call: "GET /api/organizations/{org}",
    expect: only(READERS, 200),
  },
  {
    route: "GET /api/organizations/:organizationId/audit-events",
    call: "GET /api/organizations/{org}/audit-events",
    expect: only(["orgAdmin"], 200),
  },
  // Review templates (docs/decisions/040-review-templates.md): the organization admin's alone.
  {
    route: "GET /api/organizations/:organizationId/review-templates",
    call: "GET /api/organizations/{org}/review-templates",
    expect: only(["orgAdmin"], 200),
  },
  {
    route: "POST /api/organizations/:organizationId/review-templates",
    call: "POST /api/organizations/{org}/review-templates",
    body: SAMPLE_TEMPLATES[1],
    expect: only(["orgAdmin"], 201),
  },
  {
    route: "POST /api/organizations/:organizationId/review-templates/preview",
    call: "POST /api/organizations/{org}/review-templates/preview",
    body: { definition: SAMPLE_TEMPLATES[0], programId: "{program}", submissionId: "{owned}" },
    expect: only(["orgAdmin"], 200),
  },
  {
    route: "GET /api/organizations/:organizationId/review-templates/:templateId",
    call: "GET /api/organizations/{org}/review-templates/{template}",
    expect: only(["orgAdmin"], 200),
  },
  {
    route: "PUT /api/organizations/:organizationId/review-templates/:templateId",
    call: "PUT /api/organizations/{org}/review-templates/{newTemplate}",
    // A new template is at revision 1 (decision 016: the revision its editor read).
    body: { definition: SAMPLE_TEMPLATES[1], revision: 1 },
    expect: only(["orgAdmin"], 200),
  },
  {
    route: "DELETE /api/organizations/:organizationId/review-templates/:templateId",
    call: "DELETE /api/organizations/{org}/review-templates/{newTemplate}",
    expect: only(["orgAdmin"], 200),
  },
  {
    route: "PUT /api/organizations/:organizationId/programs/:programId/review-template",
    label: "unbound",
    call: "PUT /api/organizations/{org}/programs/{program}/review-template",
    body: { templateId: null },
    expect: only(["orgAdmin"], 200),
  },
  {
    route: "POST /api/organizations/updateOrg",
    label: "its own name again",
    call: "POST /api/organizations/updateOrg",
    body: { orgId: "{org}", name: "{orgName}", increment: 1 },
    expect: only(["orgAdmin"], 200),
  },
  {
    route: "GET /api/organizations/:orgId/two-factor",
    call: "GET /api/organizations/{org}/two-factor",
    expect: only(["orgAdmin"], 200),
  },
  {
    route: "PUT /api/organizations/:orgId/two-factor",
    // The matrix's organization A requires it (actors.ts): sending that again changes nothing.
    label: "required, as it is",
    call: "PUT /api/organizations/{org}/two-factor",
    body: { required: true },
    expect: only(["orgAdmin"], 200),
  },
  {
    route: "POST /api/organizations/updatePlan",
    label: "the plan it is on",
    call: "POST /api/organizations/updatePlan",
    body: { orgId: "{org}", planId: "{currentPlan}" },
    expect: only(["orgAdmin"], 409),
  },
  {
    route: "POST /api/organizations/updatePlan",
    label: "the spec's payment fields, the plan it is on",
    call: "POST /api/organizations/updatePlan",
    body: {
      orgId: "{org}",
      planId: "{currentPlan}",
      nextPayment: "2026-02-01T00:00:00.000Z",
      paymentInterval: "MONTHLY",
      payment: { paymentDate: "2026-01-01T00:00:00.000Z", stripeID: "inv_matrix" },
    },
    expect: only(["orgAdmin"], 409),
  },
  {
    route: "POST /api/organizations/checkout",
    label: "billing off",
    call: "POST /api/organizations/checkout",
    body: { orgId: "{org}", planId: "{otherPlan}" },
    expect: only(["orgAdmin"], 409),
  },
];

/**
 * The form is published and has submissions: structure edits are refused (409) to those who may
 * edit, which proves they got past authorization; everyone else must not learn the form exists.
 */
const FORMS: RouteCase[] = [
  {
    route: "GET /api/forms/program/:programId",
    call: "GET /api/forms/program/{program}",
    expect: only(ADMINS, 200),
  },
  {
    route: "PUT /api/forms/:formId",
    label: "the same content",
    call: "PUT /api/forms/{form}",
    body: { revision: "{formRevision}", content: "{formContent}" },
    expect: only(ADMINS, 200),
  },
  {
    route: "POST /api/forms/:formId/sections",
    label: "published: locked",
    call: "POST /api/forms/{form}/sections",
    body: {
      revision: "{formRevision}",
      index: 0,
      section: {
        _id: "added",
        name: "Added",
        description: "",
        rubric: "",
        sectionType: "Decision Criteria",
        deleted: false,
        criteria: [],
        questions: [],
        nextSection: null,
      },
    },
    expect: only(ADMINS, 409),
  },
  {
    route: "POST /api/forms/:formId/sections/:sectionId/:action",
    label: "published: locked",
    call: "POST /api/forms/{form}/sections/merit/delete",
    body: { revision: "{formRevision}" },
    expect: only(ADMINS, 409),
  },
  {
    route: "POST /api/forms/:formId/publish",
    label: "already published",
    call: "POST /api/forms/{form}/publish",
    body: { revision: "{formRevision}" },
    expect: only(ADMINS, 200),
  },
  {
    route: "POST /api/forms/:formId/translations/machine",
    label: "no translation provider here",
    call: "POST /api/forms/{form}/translations/machine",
    body: { revision: "{formRevision}" },
    expect: only(ADMINS, 409),
  },
  {
    route: "POST /api/forms/:formId/unpublish",
    label: "has submissions",
    call: "POST /api/forms/{form}/unpublish",
    body: { revision: "{formRevision}" },
    expect: only(ADMINS, 409),
  },
  {
    route: "POST /api/forms/:formId/close",
    label: "scheduled far away",
    call: "POST /api/forms/{form}/close",
    body: { at: "2099-01-01T00:00:00.000Z" },
    expect: only(ADMINS, 200),
  },
  {
    route: "POST /api/forms/:formId/reopen",
    call: "POST /api/forms/{form}/reopen",
    expect: only(ADMINS, 200),
  },
  {
    route: "PUT /api/forms/:formId/address",
    label: "a free address",
    call: "PUT /api/forms/{form}/address",
    body: { slug: "{newSlug}" },
    expect: only(ADMINS, 200),
  },
  {
    route: "PATCH /api/forms/:formId/allow-edit",
    call: "PATCH /api/forms/{form}/allow-edit",
    body: { allowEdit: false },
    expect: only(ADMINS, 200),
  },
  {
    route: "GET /api/forms/:formId/submission-notice",
    call: "GET /api/forms/{form}/submission-notice",
    expect: only(ADMINS, 200),
  },
  {
    route: "PUT /api/forms/:formId/submission-notice",
    label: "no one told",
    call: "PUT /api/forms/{form}/submission-notice",
    body: { recipients: [] },
    expect: only(ADMINS, 200),
  },
  {
    route: "GET /api/forms/organization/:orgId",
    call: "GET /api/forms/organization/{org}",
    expect: only(["orgAdmin"], 200),
  },
  {
    route: "GET /api/forms/link/:linkId",
    call: "GET /api/forms/link/{link}",
    expect: everyone(200),
    idor: { skip: "public: a form link is given to anyone who may apply" },
  },
  {
    route: "GET /api/forms/address/:organization/:form",
    call: "GET /api/forms/address/{orgSlug}/{formSlug}",
    expect: everyone(200),
    idor: { skip: "public: a form's stable address is published for anyone who may apply" },
  },
];

export const PROGRAM_CASES: RouteCase[] = [
  ...PROGRAMS,
  ...PROGRAM_USERS,
  ...INVITATIONS,
  ...ORGANIZATION,
  ...FORMS,
];
