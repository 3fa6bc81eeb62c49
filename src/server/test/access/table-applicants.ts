import {
  ADMINS,
  everyone,
  forAdmins,
  NOT_ON_THE_COMMITTEE,
  notFoundSignedOut,
  only,
  type RouteCase,
  SIGNED_IN,
} from "./route-case";
import { FORM, HEADER_PNG } from "./world";

/**
 * Applications and their files. The applicant's own application is reached by its owner (and the
 * program's admins, in admin edit mode); the guest's draft by the holder of its token (and the admins).
 * A signed-out caller is asked to sign in for a user's application, and told nothing about a guest's.
 */

const OWNER_OR_ADMINS = only(["owner", ...ADMINS], 200);

const TOKEN_OR_ADMINS = only(["guestApplicant", ...ADMINS], 200, { anonymous: 404 });

const SUBMISSIONS: RouteCase[] = [
  {
    route: "GET /api/submissions/applicant/:user",
    call: "GET /api/submissions/applicant/{me}",
    expect: only(SIGNED_IN, 200),
  },
  {
    route: "GET /api/submissions/user/:userId/:program",
    call: "GET /api/submissions/user/{owner}/{program}",
    expect: OWNER_OR_ADMINS,
    idor: {
      except: {
        owner: {
          status: forAdmins(200),
          why: "admins list anyone's applications to their program (none here)",
        },
      },
    },
  },
  {
    route: "GET /api/submissions/:id",
    label: "the applicant's",
    call: "GET /api/submissions/{owned}",
    expect: OWNER_OR_ADMINS,
  },
  {
    route: "GET /api/submissions/:id",
    label: "the guest's draft",
    call: "GET /api/submissions/{draft}",
    expect: TOKEN_OR_ADMINS,
  },
  {
    route: "PATCH /api/submissions/:id",
    label: "the applicant's, submitted: admin edit only",
    call: "PATCH /api/submissions/{owned}",
    body: { revision: "{ownedRevision}", answers: "{ownedAnswers}" },
    expect: only(ADMINS, 200, { owner: 409 }),
  },
  {
    route: "PATCH /api/submissions/:id",
    label: "the guest's draft",
    call: "PATCH /api/submissions/{draft}",
    body: { revision: "{draftRevision}", answers: "{draftAnswers}" },
    expect: TOKEN_OR_ADMINS,
  },
  {
    route: "PATCH /api/submissions/submissionDate/:id",
    label: "the applicant's, submitted again (a no-op)",
    call: "PATCH /api/submissions/submissionDate/{owned}",
    body: { submitted: true, revision: "{ownedRevision}" },
    expect: only(["owner"], 200),
  },
  {
    route: "PATCH /api/submissions/submissionDate/:id",
    label: "the guest's draft, unsubmitted",
    call: "PATCH /api/submissions/submissionDate/{draft}",
    body: { submitted: false, revision: "{draftRevision}" },
    expect: only(["guestApplicant"], 200, { anonymous: 404 }),
  },
  {
    route: "GET /api/submissions/:id/pdf",
    label: "the applicant's",
    call: "GET /api/submissions/{owned}/pdf",
    expect: OWNER_OR_ADMINS,
  },
  {
    route: "GET /api/submissions/:id/pdf",
    label: "the guest's draft",
    call: "GET /api/submissions/{draft}/pdf",
    expect: TOKEN_OR_ADMINS,
  },
  {
    route: "POST /api/submissions/:id/autofill",
    call: "POST /api/submissions/{owned}/autofill",
    expect: only(["owner"], 200),
  },
  {
    route: "POST /api/submissions/:id/claim",
    label: "the guest's draft, without its token",
    call: "POST /api/submissions/{draft}/claim",
    expect: only([], 200),
  },
  {
    route: "POST /api/submissions/:id/continue-link",
    label: "the guest's draft, no contact email answered",
    call: "POST /api/submissions/{draft}/continue-link",
    expect: only(["guestApplicant"], 409, { anonymous: 404 }),
  },
  {
    route: "POST /api/submissions/:id/continue-link",
    label: "the applicant's: they sign in instead",
    call: "POST /api/submissions/{owned}/continue-link",
    expect: only(["owner"], 409),
  },
  {
    route: "POST /api/submissions/continue",
    label: "an emailed link to continue a guest's application",
    call: "POST /api/submissions/continue",
    body: { token: "{newContinueToken}" },
    expect: everyone(200),
    idor: { skip: "public: the emailed link's single-use token is the key, as an invitation's is" },
  },
  {
    route: "PATCH /api/submissions/updateField/:id",
    label: "the decision as it stands",
    call: "PATCH /api/submissions/updateField/{owned}",
    body: { status: "approved", amount: "{decisionAmount}" },
    expect: only(ADMINS, 200),
  },
  {
    route: "PATCH /api/submissions/updateField/:id",
    label: "mark a draft as a test",
    call: "PATCH /api/submissions/updateField/{newDraft}",
    body: { action: "markAsTest" },
    expect: only(ADMINS, 200),
  },
  {
    route: "GET /api/submissions/all/:program",
    call: "GET /api/submissions/all/{program}",
    expect: only(ADMINS, 200),
  },
  {
    route: "PATCH /api/submissions/reviewers/:id",
    label: "the reviewers it has",
    call: "PATCH /api/submissions/reviewers/{owned}",
    body: { reviewers: ["{assigned}"] },
    expect: only(ADMINS, 200),
    idor: { except: { assigned: NOT_ON_THE_COMMITTEE } },
  },
  {
    route: "PATCH /api/submissions/reviewerGroups/:id",
    label: "the groups it has",
    call: "PATCH /api/submissions/reviewerGroups/{grouped}",
    body: { reviewerGroups: ["{group}"] },
    expect: only(ADMINS, 200),
    idor: { except: { group: { status: 400, why: "another program's group in the body is a field error" } } },
  },
  // Last: it starts a draft for every signed-in caller (one per person and form), which no other case reads.
  {
    route: "GET /api/submissions/own/:linkId",
    label: "the account's application to a form link, if any",
    call: "GET /api/submissions/own/{link}",
    expect: only(SIGNED_IN, 200),
    idor: { skip: "public: anyone signed in may apply through a form link, of any organization" },
  },
  {
    // Before "open the form link" below, which starts an application for everyone signed in; the two
    // applicants of the world have theirs already.
    route: "POST /api/submissions/start",
    label: "the first save of an account's application",
    call: "POST /api/submissions/start",
    body: { linkId: "{link}", answers: [] },
    expect: only(SIGNED_IN, 200, { owner: 409, otherApplicant: 409 }),
    idor: { skip: "public: anyone signed in may apply through a form link, of any organization" },
  },
  {
    route: "POST /api/submissions",
    label: "open the form link",
    call: "POST /api/submissions",
    body: { linkId: "{link}" },
    expect: everyone(200),
    idor: { skip: "public: anyone may apply through a form link, of any organization" },
  },
];

