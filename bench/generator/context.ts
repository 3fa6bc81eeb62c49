import type { PgTable } from "drizzle-orm/pg-core";
import type { Tx } from "../../src/server/db/client";
import type { ProgramRole } from "../../src/shared/authz/roles";
import type { FormContent } from "../../src/shared/forms/model";
import type { Random } from "../lib/random";
import type { ReviewScale, Scale } from "./scales";

/** All generated accounts share this address domain, so they are easy to recognise. */
export const EMAIL_DOMAIN = "bench.test";
export const ORG_ADMIN_EMAIL = `orgadmin@${EMAIL_DOMAIN}`;
export const reviewerEmail = (n: number) => `reviewer${n}@${EMAIL_DOMAIN}`;
export const programAdminEmail = (n: number) => `programadmin${n}@${EMAIL_DOMAIN}`;
export const applicantEmail = (n: number) => `applicant${n}@${EMAIL_DOMAIN}`;

export interface GeneratedProgram {
  id: string;
  name: string;
  archived: boolean;
}

export interface GeneratedMembership {
  programId: string;
  userId: string;
  role: ProgramRole;
}

/** The review program's candidates, as the reviews step needs them. */
export interface GeneratedCandidate {
  id: string;
  /** Submitted and not a test: what a reviewer may rate. */
  reviewable: boolean;
  /** Directly assigned reviewers (user ids). */
  reviewers: string[];
  /** The reviewer group it is assigned to, if any. */
  groupId: string | null;
  /** How good the application is, 1–5: reviewers' ratings scatter around it. */
  quality: number;
}

/** A program whose committee reviews, its published form and its candidates. */
export interface GeneratedReview {
  /** "review": the large program of the list, view and review saves; "ranking": the 500-candidate one. */
  purpose: "review" | "ranking";
  scale: ReviewScale;
  programId: string;
  formId: string;
  formVersion: number;
  linkId: string;
  content: FormContent;
  /** Reviewer group id → member user ids. */
  groups: Map<string, string[]>;
  candidates: GeneratedCandidate[];
}

/**
 * What the steps have generated so far. Each step reads what earlier steps left here (through
 * `need` for single values) and adds its own, so a later step (submissions, reviews) can build on it.
 */
export interface GeneratedData {
  planId?: string;
  organizationId?: string;
  orgAdminId?: string;
  programAdminIds: string[];
  reviewerIds: string[];
  applicantIds: string[];
  programs: GeneratedProgram[];
  memberships: GeneratedMembership[];
  /** The review program, then the ranking program. */
  reviewPrograms: GeneratedReview[];
}

export interface GeneratorContext {
  tx: Tx;
  random: Random;
  scale: Scale;
  /**
   * The clock for created_at and other past dates: fixed, so that the same seed gives the same
   * rows whatever day the generator runs.
   */
  anchor: Date;
  /** The shared password, hashed once: hashing thousands of times would take minutes. */
  passwordHash: string;
  data: GeneratedData;
  /** Inserts rows in batches and counts them for the summary. */
  insert: InsertRows;
}

export type InsertRows = <T extends PgTable>(table: T, rows: readonly T["$inferInsert"][]) => Promise<void>;

export interface GenerationStep {
  name: string;
  run(ctx: GeneratorContext): Promise<void>;
}

/** A value an earlier step must have produced; a clear error if the step order is wrong. */
export function need<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`Generator step order: ${what} has not been generated yet.`);
  return value;
}
