CREATE TABLE "auto_assignments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"program_id" uuid NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"params" jsonb NOT NULL,
	"added" jsonb NOT NULL,
	"removed" jsonb NOT NULL,
	"basis" text NOT NULL,
	"applied_at" timestamp with time zone,
	"applied_basis" text,
	"undone_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "auto_assignments" ADD CONSTRAINT "auto_assignments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_assignments" ADD CONSTRAINT "auto_assignments_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_assignments" ADD CONSTRAINT "auto_assignments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auto_assignments_program_idx" ON "auto_assignments" USING btree ("program_id","created_at");