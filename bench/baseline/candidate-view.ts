import type { Answer } from "../../src/shared/forms/answers";
import type { SqlQuery } from "../lib/sql-client";
import { type CandidateRow, notConflictedSql, REVIEWABLE_SQL, visibleByIdSql } from "./reviewing";

/**
 * The submission view's statements after the candidate (candidateView in
 * src/server/reviewing/candidate-view.ts), side by side: the answers, the files, the caller's review and
 * the comments they may see in one (the lists and the review as json built by the database), and the
 * neighbours in their list.
 */

export interface ViewFile {
  id: string;
  questionId: string;
  name: string;
  size: number;
  contentType: string;
}

export interface ViewReview {
  id: string;
  rating: number;
  sections: unknown[];
  startedAt: string | null;
  lastReviewed: string;
}

export interface ViewComment {
  id: string;
  sectionId: string;
  userId: string;
  body: string;
  updatedAt: string;
  authorName: string;
}

interface ViewRow {
  answers: Answer[] | null;
  files: ViewFile[];
  review: ViewReview | null;
  comments: ViewComment[];
}

/** $1 program, $2 submission, $3 the user (when a query is about them). */
function viewSql(administers: boolean, mayReview: boolean): string {
  return `select
    (select answers from submissions where program_id = $1 and id = $2) as answers,
    (select coalesce(json_agg(json_build_object('id', f.id, 'questionId', f.question_id, 'name', f.name,
        'size', f.size, 'contentType', f.content_type) order by f.created_at, f.id), '[]'::json)
       from submission_files f where f.submission_id = $2) as files,
    ${
      mayReview
        ? `(select json_build_object('id', r.id, 'rating', r.rating, 'sections', r.sections,
        'startedAt', r.started_at, 'lastReviewed', r.last_reviewed)
       from reviews r where r.program_id = $1 and r.submission_id = $2 and r.user_id = $3)`
        : "null"
    } as review,
    (select coalesce(json_agg(json_build_object('id', c.id, 'sectionId', c.section_id, 'userId', c.user_id,
        'body', c.body, 'updatedAt', c.updated_at, 'authorName', u.name) order by c.created_at, c.id), '[]'::json)
       from review_comments c join users u on u.id = c.user_id
      where c.program_id = $1 and c.submission_id = $2${administers ? "" : " and c.user_id = $3"}) as comments`;
}

/**
 * neighboursOf in src/server/reviewing/candidate-list.ts ($1 program, $2 the candidate's name, $3 its id,
 * $4 the user): an admin's on the program's name index; a committee member's the nearer of the
 * candidates open to all and theirs (reviewer_candidates) they declared no conflict with, each on its own
 * index, checked against the rule (by id) like a page's rows.
 */
function neighboursSql(administers: boolean): string {
  const position = "(lower($2), $3::uuid)";
  if (administers) {
    const listed = `s.program_id = $1 and ${REVIEWABLE_SQL}`;
    return `select
      (select s.id from submissions s where ${listed} and (lower(s.identifier), s.id) < ${position}
        order by lower(s.identifier) desc, s.id desc limit 1) as previous_id,
      (select s.id from submissions s where ${listed} and (lower(s.identifier), s.id) > ${position}
        order by lower(s.identifier), s.id limit 1) as next_id`;
  }
  const nearest = (before: boolean) => {
    const [cmp, dir] = before ? ["<", " desc"] : [">", ""];
    return `(select c.id from ((select s.id, s.name_key from submissions s
          where s.program_id = $1 and ${REVIEWABLE_SQL} and s.open_to_all and ${notConflictedSql("s.id", "$4")}
            and (s.name_key, s.id) ${cmp} ${position}
          order by s.name_key${dir}, s.id${dir} limit 1)
        union all (select rc.submission_id, rc.name_key from reviewer_candidates rc
          where rc.program_id = $1 and rc.user_id = $4 and rc.reviewable
            and ${notConflictedSql("rc.submission_id", "$4")}
            and (rc.name_key, rc.submission_id) ${cmp} ${position}
          order by rc.name_key${dir}, rc.submission_id${dir} limit 1)) c
      where exists (select 1 from submissions s where s.id = c.id and ${REVIEWABLE_SQL} and ${visibleByIdSql("$4")})
      order by c.name_key${dir}, c.id${dir} limit 1)`;
  };
  return `select ${nearest(true)} as previous_id, ${nearest(false)} as next_id`;
}

export async function candidateViewRow(
  sql: SqlQuery,
  candidate: CandidateRow,
  userId: string,
  { administers, mayReview }: { administers: boolean; mayReview: boolean },
) {
  const params = [candidate.program_id, candidate.id];
  // An admin off the committee: no query is about them (an unused parameter has no type in PostgreSQL).
  if (!administers || mayReview) params.push(userId);
  const position = [candidate.program_id, candidate.identifier, candidate.id];
  const [[row], [around]] = await Promise.all([
    sql.query<ViewRow>(viewSql(administers, mayReview), params),
    sql.query<{ previous_id: string | null; next_id: string | null }>(
      neighboursSql(administers),
      administers ? position : [...position, userId],
    ),
  ]);
  if (!row) throw new Error("The view's statement gave no row.");
  return {
    answers: row.answers ?? [],
    files: row.files,
    review: row.review,
    comments: row.comments,
    previousId: around?.previous_id ?? null,
    nextId: around?.next_id ?? null,
  };
}
