CREATE TABLE "reviewer_list_counts" (
	"program_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"assigned" integer DEFAULT 0 NOT NULL,
	"assigned_rated" integer DEFAULT 0 NOT NULL,
	"open_rated" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "reviewer_list_counts_program_id_user_id_pk" PRIMARY KEY("program_id","user_id")
);
--> statement-breakpoint
-- Written by scripts/sql-migration.ts (npm run db:sql-migration) from here on: the functions and triggers
-- of src/server/db/sql/ as they stand. Edit those files, not this copy (docs/database.md, "Changing a
-- function or a trigger"). The files, in order:
--   audit-log.sql
--   open-to-all.sql
--   program-counts.sql
--   review-count.sql
--   reviewer-candidates.sql
--   reviewer-list-counts.sql
--   save-own-answers.sql
--   statistics-versions.sql
--   submission-reviewers-keys.sql
-- audit_events is append-only (first written by migrations/0012_audit_log.sql).
-- The current body of each function and trigger below (docs/database.md lists them, with the tests that
-- check them). Applied again whole by a migration whenever it changes: see docs/database.md, "Changing a
-- function or a trigger"; src/server/db/sql/sql-files.test.ts fails when this file and the database differ.
--
-- The audit log is append-only for everyone who connects as the
-- application, whatever the code path: an UPDATE, a DELETE or a TRUNCATE of audit_events fails, and
-- the transaction it is part of with it. (Erasing a whole tenant's log is an operator's deliberate
-- act: disable the triggers in that session — see docs/decisions/012-audit-log.md.)
CREATE OR REPLACE FUNCTION "audit_events_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_events is append-only: % refused', TG_OP
    USING ERRCODE = 'restrict_violation';
END
$$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "audit_events_append_only" BEFORE UPDATE OR DELETE ON "audit_events"
  FOR EACH ROW EXECUTE FUNCTION "audit_events_refuse_change"();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "audit_events_no_truncate" BEFORE TRUNCATE ON "audit_events"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_events_refuse_change"();
--> statement-breakpoint
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
--> statement-breakpoint
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
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "submission_reviewers_open_to_all_insert" AFTER INSERT ON "submission_reviewers"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "submissions_track_open_to_all"();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "submission_reviewers_open_to_all_update" AFTER UPDATE ON "submission_reviewers"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "submissions_track_open_to_all"();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "submission_reviewers_open_to_all_delete" AFTER DELETE ON "submission_reviewers"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "submissions_track_open_to_all"();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "submission_reviewers_open_to_all_truncate" AFTER TRUNCATE ON "submission_reviewers"
  FOR EACH STATEMENT EXECUTE FUNCTION "submissions_track_open_to_all"();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "submission_reviewer_groups_open_to_all_insert" AFTER INSERT ON "submission_reviewer_groups"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "submissions_track_open_to_all"();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "submission_reviewer_groups_open_to_all_update" AFTER UPDATE ON "submission_reviewer_groups"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "submissions_track_open_to_all"();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "submission_reviewer_groups_open_to_all_delete" AFTER DELETE ON "submission_reviewer_groups"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "submissions_track_open_to_all"();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "submission_reviewer_groups_open_to_all_truncate" AFTER TRUNCATE ON "submission_reviewer_groups"
  FOR EACH STATEMENT EXECUTE FUNCTION "submissions_track_open_to_all"();
--> statement-breakpoint
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
--> statement-breakpoint
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
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "submissions_counts_insert" AFTER INSERT ON "submissions"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "submissions_count_rows"();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "submissions_counts_delete" AFTER DELETE ON "submissions"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "submissions_count_rows"();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "submissions_counts_truncate" AFTER TRUNCATE ON "submissions"
  FOR EACH STATEMENT EXECUTE FUNCTION "submissions_count_rows"();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "submissions_counts_update"
  AFTER UPDATE OF "program_id", "submission_date", "soft_deleted" ON "submissions"
  FOR EACH ROW WHEN (OLD.program_id IS DISTINCT FROM NEW.program_id
    OR OLD.reviewable IS DISTINCT FROM NEW.reviewable)
  EXECUTE FUNCTION "submissions_count_change"();
--> statement-breakpoint
-- submissions.review_count: the candidate's started reviews, one for each review whose started_at was set
-- (saveReview in src/server/reviewing/review-service.ts sets it at the first save of a rating above -1 on
-- a reviewable candidate). Nothing lowers it: a review deleted later stays counted.
-- The current body of each function and trigger below (docs/database.md lists them, with the tests that
-- check them). Applied again whole by a migration whenever it changes: see docs/database.md, "Changing a
-- function or a trigger"; src/server/db/sql/sql-files.test.ts fails when this file and the database differ.
--
-- Counted once: started_at goes from null to a value once per review (saveReview's UPDATE … WHERE
-- started_at IS NULL, so of two first saves racing only one updates a row), and only that change fires.
-- Whoever writes a started review (saveReview, the test factories, a hand-written statement) counts it.
--
-- Locks, the candidate's row before the statistics shard's (statistics-versions.sql), as everywhere:
-- - started_at set by an UPDATE (saveReview): a row trigger, not deferred, so the candidate's row is locked
--   right where the UPDATE runs, in the review's transaction, as saveReview's own UPDATE of review_count did
--   before this trigger existed; the deferred triggers on reviews (reviewer-candidates.sql, the statistics)
--   then find it held at commit.
-- - a review inserted already started (the test factories, a bulk writer; saveReview never does): deferred
--   to commit like reviews_reviewer_candidates_insert, so writers inserting ratings of one candidate at once
--   never hold one another up (reviewer-candidates.test.ts, "reviewers rating one candidate at once, each in
--   a transaction held open, wait for no one"); by name it fires before reviews_statistics on the same row.
CREATE OR REPLACE FUNCTION "reviews_count_started"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE submissions SET review_count = review_count + 1 WHERE id = NEW.submission_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "reviews_count_started_insert" ON "reviews";
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "reviews_count_started_insert" AFTER INSERT ON "reviews"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.started_at IS NOT NULL)
  EXECUTE FUNCTION "reviews_count_started"();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "reviews_count_started_update" AFTER UPDATE OF "started_at" ON "reviews"
  FOR EACH ROW WHEN (OLD.started_at IS NULL AND NEW.started_at IS NOT NULL)
  EXECUTE FUNCTION "reviews_count_started"();
--> statement-breakpoint
-- reviewer_candidates and reviewer_open_ratings: a committee member's assigned candidates and ratings
-- (first written by migrations/0017_reviewer_candidates.sql).
-- The current body of each function and trigger below (docs/database.md lists them, with the tests that
-- check them). Applied again whole by a migration whenever it changes: see docs/database.md, "Changing a
-- function or a trigger"; src/server/db/sql/sql-files.test.ts fails when this file and the database differ.
--
-- A committee member's list (review-and-administration, "6. Roles and permissions") is the candidates
-- open to all (their own partial index on submissions, submissions_open_name_idx) and the ones assigned
-- to them directly or through a reviewer group. The second part is stored one row per (member, candidate) in
-- reviewer_candidates, with the candidate's list key, whether it is submitted and not a test, and whether
-- the member rated it, so a page of it is a walk of one index in list order and its counts are read
-- from that index alone, whatever the size of the program. reviewer_open_ratings holds the member's
-- rated reviews of candidates open to all (submitted, not tests): the rest of the two-step bar's count.
--
-- Both follow the tables they are made of whoever writes them (the assign-reviewers screen, reviewer
-- group edits, reviews, force submit and mark as test, the open_to_all triggers, cascades, the demo
-- seed, test factories, the benchmark generator, a hand-written statement). Every trigger recomputes
-- the rows it may have changed from the tables as they stand (never adds or subtracts), so a write is
-- right whatever came before it in the transaction. "Reviewable" (submitted and not a test) is the
-- generated column submissions.reviewable.
--
-- Concurrency: everything is decided under the candidates' row locks, taken in id order (the order of
-- open-to-all.sql and the assignment service): an assignment change holds them through open_to_all's
-- trigger, a change of the submission itself holds its row, a rating locks its candidate as its
-- transaction commits (a review's first rating has already locked it, bumping the candidate's review
-- count: review-count.sql), a group membership change locks the group's candidates. Under READ COMMITTED
-- each statement of a function takes a fresh snapshot, so whatever another transaction committed while we
-- waited for a lock is seen.

