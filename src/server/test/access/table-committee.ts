import { ADMINS, COMMITTEE, forAdmins, NOT_ON_THE_COMMITTEE, only, type RouteCase } from "./route-case";

/**
 * Running the committee — assignments, reviewer groups, statistics, emails — and exports: the
 * program's admins only. An export is its requester's alone, even among them.
 */

const ASSIGNMENTS: RouteCase[] = [
  {
    route: "GET /api/admin/assignments",
    call: "GET /api/admin/assignments?programId={program}",
    expect: only(ADMINS, 200),
  },
  {
    route: "POST /api/admin/assignments/bulk",
    label: "a reviewer the candidate has",
    call: "POST /api/admin/assignments/bulk",
    body: { programId: "{program}", submissionIds: ["{owned}"], reviewers: ["{assigned}"] },
    expect: only(ADMINS, 200),
    idor: { except: { assigned: NOT_ON_THE_COMMITTEE } },
  },
  {
    route: "POST /api/programs/:programId/assignments/auto",
    call: "POST /api/programs/{program}/assignments/auto",
    body: { reviewsPerCandidate: 1, candidates: "all" },
    expect: only(ADMINS, 200),
  },
  {
    route: "POST /api/programs/:programId/assignments/auto/apply",
    call: "POST /api/programs/{program}/assignments/auto/apply",
    body: { proposalId: "{newProposal}" },
    expect: only(ADMINS, 200),
  },
  {
    route: "POST /api/programs/:programId/assignments/auto/:proposalId/undo",
    call: "POST /api/programs/{program}/assignments/auto/{appliedProposal}/undo",
    expect: only(ADMINS, 200),
  },
  {
    route: "GET /api/programs/:programId/conflicts",
    call: "GET /api/programs/{program}/conflicts",
    expect: only([...COMMITTEE, ...ADMINS], 200),
  },
  {
    route: "POST /api/programs/:programId/conflicts",
    label: "one's own",
    call: "POST /api/programs/{program}/conflicts",
    body: { submissionId: "{newCandidate}", reason: "{newName}" },
    expect: only(COMMITTEE, 201),
  },
  {
    route: "POST /api/programs/:programId/conflicts",
    label: "for the assigned reviewer",
    call: "POST /api/programs/{program}/conflicts",
    body: { submissionId: "{newCandidate}", userId: "{assigned}" },
    expect: only(ADMINS, 201, { assigned: 201 }),
    idor: {
      except: {
        assigned: {
          status: forAdmins(400),
          why: "a body's member who is not on the program's committee is a field error",
        },
      },
    },
  },
  {
    route: "POST /api/programs/:programId/submissions/:submissionId/no-conflict",
    call: "POST /api/programs/{program}/submissions/{newCandidate}/no-conflict",
    expect: only(COMMITTEE, 200),
  },
  {
    route: "DELETE /api/programs/:programId/conflicts/:conflictId",
    call: "DELETE /api/programs/{program}/conflicts/{newConflict}",
    expect: only(ADMINS, 200),
  },
  {
    route: "GET /api/programs/:programId/conflicts/:conflictId/replacement",
    call: "GET /api/programs/{program}/conflicts/{newConflict}/replacement",
    expect: only(ADMINS, 200),
  },
  {
    route: "GET /api/reviewerGroups/:programId",
    call: "GET /api/reviewerGroups/{program}",
    expect: only(ADMINS, 200),
  },
  {
    route: "POST /api/reviewerGroups",
    call: "POST /api/reviewerGroups",
    body: { programId: "{program}", name: "{newName}", reviewers: ["{assigned}"] },
    expect: only(ADMINS, 201),
    idor: { except: { assigned: NOT_ON_THE_COMMITTEE } },
  },
  {
    route: "PUT /api/reviewerGroups/:id",
    call: "PUT /api/reviewerGroups/{newGroup}",
    body: { name: "{newName}", reviewers: ["{assigned}"] },
    expect: only(ADMINS, 200),
    idor: { except: { assigned: NOT_ON_THE_COMMITTEE } },
  },
  {
    route: "DELETE /api/reviewerGroups/:id",
    call: "DELETE /api/reviewerGroups/{newGroup}",
    expect: only(ADMINS, 200),
  },
];

const STATISTICS: RouteCase[] = [
  {
    route: "GET /api/admin/funding-stats",
    call: "GET /api/admin/funding-stats?programId={program}",
    expect: only(ADMINS, 200),
  },
  {
    route: "GET /api/programs/:programId/decision-release",
    call: "GET /api/programs/{program}/decision-release",
    expect: only(ADMINS, 200),
  },
  {
    route: "PUT /api/programs/:programId/decision-release",
    label: "a date ahead",
    call: "PUT /api/programs/{program}/decision-release",
    body: { releaseAt: "2999-01-01T00:00:00.000Z" },
    expect: only(ADMINS, 200),
  },
  {
    route: "GET /api/admin/reviewer-stats",
    call: "GET /api/admin/reviewer-stats?programId={program}",
    expect: only(ADMINS, 200),
  },
  {
    route: "GET /api/admin/dashboard-figures",
    call: "GET /api/admin/dashboard-figures?programId={program}",
    expect: only(ADMINS, 200),
  },
];

const EMAILS: RouteCase[] = [
  {
    route: "POST /api/email/custom",
    call: "POST /api/email/custom",
    body: {
      programId: "{program}",
      submissionIds: ["{owned}"],
      subject: "About your application",
      body: "Hello",
      idempotencyKey: "{newUuid}",
    },
    expect: only(ADMINS, 200),
  },
  {
    route: "POST /api/email/reminder",
    call: "POST /api/email/reminder",
    body: { programId: "{program}", userId: "{assigned}" },
    expect: only(ADMINS, 200),
  },
];

const EXPORTS: RouteCase[] = [
  {
    route: "POST /api/exports",
    label: "the program's data",
    call: "POST /api/exports",
    body: { programId: "{program}", kind: "data" },
    expect: only(ADMINS, 202),
  },
  {
    route: "POST /api/exports",
    label: "one candidate's dossier",
    call: "POST /api/exports",
    body: { programId: "{program}", kind: "dossier", submissionId: "{owned}" },
    expect: only(ADMINS, 202),
  },
  { route: "GET /api/exports", call: "GET /api/exports?programId={program}", expect: only(ADMINS, 200) },
  {
    route: "GET /api/exports/:id",
    label: "the program admin's",
    call: "GET /api/exports/{export}",
    expect: only(["programAdmin"], 200),
  },
  {
    route: "GET /api/exports/:id/download",
    label: "the program admin's signed link",
    call: "GET {exportLink}",
    expect: only(["programAdmin"], 200),
  },
  {
    route: "DELETE /api/exports/:id",
    label: "the program admin's",
    call: "DELETE /api/exports/{newExport}",
    expect: only(["programAdmin"], 200),
  },
];

export const COMMITTEE_CASES: RouteCase[] = [...ASSIGNMENTS, ...STATISTICS, ...EMAILS, ...EXPORTS];
