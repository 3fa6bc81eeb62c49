import { REVIEWABLE_SQL } from "./reviewing";

/**
 * Assign reviewers' page statement (readAssignmentPage in src/server/committee/assignment-service.ts):
 * page 1 of the program's submitted candidates with the total and each row's reviewers and groups by
 * name as json built by the database ($1 program, $2 page size, $3 offset, $4 search). The counts are a
 * one-row CTE the page is left-joined to; without a search the total is the program's counter row
 * (programCountSql in src/server/reviewing/program-counts.ts), with one every name is read.
 */
export function assignmentPageSql(searching: boolean): string {
  const where = `s.program_id = $1 and ${REVIEWABLE_SQL}${
    searching ? ` and s.name_key like '%' || lower($4) || '%' escape '\\'` : ""
  }`;
  const total = searching
    ? `(select count(*)::int from submissions s where ${where})`
    : "coalesce((select reviewable from program_submission_counts where program_id = $1), 0)";
  return `with page as (
      select s.id, s.identifier, s.name_key from submissions s where ${where}
       order by lower(s.identifier), s.id limit $2 offset $3),
    counts as (select ${total} as total)
    select counts.total, page.id, page.identifier,
      (select coalesce(json_agg(json_build_object('_id', u.id, 'name', u.name, 'email', u.email)
          order by lower(u.name), u.email, u.id), '[]'::json)
        from submission_reviewers sr join users u on u.id = sr.user_id
        where sr.submission_id = page.id) as reviewers,
      (select coalesce(json_agg(json_build_object('_id', g.id, 'name', g.name) order by lower(g.name), g.id), '[]'::json)
        from submission_reviewer_groups sg join reviewer_groups g on g.id = sg.group_id
        where sg.submission_id = page.id) as reviewer_groups
      from counts left join page on true
     order by page.name_key, page.id`;
}

export interface AssignmentPageRow {
  total: number;
  id: string | null;
  identifier: string | null;
  reviewers: { _id: string; name: string; email: string }[];
  reviewer_groups: { _id: string; name: string }[];
}

/** The answer's rows: the page's candidates (none for a page past the end) with their reviewers and groups. */
export const assignmentRowsOf = (rows: readonly AssignmentPageRow[]) =>
  rows.flatMap((row) =>
    row.id === null
      ? []
      : [
          {
            _id: row.id,
            identifier: row.identifier ?? "",
            reviewers: row.reviewers,
            reviewerGroups: row.reviewer_groups,
          },
        ],
  );