-- The (member, candidate) rows of the candidates `subs` (only the members `only_users`, when not null)
-- made what the assignment tables say now.
CREATE OR REPLACE FUNCTION "reviewer_candidates_reconcile"(subs uuid[], only_users text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF subs IS NULL OR cardinality(subs) = 0 THEN
    RETURN;
  END IF;
  DELETE FROM reviewer_candidates rc
   WHERE rc.submission_id = ANY (subs)
     AND (only_users IS NULL OR rc.user_id = ANY (only_users))
     AND NOT EXISTS (SELECT 1 FROM submission_reviewers sr
                      WHERE sr.submission_id = rc.submission_id AND sr.user_id = rc.user_id)
     AND NOT EXISTS (SELECT 1 FROM submission_reviewer_groups sg
                       JOIN reviewer_group_members gm ON gm.group_id = sg.group_id
                      WHERE sg.submission_id = rc.submission_id AND gm.user_id = rc.user_id);
  INSERT INTO reviewer_candidates (submission_id, user_id, program_id, name_key, reviewable, rated)
  SELECT s.id, a.user_id, s.program_id, s.name_key,
         s.reviewable,
         EXISTS (SELECT 1 FROM reviews r
                  WHERE r.submission_id = s.id AND r.user_id = a.user_id AND r.rating > -1)
    FROM (SELECT sr.submission_id, sr.user_id FROM submission_reviewers sr
           WHERE sr.submission_id = ANY (subs) AND (only_users IS NULL OR sr.user_id = ANY (only_users))
          UNION
          SELECT sg.submission_id, gm.user_id FROM submission_reviewer_groups sg
            JOIN reviewer_group_members gm ON gm.group_id = sg.group_id
           WHERE sg.submission_id = ANY (subs) AND (only_users IS NULL OR gm.user_id = ANY (only_users))) a
    JOIN submissions s ON s.id = a.submission_id
    -- Within a cascade (a member's, a program's deletion) the rows being deleted are no longer seen:
    -- nothing is made for them.
   WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = a.user_id)
     AND EXISTS (SELECT 1 FROM programs p WHERE p.id = s.program_id)
  ON CONFLICT (submission_id, user_id) DO NOTHING;
