import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  json,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { PROGRAM_ROLES } from "../../shared/authz/roles";
import type { Answer } from "../../shared/forms/answers";
import type { FormContent } from "../../shared/forms/model";
import type { ReviewTemplateDefinition } from "../../shared/review/templates";
import type { AuditAction, AuditDetails, AuditSubjectType } from "../../shared/schemas/audit";
import type { ExportFormat, ExportKind, ExportStatus } from "../../shared/schemas/exports";
import type { DecisionStatus, ReviewSection } from "../../shared/schemas/reviews";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

// ---------------------------------------------------------------------------------------------
// Billing plans: global reference data (not tenant-owned).
// ---------------------------------------------------------------------------------------------
export const plans = pgTable("plans", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull().unique(),
  description: text("description").notNull().default(""),
  /** Monthly price in cents, so totals never drift through floating point. */
  priceCents: integer("price_cents").notNull(),
  /** 0 means "no limit" for every limit below, as in the seed product. */
  adminUsers: integer("admin_users").notNull(),
  reviewUsers: integer("review_users").notNull(),
  maxFileSizeMB: integer("max_file_size_mb").notNull(),
  maxFiles: integer("max_files").notNull(),
  maxPrograms: integer("max_programs").notNull(),
  logoBranding: boolean("logo_branding").notNull(),
  public: boolean("public").notNull(),
  createdAt: createdAt(),
});

