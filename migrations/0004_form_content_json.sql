ALTER TABLE "form_versions" ALTER COLUMN "content" SET DATA TYPE json;--> statement-breakpoint
ALTER TABLE "forms" ALTER COLUMN "content" SET DATA TYPE json;