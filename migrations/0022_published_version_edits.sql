ALTER TABLE "form_versions" ADD COLUMN "edits" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Edits saved on a published form before versions took them: the published version takes them now.
UPDATE "form_versions" AS v SET "content" = f."content", "edits" = 1
FROM "forms" AS f
WHERE f."id" = v."form_id" AND f."published_version" = v."version" AND f."draft" = false
  AND f."content"::jsonb <> v."content"::jsonb;
