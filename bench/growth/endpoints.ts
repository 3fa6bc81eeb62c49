/**
 * Every list and statistics endpoint whose work could depend on the size of a program (found in
 * src/server/**\/*routes.ts), as the growth benchmark times it in each growth program. The endpoints
 * that list a user's own things whatever the programs hold (GET /api/users/{userId}/programs, the
 * plans, the development mailbox) are left out; src/server/test/list-query-counts.test.ts is the index
 * of every list endpoint.
 */

/** Who sends the request: the program's committee member, its ADMIN, or the owner of its first application. */
export type GrowthActor = "reviewer" | "admin" | "applicant";

/** What a path needs, found once per program (see `discoverParams`). */
export interface EndpointParams {
  programId: string;
  reviewerId: string;
  adminId: string;
  applicantId: string;
  /** Pages of 10 in the reviewer's list, in Admin Mode's and in Assign reviewers'. */
  reviewerPages: number;
  adminModePages: number;
  assignPages: number;
  /**
   * The last row of the page before the middle one in each list: the anchor the client sends when Next
   * goes to the middle page (src/client/lib/page-anchor.ts); null when that is page 1.
   */
  reviewerMiddleAnchor: string | null;
  adminModeMiddleAnchor: string | null;
  assignMiddleAnchor: string | null;
  /** A candidate in the middle of the reviewer's list: the submission view, its comments. */
  middleCandidateId: string;
}

export interface GrowthEndpoint {
  name: string;
  /** The request as printed, with … for ids. */
  request: string;
  actor: GrowthActor;
  /**
   * "flat": a page or a bounded answer, which must cost the same at 100,000 applications as at 1,000;
   * "linear": it reads (or answers) every candidate by design, so its time grows with the program.
   */
  growth: "flat" | "linear";
  /** Why a "linear" endpoint reads everything. */
  why?: string;
  path(p: EndpointParams): string;
}

const middle = (pages: number) => Math.max(1, Math.ceil(pages / 2));
const list = (p: EndpointParams, page: number, extra = "") =>
  `/api/applications?programId=${p.programId}&page=${page}${extra}`;
/** The middle page as Next reaches it: anchored on the last row of the page before. */
const afterAnchor = (anchor: string | null) => (anchor === null ? "" : `&after=${anchor}`);
const assignments = (p: EndpointParams, extra: string) =>
  `/api/admin/assignments?programId=${p.programId}${extra}`;

