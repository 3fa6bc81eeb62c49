CREATE TABLE "program_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"program_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"email" text NOT NULL,
	"role" "program_role" NOT NULL,
	"invited_by_user_id" text,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "program_invitations" ADD CONSTRAINT "program_invitations_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_invitations" ADD CONSTRAINT "program_invitations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_invitations" ADD CONSTRAINT "program_invitations_invited_by_user_id_users_id_fk" FOREIGN KEY ("invited_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "program_invitations_program_email" ON "program_invitations" USING btree ("program_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "program_invitations_token_hash" ON "program_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "program_invitations_email_idx" ON "program_invitations" USING btree ("email");--> statement-breakpoint
-- Decision 019: an account that was invited and never chose a password had been given its memberships
-- without consent. Each such membership becomes an invitation, already expired (the old set-password
-- links stop working: the admin resends), and the account goes unless something it wrote needs it.
CREATE TEMPORARY TABLE "legacy_invited" AS
  SELECT u."id", lower(u."email") AS "email" FROM "users" u
  WHERE NOT u."applicant"
    AND NOT EXISTS (SELECT 1 FROM "accounts" a WHERE a."user_id" = u."id" AND a."provider_id" = 'credential');
--> statement-breakpoint
INSERT INTO "program_invitations" ("program_id", "organization_id", "email", "role", "token_hash", "expires_at", "created_at", "last_sent_at")
  SELECT m."program_id", m."organization_id", l."email", m."role",
         encode(sha256(convert_to(gen_random_uuid()::text || clock_timestamp()::text || m."program_id"::text, 'UTF8')), 'hex'),
         now(), m."created_at", m."created_at"
  FROM "program_members" m JOIN "legacy_invited" l ON l."id" = m."user_id"
  ON CONFLICT DO NOTHING;
--> statement-breakpoint
DELETE FROM "program_members" WHERE "user_id" IN (SELECT "id" FROM "legacy_invited");
--> statement-breakpoint
DELETE FROM "verifications" WHERE "identifier" LIKE 'reset-password:%' AND "value" IN (SELECT "id" FROM "legacy_invited");
--> statement-breakpoint
DELETE FROM "users" u WHERE u."id" IN (SELECT "id" FROM "legacy_invited")
  AND u."admin_organization_id" IS NULL
  AND NOT EXISTS (SELECT 1 FROM "submissions" s WHERE s."user_id" = u."id")
  AND NOT EXISTS (SELECT 1 FROM "submission_edits" e WHERE e."user_id" = u."id")
  AND NOT EXISTS (SELECT 1 FROM "reviews" r WHERE r."user_id" = u."id")
  AND NOT EXISTS (SELECT 1 FROM "review_comments" c WHERE c."user_id" = u."id")
  AND NOT EXISTS (SELECT 1 FROM "rankings" k WHERE k."user_id" = u."id")
  AND NOT EXISTS (SELECT 1 FROM "export_jobs" x WHERE x."requested_by" = u."id");
--> statement-breakpoint
DROP TABLE "legacy_invited";