END
$$;
--> statement-breakpoint
-- The rows of the pairs (pair_subs[i], pair_users[i]) that depend on the member's review of the candidate:
-- reviewer_candidates.rated, and the reviewer_open_ratings row. The candidates are locked first.
CREATE OR REPLACE FUNCTION "reviewer_ratings_sync"(pair_subs uuid[], pair_users text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF pair_subs IS NULL OR cardinality(pair_subs) = 0 THEN
    RETURN;
  END IF;
  PERFORM 1 FROM submissions WHERE id = ANY (pair_subs) ORDER BY id FOR NO KEY UPDATE;
  UPDATE reviewer_candidates rc SET rated = p.rated
    FROM (SELECT u.submission_id, u.user_id,
                 EXISTS (SELECT 1 FROM reviews r WHERE r.submission_id = u.submission_id
                           AND r.user_id = u.user_id AND r.rating > -1) AS rated
            FROM unnest(pair_subs, pair_users) AS u(submission_id, user_id)) p
   WHERE rc.submission_id = p.submission_id AND rc.user_id = p.user_id AND rc.rated IS DISTINCT FROM p.rated;
  DELETE FROM reviewer_open_ratings o
   USING unnest(pair_subs, pair_users) AS u(submission_id, user_id)
   WHERE o.submission_id = u.submission_id AND o.user_id = u.user_id
     AND NOT EXISTS (SELECT 1 FROM reviews r JOIN submissions s ON s.id = r.submission_id
                      WHERE r.submission_id = o.submission_id AND r.user_id = o.user_id AND r.rating > -1
                        AND s.open_to_all AND s.reviewable);
  INSERT INTO reviewer_open_ratings (submission_id, user_id, program_id)
  SELECT DISTINCT r.submission_id, r.user_id, s.program_id
    FROM unnest(pair_subs, pair_users) AS u(submission_id, user_id)
    JOIN reviews r ON r.submission_id = u.submission_id AND r.user_id = u.user_id
    JOIN submissions s ON s.id = r.submission_id
   WHERE r.rating > -1 AND s.open_to_all AND s.reviewable
     AND EXISTS (SELECT 1 FROM users x WHERE x.id = r.user_id)
     AND EXISTS (SELECT 1 FROM programs p WHERE p.id = s.program_id)
  ON CONFLICT (submission_id, user_id) DO NOTHING;
END
$$;
--> statement-breakpoint
-- submission_reviewers and submission_reviewer_groups: the candidates a statement touched.
CREATE OR REPLACE FUNCTION "submission_assignments_track_reviewer_candidates"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  subs uuid[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    -- Nothing is assigned any more through this table: every row is checked again.
    PERFORM reviewer_candidates_reconcile(ARRAY(SELECT DISTINCT submission_id FROM reviewer_candidates), NULL);
    RETURN NULL;
  ELSIF TG_OP = 'INSERT' THEN
    subs := ARRAY(SELECT DISTINCT submission_id FROM new_rows ORDER BY 1);
  ELSIF TG_OP = 'DELETE' THEN
    subs := ARRAY(SELECT DISTINCT submission_id FROM old_rows ORDER BY 1);
  ELSE
    subs := ARRAY(SELECT submission_id FROM new_rows UNION SELECT submission_id FROM old_rows ORDER BY 1);
  END IF;
  -- Already locked by open_to_all's trigger on the same statement (named before this one); taken again in
  -- case it is not, in the same order.
  PERFORM 1 FROM submissions WHERE id = ANY (subs) ORDER BY id FOR NO KEY UPDATE;
  IF TG_TABLE_NAME = 'submission_reviewers' AND TG_OP = 'INSERT' THEN
    -- Direct assignments added: exactly their pairs gain a row (a pair a group gives already has one).
    -- Reconciling their candidates whole would read every assignment of each again: 50,000 pairs applied
    -- at once (automatic assignment) spent seconds there.
    INSERT INTO reviewer_candidates (submission_id, user_id, program_id, name_key, reviewable, rated)
    SELECT s.id, n.user_id, s.program_id, s.name_key, s.reviewable,
           EXISTS (SELECT 1 FROM reviews r
                    WHERE r.submission_id = s.id AND r.user_id = n.user_id AND r.rating > -1)
      FROM new_rows n JOIN submissions s ON s.id = n.submission_id
     WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = n.user_id)
       AND EXISTS (SELECT 1 FROM programs p WHERE p.id = s.program_id)
    ON CONFLICT (submission_id, user_id) DO NOTHING;
  ELSIF TG_TABLE_NAME = 'submission_reviewers' AND TG_OP = 'DELETE' THEN
    -- Direct assignments removed: only their pairs may lose their row (kept when a group still gives it).
    DELETE FROM reviewer_candidates rc
     USING old_rows o
     WHERE rc.submission_id = o.submission_id AND rc.user_id = o.user_id
       AND NOT EXISTS (SELECT 1 FROM submission_reviewers sr
                        WHERE sr.submission_id = rc.submission_id AND sr.user_id = rc.user_id)
       AND NOT EXISTS (SELECT 1 FROM submission_reviewer_groups sg
                         JOIN reviewer_group_members gm ON gm.group_id = sg.group_id
                        WHERE sg.submission_id = rc.submission_id AND gm.user_id = rc.user_id);
  ELSE
    PERFORM reviewer_candidates_reconcile(subs, NULL);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- reviewer_group_members: the statement's members, for the candidates of the statement's groups.
CREATE OR REPLACE FUNCTION "reviewer_group_members_track_reviewer_candidates"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  members text[];
  subs uuid[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM reviewer_candidates_reconcile(ARRAY(SELECT DISTINCT submission_id FROM reviewer_candidates), NULL);
    RETURN NULL;
  ELSIF TG_OP = 'INSERT' THEN
    members := ARRAY(SELECT DISTINCT user_id FROM new_rows);
    subs := ARRAY(SELECT DISTINCT sg.submission_id FROM submission_reviewer_groups sg
                   WHERE sg.group_id IN (SELECT group_id FROM new_rows) ORDER BY 1);
  ELSIF TG_OP = 'DELETE' THEN
    members := ARRAY(SELECT DISTINCT user_id FROM old_rows);
    subs := ARRAY(SELECT DISTINCT sg.submission_id FROM submission_reviewer_groups sg
                   WHERE sg.group_id IN (SELECT group_id FROM old_rows) ORDER BY 1);
  ELSE
    members := ARRAY(SELECT user_id FROM new_rows UNION SELECT user_id FROM old_rows);
    subs := ARRAY(SELECT DISTINCT sg.submission_id FROM submission_reviewer_groups sg
                   WHERE sg.group_id IN (SELECT group_id FROM new_rows UNION SELECT group_id FROM old_rows)
                   ORDER BY 1);
  END IF;
  PERFORM 1 FROM submissions WHERE id = ANY (subs) ORDER BY id FOR NO KEY UPDATE;
  PERFORM reviewer_candidates_reconcile(subs, members);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- submissions: a candidate's list key, whether it is submitted and not a test, and whether it is open
-- to all (its row is locked by the UPDATE itself).
CREATE OR REPLACE FUNCTION "submissions_track_reviewer_candidates"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  now_reviewable boolean := NEW.reviewable;
  was_open boolean := OLD.reviewable AND OLD.open_to_all;
  now_open boolean := NEW.reviewable AND NEW.open_to_all;
BEGIN
  UPDATE reviewer_candidates
     SET name_key = NEW.name_key, reviewable = now_reviewable, program_id = NEW.program_id
   WHERE submission_id = NEW.id
     AND (name_key, reviewable, program_id) IS DISTINCT FROM (NEW.name_key, now_reviewable, NEW.program_id);
  IF was_open AND NOT now_open THEN
    DELETE FROM reviewer_open_ratings WHERE submission_id = NEW.id;
  ELSIF now_open AND NOT was_open THEN
    INSERT INTO reviewer_open_ratings (submission_id, user_id, program_id)
    SELECT r.submission_id, r.user_id, NEW.program_id FROM reviews r
     WHERE r.submission_id = NEW.id AND r.rating > -1
       AND EXISTS (SELECT 1 FROM users x WHERE x.id = r.user_id)
       AND EXISTS (SELECT 1 FROM programs p WHERE p.id = NEW.program_id)
    ON CONFLICT (submission_id, user_id) DO NOTHING;
  ELSIF OLD.program_id IS DISTINCT FROM NEW.program_id THEN
    UPDATE reviewer_open_ratings SET program_id = NEW.program_id WHERE submission_id = NEW.id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- reviews: the (candidate, member) pair of a review whose rating is or was above -1 (a review saved
-- unrated changes nothing), at commit (see the triggers).
CREATE OR REPLACE FUNCTION "reviews_track_reviewer_candidates"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE reviewer_candidates SET rated = false WHERE rated;
    DELETE FROM reviewer_open_ratings;
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM reviewer_ratings_sync(ARRAY[NEW.submission_id], ARRAY[NEW.user_id]);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM reviewer_ratings_sync(ARRAY[OLD.submission_id], ARRAY[OLD.user_id]);
  ELSE
    -- A rating that crossed -1, or a review moved: the old pair and the new one.
    PERFORM reviewer_ratings_sync(ARRAY[OLD.submission_id, NEW.submission_id], ARRAY[OLD.user_id, NEW.user_id]);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "submission_reviewers_reviewer_candidates_insert" AFTER INSERT ON "submission_reviewers"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "submission_assignments_track_reviewer_candidates"();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "submission_reviewers_reviewer_candidates_update" AFTER UPDATE ON "submission_reviewers"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "submission_assignments_track_reviewer_candidates"();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "submission_reviewers_reviewer_candidates_delete" AFTER DELETE ON "submission_reviewers"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "submission_assignments_track_reviewer_candidates"();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "submission_reviewers_reviewer_candidates_truncate" AFTER TRUNCATE ON "submission_reviewers"
  FOR EACH STATEMENT EXECUTE FUNCTION "submission_assignments_track_reviewer_candidates"();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "submission_reviewer_groups_reviewer_candidates_insert" AFTER INSERT ON "submission_reviewer_groups"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "submission_assignments_track_reviewer_candidates"();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "submission_reviewer_groups_reviewer_candidates_update" AFTER UPDATE ON "submission_reviewer_groups"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "submission_assignments_track_reviewer_candidates"();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "submission_reviewer_groups_reviewer_candidates_delete" AFTER DELETE ON "submission_reviewer_groups"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "submission_assignments_track_reviewer_candidates"();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "submission_reviewer_groups_reviewer_candidates_truncate" AFTER TRUNCATE ON "submission_reviewer_groups"
  FOR EACH STATEMENT EXECUTE FUNCTION "submission_assignments_track_reviewer_candidates"();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "reviewer_group_members_reviewer_candidates_insert" AFTER INSERT ON "reviewer_group_members"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "reviewer_group_members_track_reviewer_candidates"();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "reviewer_group_members_reviewer_candidates_update" AFTER UPDATE ON "reviewer_group_members"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "reviewer_group_members_track_reviewer_candidates"();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "reviewer_group_members_reviewer_candidates_delete" AFTER DELETE ON "reviewer_group_members"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "reviewer_group_members_track_reviewer_candidates"();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "reviewer_group_members_reviewer_candidates_truncate" AFTER TRUNCATE ON "reviewer_group_members"
  FOR EACH STATEMENT EXECUTE FUNCTION "reviewer_group_members_track_reviewer_candidates"();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "submissions_reviewer_candidates_update"
  AFTER UPDATE OF "program_id", "identifier", "submission_date", "soft_deleted" ON "submissions"
  FOR EACH ROW WHEN (OLD.program_id IS DISTINCT FROM NEW.program_id
    OR OLD.identifier IS DISTINCT FROM NEW.identifier
    OR OLD.reviewable IS DISTINCT FROM NEW.reviewable)
  EXECUTE FUNCTION "submissions_track_reviewer_candidates"();
--> statement-breakpoint
-- Deferred to commit, like the statistics versions' (statistics-versions.sql): a rating
-- locks its candidate only as its transaction commits, so reviewers saving the same candidate at once
-- never hold one another up (the first rating's review count bump takes that lock anyway). Until then
-- the transaction's own reads of the two tables do not show its ratings.
DROP TRIGGER IF EXISTS "reviews_reviewer_candidates_insert" ON "reviews";
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "reviews_reviewer_candidates_insert" AFTER INSERT ON "reviews"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.rating > -1)
  EXECUTE FUNCTION "reviews_track_reviewer_candidates"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "reviews_reviewer_candidates_delete" ON "reviews";
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "reviews_reviewer_candidates_delete" AFTER DELETE ON "reviews"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.rating > -1)
  EXECUTE FUNCTION "reviews_track_reviewer_candidates"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "reviews_reviewer_candidates_update" ON "reviews";
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "reviews_reviewer_candidates_update" AFTER UPDATE OF "rating", "submission_id", "user_id" ON "reviews"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN ((OLD.rating > -1) IS DISTINCT FROM (NEW.rating > -1)
    OR OLD.submission_id IS DISTINCT FROM NEW.submission_id
    OR OLD.user_id IS DISTINCT FROM NEW.user_id)
  EXECUTE FUNCTION "reviews_track_reviewer_candidates"();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "reviews_reviewer_candidates_truncate" AFTER TRUNCATE ON "reviews"
  FOR EACH STATEMENT EXECUTE FUNCTION "reviews_track_reviewer_candidates"();
--> statement-breakpoint
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
--> statement-breakpoint
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
--> statement-breakpoint
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
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "reviewer_candidates_count_insert" AFTER INSERT ON "reviewer_candidates"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "reviewer_candidates_count"();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "reviewer_candidates_count_update" AFTER UPDATE ON "reviewer_candidates"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "reviewer_candidates_count"();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "reviewer_candidates_count_delete" AFTER DELETE ON "reviewer_candidates"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "reviewer_candidates_count"();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "reviewer_candidates_count_truncate" AFTER TRUNCATE ON "reviewer_candidates"
  FOR EACH STATEMENT EXECUTE FUNCTION "reviewer_candidates_count"();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "reviewer_open_ratings_count_insert" AFTER INSERT ON "reviewer_open_ratings"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "reviewer_open_ratings_count"();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "reviewer_open_ratings_count_update" AFTER UPDATE ON "reviewer_open_ratings"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "reviewer_open_ratings_count"();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "reviewer_open_ratings_count_delete" AFTER DELETE ON "reviewer_open_ratings"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "reviewer_open_ratings_count"();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "reviewer_open_ratings_count_truncate" AFTER TRUNCATE ON "reviewer_open_ratings"
  FOR EACH STATEMENT EXECUTE FUNCTION "reviewer_open_ratings_count"();
--> statement-breakpoint
-- save_own_answers: an applicant's own save (first written by migrations/0019_save_own_answers.sql).
-- The current body of each function and trigger below (docs/database.md lists them, with the tests that
-- check them). Applied again whole by a migration whenever it changes: see docs/database.md, "Changing a
-- function or a trigger"; src/server/db/sql/sql-files.test.ts fails when this file and the database differ.
--
-- Autosave: an applicant's own save (src/server/submissions/service.ts, saveOwnAnswers) as a
-- function, so that PostgreSQL plans its UPDATE once per session and keeps the plan. Sent as a
-- statement of its own, the UPDATE was planned again on every save: with the "form still accepting"
-- condition's subqueries that was about half of the database's work per save on PGlite.
--
-- Every condition of the save is in the one UPDATE's WHERE, as before: the revision the applicant last
-- saw, still a draft, still on the same form version, still theirs (the same user, or an unclaimed draft
-- with the same token hash), and the form still accepting: published, and its latest applicant link
-- with no close date or one after saved_at (the rule of isAccepting in
-- src/server/forms/service.ts; submissions/save-own-answers.test.ts checks they agree). True when the
-- save was written; false when any condition failed and nothing was.
CREATE OR REPLACE FUNCTION "save_own_answers"(
  draft_id uuid,
  seen_revision integer,
  draft_version integer,
  owner_id text,
  owner_token_hash text,
  saved_answers json,
  saved_identifier text,
  saved_at timestamptz
) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  UPDATE submissions s
     SET answers = saved_answers, identifier = saved_identifier, last_save_date = saved_at,
         revision = seen_revision + 1
   WHERE s.id = draft_id
     AND s.revision = seen_revision
     AND s.submission_date IS NULL
     AND s.form_version = draft_version
     AND CASE WHEN owner_id IS NULL THEN s.user_id IS NULL AND s.guest_token_hash = owner_token_hash
              ELSE s.user_id = owner_id END
     AND EXISTS (SELECT 1 FROM forms f WHERE f.id = s.form_id AND NOT f.draft AND coalesce((
           SELECT l.close_at IS NULL OR l.close_at > saved_at FROM form_links l
            WHERE l.form_id = f.id AND l.kind = 'submission' ORDER BY l.created_at DESC LIMIT 1), false));
  RETURN FOUND;
END
$$;
--> statement-breakpoint
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
--> statement-breakpoint
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
--> statement-breakpoint
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
--> statement-breakpoint
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
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "statistics_user_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM statistics_bump(m.program_id, 'committee') FROM program_members m WHERE m.user_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
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
--> statement-breakpoint
-- TRUNCATE fires no row trigger: every program's counters move.
CREATE OR REPLACE FUNCTION "statistics_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE statistics_versions SET candidates = candidates + 1, reviews = reviews + 1,
    rankings = rankings + 1, committee = committee + 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "reviews_statistics" ON "reviews";
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "reviews_statistics" AFTER INSERT OR UPDATE OR DELETE ON "reviews"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "statistics_row_changed"('reviews');
--> statement-breakpoint
DROP TRIGGER IF EXISTS "rankings_statistics" ON "rankings";
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "rankings_statistics" AFTER INSERT OR UPDATE OR DELETE ON "rankings"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "statistics_row_changed"('rankings');
--> statement-breakpoint
DROP TRIGGER IF EXISTS "submissions_statistics_insert" ON "submissions";
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "submissions_statistics_insert" AFTER INSERT ON "submissions"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (NEW.reviewable)
  EXECUTE FUNCTION "statistics_row_changed"('candidates');
--> statement-breakpoint
DROP TRIGGER IF EXISTS "submissions_statistics_delete" ON "submissions";
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "submissions_statistics_delete" AFTER DELETE ON "submissions"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.reviewable)
  EXECUTE FUNCTION "statistics_row_changed"('candidates');