// ---------------------------------------------------------------------------------------------
// Organizations: the tenants.
// ---------------------------------------------------------------------------------------------
export const organizations = pgTable("organizations", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull(),
  displayName: text("display_name").notNull(),
  /** Rating increment: 1 or 0.5, stored as tenths (10 or 5) to stay an integer. */
  incrementTenths: integer("increment_tenths").notNull().default(10),
  planId: uuid("plan_id")
    .notNull()
    .references(() => plans.id),
  /** The plan chosen at sign-up; the organization runs on the Free Trial plan until it pays. */
  requestedPlanId: uuid("requested_plan_id").references(() => plans.id),
  trialEndsAt: timestamp("trial_ends_at", { withTimezone: true }),
  paymentInterval: text("payment_interval"),
  paymentDate: timestamp("payment_date", { withTimezone: true }),
  stripeId: text("stripe_id"),
  nextPayment: timestamp("next_payment", { withTimezone: true }),
  /** Admins (organization and program) must sign in with two-factor authentication (decision 015). */
  requireAdminTwoFactor: boolean("require_admin_two_factor").notNull().default(false),
  /**
   * The first part of the organization's stable form addresses (/apply/{slug}/{form slug}), given when its
   * first form gets an address (docs/decisions/027-stable-form-address.md).
   */
  slug: text("slug").unique("organizations_slug_unique"),
  /** Where applicants reach the organization: shown on the closed form page (decision 027). */
  contactEmail: text("contact_email"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

// ---------------------------------------------------------------------------------------------
// better-auth tables. Property names are better-auth's field names; the product's own user
// fields (applicant, adminOrganizationId, …) are declared to better-auth as additional fields.
// ---------------------------------------------------------------------------------------------
export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull().default(""),
    email: text("email").notNull(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    preferredName: text("preferred_name"),
    applicant: boolean("applicant").notNull().default(false),
    adminOrganizationId: uuid("admin_organization_id").references(() => organizations.id, {
      onDelete: "set null",
    }),
    currentProgramId: uuid("current_program_id"),
    emailConsent: boolean("email_consent").notNull().default(false),
    lastLoginAt: timestamp("last_login_at", { withTimezone: true }),
    /** better-auth's twoFactor plugin: set once an authenticator's first code is verified. */
    twoFactorEnabled: boolean("two_factor_enabled").notNull().default(false),
    /**
     * The language the person chose on an applicant page ("en" or "fr"), kept with the account so the
     * choice follows them to their next sign-in and to another browser (docs/decisions/028). Null: never chosen.
     */
    language: text("language").$type<"en" | "fr">(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("users_email_unique").on(sql`lower(${t.email})`),
    // better-auth looks users up with a plain `email = $1` (emails are stored lowercased).
    index("users_email_idx").on(t.email),
    index("users_admin_org_idx").on(t.adminOrganizationId),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    token: text("token").notNull().unique(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("accounts_user_idx").on(t.userId)],
);

export const verifications = pgTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("verifications_identifier_idx").on(t.identifier)],
);

/**
 * better-auth's twoFactor plugin (decision 015): one row per user who started setting up an authenticator.
 * `secret` and `backup_codes` are encrypted with the auth secret; `verified` is false until the first code
 * is confirmed; the failure count and lock are better-auth's account lockout on sign-in.
 */
export const twoFactors = pgTable(
  "two_factors",
  {
    id: text("id").primaryKey(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    verified: boolean("verified").notNull().default(true),
    failedVerificationCount: integer("failed_verification_count").notNull().default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
  },
  (t) => [uniqueIndex("two_factors_user_unique").on(t.userId)],
);

/** better-auth's limiter counters live in the database so that several app instances share them. */
export const rateLimits = pgTable("rate_limits", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

// ---------------------------------------------------------------------------------------------
// Programs and who may do what in them.
// ---------------------------------------------------------------------------------------------
/**
 * Fixed review templates of an organization (docs/decisions/040-review-templates.md): rules placing a
 * legacy form's questions, by wording, under the nine canvas sections. The definition is kept whole, as
 * it is exported and imported.
 */
export const reviewTemplates = pgTable(
  "review_templates",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    definition: jsonb("definition").$type<ReviewTemplateDefinition>().notNull(),
    revision: integer("revision").notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("review_templates_org_idx").on(t.organizationId, t.name)],
);

export const programs = pgTable(
  "programs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    appVersion: integer("app_version").notNull().default(3),
    archived: boolean("archived").notNull().default(false),
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    allowEdit: boolean("allow_edit").notNull().default(false),
    overrideFinalRating: boolean("override_final_rating").notNull().default(false),
    reviewSettings: jsonb("review_settings")
      .$type<{
        candidateOrder?: "shuffled" | "name";
        enableStackedRankings?: boolean;
        comments?: { commentText?: string };
        showFinalRating?: boolean;
        finalReviewText?: string;
        askNoConflict?: boolean;
      }>()
      .notNull()
      .default({}),
    /**
     * When the candidate decisions are shown to applicants in their portal (now or a date ahead, chosen by the
     * program's admins); null: not released (docs/decisions/038-decision-release-and-portal.md).
     */
    decisionsReleaseAt: timestamp("decisions_release_at", { withTimezone: true }),
    /** A legacy program's review template (docs/decisions/040-review-templates.md); deleting it unbinds. */
    reviewTemplateId: uuid("review_template_id").references(() => reviewTemplates.id, {
      onDelete: "set null",
    }),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("programs_org_idx").on(t.organizationId, t.archived, t.name)],
);

export const programRole = pgEnum("program_role", PROGRAM_ROLES);

export const programMembers = pgTable(
  "program_members",
  {
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    programId: uuid("program_id")
      .notNull()
      .references(() => programs.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: programRole("role").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("program_members_program_user").on(t.programId, t.userId),
    index("program_members_user_idx").on(t.userId),
    // Plan seats are counted per organization, person by person.
    index("program_members_org_user_idx").on(t.organizationId, t.userId),
  ],
);

/**
 * Invitations to a program waiting for the invitee's consent (decision 019). Nothing here gives any
 * access: every access check reads program_members only. The token travels only in the email; the
 * row keeps its SHA-256. One invitation per (program, address); resending replaces the token.
 */
export const programInvitations = pgTable(
  "program_invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    programId: uuid("program_id")
      .notNull()
      .references(() => programs.id, { onDelete: "cascade" }),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    /** Lowercased and trimmed, as typed by the admin (an account with it may not exist). */
    email: text("email").notNull(),
    role: programRole("role").notNull(),
    invitedByUserId: text("invited_by_user_id").references(() => users.id, { onDelete: "set null" }),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    lastSentAt: timestamp("last_sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("program_invitations_program_email").on(t.programId, t.email),
    uniqueIndex("program_invitations_token_hash").on(t.tokenHash),
    // An account's own pending invitations (the Programs page).
    index("program_invitations_email_idx").on(t.email),
  ],
);

// ---------------------------------------------------------------------------------------------
// Email outbox: every message is written here first (in the same transaction as the change that
// caused it) and a dispatcher delivers it, so a provider outage never loses mail.
// ---------------------------------------------------------------------------------------------
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id").references(() => organizations.id, { onDelete: "set null" }),
    kind: text("kind").notNull(),
    to: text("to").array().notNull(),
    bcc: text("bcc").array().notNull().default(sql`'{}'::text[]`),
    replyTo: text("reply_to"),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    /** pending → sending → sent | failed (gave up after the last retry). */
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    transport: text("transport"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /**
     * One message per key: a request retried after a timeout or a crash enqueues nothing twice
     * (e.g. "{idempotency key}:{submission id}" for the committee's emails).
     */
    dedupeKey: text("dedupe_key"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("email_outbox_dedupe_key_unique").on(t.dedupeKey),
    index("email_outbox_due_idx").on(t.status, t.nextAttemptAt),
    index("email_outbox_created_idx").on(t.createdAt),
  ],
);

export const errorReports = pgTable(
  "error_reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id").references(() => organizations.id, { onDelete: "set null" }),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    code: text("code").notNull(),
    message: text("message").notNull(),
    path: text("path"),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
  },
  (t) => [index("error_reports_created_idx").on(t.createdAt)],
);

export const feedback = pgTable("feedback", {
  id: uuid("id").primaryKey().defaultRandom(),
  organizationId: uuid("organization_id").references(() => organizations.id, { onDelete: "set null" }),
  userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
  experience: text("experience").notNull(),
  feedbackType: text("feedback_type").notNull(),
  comment: text("comment").notNull(),
  createdAt: createdAt(),
});

