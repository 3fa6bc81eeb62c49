CREATE TABLE "review_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"definition" jsonb NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "programs" ADD COLUMN "review_template_id" uuid;--> statement-breakpoint
ALTER TABLE "review_templates" ADD CONSTRAINT "review_templates_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_templates_org_idx" ON "review_templates" USING btree ("organization_id","name");--> statement-breakpoint
ALTER TABLE "programs" ADD CONSTRAINT "programs_review_template_id_review_templates_id_fk" FOREIGN KEY ("review_template_id") REFERENCES "public"."review_templates"("id") ON DELETE set null ON UPDATE no action;