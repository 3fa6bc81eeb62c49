import { createHash } from "node:crypto";
import { type SQL, sql } from "drizzle-orm";
import type { CandidateOrder } from "../../shared/schemas/programs";
import { reviewerCandidates, submissions } from "../db/schema";

/**
 * The order of a committee member's list (docs/decisions/037-per-reviewer-order.md): by default each member
 * sees the candidates in a shuffled order of their own, stable across pages and visits, so that no
 * candidate is always read first or last (design/review-science.md, order bias); the program's admins may
 * choose name order instead (Review settings). Admins' own lists stay in name order.
 *
 * Both halves of a member's list are read from an index in that order:
 * - the candidates assigned to them, by reviewer_candidates.shuffle_key, 32 bits of md5(member:candidate):
 *   a shuffle of its own for every member;
 * - the candidates open to all, by submissions.shuffle_key, 32 bits of md5(candidate), walked from the
 *   member's own starting point (`start`) round to it again: the keys from `start` up, then those below it,
 *   each read on the index as it stands. A candidate's place in that walk is (key − start) mod 2³².
 * The two halves never overlap and both keys are spread evenly over 0 … 2³², so merged by key they
 * interleave as one shuffle.
 */
export type MemberOrder = { shuffled: false } | { shuffled: true; start: number };

/** 2³²: the range of the shuffle keys. */
export const KEY_RANGE = 4_294_967_296;

/** 32 bits of md5(text), unsigned, as the database computes the shuffle keys. */
export function md5Key(text: string): number {
  return Number.parseInt(createHash("md5").update(text).digest("hex").slice(0, 8), 16);
}

/** The order a member's list takes in the program, from its review settings. */
export function memberOrder(candidateOrder: CandidateOrder, userId: string, programId: string): MemberOrder {
  return candidateOrder === "name"
    ? { shuffled: false }
    : { shuffled: true, start: md5Key(`${userId}:${programId}`) };
}

/** A candidate's place among those assigned to the member: reviewer_candidates.shuffle_key, computed. */
export const assignedKeySql = (userId: string, submissionId: SQL) =>
  sql`('x' || substr(md5(${userId}::text || ':' || ${submissionId}::text), 1, 8))::bit(32)::bigint`;

/** An open candidate's place in the member's walk: (key − start) mod 2³². */
export const openKeySql = (start: number) =>
  sql`((${submissions.shuffleKey} - ${start}::bigint + ${KEY_RANGE}::bigint) % ${KEY_RANGE}::bigint)`;

/**
 * The two stretches of the open candidates' walk: the keys from `start` up (shift −start), then those below
 * it (shift 2³² − start). `key` is the raw column, for the index; `place` is the place in the walk.
 */
export function openStretches(start: number) {
  const raw = sql`${submissions.shuffleKey}`;
  return [
    { where: sql`${raw} >= ${start}::bigint`, shift: -start },
    { where: sql`${raw} < ${start}::bigint`, shift: KEY_RANGE - start },
  ].map((s) => ({ ...s, raw, place: sql`(${raw} + ${s.shift}::bigint)` }));
}

/** The member's assigned candidates' key column. */
export const assignedKeyColumn = () => sql`${reviewerCandidates.shuffleKey}`;
