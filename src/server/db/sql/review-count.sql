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
DROP TRIGGER IF EXISTS "reviews_count_started_insert" ON "reviews";
CREATE CONSTRAINT TRIGGER "reviews_count_started_insert" AFTER INSERT ON "reviews"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.started_at IS NOT NULL)
  EXECUTE FUNCTION "reviews_count_started"();
CREATE OR REPLACE TRIGGER "reviews_count_started_update" AFTER UPDATE OF "started_at" ON "reviews"
  FOR EACH ROW WHEN (OLD.started_at IS NULL AND NEW.started_at IS NOT NULL)
  EXECUTE FUNCTION "reviews_count_started"();