// ---------------------------------------------------------------------------------------------
// Billing: every plan change is recorded (who, how, from what), and every Stripe event applied
// once — the event id is the key, so a replayed delivery changes nothing.
// ---------------------------------------------------------------------------------------------
export const planChanges = pgTable(
  "plan_changes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    fromPlanId: uuid("from_plan_id").references(() => plans.id),
    toPlanId: uuid("to_plan_id")
      .notNull()
      .references(() => plans.id),
    /** "manual" (billing off, by the organization admin) or "stripe" (the verified webhook). */
    source: text("source").notNull(),
    changedBy: text("changed_by").references(() => users.id, { onDelete: "set null" }),
    stripeEventId: text("stripe_event_id"),
    createdAt: createdAt(),
  },
  (t) => [index("plan_changes_org_idx").on(t.organizationId, t.createdAt)],
);

export const stripeEvents = pgTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});

// ---------------------------------------------------------------------------------------------
// Forms: one per program, its content one JSON document (a 1,000-question form is one row write).
// Publishing freezes the content as a numbered version; submissions record the version they were
// made on, so later edits never change what an answer meant.
// ---------------------------------------------------------------------------------------------
export const forms = pgTable(
  "forms",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    programId: uuid("program_id")
      .notNull()
      .unique()
      .references(() => programs.id, { onDelete: "cascade" }),
    /**
     * json, not jsonb: the document is always read and written whole and never queried inside, and
     * json skips the binary conversion that made up a third of a large form's save.
     */
    content: json("content").$type<FormContent>().notNull(),
    draft: boolean("draft").notNull().default(true),
    allowEdit: boolean("allow_edit").notNull().default(false),
    /** Bumped by every change to the content: a save based on an older revision is refused. */
    revision: integer("revision").notNull().default(0),
    publishedVersion: integer("published_version"),
    /**
     * Who is told about each new submission (forms-and-applicants, "7. The calls": the notice to an admin
     * list), chosen per form among the program's admins; empty (the default) sends no notice (docs/decisions/028).
     */
    submissionNoticeUserIds: text("submission_notice_user_ids").array().notNull().default(sql`'{}'::text[]`),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    lastEditedAt: timestamp("last_edited_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * The form's part of its stable address, unique in the organization: the address always opens the
     * latest applicant link (docs/decisions/027-stable-form-address.md).
     */
    slug: text("slug"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("forms_organization_slug_unique").on(t.organizationId, t.slug)],
);

export const formVersions = pgTable(
  "form_versions",
  {
    formId: uuid("form_id")
      .notNull()
      .references(() => forms.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    content: json("content").$type<FormContent>().notNull(),
    /**
     * Counts the edits the published version has taken since publishing (titles, descriptions, criteria,
     * look, French: what a published form still allows, decision 006), so every instance's cache of
     * the version knows when it is stale.
     */
    edits: integer("edits").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.formId, t.version] })],
);

