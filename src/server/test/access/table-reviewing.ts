import type { ActorName } from "./actors";
import { ADMINS, COMMITTEE, forAdmins, only, READERS, type RouteCase } from "./route-case";
import { FORM } from "./world";

/**
 * Reviewing: the candidate list and view, reviews, ratings, comments and stacked rankings. A committee
 * member sees the candidates assigned to them (directly or through a group) and those assigned to no
 * one; the program's admins see all and read everyone's reviews; only committee members rate.
 */

/** Who may read each candidate of organization A. */
const SEES: Record<"owned" | "grouped" | "open" | "draft", readonly ActorName[]> = {
  owned: ["assigned", ...ADMINS],
  grouped: ["grouped", ...ADMINS],
  open: ["guest", "assigned", "unassigned", "grouped", ...ADMINS],
  draft: ADMINS,
};
/** Who may rate the owned candidate: the committee members who see it. */
const RATES_OWNED: ActorName[] = ["assigned", "adminReviewer"];

/** Everyone's data in the program is for its admins; one's own is one's own. */
const admins = "the program's admins read anyone's (the user has none there)";
/** Reviews are read by user id without asking whether the user is on the committee: a stranger's is empty. */
const ADMINS_READ_ANYONES_REVIEW = {
  assigned: { status: forAdmins(200), why: admins },
};
const ADMINS_READ_ANYONE = { me: { status: forAdmins(200), why: admins } };

const rating = (submission: string) => ({
  submissionId: `{${submission}}`,
  sections: [
    {
      sectionId: FORM.merit,
      rating: -1,
      criteria: [{ criteriaId: FORM.criterion, type: "SCALE", value: 4 }],
    },
  ],
});

const CANDIDATES: RouteCase[] = [
  {
    route: "GET /api/applications",
    call: "GET /api/applications?programId={program}",
    expect: only(READERS, 200),
  },
  {
    route: "GET /api/applications/:userId",
    label: "one's own list",
    call: "GET /api/applications/{me}?programId={program}",
    expect: only(READERS, 200),
  },
  {
    route: "GET /api/applications/:userId",
    label: "the assigned reviewer's list",
    call: "GET /api/applications/{assigned}?programId={program}",
    expect: only(["assigned", ...ADMINS], 200),
  },
  ...(Object.keys(SEES) as (keyof typeof SEES)[]).map(
    (candidate): RouteCase => ({
      route: "GET /api/applications/:programId/:submissionId",
      label: `the ${candidate} candidate`,
      call: `GET /api/applications/{program}/{${candidate}}`,
      expect: only(SEES[candidate], 200),
    }),
  ),
  // No translation provider in the matrix's world: whoever sees the answer gets 409 saying so (past
  // authorization); an anonymized answer is 409 for admins too, and 404 for reviewers (they never see it).
  ...(Object.keys(SEES) as (keyof typeof SEES)[]).map(
    (candidate): RouteCase => ({
      route: "POST /api/applications/:programId/:submissionId/answers/:questionId/translation",
      label: `the ${candidate} candidate's written answer`,
      call: `POST /api/applications/{program}/{${candidate}}/answers/${FORM.plain}/translation`,
      body: { target: "fr" },
      expect: only(SEES[candidate], 409),
    }),
  ),
  {
    route: "POST /api/applications/:programId/:submissionId/answers/:questionId/translation",
    label: "an anonymized answer",
    call: `POST /api/applications/{program}/{owned}/answers/${FORM.hidden}/translation`,
    body: { target: "en" },
    expect: only(SEES.owned, 404, forAdmins(409)),
  },
  {
    route: "GET /api/admin/candidate-submissions",
    call: "GET /api/admin/candidate-submissions?programId={program}",
    expect: only(ADMINS, 200),
  },
];