const upload = `questionId=${FORM.plainFile}&filename=matrix.pdf&size=10`;

const FILES: RouteCase[] = [
  {
    route: "GET /api/files/public/*",
    label: "a form's header image",
    call: "GET /api/files/public/{headerImage}",
    expect: everyone(200),
    idor: { skip: "public: header images are shown on public form pages" },
  },
  {
    route: "POST /api/files/signedUrl/public/putObject",
    call: "POST /api/files/signedUrl/public/putObject",
    body: { programId: "{program}", filename: "header.png" },
    expect: only(ADMINS, 200),
  },
  {
    route: "GET /api/files/signedUrl/public/putObject",
    label: "the call table's form",
    call: "GET /api/files/signedUrl/public/putObject?programId={program}&filename=header.png",
    expect: only(ADMINS, 200),
  },
  {
    route: "GET /api/files/signedUrl/public/getObject",
    call: "GET /api/files/signedUrl/public/getObject?filename={headerImage}",
    expect: everyone(200),
    idor: { skip: "public: header images are shown on public form pages" },
  },
  {
    route: "PUT /api/files/upload/:token",
    label: "the program admin's header image",
    call: "PUT /api/files/upload/{headerUpload}",
    bytes: HEADER_PNG,
    expect: only(["programAdmin"], 200),
  },
  {
    route: "PUT /api/files/upload/:token",
    label: "a file of the guest's draft",
    call: "PUT /api/files/upload/{draftUpload}",
    bytes: new TextEncoder().encode("%PDF-1.4 draft upload"),
    expect: only(["guestApplicant"], 200, { anonymous: 404 }),
  },
  {
    route: "PUT /api/files/upload/:token",
    label: "a file of the applicant's",
    call: "PUT /api/files/upload/{ownerUpload}",
    bytes: new TextEncoder().encode("%PDF-1.4 owner upload"),
    expect: only(["owner"], 200, notFoundSignedOut),
  },
  {
    route: "POST /api/files/complete/:token",
    label: "the program admin's header image, sent",
    call: "POST /api/files/complete/{headerSent}",
    expect: only(["programAdmin"], 200),
  },
  {
    route: "POST /api/files/complete/:token",
    label: "a file of the guest's draft, sent",
    call: "POST /api/files/complete/{draftSent}",
    expect: only(["guestApplicant"], 200, { anonymous: 404 }),
  },
  {
    route: "POST /api/files/complete/:token",
    label: "a file of the applicant's, sent",
    call: "POST /api/files/complete/{ownerSent}",
    expect: only(["owner"], 200, notFoundSignedOut),
  },
  {
    route: "GET /api/files/signedUrl/private/putObject",
    label: "for the guest's draft",
    call: `GET /api/files/signedUrl/private/putObject?submissionId={draft}&${upload}`,
    expect: TOKEN_OR_ADMINS,
  },
  {
    route: "GET /api/files/signedUrl/private/putObject",
    label: "for the applicant's, submitted",
    call: `GET /api/files/signedUrl/private/putObject?submissionId={owned}&${upload}`,
    expect: only(ADMINS, 200, { owner: 409 }),
  },
  {
    route: "GET /api/files/signedUrl/private/getObject",
    label: "a plain question's file",
    call: "GET /api/files/signedUrl/private/getObject?fileId={plainFile}",
    expect: only(["owner", "assigned", ...ADMINS], 200),
  },
  {
    route: "GET /api/files/signedUrl/private/getObject",
    label: "an anonymized question's file",
    call: "GET /api/files/signedUrl/private/getObject?fileId={hiddenFile}",
    expect: OWNER_OR_ADMINS,
  },
  {
    route: "GET /api/files/download/:token",
    label: "an address made for the owner",
    call: "GET /api/files/download/{ownerDownload}",
    expect: only(["owner"], 200, notFoundSignedOut),
  },
  {
    route: "GET /api/files/download/:token",
    label: "an address made for the guest's draft",
    call: "GET /api/files/download/{guestDownload}",
    expect: everyone(200),
    idor: {
      skip: "a guest has no session to bind the address to: the short-lived address itself is the key (by design)",
    },
  },
  {
    route: "POST /api/files/delete/:name",
    label: "a file of the guest's draft",
    call: "POST /api/files/delete/{newDraftFile}",
    expect: TOKEN_OR_ADMINS,
  },
  {
    route: "POST /api/files/delete/:name",
    label: "a file of the applicant's, submitted",
    call: "POST /api/files/delete/{newOwnedFile}",
    expect: only(ADMINS, 200, { owner: 409 }),
  },
];

export const APPLICANT_CASES: RouteCase[] = [...SUBMISSIONS, ...FILES];
