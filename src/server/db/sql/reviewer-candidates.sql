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
CREATE OR REPLACE TRIGGER "submission_reviewers_reviewer_candidates_insert" AFTER INSERT ON "submission_reviewers"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "submission_assignments_track_reviewer_candidates"();
CREATE OR REPLACE TRIGGER "submission_reviewers_reviewer_candidates_update" AFTER UPDATE ON "submission_reviewers"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "submission_assignments_track_reviewer_candidates"();
CREATE OR REPLACE TRIGGER "submission_reviewers_reviewer_candidates_delete" AFTER DELETE ON "submission_reviewers"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "submission_assignments_track_reviewer_candidates"();
CREATE OR REPLACE TRIGGER "submission_reviewers_reviewer_candidates_truncate" AFTER TRUNCATE ON "submission_reviewers"
  FOR EACH STATEMENT EXECUTE FUNCTION "submission_assignments_track_reviewer_candidates"();
CREATE OR REPLACE TRIGGER "submission_reviewer_groups_reviewer_candidates_insert" AFTER INSERT ON "submission_reviewer_groups"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "submission_assignments_track_reviewer_candidates"();
CREATE OR REPLACE TRIGGER "submission_reviewer_groups_reviewer_candidates_update" AFTER UPDATE ON "submission_reviewer_groups"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "submission_assignments_track_reviewer_candidates"();
CREATE OR REPLACE TRIGGER "submission_reviewer_groups_reviewer_candidates_delete" AFTER DELETE ON "submission_reviewer_groups"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "submission_assignments_track_reviewer_candidates"();
CREATE OR REPLACE TRIGGER "submission_reviewer_groups_reviewer_candidates_truncate" AFTER TRUNCATE ON "submission_reviewer_groups"
  FOR EACH STATEMENT EXECUTE FUNCTION "submission_assignments_track_reviewer_candidates"();
CREATE OR REPLACE TRIGGER "reviewer_group_members_reviewer_candidates_insert" AFTER INSERT ON "reviewer_group_members"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "reviewer_group_members_track_reviewer_candidates"();
CREATE OR REPLACE TRIGGER "reviewer_group_members_reviewer_candidates_update" AFTER UPDATE ON "reviewer_group_members"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "reviewer_group_members_track_reviewer_candidates"();
CREATE OR REPLACE TRIGGER "reviewer_group_members_reviewer_candidates_delete" AFTER DELETE ON "reviewer_group_members"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "reviewer_group_members_track_reviewer_candidates"();
CREATE OR REPLACE TRIGGER "reviewer_group_members_reviewer_candidates_truncate" AFTER TRUNCATE ON "reviewer_group_members"
  FOR EACH STATEMENT EXECUTE FUNCTION "reviewer_group_members_track_reviewer_candidates"();
CREATE OR REPLACE TRIGGER "submissions_reviewer_candidates_update"
  AFTER UPDATE OF "program_id", "identifier", "submission_date", "soft_deleted" ON "submissions"
  FOR EACH ROW WHEN (OLD.program_id IS DISTINCT FROM NEW.program_id
    OR OLD.identifier IS DISTINCT FROM NEW.identifier
    OR OLD.reviewable IS DISTINCT FROM NEW.reviewable)
  EXECUTE FUNCTION "submissions_track_reviewer_candidates"();
-- Deferred to commit, like the statistics versions' (statistics-versions.sql): a rating
-- locks its candidate only as its transaction commits, so reviewers saving the same candidate at once
-- never hold one another up (the first rating's review count bump takes that lock anyway). Until then
-- the transaction's own reads of the two tables do not show its ratings.
DROP TRIGGER IF EXISTS "reviews_reviewer_candidates_insert" ON "reviews";
CREATE CONSTRAINT TRIGGER "reviews_reviewer_candidates_insert" AFTER INSERT ON "reviews"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.rating > -1)
  EXECUTE FUNCTION "reviews_track_reviewer_candidates"();
DROP TRIGGER IF EXISTS "reviews_reviewer_candidates_delete" ON "reviews";
CREATE CONSTRAINT TRIGGER "reviews_reviewer_candidates_delete" AFTER DELETE ON "reviews"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.rating > -1)
  EXECUTE FUNCTION "reviews_track_reviewer_candidates"();
DROP TRIGGER IF EXISTS "reviews_reviewer_candidates_update" ON "reviews";
CREATE CONSTRAINT TRIGGER "reviews_reviewer_candidates_update" AFTER UPDATE OF "rating", "submission_id", "user_id" ON "reviews"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN ((OLD.rating > -1) IS DISTINCT FROM (NEW.rating > -1)
    OR OLD.submission_id IS DISTINCT FROM NEW.submission_id
    OR OLD.user_id IS DISTINCT FROM NEW.user_id)
  EXECUTE FUNCTION "reviews_track_reviewer_candidates"();
CREATE OR REPLACE TRIGGER "reviews_reviewer_candidates_truncate" AFTER TRUNCATE ON "reviews"
  FOR EACH STATEMENT EXECUTE FUNCTION "reviews_track_reviewer_candidates"();
