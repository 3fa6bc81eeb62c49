-- statistics_versions: the counters that tell the statistics pages what changed (first written by
-- migrations/0016_statistics_versions.sql).
-- The current body of each function and trigger below (docs/database.md lists them, with the tests that
-- check them). Applied again whole by a migration whenever it changes: see docs/database.md, "Changing a
-- function or a trigger"; src/server/db/sql/sql-files.test.ts fails when this file and the database differ.
--
-- The statistics pages (Candidate, Reviewer and funding statistics) keep their figures per
-- program in memory and must know, by reading one row, whether anything they show changed since. Each
-- counter is bumped in the transaction of every write to what it covers, whoever writes:
--   candidates: submitted, non-test submissions — who they are, name, decision, amount, open to all;
--   reviews:    every review (candidate, reviewer, rating, suggested rating, save time);
--   rankings:   the stacked rankings;
--   committee:  members and roles, their names and emails, groups, group members, assignments.
-- A reader reads the counters before the data, so what it computes is never older than the counters it
-- keeps it under (src/server/statistics/stats-versions.ts).
--
-- Cost to writers: the triggers are deferred to commit and bump each (program, counter) once per
-- transaction, so a bulk insert of 200,000 reviews does one update; writes that change nothing shown (an
-- applicant's draft autosaved, a submission's answers) queue no event at all (WHEN). A program's counters
-- are spread over 16 rows (shards), the transaction's id choosing one: reviewers saving at the same time
-- rarely wait for each other's commit on one row. A version is the sum over the shards — it grows with
-- every committed bump, so equal sums mean the same writes.
CREATE OR REPLACE FUNCTION "statistics_bump"(program uuid, part text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  done text := coalesce(current_setting('decisionhub.statistics_bumped', true), '');
  mark text := program::text || ':' || part || ';';
BEGIN
  IF program IS NULL OR position(mark IN done) > 0 THEN
    RETURN;
  END IF;
  -- A program being deleted takes its counters with it: the rows its deletion cascades to need none.
  IF NOT EXISTS (SELECT 1 FROM programs WHERE id = program) THEN
    RETURN;
  END IF;
  INSERT INTO statistics_versions AS v (program_id, shard, candidates, reviews, rankings, committee)
  VALUES (program, (txid_current() % 16)::smallint, (part = 'candidates')::int, (part = 'reviews')::int,
          (part = 'rankings')::int, (part = 'committee')::int)
  ON CONFLICT (program_id, shard) DO UPDATE SET
    candidates = v.candidates + excluded.candidates,
    reviews = v.reviews + excluded.reviews,
    rankings = v.rankings + excluded.rankings,
    committee = v.committee + excluded.committee;
  -- Local to the transaction (and undone with a rolled-back savepoint, like the bump itself).
  PERFORM set_config('decisionhub.statistics_bumped', done || mark, true);
END
$$;
-- A row of a table with a program_id column: TG_ARGV[0] is the counter.
CREATE OR REPLACE FUNCTION "statistics_row_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN
    PERFORM statistics_bump(NEW.program_id, TG_ARGV[0]);
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM statistics_bump(OLD.program_id, TG_ARGV[0]);
  END IF;
  RETURN NULL;
END
$$;
-- The rows of one statement (transition tables new_rows, old_rows) of a table with a program_id column:
-- each of their programs once. TG_ARGV[0] is the counter.
CREATE OR REPLACE FUNCTION "statistics_statement_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM statistics_bump(d.program_id, TG_ARGV[0]) FROM (SELECT DISTINCT program_id FROM new_rows) d;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    PERFORM statistics_bump(d.program_id, TG_ARGV[0]) FROM (SELECT DISTINCT program_id FROM old_rows) d;
  END IF;
  RETURN NULL;
END
$$;
CREATE OR REPLACE FUNCTION "statistics_group_member_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN
    PERFORM statistics_bump((SELECT program_id FROM reviewer_groups WHERE id = NEW.group_id), 'committee');
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM statistics_bump((SELECT program_id FROM reviewer_groups WHERE id = OLD.group_id), 'committee');
  END IF;
  RETURN NULL;
END
$$;
CREATE OR REPLACE FUNCTION "statistics_user_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM statistics_bump(m.program_id, 'committee') FROM program_members m WHERE m.user_id = NEW.id;
  RETURN NULL;
END
$$;
-- conflicts: a conflict of interest declared or reverted changes which reviews and ranking positions count
-- and each member's list (docs/decisions/036-conflicts-of-interest.md).
CREATE OR REPLACE FUNCTION "statistics_conflict_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  program uuid;
BEGIN
  FOREACH program IN ARRAY ARRAY[CASE WHEN TG_OP <> 'DELETE' THEN NEW.program_id END,
                                 CASE WHEN TG_OP <> 'INSERT' THEN OLD.program_id END] LOOP
    PERFORM statistics_bump(program, 'reviews');
    PERFORM statistics_bump(program, 'rankings');
    PERFORM statistics_bump(program, 'committee');
  END LOOP;
  RETURN NULL;
END
$$;
-- TRUNCATE fires no row trigger: every program's counters move.
CREATE OR REPLACE FUNCTION "statistics_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE statistics_versions SET candidates = candidates + 1, reviews = reviews + 1,
    rankings = rankings + 1, committee = committee + 1;
  RETURN NULL;
END
$$;
DROP TRIGGER IF EXISTS "reviews_statistics" ON "reviews";
CREATE CONSTRAINT TRIGGER "reviews_statistics" AFTER INSERT OR UPDATE OR DELETE ON "reviews"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "statistics_row_changed"('reviews');
DROP TRIGGER IF EXISTS "rankings_statistics" ON "rankings";
CREATE CONSTRAINT TRIGGER "rankings_statistics" AFTER INSERT OR UPDATE OR DELETE ON "rankings"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "statistics_row_changed"('rankings');
DROP TRIGGER IF EXISTS "submissions_statistics_insert" ON "submissions";
CREATE CONSTRAINT TRIGGER "submissions_statistics_insert" AFTER INSERT ON "submissions"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (NEW.reviewable)
  EXECUTE FUNCTION "statistics_row_changed"('candidates');
DROP TRIGGER IF EXISTS "submissions_statistics_delete" ON "submissions";
CREATE CONSTRAINT TRIGGER "submissions_statistics_delete" AFTER DELETE ON "submissions"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.reviewable)
  EXECUTE FUNCTION "statistics_row_changed"('candidates');
