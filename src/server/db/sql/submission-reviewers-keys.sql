-- submission_reviewers' keys to its candidate and its member, checked once per statement (first written by
-- migrations/0034_assignment_statement_keys.sql; docs/decisions/034-automatic-assignment.md).
-- The current body of each function and trigger below (docs/database.md lists them, with the tests that
-- check them). Applied again whole by a migration whenever it changes: see docs/database.md, "Changing a
-- function or a trigger"; src/server/db/sql/sql-files.test.ts fails when this file and the database differ.
--
-- What the foreign keys submission_id -> submissions and user_id -> users (ON DELETE CASCADE) did, set-based:
-- a foreign key checks each inserted row with a query of its own, and applying 50,000 assignments at once
-- (automatic assignment) spent a third of its time in those checks. The table's third key, to programs, is
-- not replaced: a program's deletion deletes its submissions, whose deletion deletes their assignments here.
--   - a statement that writes assignments fails (foreign_key_violation, as the key did) when a candidate or a
--     member it names does not exist; the member is locked FOR KEY SHARE as the key locked it, the candidate
--     FOR NO KEY UPDATE in id order, the lock every assignment writer takes on it anyway (open-to-all.sql);
--   - deleting candidates or members deletes their assignments, in the same statement's triggers (the
--     assignment tables' own triggers then follow, as they followed the cascade);
--   - a candidate's or member's id never changes: changing a referenced one fails, as the key made it fail.
-- Under READ COMMITTED a locking read that waited for a deleter which then committed skips the deleted row:
-- the count falls short and the write fails, as the key's check did. A deleter that waits for a writer's
-- lock sees, once it may go on, the assignments that writer committed (each statement of a function takes a
-- fresh snapshot) and deletes them.

-- submission_reviewers, AFTER INSERT or UPDATE, each statement: every candidate and member named exists.
CREATE OR REPLACE FUNCTION "submission_reviewers_check_keys"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  named integer;
  found integer;
BEGIN
  SELECT count(DISTINCT submission_id) INTO named FROM new_rows;
  SELECT count(*) INTO found FROM (
    SELECT 1 FROM submissions WHERE id IN (SELECT submission_id FROM new_rows) ORDER BY id FOR NO KEY UPDATE) s;
  IF found < named THEN
    RAISE foreign_key_violation USING
      MESSAGE = 'insert or update on table "submission_reviewers" violates its key to "submissions"',
      TABLE = 'submission_reviewers';
  END IF;
  SELECT count(DISTINCT user_id) INTO named FROM new_rows;
  SELECT count(*) INTO found FROM (
    SELECT 1 FROM users WHERE id IN (SELECT user_id FROM new_rows) ORDER BY id FOR KEY SHARE) u;
  IF found < named THEN
    RAISE foreign_key_violation USING
      MESSAGE = 'insert or update on table "submission_reviewers" violates its key to "users"',
      TABLE = 'submission_reviewers';
  END IF;
  RETURN NULL;
END
$$;
-- submissions and users, AFTER DELETE (each statement) or TRUNCATE: their assignments go with them.
CREATE OR REPLACE FUNCTION "submission_reviewers_follow_deletion"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM submission_reviewers;
  ELSIF TG_TABLE_NAME = 'submissions' THEN
    DELETE FROM submission_reviewers WHERE submission_id IN (SELECT id FROM old_rows);
  ELSE
    DELETE FROM submission_reviewers WHERE user_id IN (SELECT id FROM old_rows);
  END IF;
  RETURN NULL;
END
$$;
-- submissions and users, AFTER UPDATE OF id, each row whose id changed: refused while assignments name it.
CREATE OR REPLACE FUNCTION "submission_reviewers_refuse_key_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  named boolean;
BEGIN
  -- One statement per table: each is planned only where it runs (the ids are a uuid and a text).
  IF TG_TABLE_NAME = 'submissions' THEN
    named := EXISTS (SELECT 1 FROM submission_reviewers WHERE submission_id = OLD.id);
  ELSE
    named := EXISTS (SELECT 1 FROM submission_reviewers WHERE user_id = OLD.id);
  END IF;
  IF named THEN
    RAISE foreign_key_violation USING
      MESSAGE = format('update on table "%s" changes an id "submission_reviewers" still names', TG_TABLE_NAME),
      TABLE = TG_TABLE_NAME;
  END IF;
  RETURN NULL;
END
$$;
-- Named to fire before the table's other statement triggers (they fire in name order): a statement naming
-- a missing candidate or member fails before anything follows from it.
CREATE OR REPLACE TRIGGER "submission_reviewers_keys_insert" AFTER INSERT ON "submission_reviewers"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "submission_reviewers_check_keys"();
CREATE OR REPLACE TRIGGER "submission_reviewers_keys_update" AFTER UPDATE ON "submission_reviewers"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "submission_reviewers_check_keys"();
CREATE OR REPLACE TRIGGER "submissions_submission_reviewers_delete" AFTER DELETE ON "submissions"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "submission_reviewers_follow_deletion"();
CREATE OR REPLACE TRIGGER "submissions_submission_reviewers_truncate" AFTER TRUNCATE ON "submissions"
  FOR EACH STATEMENT EXECUTE FUNCTION "submission_reviewers_follow_deletion"();
CREATE OR REPLACE TRIGGER "submissions_submission_reviewers_key_change" AFTER UPDATE OF "id" ON "submissions"
  FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id) EXECUTE FUNCTION "submission_reviewers_refuse_key_change"();
CREATE OR REPLACE TRIGGER "users_submission_reviewers_delete" AFTER DELETE ON "users"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "submission_reviewers_follow_deletion"();
CREATE OR REPLACE TRIGGER "users_submission_reviewers_truncate" AFTER TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "submission_reviewers_follow_deletion"();
CREATE OR REPLACE TRIGGER "users_submission_reviewers_key_change" AFTER UPDATE OF "id" ON "users"
  FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id) EXECUTE FUNCTION "submission_reviewers_refuse_key_change"();
