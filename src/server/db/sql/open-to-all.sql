-- submissions.open_to_all: no reviewer and no reviewer group assigned (first written by
-- migrations/0008_open_to_all.sql).
-- The current body of each function and trigger below (docs/database.md lists them, with the tests that
-- check them). Applied again whole by a migration whenever it changes: see docs/database.md, "Changing a
-- function or a trigger"; src/server/db/sql/sql-files.test.ts fails when this file and the database differ.
--
-- submissions.open_to_all follows the assignment tables whoever writes them (the assign-reviewers
-- screen, the demo seed, test factories, the benchmark generator, a hand-written statement):
-- statement-level triggers, so a bulk insert costs one UPDATE, not one per row.
--
-- Concurrency: the candidates a statement touched are locked first, in id order (two writers never
-- deadlock on each other), and only then is their flag decided. Under READ COMMITTED each statement of
-- the function takes a fresh snapshot, so an assignment another transaction committed while we waited
-- for the lock is seen: "remove the last reviewer" and "add a group" racing on one candidate always
-- leave it assigned. (Under REPEATABLE READ the second writer gets a serialization failure instead.)
-- What follows from candidates whose open_to_all this function just turned (to now_open), written here once
-- per statement rather than by row triggers on submissions, which would fire once per candidate: an
-- assignment of 10,000 candidates at once (automatic assignment, docs/decisions/034-automatic-assignment.md)
-- updated the program's one counter row 10,000 times in its transaction. open_to_all is written by nothing
-- else, so the row triggers of program-counts.sql, reviewer-candidates.sql and statistics-versions.sql leave
-- it out of their WHEN and this keeps, set-based, what they would have:
--   program_submission_counts.open_reviewable (program-counts.sql);
--   reviewer_open_ratings: the members' ratings of reviewable candidates open to all (reviewer-candidates.sql);
--   the statistics version "candidates" of each program concerned (statistics-versions.sql).
CREATE OR REPLACE FUNCTION "submissions_open_to_all_turned"(turned uuid[], now_open boolean) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF turned IS NULL OR cardinality(turned) = 0 THEN
    RETURN;
  END IF;
  UPDATE program_submission_counts c
     SET open_reviewable = c.open_reviewable + CASE WHEN now_open THEN d.n ELSE -d.n END
    FROM (SELECT s.program_id, count(*) AS n FROM submissions s
           WHERE s.id = ANY (turned) AND s.reviewable GROUP BY s.program_id) d
   WHERE c.program_id = d.program_id;
  IF now_open THEN
    INSERT INTO reviewer_open_ratings (submission_id, user_id, program_id)
    SELECT r.submission_id, r.user_id, s.program_id
      FROM submissions s JOIN reviews r ON r.submission_id = s.id
     WHERE s.id = ANY (turned) AND s.reviewable AND r.rating > -1
       AND EXISTS (SELECT 1 FROM users x WHERE x.id = r.user_id)
       AND EXISTS (SELECT 1 FROM programs p WHERE p.id = s.program_id)
    ON CONFLICT (submission_id, user_id) DO NOTHING;
  ELSE
    DELETE FROM reviewer_open_ratings WHERE submission_id = ANY (turned);
  END IF;
  PERFORM statistics_bump(d.program_id, 'candidates')
     FROM (SELECT DISTINCT s.program_id FROM submissions s WHERE s.id = ANY (turned) AND s.reviewable) d;
END
$$;
CREATE OR REPLACE FUNCTION "submissions_track_open_to_all"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  turned uuid[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    WITH opened AS (
      UPDATE submissions s SET open_to_all = true
       WHERE NOT s.open_to_all
         AND NOT EXISTS (SELECT 1 FROM submission_reviewers sr WHERE sr.submission_id = s.id)
         AND NOT EXISTS (SELECT 1 FROM submission_reviewer_groups sg WHERE sg.submission_id = s.id)
      RETURNING s.id)
    SELECT array_agg(id) INTO turned FROM opened;
    PERFORM submissions_open_to_all_turned(turned, true);
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    PERFORM 1 FROM submissions WHERE id IN (SELECT submission_id FROM new_rows) ORDER BY id FOR NO KEY UPDATE;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM 1 FROM submissions WHERE id IN (SELECT submission_id FROM old_rows) ORDER BY id FOR NO KEY UPDATE;
  ELSE
    PERFORM 1 FROM submissions
     WHERE id IN (SELECT submission_id FROM new_rows UNION SELECT submission_id FROM old_rows)
     ORDER BY id FOR NO KEY UPDATE;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    WITH closed AS (
      UPDATE submissions SET open_to_all = false
       WHERE id IN (SELECT submission_id FROM new_rows) AND open_to_all
      RETURNING id)
    SELECT array_agg(id) INTO turned FROM closed;
    PERFORM submissions_open_to_all_turned(turned, false);
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    WITH opened AS (
      UPDATE submissions s SET open_to_all = true
       WHERE s.id IN (SELECT submission_id FROM old_rows)
         AND NOT s.open_to_all
         AND NOT EXISTS (SELECT 1 FROM submission_reviewers sr WHERE sr.submission_id = s.id)
         AND NOT EXISTS (SELECT 1 FROM submission_reviewer_groups sg WHERE sg.submission_id = s.id)
      RETURNING s.id)
    SELECT array_agg(id) INTO turned FROM opened;
    PERFORM submissions_open_to_all_turned(turned, true);
  END IF;
  RETURN NULL;
END
$$;
CREATE OR REPLACE TRIGGER "submission_reviewers_open_to_all_insert" AFTER INSERT ON "submission_reviewers"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "submissions_track_open_to_all"();
CREATE OR REPLACE TRIGGER "submission_reviewers_open_to_all_update" AFTER UPDATE ON "submission_reviewers"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "submissions_track_open_to_all"();
CREATE OR REPLACE TRIGGER "submission_reviewers_open_to_all_delete" AFTER DELETE ON "submission_reviewers"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "submissions_track_open_to_all"();
CREATE OR REPLACE TRIGGER "submission_reviewers_open_to_all_truncate" AFTER TRUNCATE ON "submission_reviewers"
  FOR EACH STATEMENT EXECUTE FUNCTION "submissions_track_open_to_all"();
CREATE OR REPLACE TRIGGER "submission_reviewer_groups_open_to_all_insert" AFTER INSERT ON "submission_reviewer_groups"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "submissions_track_open_to_all"();
CREATE OR REPLACE TRIGGER "submission_reviewer_groups_open_to_all_update" AFTER UPDATE ON "submission_reviewer_groups"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "submissions_track_open_to_all"();
CREATE OR REPLACE TRIGGER "submission_reviewer_groups_open_to_all_delete" AFTER DELETE ON "submission_reviewer_groups"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "submissions_track_open_to_all"();
CREATE OR REPLACE TRIGGER "submission_reviewer_groups_open_to_all_truncate" AFTER TRUNCATE ON "submission_reviewer_groups"
  FOR EACH STATEMENT EXECUTE FUNCTION "submissions_track_open_to_all"();