const REVIEWS: RouteCase[] = [
  {
    route: "POST /api/reviews",
    label: "the owned candidate",
    call: "POST /api/reviews",
    body: rating("owned"),
    expect: only(RATES_OWNED, 200),
  },
  {
    route: "POST /api/reviews",
    label: "the open candidate",
    call: "POST /api/reviews",
    body: rating("open"),
    expect: only(COMMITTEE, 200),
  },
  {
    route: "POST /api/ratings",
    label: "the owned candidate",
    call: "POST /api/ratings",
    body: rating("owned"),
    expect: only(RATES_OWNED, 200),
  },
  {
    route: "POST /api/reviews/comments",
    call: "POST /api/reviews/comments",
    body: { submissionId: "{owned}", sectionId: FORM.merit, value: "A new remark" },
    expect: only(RATES_OWNED, 201),
  },
  {
    route: "PATCH /api/reviews/comments/:id",
    label: "the assigned reviewer's, its words unchanged",
    call: "PATCH /api/reviews/comments/{comment}",
    body: { value: "{commentText}" },
    expect: only(["assigned"], 200),
  },
  {
    route: "DELETE /api/reviews/comments/:id",
    label: "the assigned reviewer's",
    call: "DELETE /api/reviews/comments/{newComment}",
    expect: only(["assigned", ...ADMINS], 200),
  },
  {
    route: "GET /api/reviews/comments/:submissionId",
    call: "GET /api/reviews/comments/{owned}",
    expect: only(SEES.owned, 200),
  },
  {
    route: "GET /api/reviews/criteria/users/:id",
    label: "one's own",
    call: "GET /api/reviews/criteria/users/{me}?programId={program}",
    expect: only(READERS, 200),
    idor: { except: ADMINS_READ_ANYONE },
  },
  {
    route: "GET /api/reviews/criteria/users/:id",
    label: "the assigned reviewer's",
    call: "GET /api/reviews/criteria/users/{assigned}?programId={program}",
    expect: only(["assigned", ...ADMINS], 200),
    idor: { except: ADMINS_READ_ANYONES_REVIEW },
  },
  {
    route: "GET /api/reviews/:userId/:applicationId/:program",
    label: "one's own",
    call: "GET /api/reviews/{me}/{owned}/{program}",
    expect: only(SEES.owned, 200),
    idor: { except: ADMINS_READ_ANYONE },
  },
  {
    route: "GET /api/reviews/:userId/:applicationId/:program",
    label: "the assigned reviewer's",
    call: "GET /api/reviews/{assigned}/{owned}/{program}",
    expect: only(SEES.owned, 200),
    idor: { except: ADMINS_READ_ANYONES_REVIEW },
  },
  {
    route: "GET /api/reviews/:userId/:programId",
    label: "one's count",
    call: "GET /api/reviews/{me}/{program}?count=true",
    expect: only(READERS, 200),
    idor: { except: ADMINS_READ_ANYONE },
  },
  {
    route: "GET /api/reviews/:id",
    label: "the assigned reviewer's",
    call: "GET /api/reviews/{review}",
    expect: only(["assigned", ...ADMINS], 200),
  },
  {
    route: "GET /api/ratings",
    label: "one's own",
    call: "GET /api/ratings?programId={program}",
    expect: only(READERS, 200),
  },
  {
    route: "GET /api/ratings/:userId/:applicationId",
    label: "one's own",
    call: "GET /api/ratings/{me}/{owned}",
    expect: only(SEES.owned, 200),
    idor: { except: ADMINS_READ_ANYONE },
  },
  {
    route: "GET /api/ratings/:userId",
    label: "one's count",
    call: "GET /api/ratings/{me}?count=true&programId={program}",
    expect: only(READERS, 200),
    idor: { except: ADMINS_READ_ANYONE },
  },
];

/** Saving a ranking sends back the order the caller was shown (placeholders read it first). */
const ranking = { programId: "{program}", rankings: "{myRanking}", revision: "{myRankingRevision}" };

const RANKINGS: RouteCase[] = [
  {
    route: "GET /api/rankings/:userId/:programId",
    label: "one's own",
    call: "GET /api/rankings/{me}/{program}",
    expect: only(READERS, 200),
  },
  {
    route: "GET /api/rankings/:userId/:programId",
    label: "the assigned reviewer's",
    call: "GET /api/rankings/{assigned}/{program}",
    expect: only(["assigned", ...ADMINS], 200),
  },
  { route: "GET /api/rankings/:programId", call: "GET /api/rankings/{program}", expect: only(ADMINS, 200) },
  { route: "POST /api/rankings", call: "POST /api/rankings", body: ranking, expect: only(COMMITTEE, 200) },
  // "Confirm ranking": the order as shown, recorded (docs/decisions/029-review-settings-and-rankings.md).
  {
    route: "POST /api/rankings",
    label: "confirming the order shown",
    call: "POST /api/rankings",
    body: { ...ranking, confirm: true },
    expect: only(COMMITTEE, 200),
  },
  { route: "PUT /api/rankings", call: "PUT /api/rankings", body: ranking, expect: only(COMMITTEE, 200) },
  {
    route: "GET /api/stackings",
    label: "one's own",
    call: "GET /api/stackings?programId={program}",
    expect: only(READERS, 200),
  },
  {
    route: "GET /api/stackings/:userId",
    label: "the assigned reviewer's",
    call: "GET /api/stackings/{assigned}?programId={program}",
    expect: only(["assigned", ...ADMINS], 200),
  },
  { route: "POST /api/stackings", call: "POST /api/stackings", body: ranking, expect: only(COMMITTEE, 200) },
];

export const REVIEWING_CASES: RouteCase[] = [...CANDIDATES, ...REVIEWS, ...RANKINGS];