/** The preview link and the applicant (submission) links of a form; the latest submission link decides access. */
export const formLinks = pgTable(
  "form_links",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    formId: uuid("form_id")
      .notNull()
      .references(() => forms.id, { onDelete: "cascade" }),
    kind: text("kind").$type<"preview" | "submission">().notNull(),
    openAt: timestamp("open_at", { withTimezone: true }).notNull().defaultNow(),
    closeAt: timestamp("close_at", { withTimezone: true }),
    /**
     * The close the administrators had scheduled when the link was closed early ("Close now"): a reopening
     * keeps it (docs/decisions/027-stable-form-address.md).
     */
    scheduledCloseAt: timestamp("scheduled_close_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("form_links_form_idx").on(t.formId, t.kind, t.createdAt)],
);

// ---------------------------------------------------------------------------------------------
// Submissions: an applicant's answers to one frozen form version. A draft has no submission date.
// Answers are one JSON document (read and written whole, like a form's content).
// ---------------------------------------------------------------------------------------------
export const submissions = pgTable(
  "submissions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    programId: uuid("program_id")
      .notNull()
      .references(() => programs.id, { onDelete: "cascade" }),
    formId: uuid("form_id")
      .notNull()
      .references(() => forms.id, { onDelete: "cascade" }),
    formVersion: integer("form_version").notNull(),
    linkId: uuid("link_id").references(() => formLinks.id, { onDelete: "set null" }),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    /** A guest's draft: the SHA-256 of the token only its holder has (cleared when claimed). */
    guestTokenHash: text("guest_token_hash"),
    answers: json("answers").$type<Answer[]>().notNull(),
    identifier: text("identifier").notNull().default(""),
    submissionDate: timestamp("submission_date", { withTimezone: true }),
    lastSaveDate: timestamp("last_save_date", { withTimezone: true }).notNull().defaultNow(),
    /** Bumped by every save: a save based on an older revision (a stale tab) is refused. */
    revision: integer("revision").notNull().default(0),
    /** Test submissions (review-and-administration: "mark as test"). */
    softDeleted: boolean("soft_deleted").notNull().default(false),
    /** The candidate decision (review-and-administration, "4. States and transitions"). */
    status: text("status").$type<DecisionStatus>().notNull().default("pending"),
    /** The grant amount in cents: exact, so totals never drift. Null until an admin sets one. */
    amountCents: bigint("amount_cents", { mode: "number" }),
    /** Reviews started (a rating above -1 saved): one per review, once, by a trigger on reviews (src/server/db/sql/review-count.sql). */
    reviewCount: integer("review_count").notNull().default(0),
    /**
     * Assigned to no committee member and no reviewer group, so every committee member of the program
     * sees it (review-and-administration, "6. Roles and permissions"). Kept by database triggers on
     * submission_reviewers and submission_reviewer_groups (src/server/db/sql/open-to-all.sql): never written by
     * the application.
     */
    openToAll: boolean("open_to_all").notNull().default(true),
    /**
     * The list order's key, lower(identifier), stored so the index of the candidates open to all holds
     * it as a column: a page or a count is then read from the index alone (an index-only scan cannot
     * give back an expression). Plain column name: drizzle-kit would qualify it with the table.
     */
    nameKey: text("name_key").generatedAlwaysAs(sql`lower(identifier)`),
    /**
     * "Reviewable": submitted and not a test. The one definition of the rule: the triggers
     * (src/server/db/sql/), the partial indexes below and the queries (isReviewableSql in
     * src/server/reviewing/candidates.ts) all read this column (docs/database.md, "Reviewable").
     */
    reviewable: boolean("reviewable")
      .notNull()
      .generatedAlwaysAs(sql`submission_date is not null and not soft_deleted`),
    /**
     * The candidate's place in the shuffled order of committee members' lists (decision
     * 037-per-reviewer-order.md): 32 bits of md5(id), read as an unsigned number. Each member walks it
     * from their own starting point (SHUFFLE_KEYS in src/server/reviewing/list-order.ts).
     */
    shuffleKey: bigint("shuffle_key", { mode: "number" })
      .notNull()
      .generatedAlwaysAs(sql`('x' || substr(md5(id::text), 1, 8))::bit(32)::bigint`),
    createdAt: createdAt(),
  },
  (t) => [
    index("submissions_form_idx").on(t.formId, t.submissionDate),
    index("submissions_program_idx").on(t.programId, t.createdAt),
    // The candidate lists and their previous/next: a program's applications in name order (case-insensitive).
    // Plain column names in the expression: drizzle-kit would qualify them with the table.
    index("submissions_program_name_idx").on(t.programId, sql`lower(identifier)`, t.id),
    // A committee member's list is the candidates open to all (this index, in list order: a page is a
    // walk that stops after it, and it and their number are read from the index alone) merged with the
    // few assigned to them or their groups. Plain column names: an index predicate refuses qualified ones.
    index("submissions_open_name_idx")
      .on(t.programId, t.nameKey, t.id)
      .where(sql`reviewable and open_to_all`),
    // Assign Reviewers: a program's submitted candidates in list order, so that a page and a search's
    // total (a name that contains the search: every name is read) come from the index alone.
    index("submissions_reviewable_name_idx").on(t.programId, t.nameKey, t.id).where(sql`reviewable`),
    // The same candidates open to all in the shuffled order (decision 037-per-reviewer-order.md).
    index("submissions_open_shuffle_idx")
      .on(t.programId, t.shuffleKey, t.id)
      .where(sql`reviewable and open_to_all`),
    index("submissions_user_idx").on(t.userId, t.createdAt),
    // One application per person per form: opening the link again resumes it.
    uniqueIndex("submissions_form_user_unique")
      .on(t.formId, t.userId)
      // Plain column names: drizzle-kit would qualify them with the table, which an index predicate refuses.
      .where(sql`user_id is not null and soft_deleted = false`),
  ],
);

/**
 * How many of a program's submissions each list holds (a list's total must not cost a count of
 * the program): every one (Admin Mode), the submitted non-tests (an admin's list, Assign reviewers), and
 * of those the ones open to the whole committee (the part of a committee member's list they share).
 * Kept by triggers on submissions in the writing transaction (src/server/db/sql/program-counts.sql):
 * never written by the application. A program with no row has no submissions.
 */
export const programSubmissionCounts = pgTable("program_submission_counts", {
  programId: uuid("program_id")
    .primaryKey()
    .references(() => programs.id, { onDelete: "cascade" }),
  submissions: integer("submissions").notNull().default(0),
  reviewable: integer("reviewable").notNull().default(0),
  openReviewable: integer("open_reviewable").notNull().default(0),
});

/** Files uploaded for a submission's file questions (bytes in the private bucket under `key`). */
export const submissionFiles = pgTable(
  "submission_files",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    submissionId: uuid("submission_id")
      .notNull()
      .references(() => submissions.id, { onDelete: "cascade" }),
    questionId: text("question_id").notNull(),
    key: text("key").notNull(),
    name: text("name").notNull(),
    size: integer("size").notNull(),
    contentType: text("content_type").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("submission_files_submission_idx").on(t.submissionId, t.createdAt)],
);

