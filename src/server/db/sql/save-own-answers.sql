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
