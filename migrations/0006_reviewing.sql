CREATE TABLE "rankings" (
	"program_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"organization_id" uuid NOT NULL,
	"applications" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"top_five_changed" boolean DEFAULT false NOT NULL,
	"revision" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rankings_program_id_user_id_pk" PRIMARY KEY("program_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "review_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"program_id" uuid NOT NULL,
	"submission_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"section_id" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reviewer_group_members" (
	"group_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	CONSTRAINT "reviewer_group_members_group_id_user_id_pk" PRIMARY KEY("group_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "reviewer_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"program_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"program_id" uuid NOT NULL,
	"submission_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"rating" double precision DEFAULT -1 NOT NULL,
	"sections" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"started_at" timestamp with time zone,
	"last_reviewed" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "submission_reviewer_groups" (
	"submission_id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	"program_id" uuid NOT NULL,
	CONSTRAINT "submission_reviewer_groups_submission_id_group_id_pk" PRIMARY KEY("submission_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "submission_reviewers" (
	"submission_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"program_id" uuid NOT NULL,
	CONSTRAINT "submission_reviewers_submission_id_user_id_pk" PRIMARY KEY("submission_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "amount_cents" bigint;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "review_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "rankings" ADD CONSTRAINT "rankings_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rankings" ADD CONSTRAINT "rankings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rankings" ADD CONSTRAINT "rankings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_comments" ADD CONSTRAINT "review_comments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_comments" ADD CONSTRAINT "review_comments_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_comments" ADD CONSTRAINT "review_comments_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_comments" ADD CONSTRAINT "review_comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviewer_group_members" ADD CONSTRAINT "reviewer_group_members_group_id_reviewer_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."reviewer_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviewer_group_members" ADD CONSTRAINT "reviewer_group_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviewer_groups" ADD CONSTRAINT "reviewer_groups_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviewer_groups" ADD CONSTRAINT "reviewer_groups_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_reviewer_groups" ADD CONSTRAINT "submission_reviewer_groups_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_reviewer_groups" ADD CONSTRAINT "submission_reviewer_groups_group_id_reviewer_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."reviewer_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_reviewer_groups" ADD CONSTRAINT "submission_reviewer_groups_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_reviewers" ADD CONSTRAINT "submission_reviewers_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_reviewers" ADD CONSTRAINT "submission_reviewers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_reviewers" ADD CONSTRAINT "submission_reviewers_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_comments_submission_idx" ON "review_comments" USING btree ("submission_id","created_at");--> statement-breakpoint
CREATE INDEX "review_comments_program_idx" ON "review_comments" USING btree ("program_id","created_at");--> statement-breakpoint
CREATE INDEX "reviewer_group_members_user_idx" ON "reviewer_group_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "reviewer_groups_program_idx" ON "reviewer_groups" USING btree ("program_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_submission_user_unique" ON "reviews" USING btree ("submission_id","user_id");--> statement-breakpoint
CREATE INDEX "reviews_program_user_idx" ON "reviews" USING btree ("program_id","user_id");--> statement-breakpoint
CREATE INDEX "submission_reviewer_groups_group_idx" ON "submission_reviewer_groups" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "submission_reviewers_program_user_idx" ON "submission_reviewers" USING btree ("program_id","user_id");--> statement-breakpoint
CREATE INDEX "submissions_program_list_idx" ON "submissions" USING btree ("program_id","soft_deleted","identifier","id");