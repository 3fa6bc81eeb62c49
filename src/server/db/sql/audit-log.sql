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
CREATE OR REPLACE TRIGGER "audit_events_append_only" BEFORE UPDATE OR DELETE ON "audit_events"
  FOR EACH ROW EXECUTE FUNCTION "audit_events_refuse_change"();
CREATE OR REPLACE TRIGGER "audit_events_no_truncate" BEFORE TRUNCATE ON "audit_events"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_events_refuse_change"();
