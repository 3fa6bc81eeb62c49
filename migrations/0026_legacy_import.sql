CREATE TABLE "legacy_import_records" (
	"organization_id" uuid NOT NULL,
	"program_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"source_id" text NOT NULL,
	"target_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "legacy_import_records_program_id_kind_source_id_pk" PRIMARY KEY("program_id","kind","source_id")
);
--> statement-breakpoint
ALTER TABLE "legacy_import_records" ADD CONSTRAINT "legacy_import_records_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legacy_import_records" ADD CONSTRAINT "legacy_import_records_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "legacy_import_records_source_idx" ON "legacy_import_records" USING btree ("organization_id","kind","source_id");