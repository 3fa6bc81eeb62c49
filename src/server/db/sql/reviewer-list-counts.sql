-- reviewer_list_counts: a committee member's counts in a program (first written by
-- migrations/0035_reviewer_list_counts.sql).
-- The current body of each function and trigger below (docs/database.md lists them, with the tests that
-- check them). Applied again whole by a migration whenever it changes: see docs/database.md, "Changing a
-- function or a trigger"; src/server/db/sql/sql-files.test.ts fails when this file and the database differ.
--
-- Step 1's total and two-step bar (review-and-administration, "2. Screens and routes") count a member's
-- reviewable assigned candidates, those of them they rated, and their ratings of candidates open to all.
-- Counted from reviewer_candidates and reviewer_open_ratings at every page, they cost a visit of every one
-- of the member's rows, scattered over the tables' pages: thousands of pages at 100,000 candidates
-- (docs/decisions/052-members-list-counts.md). So the counts are kept, one row per (program, member), by
-- statement triggers on those two tables that add what the statement changed (its transition tables):
-- whoever writes them (their own triggers, whatever the cause: assignments, groups, ratings, a candidate made
-- a test, a deletion) moves the counts in the same transaction. Rows are added in (program, member)
-- order, so two writers touching the same members lock them in one order. A row whose counts all fall to
-- 0 is removed.

