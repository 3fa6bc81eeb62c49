ALTER TABLE "form_links" ADD COLUMN "scheduled_close_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "forms" ADD COLUMN "slug" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "slug" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "contact_email" text;--> statement-breakpoint
CREATE UNIQUE INDEX "forms_organization_slug_unique" ON "forms" USING btree ("organization_id","slug");--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_slug_unique" UNIQUE("slug");