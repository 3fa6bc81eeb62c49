CREATE TABLE "translation_cache" (
	"source_hash" text NOT NULL,
	"target_language" text NOT NULL,
	"provider" text NOT NULL,
	"translated_text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "translation_cache_source_hash_target_language_provider_pk" PRIMARY KEY("source_hash","target_language","provider")
);