DROP TRIGGER IF EXISTS "submissions_statistics_update" ON "submissions";
CREATE CONSTRAINT TRIGGER "submissions_statistics_update" AFTER UPDATE ON "submissions"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD.reviewable OR NEW.reviewable)
    AND (OLD.program_id, OLD.identifier, OLD.status, OLD.amount_cents, OLD.reviewable)
      IS DISTINCT FROM (NEW.program_id, NEW.identifier, NEW.status, NEW.amount_cents, NEW.reviewable))
  EXECUTE FUNCTION "statistics_row_changed"('candidates');
-- Direct assignments are written thousands at a time (automatic assignment, docs/decisions/
-- 034-automatic-assignment.md): one event per statement, not one per row queued until commit. Only admins
-- write them, so holding the shard row from the statement to the commit costs reviewers nothing.
DROP TRIGGER IF EXISTS "submission_reviewers_statistics" ON "submission_reviewers";
CREATE OR REPLACE TRIGGER "submission_reviewers_statistics_insert" AFTER INSERT ON "submission_reviewers"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "statistics_statement_changed"('committee');
CREATE OR REPLACE TRIGGER "submission_reviewers_statistics_update" AFTER UPDATE ON "submission_reviewers"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "statistics_statement_changed"('committee');
CREATE OR REPLACE TRIGGER "submission_reviewers_statistics_delete" AFTER DELETE ON "submission_reviewers"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "statistics_statement_changed"('committee');
DROP TRIGGER IF EXISTS "submission_reviewer_groups_statistics" ON "submission_reviewer_groups";
CREATE CONSTRAINT TRIGGER "submission_reviewer_groups_statistics" AFTER INSERT OR UPDATE OR DELETE ON "submission_reviewer_groups"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "statistics_row_changed"('committee');
DROP TRIGGER IF EXISTS "reviewer_groups_statistics" ON "reviewer_groups";
CREATE CONSTRAINT TRIGGER "reviewer_groups_statistics" AFTER INSERT OR UPDATE OR DELETE ON "reviewer_groups"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "statistics_row_changed"('committee');
DROP TRIGGER IF EXISTS "reviewer_group_members_statistics" ON "reviewer_group_members";
CREATE CONSTRAINT TRIGGER "reviewer_group_members_statistics" AFTER INSERT OR UPDATE OR DELETE ON "reviewer_group_members"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "statistics_group_member_changed"();
DROP TRIGGER IF EXISTS "program_members_statistics" ON "program_members";
CREATE CONSTRAINT TRIGGER "program_members_statistics" AFTER INSERT OR UPDATE OR DELETE ON "program_members"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "statistics_row_changed"('committee');
DROP TRIGGER IF EXISTS "users_statistics" ON "users";
CREATE CONSTRAINT TRIGGER "users_statistics" AFTER UPDATE ON "users"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD.name, OLD.email) IS DISTINCT FROM (NEW.name, NEW.email))
  EXECUTE FUNCTION "statistics_user_changed"();
CREATE OR REPLACE TRIGGER "reviews_statistics_truncate" AFTER TRUNCATE ON "reviews"
  FOR EACH STATEMENT EXECUTE FUNCTION "statistics_truncated"();
CREATE OR REPLACE TRIGGER "rankings_statistics_truncate" AFTER TRUNCATE ON "rankings"
  FOR EACH STATEMENT EXECUTE FUNCTION "statistics_truncated"();
CREATE OR REPLACE TRIGGER "submissions_statistics_truncate" AFTER TRUNCATE ON "submissions"
  FOR EACH STATEMENT EXECUTE FUNCTION "statistics_truncated"();
CREATE OR REPLACE TRIGGER "submission_reviewers_statistics_truncate" AFTER TRUNCATE ON "submission_reviewers"
  FOR EACH STATEMENT EXECUTE FUNCTION "statistics_truncated"();
CREATE OR REPLACE TRIGGER "submission_reviewer_groups_statistics_truncate" AFTER TRUNCATE ON "submission_reviewer_groups"
  FOR EACH STATEMENT EXECUTE FUNCTION "statistics_truncated"();
CREATE OR REPLACE TRIGGER "program_members_statistics_truncate" AFTER TRUNCATE ON "program_members"
  FOR EACH STATEMENT EXECUTE FUNCTION "statistics_truncated"();
DROP TRIGGER IF EXISTS "conflicts_statistics" ON "conflicts";
CREATE CONSTRAINT TRIGGER "conflicts_statistics" AFTER INSERT OR UPDATE OR DELETE ON "conflicts"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "statistics_conflict_changed"();
CREATE OR REPLACE TRIGGER "conflicts_statistics_truncate" AFTER TRUNCATE ON "conflicts"
  FOR EACH STATEMENT EXECUTE FUNCTION "statistics_truncated"();