--> statement-breakpoint
DROP TRIGGER IF EXISTS "submissions_statistics_update" ON "submissions";
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "submissions_statistics_update" AFTER UPDATE ON "submissions"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD.reviewable OR NEW.reviewable)
    AND (OLD.program_id, OLD.identifier, OLD.status, OLD.amount_cents, OLD.reviewable)
      IS DISTINCT FROM (NEW.program_id, NEW.identifier, NEW.status, NEW.amount_cents, NEW.reviewable))
  EXECUTE FUNCTION "statistics_row_changed"('candidates');
--> statement-breakpoint
-- Direct assignments are written thousands at a time (automatic assignment, docs/decisions/
-- 034-automatic-assignment.md): one event per statement, not one per row queued until commit. Only admins
-- write them, so holding the shard row from the statement to the commit costs reviewers nothing.
DROP TRIGGER IF EXISTS "submission_reviewers_statistics" ON "submission_reviewers";
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "submission_reviewers_statistics_insert" AFTER INSERT ON "submission_reviewers"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "statistics_statement_changed"('committee');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "submission_reviewers_statistics_update" AFTER UPDATE ON "submission_reviewers"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "statistics_statement_changed"('committee');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "submission_reviewers_statistics_delete" AFTER DELETE ON "submission_reviewers"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "statistics_statement_changed"('committee');
--> statement-breakpoint
DROP TRIGGER IF EXISTS "submission_reviewer_groups_statistics" ON "submission_reviewer_groups";
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "submission_reviewer_groups_statistics" AFTER INSERT OR UPDATE OR DELETE ON "submission_reviewer_groups"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "statistics_row_changed"('committee');
--> statement-breakpoint
DROP TRIGGER IF EXISTS "reviewer_groups_statistics" ON "reviewer_groups";
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "reviewer_groups_statistics" AFTER INSERT OR UPDATE OR DELETE ON "reviewer_groups"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "statistics_row_changed"('committee');
--> statement-breakpoint
DROP TRIGGER IF EXISTS "reviewer_group_members_statistics" ON "reviewer_group_members";
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "reviewer_group_members_statistics" AFTER INSERT OR UPDATE OR DELETE ON "reviewer_group_members"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "statistics_group_member_changed"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "program_members_statistics" ON "program_members";
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "program_members_statistics" AFTER INSERT OR UPDATE OR DELETE ON "program_members"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "statistics_row_changed"('committee');
--> statement-breakpoint
DROP TRIGGER IF EXISTS "users_statistics" ON "users";
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "users_statistics" AFTER UPDATE ON "users"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD.name, OLD.email) IS DISTINCT FROM (NEW.name, NEW.email))
  EXECUTE FUNCTION "statistics_user_changed"();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "reviews_statistics_truncate" AFTER TRUNCATE ON "reviews"
  FOR EACH STATEMENT EXECUTE FUNCTION "statistics_truncated"();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "rankings_statistics_truncate" AFTER TRUNCATE ON "rankings"
  FOR EACH STATEMENT EXECUTE FUNCTION "statistics_truncated"();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "submissions_statistics_truncate" AFTER TRUNCATE ON "submissions"
  FOR EACH STATEMENT EXECUTE FUNCTION "statistics_truncated"();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "submission_reviewers_statistics_truncate" AFTER TRUNCATE ON "submission_reviewers"
  FOR EACH STATEMENT EXECUTE FUNCTION "statistics_truncated"();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "submission_reviewer_groups_statistics_truncate" AFTER TRUNCATE ON "submission_reviewer_groups"
  FOR EACH STATEMENT EXECUTE FUNCTION "statistics_truncated"();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "program_members_statistics_truncate" AFTER TRUNCATE ON "program_members"
  FOR EACH STATEMENT EXECUTE FUNCTION "statistics_truncated"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "conflicts_statistics" ON "conflicts";
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "conflicts_statistics" AFTER INSERT OR UPDATE OR DELETE ON "conflicts"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "statistics_conflict_changed"();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "conflicts_statistics_truncate" AFTER TRUNCATE ON "conflicts"
  FOR EACH STATEMENT EXECUTE FUNCTION "statistics_truncated"();