export const GROWTH_ENDPOINTS: readonly GrowthEndpoint[] = [
  {
    name: "candidate list p1",
    request: "GET /api/applications?programId=…&page=1",
    actor: "reviewer",
    growth: "flat",
    path: (p) => list(p, 1),
  },
  {
    name: "candidate list middle",
    request: "GET /api/applications?programId=…&page=(middle)&after=… (Next)",
    actor: "reviewer",
    growth: "flat",
    path: (p) => list(p, middle(p.reviewerPages), afterAnchor(p.reviewerMiddleAnchor)),
  },
  {
    name: "candidate list last",
    request: "GET /api/applications?programId=…&page=(last)",
    actor: "reviewer",
    growth: "flat",
    path: (p) => list(p, p.reviewerPages),
  },
  {
    name: "submission view",
    request: "GET /api/applications/{programId}/{submissionId}",
    actor: "reviewer",
    growth: "flat",
    path: (p) => `/api/applications/${p.programId}/${p.middleCandidateId}`,
  },
  {
    name: "comments",
    request: "GET /api/reviews/comments/{submissionId}",
    actor: "reviewer",
    growth: "flat",
    path: (p) => `/api/reviews/comments/${p.middleCandidateId}`,
  },
  {
    name: "admin mode p1",
    request: "GET /api/applications?programId=…&adminMode=true&page=1",
    actor: "admin",
    growth: "flat",
    path: (p) => list(p, 1, "&adminMode=true"),
  },
  {
    name: "admin mode middle",
    request: "GET /api/applications?programId=…&adminMode=true&page=(middle)&after=… (Next)",
    actor: "admin",
    growth: "flat",
    path: (p) => list(p, middle(p.adminModePages), `&adminMode=true${afterAnchor(p.adminModeMiddleAnchor)}`),
  },
  {
    name: "admin mode last",
    request: "GET /api/applications?programId=…&adminMode=true&page=(last)",
    actor: "admin",
    growth: "flat",
    path: (p) => list(p, p.adminModePages, "&adminMode=true"),
  },
  {
    name: "admin mode middle by number",
    request: "GET /api/applications?programId=…&adminMode=true&page=(middle)",
    actor: "admin",
    growth: "linear",
    why: "a page named by its number alone (an address typed by hand) is walked to from the nearer end",
    path: (p) => list(p, middle(p.adminModePages), "&adminMode=true"),
  },
  {
    name: "member's list (admin)",
    request: "GET /api/applications/{userId}?programId=…",
    actor: "admin",
    growth: "flat",
    path: (p) => `/api/applications/${p.reviewerId}?programId=${p.programId}`,
  },
  {
    name: "all submissions p1",
    request: "GET /api/submissions/all/{program}?page=1",
    actor: "admin",
    growth: "flat",
    path: (p) => `/api/submissions/all/${p.programId}?page=1`,
  },
  {
    name: "assign reviewers p1",
    request: "GET /api/admin/assignments?programId=…&page=1",
    actor: "admin",
    growth: "flat",
    path: (p) => assignments(p, "&page=1"),
  },
  {
    name: "assign reviewers middle",
    request: "GET /api/admin/assignments?programId=…&page=(middle)&after=… (Next)",
    actor: "admin",
    growth: "flat",
    path: (p) => assignments(p, `&page=${middle(p.assignPages)}${afterAnchor(p.assignMiddleAnchor)}`),
  },
  {
    name: "assign reviewers search",
    request: "GET /api/admin/assignments?programId=…&search=kumar",
    actor: "admin",
    growth: "linear",
    why: "a substring of any name: every candidate's name is read",
    path: (p) => assignments(p, "&search=kumar"),
  },
  // The statistics are computed from the whole program once per change and kept in memory under the
  // program's statistics versions (src/server/statistics/stats-versions.ts): while nothing changes — as
  // here, the timing writes nothing — a request reads the versions and answers from memory.
  {
    name: "candidate statistics p1",
    request: "GET /api/admin/candidate-submissions?programId=…&page=1&pageSize=10",
    actor: "admin",
    growth: "flat",
    path: (p) => `/api/admin/candidate-submissions?programId=${p.programId}&page=1&pageSize=10`,
  },
  {
    name: "reviewer statistics",
    request: "GET /api/admin/reviewer-stats?programId=…",
    actor: "admin",
    growth: "flat",
    path: (p) => `/api/admin/reviewer-stats?programId=${p.programId}`,
  },
  {
    name: "funding statistics",
    request: "GET /api/admin/funding-stats?programId=…",
    actor: "admin",
    growth: "flat",
    path: (p) => `/api/admin/funding-stats?programId=${p.programId}`,
  },
  {
    name: "member's ranking",
    request: "GET /api/rankings/{userId}/{programId}",
    actor: "reviewer",
    growth: "linear",
    why: "a stacked ranking is all of the member's candidates",
    path: (p) => `/api/rankings/${p.reviewerId}/${p.programId}`,
  },
  {
    name: "program's rankings",
    request: "GET /api/rankings/{programId}",
    actor: "admin",
    growth: "flat",
    path: (p) => `/api/rankings/${p.programId}`,
  },
  {
    name: "own ratings",
    request: "GET /api/ratings?programId=…",
    actor: "reviewer",
    growth: "linear",
    why: "all of the caller's reviews (2 per candidate here: 10, 100, 1,000 each)",
    path: (p) => `/api/ratings?programId=${p.programId}`,
  },
  {
    name: "reviewer groups",
    request: "GET /api/reviewerGroups/{programId}",
    actor: "admin",
    growth: "flat",
    path: (p) => `/api/reviewerGroups/${p.programId}`,
  },
  {
    name: "program users",
    request: "GET /api/programs/{programId}/users",
    actor: "admin",
    growth: "flat",
    path: (p) => `/api/programs/${p.programId}/users`,
  },
  {
    name: "programs list",
    request: "GET /api/programs/all/{userId}",
    actor: "admin",
    growth: "linear",
    why: "counts the applications and reviews of each of the user's programs",
    path: (p) => `/api/programs/all/${p.adminId}`,
  },
  {
    name: "export jobs",
    request: "GET /api/exports?programId=…",
    actor: "admin",
    growth: "flat",
    path: (p) => `/api/exports?programId=${p.programId}`,
  },
  {
    name: "applicant portal",
    request: "GET /api/submissions/applicant/{user}",
    actor: "applicant",
    growth: "flat",
    path: (p) => `/api/submissions/applicant/${p.applicantId}`,
  },
  {
    name: "applicant in program",
    request: "GET /api/submissions/user/{userId}/{program}",
    actor: "applicant",
    growth: "flat",
    path: (p) => `/api/submissions/user/${p.applicantId}/${p.programId}`,
  },
];