-- Adds each (program, member)'s deltas: assigned candidates (reviewable), those rated, open ratings.
CREATE OR REPLACE FUNCTION "reviewer_list_counts_add"(key_programs uuid[], key_members text[],
    add_assigned int[], add_assigned_rated int[], add_open_rated int[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF key_programs IS NULL OR cardinality(key_programs) = 0 THEN
    RETURN;
  END IF;
  INSERT INTO reviewer_list_counts AS c (program_id, user_id, assigned, assigned_rated, open_rated)
  SELECT d.program_id, d.user_id, sum(d.assigned), sum(d.assigned_rated), sum(d.open_rated)
    FROM unnest(key_programs, key_members, add_assigned, add_assigned_rated, add_open_rated)
           AS d(program_id, user_id, assigned, assigned_rated, open_rated)
   GROUP BY d.program_id, d.user_id
  HAVING sum(d.assigned) <> 0 OR sum(d.assigned_rated) <> 0 OR sum(d.open_rated) <> 0
   ORDER BY d.program_id, d.user_id
  ON CONFLICT (program_id, user_id) DO UPDATE
    SET assigned = c.assigned + excluded.assigned,
        assigned_rated = c.assigned_rated + excluded.assigned_rated,
        open_rated = c.open_rated + excluded.open_rated;
  DELETE FROM reviewer_list_counts c
   USING unnest(key_programs, key_members) AS d(program_id, user_id)
   WHERE c.program_id = d.program_id AND c.user_id = d.user_id
     AND c.assigned = 0 AND c.assigned_rated = 0 AND c.open_rated = 0;
END
$$;
-- reviewer_candidates: +1 for each reviewable row the statement added, -1 for each it removed (an UPDATE
-- both: its rows as they were and as they are), summed per (program, member) first: an automatic
-- assignment adds 50,000 rows in one statement for a few hundred members.
CREATE OR REPLACE FUNCTION "reviewer_candidates_count"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  key_programs uuid[];
  key_members text[];
  add_assigned int[];
  add_rated int[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE reviewer_list_counts c SET assigned = 0, assigned_rated = 0 WHERE c.assigned <> 0 OR c.assigned_rated <> 0;
    DELETE FROM reviewer_list_counts c WHERE c.assigned = 0 AND c.assigned_rated = 0 AND c.open_rated = 0;
    RETURN NULL;
  ELSIF TG_OP = 'INSERT' THEN
    SELECT array_agg(d.program_id), array_agg(d.user_id), array_agg(d.assigned), array_agg(d.rated)
      INTO key_programs, key_members, add_assigned, add_rated
      FROM (SELECT n.program_id, n.user_id, count(*)::int AS assigned, count(*) FILTER (WHERE n.rated)::int AS rated
              FROM new_rows n WHERE n.reviewable GROUP BY n.program_id, n.user_id) d;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(d.program_id), array_agg(d.user_id), array_agg(d.assigned), array_agg(d.rated)
      INTO key_programs, key_members, add_assigned, add_rated
      FROM (SELECT o.program_id, o.user_id, -count(*)::int AS assigned, -count(*) FILTER (WHERE o.rated)::int AS rated
              FROM old_rows o WHERE o.reviewable GROUP BY o.program_id, o.user_id) d;
  ELSE
    SELECT array_agg(d.program_id), array_agg(d.user_id), array_agg(d.assigned), array_agg(d.rated)
      INTO key_programs, key_members, add_assigned, add_rated
      FROM (SELECT n.program_id, n.user_id, 1 AS assigned, n.rated::int AS rated FROM new_rows n WHERE n.reviewable
            UNION ALL
            SELECT o.program_id, o.user_id, -1, -(o.rated::int) FROM old_rows o WHERE o.reviewable) d;
  END IF;
  PERFORM reviewer_list_counts_add(key_programs, key_members, add_assigned, add_rated,
                                   array_fill(0, ARRAY[coalesce(cardinality(key_programs), 0)]));
  RETURN NULL;
END
$$;
-- reviewer_open_ratings: +1 for each row the statement added, -1 for each it removed.
CREATE OR REPLACE FUNCTION "reviewer_open_ratings_count"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  key_programs uuid[];
  key_members text[];
  add_open_rated int[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE reviewer_list_counts c SET open_rated = 0 WHERE c.open_rated <> 0;
    DELETE FROM reviewer_list_counts c WHERE c.assigned = 0 AND c.assigned_rated = 0 AND c.open_rated = 0;
    RETURN NULL;
  ELSIF TG_OP = 'INSERT' THEN
    SELECT array_agg(d.program_id), array_agg(d.user_id), array_agg(d.open_rated)
      INTO key_programs, key_members, add_open_rated
      FROM (SELECT n.program_id, n.user_id, count(*)::int AS open_rated FROM new_rows n
             GROUP BY n.program_id, n.user_id) d;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(d.program_id), array_agg(d.user_id), array_agg(d.open_rated)
      INTO key_programs, key_members, add_open_rated
      FROM (SELECT o.program_id, o.user_id, -count(*)::int AS open_rated FROM old_rows o
             GROUP BY o.program_id, o.user_id) d;
  ELSE
    SELECT array_agg(d.program_id), array_agg(d.user_id), array_agg(d.open_rated)
      INTO key_programs, key_members, add_open_rated
      FROM (SELECT n.program_id, n.user_id, 1 AS open_rated FROM new_rows n
            UNION ALL
            SELECT o.program_id, o.user_id, -1 FROM old_rows o) d;
  END IF;
  PERFORM reviewer_list_counts_add(key_programs, key_members,
                                   array_fill(0, ARRAY[coalesce(cardinality(key_programs), 0)]),
                                   array_fill(0, ARRAY[coalesce(cardinality(key_programs), 0)]), add_open_rated);
  RETURN NULL;
END
$$;
CREATE OR REPLACE TRIGGER "reviewer_candidates_count_insert" AFTER INSERT ON "reviewer_candidates"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "reviewer_candidates_count"();
CREATE OR REPLACE TRIGGER "reviewer_candidates_count_update" AFTER UPDATE ON "reviewer_candidates"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "reviewer_candidates_count"();
CREATE OR REPLACE TRIGGER "reviewer_candidates_count_delete" AFTER DELETE ON "reviewer_candidates"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "reviewer_candidates_count"();
CREATE OR REPLACE TRIGGER "reviewer_candidates_count_truncate" AFTER TRUNCATE ON "reviewer_candidates"
  FOR EACH STATEMENT EXECUTE FUNCTION "reviewer_candidates_count"();
CREATE OR REPLACE TRIGGER "reviewer_open_ratings_count_insert" AFTER INSERT ON "reviewer_open_ratings"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "reviewer_open_ratings_count"();
CREATE OR REPLACE TRIGGER "reviewer_open_ratings_count_update" AFTER UPDATE ON "reviewer_open_ratings"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "reviewer_open_ratings_count"();
CREATE OR REPLACE TRIGGER "reviewer_open_ratings_count_delete" AFTER DELETE ON "reviewer_open_ratings"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "reviewer_open_ratings_count"();
CREATE OR REPLACE TRIGGER "reviewer_open_ratings_count_truncate" AFTER TRUNCATE ON "reviewer_open_ratings"
  FOR EACH STATEMENT EXECUTE FUNCTION "reviewer_open_ratings_count"();
