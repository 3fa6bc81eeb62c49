-- program_submission_counts: a program's submissions, reviewable ones, and reviewable ones open to all
-- (first written by migrations/0015_program_submission_counts.sql).
-- The current body of each function and trigger below (docs/database.md lists them, with the tests that
-- check them). Applied again whole by a migration whenever it changes: see docs/database.md, "Changing a
-- function or a trigger"; src/server/db/sql/sql-files.test.ts fails when this file and the database differ.
--
-- The counts follow submissions whoever writes them (the applicant's save and submit, the admins' force
-- submit and mark as test, the open_to_all triggers of open-to-all.sql, a form's or a
-- program's deletion, the demo seed, test factories, the benchmark generator, a hand-written statement):
-- inserts and deletes by statement-level triggers (a bulk insert is one INSERT … ON CONFLICT per
-- statement, not one per row), changes of a counted column by a row-level trigger whose WHEN leaves
-- every other UPDATE alone (an autosave calls nothing). "Reviewable" (submitted and not a test) is the
-- generated column submissions.reviewable.
--
-- Concurrency: a program's counter row is written at the end of each statement that changes its counts,
-- after the statement has locked the submissions it wrote, and stays locked until commit: two
-- transactions that change one program's counts take turns, never lose an update, and can only wait for
-- each other on the counter once their submission rows are theirs.
CREATE OR REPLACE FUNCTION "submissions_count_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM program_submission_counts;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO program_submission_counts AS c (program_id, submissions, reviewable, open_reviewable)
    SELECT r.program_id, count(*),
           count(*) FILTER (WHERE r.reviewable),
           count(*) FILTER (WHERE r.reviewable AND r.open_to_all)
      FROM new_rows r GROUP BY r.program_id ORDER BY r.program_id
    ON CONFLICT (program_id) DO UPDATE SET
      submissions = c.submissions + excluded.submissions,
      reviewable = c.reviewable + excluded.reviewable,
      open_reviewable = c.open_reviewable + excluded.open_reviewable;
  ELSE
    -- A program being deleted takes its counter row with it (ON DELETE CASCADE): nothing to update then.
    UPDATE program_submission_counts c SET
      submissions = c.submissions - d.submissions,
      reviewable = c.reviewable - d.reviewable,
      open_reviewable = c.open_reviewable - d.open_reviewable
      FROM (SELECT r.program_id, count(*) AS submissions,
                   count(*) FILTER (WHERE r.reviewable) AS reviewable,
                   count(*) FILTER (WHERE r.reviewable AND r.open_to_all)
                     AS open_reviewable
              FROM old_rows r GROUP BY r.program_id) d
     WHERE c.program_id = d.program_id;
  END IF;
  RETURN NULL;
END
$$;
CREATE OR REPLACE FUNCTION "submissions_count_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was_reviewable integer := OLD.reviewable::integer;
  was_open integer := (OLD.reviewable AND OLD.open_to_all)::integer;
  now_reviewable integer := NEW.reviewable::integer;
  now_open integer := (NEW.reviewable AND NEW.open_to_all)::integer;
BEGIN
  IF OLD.program_id = NEW.program_id THEN
    UPDATE program_submission_counts SET
      reviewable = reviewable + now_reviewable - was_reviewable,
      open_reviewable = open_reviewable + now_open - was_open
     WHERE program_id = NEW.program_id;
  ELSE
    UPDATE program_submission_counts SET
      submissions = submissions - 1,
      reviewable = reviewable - was_reviewable,
      open_reviewable = open_reviewable - was_open
     WHERE program_id = OLD.program_id;
    INSERT INTO program_submission_counts AS c (program_id, submissions, reviewable, open_reviewable)
    VALUES (NEW.program_id, 1, now_reviewable, now_open)
    ON CONFLICT (program_id) DO UPDATE SET
      submissions = c.submissions + 1,
      reviewable = c.reviewable + now_reviewable,
      open_reviewable = c.open_reviewable + now_open;
  END IF;
  RETURN NULL;
END
$$;
CREATE OR REPLACE TRIGGER "submissions_counts_insert" AFTER INSERT ON "submissions"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "submissions_count_rows"();
CREATE OR REPLACE TRIGGER "submissions_counts_delete" AFTER DELETE ON "submissions"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "submissions_count_rows"();
CREATE OR REPLACE TRIGGER "submissions_counts_truncate" AFTER TRUNCATE ON "submissions"
  FOR EACH STATEMENT EXECUTE FUNCTION "submissions_count_rows"();
CREATE OR REPLACE TRIGGER "submissions_counts_update"
  AFTER UPDATE OF "program_id", "submission_date", "soft_deleted" ON "submissions"
  FOR EACH ROW WHEN (OLD.program_id IS DISTINCT FROM NEW.program_id
    OR OLD.reviewable IS DISTINCT FROM NEW.reviewable)
  EXECUTE FUNCTION "submissions_count_change"();