/** One GET as one of the actors: our server over HTTP, or the app in process for the plans. */
export type SendAs = (actor: GrowthActor, path: string) => Promise<{ status: number; text: string }>;

async function bodyOf<T>(send: SendAs, actor: GrowthActor, path: string): Promise<T> {
  const answer = await send(actor, path);
  if (answer.status !== 200)
    throw new Error(`GET ${path} answered ${answer.status}: ${answer.text.slice(0, 300)}`);
  return JSON.parse(answer.text) as T;
}

const pagesOf = (body: { total: number; pageSize: number }) =>
  Math.max(1, Math.ceil(body.total / body.pageSize));

type Page = { total: number; pageSize: number; rows: { _id: string }[] };

/**
 * The last row of the page before the middle one (read by its number, once, untimed): what the client
 * has shown when Next takes it to the middle page. Null when the middle page is page 1.
 */
async function middleAnchor(send: SendAs, actor: GrowthActor, path: string, pages: number) {
  const before = middle(pages) - 1;
  if (before < 1) return null;
  const page = await bodyOf<Page>(send, actor, `${path}&page=${before}`);
  return page.rows.at(-1)?._id ?? null;
}

/** The pages, the middle pages' anchors and the middle candidate of one program, asked of the server itself. */
export async function discoverParams(
  send: SendAs,
  ids: Pick<EndpointParams, "programId" | "reviewerId" | "adminId" | "applicantId">,
): Promise<EndpointParams> {
  const reviewerList = `/api/applications?programId=${ids.programId}`;
  const adminModeList = `/api/applications?programId=${ids.programId}&adminMode=true`;
  const assignList = `/api/admin/assignments?programId=${ids.programId}`;
  const reviewerPages = pagesOf(await bodyOf<Page>(send, "reviewer", reviewerList));
  const middlePage = await bodyOf<Page>(send, "reviewer", `${reviewerList}&page=${middle(reviewerPages)}`);
  const adminModePages = pagesOf(await bodyOf<Page>(send, "admin", adminModeList));
  const assignPages = pagesOf(await bodyOf<Page>(send, "admin", assignList));
  const middleCandidate = middlePage.rows[0];
  if (!middleCandidate) throw new Error(`The reviewer sees no candidate in program ${ids.programId}.`);
  return {
    ...ids,
    reviewerPages,
    adminModePages,
    assignPages,
    reviewerMiddleAnchor: await middleAnchor(send, "reviewer", reviewerList, reviewerPages),
    adminModeMiddleAnchor: await middleAnchor(send, "admin", adminModeList, adminModePages),
    assignMiddleAnchor: await middleAnchor(send, "admin", assignList, assignPages),
    middleCandidateId: middleCandidate._id,
  };
}