/** Admin edits of submissions: who changed which answers, when (docs/decisions/007-submissions.md). */
export const submissionEdits = pgTable(
  "submission_edits",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    submissionId: uuid("submission_id")
      .notNull()
      .references(() => submissions.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    changes: json("changes")
      .$type<{ questionId: string; before: Answer | null; after: Answer | null }[]>()
      .notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("submission_edits_submission_idx").on(t.submissionId, t.createdAt)],
);

/**
 * "Email me a link to continue" (docs/decisions/028): a guest's way back to their application from another
 * browser. The link's token is kept hashed; it works once (used_at) and until expires_at, and opening it
 * gives that browser a new guest token for the submission.
 */
export const guestContinueLinks = pgTable(
  "guest_continue_links",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    submissionId: uuid("submission_id")
      .notNull()
      .references(() => submissions.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("guest_continue_links_token_unique").on(t.tokenHash),
    index("guest_continue_links_submission_idx").on(t.submissionId),
  ],
);

// ---------------------------------------------------------------------------------------------
// Reviewing: who reviews which candidate, the reviews (ratings per section and criterion), comments
// and each committee member's stacked ranking.
// ---------------------------------------------------------------------------------------------
export const reviewerGroups = pgTable(
  "reviewer_groups",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    programId: uuid("program_id")
      .notNull()
      .references(() => programs.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [index("reviewer_groups_program_idx").on(t.programId, t.name)],
);

export const reviewerGroupMembers = pgTable(
  "reviewer_group_members",
  {
    groupId: uuid("group_id")
      .notNull()
      .references(() => reviewerGroups.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.userId] }),
    index("reviewer_group_members_user_idx").on(t.userId),
  ],
);

/** A committee member assigned to a candidate directly. A candidate with none (and no group) is everyone's. */
export const submissionReviewers = pgTable(
  "submission_reviewers",
  {
    // No foreign keys: the keys to the candidate and the member are checked, and their deletions followed,
    // once per statement by triggers (src/server/db/sql/submission-reviewers-keys.sql): checked row by row,
    // they took a third of the time of 50,000 assignments applied at once
    // (docs/decisions/034-automatic-assignment.md). A program's deletion goes through its submissions.
    submissionId: uuid("submission_id").notNull(),
    userId: text("user_id").notNull(),
    programId: uuid("program_id").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.submissionId, t.userId] }),
    index("submission_reviewers_program_user_idx").on(t.programId, t.userId),
  ],
);

export const submissionReviewerGroups = pgTable(
  "submission_reviewer_groups",
  {
    submissionId: uuid("submission_id")
      .notNull()
      .references(() => submissions.id, { onDelete: "cascade" }),
    groupId: uuid("group_id")
      .notNull()
      .references(() => reviewerGroups.id, { onDelete: "cascade" }),
    programId: uuid("program_id")
      .notNull()
      .references(() => programs.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.submissionId, t.groupId] }),
    index("submission_reviewer_groups_group_idx").on(t.groupId),
    // The candidate list's and reviewer statistics' "assigned through a group" reads a program's rows.
    index("submission_reviewer_groups_program_group_idx").on(t.programId, t.groupId),
  ],
);