--> statement-breakpoint
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
--> statement-breakpoint
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
--> statement-breakpoint
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
--> statement-breakpoint
-- Named to fire before the table's other statement triggers (they fire in name order): a statement naming
-- a missing candidate or member fails before anything follows from it.
CREATE OR REPLACE TRIGGER "submission_reviewers_keys_insert" AFTER INSERT ON "submission_reviewers"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "submission_reviewers_check_keys"();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "submission_reviewers_keys_update" AFTER UPDATE ON "submission_reviewers"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "submission_reviewers_check_keys"();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "submissions_submission_reviewers_delete" AFTER DELETE ON "submissions"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "submission_reviewers_follow_deletion"();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "submissions_submission_reviewers_truncate" AFTER TRUNCATE ON "submissions"
  FOR EACH STATEMENT EXECUTE FUNCTION "submission_reviewers_follow_deletion"();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "submissions_submission_reviewers_key_change" AFTER UPDATE OF "id" ON "submissions"
  FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id) EXECUTE FUNCTION "submission_reviewers_refuse_key_change"();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "users_submission_reviewers_delete" AFTER DELETE ON "users"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "submission_reviewers_follow_deletion"();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "users_submission_reviewers_truncate" AFTER TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "submission_reviewers_follow_deletion"();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "users_submission_reviewers_key_change" AFTER UPDATE OF "id" ON "users"
  FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id) EXECUTE FUNCTION "submission_reviewers_refuse_key_change"();
--> statement-breakpoint
-- The counts as the two tables stand (their triggers above already hold off every writer until this
-- migration commits).
INSERT INTO "reviewer_list_counts" ("program_id", "user_id", "assigned", "assigned_rated", "open_rated")
SELECT d."program_id", d."user_id", sum(d."assigned"), sum(d."assigned_rated"), sum(d."open_rated")
  FROM (SELECT "program_id", "user_id", count(*) AS "assigned", count(*) FILTER (WHERE "rated") AS "assigned_rated",
               0 AS "open_rated"
          FROM "reviewer_candidates" WHERE "reviewable" GROUP BY "program_id", "user_id"
        UNION ALL
        SELECT "program_id", "user_id", 0, 0, count(*) FROM "reviewer_open_ratings" GROUP BY "program_id", "user_id") d
 GROUP BY d."program_id", d."user_id";
