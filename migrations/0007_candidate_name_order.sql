DROP INDEX "submissions_program_list_idx";--> statement-breakpoint
CREATE INDEX "submissions_program_name_idx" ON "submissions" USING btree ("program_id",lower(identifier),"id");