/** One committee member's review of one candidate: the overall rating and one entry per section. */
export const reviews = pgTable(
  "reviews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    programId: uuid("program_id")
      .notNull()
      .references(() => programs.id, { onDelete: "cascade" }),
    submissionId: uuid("submission_id")
      .notNull()
      .references(() => submissions.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** -1: not rated. Halves are exact in binary floating point, so a double holds every allowed value. */
    rating: doublePrecision("rating").notNull().default(-1),
    /**
     * appVersion 3: the overall computed from the criteria alone ("suggested"), kept at every save so the
     * statistics average it in SQL; null for other versions and while no criterion counts.
     */
    suggestedRating: doublePrecision("suggested_rating"),
    sections: jsonb("sections").$type<ReviewSection[]>().notNull().default([]),
    /** When the rating first rose above -1 (the review counts from then on). */
    startedAt: timestamp("started_at", { withTimezone: true }),
    lastReviewed: timestamp("last_reviewed", { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the member confirmed they have no conflict of interest with the candidate, where the program
     * asks for it before an application is opened (docs/decisions/036-conflicts-of-interest.md).
     */
    noConflictConfirmedAt: timestamp("no_conflict_confirmed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("reviews_submission_user_unique").on(t.submissionId, t.userId),
    index("reviews_program_user_idx").on(t.programId, t.userId),
    // Candidate Statistics reads every review of a program but only these columns: an index-only scan
    // instead of the wide rows (sections jsonb) — 216 → 130 ms for 66,000 reviews on PGlite.
    index("reviews_program_stats_idx").on(t.programId, t.submissionId, t.rating, t.userId, t.suggestedRating),
  ],
);

/**
 * The candidates assigned to a committee member, directly or through a reviewer group: one row per
 * (member, candidate), with the candidate's list key (submissions.name_key), whether it is submitted and
 * not a test, and whether the member rated it (their review's rating is above -1). A member's list is
 * these and the candidates open to all (review-and-administration, "6. Roles and permissions"), each read in
 * list order from its own index, so a page and the list's counts cost the same whatever the size of the
 * program. Kept by database triggers on the assignment tables, reviewer_group_members, submissions and
 * reviews (src/server/db/sql/reviewer-candidates.sql): never written by the application.
 */
export const reviewerCandidates = pgTable(
  "reviewer_candidates",
  {
    // No foreign keys: every row is made and removed by the triggers of the assignment tables
    // (src/server/db/sql/reviewer-candidates.sql), which follow their deletions too (a candidate's, a
    // member's, a program's cascade through them). Checked row by row, the keys cost more than the
    // triggers when 50,000 assignments are applied at once (docs/decisions/034-automatic-assignment.md).
    submissionId: uuid("submission_id").notNull(),
    userId: text("user_id").notNull(),
    programId: uuid("program_id").notNull(),
    nameKey: text("name_key").notNull(),
    reviewable: boolean("reviewable").notNull(),
    rated: boolean("rated").notNull().default(false),
    /**
     * The candidate's place in the member's own shuffled order (decision 037-per-reviewer-order.md): 32 bits
     * of md5(member:candidate), read as an unsigned number, so two members' orders differ.
     */
    shuffleKey: bigint("shuffle_key", { mode: "number" })
      .notNull()
      .generatedAlwaysAs(
        sql`('x' || substr(md5(user_id || ':' || submission_id::text), 1, 8))::bit(32)::bigint`,
      ),
  },
  (t) => [
    primaryKey({ columns: [t.submissionId, t.userId] }),
    // A member's assigned candidates in list order, a page read from the index alone (their counts are kept
    // in reviewer_list_counts).
    // Plain column name: an index predicate refuses qualified ones.
    index("reviewer_candidates_list_idx")
      .on(t.programId, t.userId, t.nameKey, t.submissionId, t.rated)
      .where(sql`reviewable`),
    // The same in the member's shuffled order (decision 037-per-reviewer-order.md).
    index("reviewer_candidates_shuffle_idx")
      .on(t.programId, t.userId, t.shuffleKey, t.submissionId, t.rated)
      .where(sql`reviewable`),
  ],
);

/**
 * A committee member's rated reviews (a rating above -1) of candidates open to all that are submitted
 * and not tests: with reviewer_candidates' rated rows, the "ratings done" of the two-step bar, counted
 * from an index. Kept by the same triggers (src/server/db/sql/reviewer-candidates.sql).
 */
export const reviewerOpenRatings = pgTable(
  "reviewer_open_ratings",
  {
    submissionId: uuid("submission_id")
      .notNull()
      .references(() => submissions.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    programId: uuid("program_id")
      .notNull()
      .references(() => programs.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.submissionId, t.userId] }),
    index("reviewer_open_ratings_program_user_idx").on(t.programId, t.userId),
  ],
);

/**
 * A committee member's counts in a program, for step 1's total and two-step bar: how many of their
 * assigned candidates are reviewable (reviewer_candidates' reviewable rows), how many of those they rated,
 * and how many candidates open to all they rated (reviewer_open_ratings' rows). One primary-key read
 * instead of a walk of the member's rows, whose heap pages a program of 100,000 scatters over thousands of
 * pages (docs/decisions/052-members-list-counts.md). Kept by statement triggers on those two tables
 * (src/server/db/sql/reviewer-candidates.sql), which add what each statement changed: never written by the
 * application. A row whose counts are all 0 is removed. No foreign keys, like reviewer_candidates: the rows
 * follow those tables' deletions.
 */
export const reviewerListCounts = pgTable(
  "reviewer_list_counts",
  {
    programId: uuid("program_id").notNull(),
    userId: text("user_id").notNull(),
    assigned: integer("assigned").notNull().default(0),
    assignedRated: integer("assigned_rated").notNull().default(0),
    openRated: integer("open_rated").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.programId, t.userId] })],
);

/**
 * Conflicts of interest (docs/decisions/036-conflicts-of-interest.md): a committee member who must not
 * judge a candidate, declared by themselves or recorded by an admin on their behalf. While active (not
 * reverted) the candidate leaves the member's list, ranking and two-step bar, and their review and ranking
 * position count in no statistic; the review itself is kept. Reverting sets `reverted_at` (the row stays,
 * so the history can be read); a new declaration after a revert is a new row.
 */
