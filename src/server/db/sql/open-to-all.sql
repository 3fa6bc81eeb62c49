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
CREATE OR REPLACE FUNCTION "submissions_track_open_to_all"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE submissions s SET open_to_all = true
     WHERE NOT s.open_to_all
       AND NOT EXISTS (SELECT 1 FROM submission_reviewers sr WHERE sr.submission_id = s.id)
       AND NOT EXISTS (SELECT 1 FROM submission_reviewer_groups sg WHERE sg.submission_id = s.id);
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
    UPDATE submissions SET open_to_all = false
     WHERE id IN (SELECT submission_id FROM new_rows) AND open_to_all;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE submissions s SET open_to_all = true
     WHERE s.id IN (SELECT submission_id FROM old_rows)
       AND NOT s.open_to_all
       AND NOT EXISTS (SELECT 1 FROM submission_reviewers sr WHERE sr.submission_id = s.id)
       AND NOT EXISTS (SELECT 1 FROM submission_reviewer_groups sg WHERE sg.submission_id = s.id);
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
