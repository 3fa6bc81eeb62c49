import type { FormContent } from "../../src/shared/forms/model";
import type { SqlClient, SqlQuery } from "../lib/sql-client";
import type { BaselineContext, BaselineRequest, BaselineResponse } from "../scenarios/types";
import { findSessionUser, sessionTokenFrom } from "./session";

/**
 * What the reviewing baselines share: who is asking and what they may do in a program (the role
 * matrix's rules for candidates, reviews and rankings, in plain code), the program and candidate
 * lookups with the same SQL as src/server/reviewing, and the presentation of program and review.
 */

export const NOT_RATED = -1;

export const notFound = (): BaselineResponse => ({
  status: 404,
  body: { error: { code: "NOT_FOUND", message: "Not found" } },
});
export const unauthenticated = (): BaselineResponse => ({
  status: 401,
  body: { error: { code: "UNAUTHENTICATED", message: "Please sign in." } },
});
export const conflict = (code: string, message: string): BaselineResponse => ({
  status: 409,
  body: { error: { code, message } },
});

export const isUuid = (value: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

/**
 * The signed-in user and their role in one program, both as decision 015 lets them act (our server loads
 * every membership once per request, in its session query).
 */
export interface ProgramActor {
  userId: string;
  adminOrganizationId: string | null;
  role: string | null;
}

/** The session from the cookie, or null (then the answer is 401). */
export async function sessionOf(request: BaselineRequest, { sql, secret }: BaselineContext) {
  const token = sessionTokenFrom(request.headers.cookie, secret);
  return token ? findSessionUser(sql, token) : null;
}

/**
 * The user's role in the program as they may use it now: an admin role in an organization that requires
 * two-factor authentication they have not set up is withheld (decision 015, as our server's session
 * query does), an ADMIN_REVIEWER keeping their committee seat.
 */
export async function roleIn(sql: SqlQuery, userId: string, programId: string): Promise<string | null> {
  const [row] = await sql.query<{ role: string; withheld: boolean }>(
    `select pm.role, o.require_admin_two_factor and not u.two_factor_enabled as withheld
       from program_members pm
       join organizations o on o.id = pm.organization_id
       join users u on u.id = pm.user_id
      where pm.user_id = $1 and pm.program_id = $2`,
    [userId, programId],
  );
  if (!row) return null;
  if (!row.withheld || (row.role !== "ADMIN" && row.role !== "ADMIN_REVIEWER")) return row.role;
  return row.role === "ADMIN_REVIEWER" ? "REVIEWER" : null;
}

/**
 * The role matrix's rules (src/shared/authz/matrix.ts), for a program of `organizationId`, in plain code
 * for the one role the baseline loads. src/server/reviewing/bench-baseline.test.ts holds them to `can()`.
 */
export const rules = (actor: ProgramActor, organizationId: string) => {
  const orgAdmin = actor.adminOrganizationId === organizationId;
  const administers = orgAdmin || actor.role === "ADMIN" || actor.role === "ADMIN_REVIEWER";
  const member = actor.role !== null || orgAdmin;
  const onCommittee = actor.role === "REVIEWER" || actor.role === "ADMIN_REVIEWER";
  const reads = (c: { visible: boolean; draftOrTest: boolean }) =>
    administers || (member && c.visible && !c.draftOrTest);
  return {
    /** candidate:list, and a ranking of one's own. */
    member,
    /** review:readAll */
    administers,
    onCommittee,
    /** candidate:read */
    reads,
    /** review:write in a program not archived (archived: read-only, and a save gets 409). */
    writesReview: (c: { visible: boolean; draftOrTest: boolean }) =>
      onCommittee && !c.draftOrTest && reads(c),
  };
};

/**
 * notConflictedSql of src/server/conflicts/active.ts: the member has no active conflict of interest with
 * the candidate (docs/decisions/036-conflicts-of-interest.md), a probe per row.
 */
export const notConflictedSql = (submission: string, user: string) =>
  `not exists (select 1 from conflicts cf
    where cf.submission_id = ${submission} and cf.user_id = ${user} and cf.reverted_at is null)`;

/**
 * The visibility rule of src/server/reviewing/candidates.ts (visibleToReviewerSql) for submission `s`
 * and the user in `$user`, with its program conditions.
 */
export const visibleSql = (user: string) => `${notConflictedSql("s.id", user)} and (s.open_to_all
    or exists (select 1 from submission_reviewers sr
      where sr.submission_id = s.id and sr.program_id = s.program_id and sr.user_id = ${user})
    or exists (select 1 from submission_reviewer_groups sg
      join reviewer_group_members gm on gm.group_id = sg.group_id
      where sg.submission_id = s.id and sg.program_id = s.program_id and gm.user_id = ${user}))`;

/**
 * visibleToReviewerByIdSql of src/server/reviewing/candidates.ts, the same rule for a few rows found by
 * id (the single candidate, a neighbour): probes of the assignments' primary keys (OFFSET 0 as there).
 */
export const visibleByIdSql = (user: string) => `${notConflictedSql("s.id", user)} and (s.open_to_all
    or exists (select 1 from submission_reviewers sr
      where sr.submission_id = s.id and sr.user_id = ${user} offset 0)
    or exists (select 1 from submission_reviewer_groups sg
      join reviewer_group_members gm on gm.group_id = sg.group_id
      where sg.submission_id = s.id and gm.user_id = ${user} offset 0))`;

/** assignedToReviewerSql: the ids of the program's submissions assigned to the user, directly or by group. */
export const assignedSql = (
  program: string,
  user: string,
) => `select sr.submission_id from submission_reviewers sr
      where sr.program_id = ${program} and sr.user_id = ${user}
    union all
    select sg.submission_id from submission_reviewer_groups sg
      join reviewer_group_members gm on gm.group_id = sg.group_id
      where sg.program_id = ${program} and gm.user_id = ${user}`;

/** A submitted, non-test candidate: the generated column (docs/database.md, "Reviewable"). */
export const REVIEWABLE_SQL = "s.reviewable";

interface ReviewSettings {
  enableStackedRankings?: boolean;
  comments?: { commentText?: string };
  showFinalRating?: boolean;
  finalReviewText?: string;
}

export interface ProgramRow {
  id: string;
  organization_id: string;
  name: string;
  app_version: number;
  archived: boolean;
  override_final_rating: boolean;
  review_settings: ReviewSettings;
}

const PROGRAM_COLUMNS =
  "p.id, p.organization_id, p.name, p.app_version, p.archived, p.override_final_rating, p.review_settings";

/** A program with its organization's rating increment (candidate list), as findReviewProgram. */
export async function findReviewProgram(sql: SqlQuery, programId: string) {
  if (!isUuid(programId)) return null;
  const [row] = await sql.query<ProgramRow & { increment_tenths: number }>(
    `select ${PROGRAM_COLUMNS}, o.increment_tenths
       from programs p join organizations o on o.id = p.organization_id where p.id = $1`,
    [programId],
  );
  return row ?? null;
}

/** A program alone (rankings), as findProgram. */
export async function findProgram(sql: SqlQuery, programId: string) {
  if (!isUuid(programId)) return null;
  const [row] = await sql.query<ProgramRow>(`select ${PROGRAM_COLUMNS} from programs p where p.id = $1`, [
    programId,
  ]);
  return row ?? null;
}

/** The program facts every review screen shows (src/server/reviewing/present.ts). */
export function presentProgram(
  program: Pick<
    ProgramRow,
    "id" | "name" | "app_version" | "archived" | "override_final_rating" | "review_settings"
  >,
  incrementTenths: number,
) {
  const settings = program.review_settings;
  return {
    _id: program.id,
    name: program.name,
    appVersion: program.app_version,
    archived: program.archived,
    overrideFinalRating: program.override_final_rating,
    increment: incrementTenths / 10,
    enableStackedRankings: settings.enableStackedRankings !== false,
    // A final rating entered by hand is always shown (src/server/reviewing/present.ts).
    showFinalRating: settings.showFinalRating !== false || program.override_final_rating,
    finalReviewText: settings.finalReviewText ?? "",
    commentText: settings.comments?.commentText ?? "",
  };
}

export interface CandidateRow extends Omit<ProgramRow, "id" | "organization_id"> {
  id: string;
  organization_id: string;
  program_id: string;
  form_id: string;
  form_version: number;
  identifier: string;
  submission_date: Date | null;
  last_save_date: Date;
  soft_deleted: boolean;
  status: string;
  amount_cents: string | number | null;
  review_count: number;
  visible: boolean;
  increment_tenths: number;
}

/** One candidate with its program's facts and the visibility flag (the rule by id), as findCandidate. */
export async function findCandidate(
  sql: SqlQuery,
  userId: string,
  submissionId: string,
  programId?: string,
): Promise<CandidateRow | null> {
  if (!isUuid(submissionId) || (programId !== undefined && !isUuid(programId))) return null;
  const [row] = await sql.query<CandidateRow>(
    `select s.id, s.organization_id, s.program_id, s.form_id, s.form_version, s.identifier,
            s.submission_date, s.last_save_date, s.soft_deleted, s.status, s.amount_cents, s.review_count,
            ${visibleByIdSql("$1")} as visible, not ${notConflictedSql("s.id", "$1")} as conflicted,
            p.name, p.app_version, p.archived, p.override_final_rating, p.review_settings, o.increment_tenths
       from submissions s
       join programs p on p.id = s.program_id
       join organizations o on o.id = s.organization_id
      where s.id = $2${programId === undefined ? "" : " and s.program_id = $3"}`,
    programId === undefined ? [userId, submissionId] : [userId, submissionId, programId],
  );
  return row ?? null;
}

export const amountOf = (cents: string | number | null) => (cents === null ? null : Number(cents) / 100);
export const isoOrNull = (date: Date | null) => (date === null ? null : date.toISOString());

/** Published versions never change: parsed once per process, as our server's versionContent does. */
const versionCache = new Map<string, FormContent>();

export async function versionContent(sql: SqlClient, formId: string, version: number): Promise<FormContent> {
  const key = `${formId}:${version}`;
  const cached = versionCache.get(key);
  if (cached) return cached;
  const [row] = await sql.query<{ content: FormContent }>(
    "select content from form_versions where form_id = $1 and version = $2",
    [formId, version],
  );
  if (!row) throw new Error(`No version ${version} of form ${formId}.`);
  versionCache.set(key, row.content);
  return row.content;
}

export interface ReviewRow {
  id: string;
  submission_id: string;
  program_id: string;
  user_id: string;
  rating: number;
  sections: unknown[];
  started_at: Date | null;
  last_reviewed: Date;
}

export const REVIEW_COLUMNS =
  "id, submission_id, program_id, user_id, rating, sections, started_at, last_reviewed";

export function presentReview(row: ReviewRow) {
  return {
    _id: row.id,
    submissionId: row.submission_id,
    programId: row.program_id,
    userId: row.user_id,
    rating: row.rating,
    sections: row.sections,
    started: row.started_at !== null,
    lastReviewed: row.last_reviewed.toISOString(),
  };
}