export const conflicts = pgTable(
  "conflicts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    programId: uuid("program_id")
      .notNull()
      .references(() => programs.id, { onDelete: "cascade" }),
    submissionId: uuid("submission_id")
      .notNull()
      .references(() => submissions.id, { onDelete: "cascade" }),
    /** The conflicted committee member. */
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Optional, in the member's words; read by the program's admins only. */
    reason: text("reason").notNull().default(""),
    /** "self": the member declared it; "admin": an admin recorded it on their behalf. */
    declaredBy: text("declared_by").$type<"self" | "admin">().notNull(),
    /** Who wrote it: the member, or the admin who recorded it. */
    recordedBy: text("recorded_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    revertedAt: timestamp("reverted_at", { withTimezone: true }),
    revertedBy: text("reverted_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    // One active conflict per (candidate, member); reverted ones are history.
    uniqueIndex("conflicts_active_unique").on(t.submissionId, t.userId).where(sql`reverted_at is null`),
    // A member's active conflicts in a program: the lists, counts and statistics leave them out.
    index("conflicts_active_program_user_idx")
      .on(t.programId, t.userId, t.submissionId)
      .where(sql`reverted_at is null`),
    index("conflicts_program_created_idx").on(t.programId, t.createdAt),
  ],
);

/** Comments on a candidate's section: seen by their author and the program's admins only. */
export const reviewComments = pgTable(
  "review_comments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    programId: uuid("program_id")
      .notNull()
      .references(() => programs.id, { onDelete: "cascade" }),
    submissionId: uuid("submission_id")
      .notNull()
      .references(() => submissions.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sectionId: text("section_id").notNull(),
    body: text("body").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("review_comments_submission_idx").on(t.submissionId, t.createdAt),
    index("review_comments_program_idx").on(t.programId, t.createdAt),
  ],
);

/** A committee member's stacked ranking: candidate ids best first. `revision` refuses stale tabs. */
export const rankings = pgTable(
  "rankings",
  {
    programId: uuid("program_id")
      .notNull()
      .references(() => programs.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    applications: jsonb("applications").$type<string[]>().notNull().default([]),
    /**
     * Set once a drag put a candidate into the top five (review-and-administration,
     * "4. States and transitions").
     */
    topFiveChanged: boolean("top_five_changed").notNull().default(false),
    revision: integer("revision").notNull().default(0),
    /**
     * When the member last confirmed the order as it stood with "Confirm ranking", untouched or not
     * (docs/decisions/029-review-settings-and-rankings.md); null until they do. `updatedAt` is the last save.
     */
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.programId, t.userId] })],
);

// ---------------------------------------------------------------------------------------------
// Exports (docs/decisions/011-exports.md): durable jobs claimed by the runner
// (src/server/exports/job-runner.ts).
// ---------------------------------------------------------------------------------------------

/**
 * One export an admin asked for: queued → running → ready | failed. A running job holds a lease
 * (`locked_until`) that its runner renews; when the lease runs out (a crash, a restart) the job is
 * claimed again and started over. `attempts` is the claim's number and, with `locked_by`, the fencing
 * token: only the current claim may write progress or the outcome. Rows are deleted with their file
 * once `expires_at` is past (EXPORT_RETENTION_HOURS after finishing).
 */
export const exportJobs = pgTable(
  "export_jobs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    programId: uuid("program_id")
      .notNull()
      .references(() => programs.id, { onDelete: "cascade" }),
    requestedBy: text("requested_by")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").$type<ExportKind>().notNull(),
    format: text("format").$type<ExportFormat>().notNull(),
    /** The dossier's candidate; null for the other kinds. */
    submissionId: uuid("submission_id").references(() => submissions.id, { onDelete: "cascade" }),
    includeAnonymized: boolean("include_anonymized").notNull().default(false),
    status: text("status").$type<ExportStatus>().notNull().default("queued"),
    processed: integer("processed").notNull().default(0),
    total: integer("total"),
    attempts: integer("attempts").notNull().default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    /** The runner (a random id per process) holding the lease. */
    lockedBy: text("locked_by"),
    /** Why it failed, as the admin sees it. */
    error: text("error"),
    /** The result's key in the private bucket, once ready. */
    fileKey: text("file_key"),
    /** The name the download is saved under. */
    fileName: text("file_name").notNull(),
    size: bigint("size", { mode: "number" }),
    createdAt: createdAt(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
  },
  (t) => [
    // The caller's recent exports of a program, newest first.
    index("export_jobs_requester_idx").on(t.programId, t.requestedBy, t.createdAt),
    // The runner's claim: queued jobs, and running ones whose lease ran out.
    index("export_jobs_due_idx").on(t.status, t.lockedUntil),
    // The sweep of finished jobs past their retention.
    index("export_jobs_expires_idx").on(t.expiresAt),
  ],
);

// ---------------------------------------------------------------------------------------------
// The audit log (docs/decisions/012-audit-log.md): who did what and when, for every administrative
// change. Written in the transaction of the change it records. Append-only: a database trigger
// (src/server/db/sql/audit-log.sql) refuses UPDATE, DELETE and TRUNCATE. No foreign keys on purpose:
// an event outlives its subject, its program, its actor — and its organization (kept, unseen).
// ---------------------------------------------------------------------------------------------
export const auditEvents = pgTable(
  "audit_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id").notNull(),
    programId: uuid("program_id"),
    /** The program's name when the event was written: the program may be renamed or deleted since. */
    programName: text("program_name"),
    /** Null for the product itself (a Stripe payment applied by the webhook). */
    actorUserId: text("actor_user_id"),
    /** Copied at write time: the account may change its name or be deleted later. */
    actorEmail: text("actor_email"),
    actorName: text("actor_name"),
    action: text("action").$type<AuditAction>().notNull(),
    subjectType: text("subject_type").$type<AuditSubjectType>().notNull(),
    subjectId: text("subject_id").notNull(),
    /** What the subject was called then (a candidate's name, a member's email, a group's name). */
    subjectLabel: text("subject_label").notNull().default(""),
    /** The changed fields, before and after: never answers' text, never secrets. */
    details: jsonb("details").$type<AuditDetails>().notNull().default({}),
    /** The clock, not the transaction's start: events of one transaction keep their order. */
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
  },
  (t) => [
    // The log page: an organization's events newest first, a keyset page at a time.
    index("audit_events_org_created_idx").on(
      t.organizationId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);

/**
 * Per program, a counter per input of the statistics pages, bumped by triggers in the
 * transaction of every write to it (src/server/db/sql/statistics-versions.sql), spread over 16 shards so
 * that concurrent writers rarely wait on one row: the pages keep their figures in memory and read the
 * sums to know whether they are still current (statistics/stats-versions.ts). Never written by the
 * application.
 */
export const statisticsVersions = pgTable(
  "statistics_versions",
  {
    programId: uuid("program_id")
      .notNull()
      .references(() => programs.id, { onDelete: "cascade" }),
    shard: smallint("shard").notNull(),
    candidates: bigint("candidates", { mode: "number" }).notNull().default(0),
    reviews: bigint("reviews", { mode: "number" }).notNull().default(0),
    rankings: bigint("rankings", { mode: "number" }).notNull().default(0),
    committee: bigint("committee", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.programId, t.shard] })],
);

/**
 * Machine translations already paid for, shared by every instance: one row per (English text, target
 * language, provider), keyed by the text's SHA-256 so the key stays small whatever the text's length.
 * Republishing, duplicating a program or another form with the same wording costs no provider call
 * (docs/decisions/022-machine-translation.md). Not tied to an organization: a sentence's translation
 * says nothing about who asked for it, and the text itself is not stored.
 */
export const translationCache = pgTable(
  "translation_cache",
  {
    /** SHA-256 (hex) of the source text as sent to the provider. */
    sourceHash: text("source_hash").notNull(),
    targetLanguage: text("target_language").notNull(),
    /** Which provider (and edition) made it: "google-v2", "google-v3". */
    provider: text("provider").notNull(),
    translatedText: text("translated_text").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.sourceHash, t.targetLanguage, t.provider] })],
);

/**
 * Uploads a browser was given a bucket's signed address for and has not yet completed: an object posted
 * to the bucket and never completed (a closed tab, a failed network) is removed once its address has
 * expired, by the periodic sweep (docs/decisions/023-object-storage.md, "Abandoned uploads").
 */
export const pendingUploads = pgTable(
  "pending_uploads",
  {
    bucket: text("bucket").$type<"public" | "private">().notNull(),
    key: text("key").notNull(),
    /** When the signed address (and the grant that completes it) stops working. */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.key] }), index("pending_uploads_expires_idx").on(t.expiresAt)],
);

/**
 * Automatic assignment's proposals, and what applying one changed (docs/decisions/034-automatic-assignment.md):
 * the pairs it adds and releases, and a fingerprint of the program's assignments when it was proposed and
 * when it was applied, so that a proposal made on other assignments is refused and an undo never removes
 * what someone assigned since.
 */
export const autoAssignments = pgTable(
  "auto_assignments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    programId: uuid("program_id")
      .notNull()
      .references(() => programs.id, { onDelete: "cascade" }),
    createdBy: text("created_by")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    params: jsonb("params").notNull(),
    /** [submissionId, userId] pairs. */
    added: jsonb("added").$type<[string, string][]>().notNull(),
    removed: jsonb("removed").$type<[string, string][]>().notNull(),
    basis: text("basis").notNull(),
    appliedAt: timestamp("applied_at", { withTimezone: true }),
    appliedBasis: text("applied_basis"),
    undoneAt: timestamp("undone_at", { withTimezone: true }),
  },
  (t) => [index("auto_assignments_program_idx").on(t.programId, t.createdAt)],
);

/**
 * Records brought over from the earlier system (docs/decisions/032-legacy-program-import.md): which
 * product row each source record became, so that importing the same file again adds nothing twice.
 * Keyed per organization by the kind and the source's own id; the rows go with their program.
 */
export const legacyImportRecords = pgTable(
  "legacy_import_records",
  {
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    programId: uuid("program_id")
      .notNull()
      .references(() => programs.id, { onDelete: "cascade" }),
    /** "program", "submission" or "reviewerGroup". */
    kind: text("kind").$type<"program" | "submission" | "reviewerGroup">().notNull(),
    /** The source record's _id: an organization's program, a program's submission or group. */
    sourceId: text("source_id").notNull(),
    targetId: uuid("target_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.programId, t.kind, t.sourceId] }),
    // A file's program found again by its source id (imports of one organization queue on its row).
    index("legacy_import_records_source_idx").on(t.organizationId, t.kind, t.sourceId),
  ],
);
