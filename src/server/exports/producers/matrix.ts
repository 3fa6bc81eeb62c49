import { and, eq, inArray, or, sql } from "drizzle-orm";
import { averageRankings } from "../../../shared/review/scoring";
import { conflictedPairs, notConflictedSql, pairKey } from "../../conflicts/active";
import type { Tx } from "../../db/client";
import { rankings, reviews, submissions, users } from "../../db/schema";
import { isReviewableSql } from "../../reviewing/candidates";
import {
  candidatePages,
  candidatesAfter,
  figuresOf,
  LIST_ORDER,
  nameKey,
  parseRatings,
  ratingsColumn,
} from "../tabular/candidate-pages";
import { amountCell, STATUS_LABELS } from "../tabular/labels";
import { type Cell, openTable, tableContentType } from "../tabular/table";
import type { ExportContext, ExportProducer } from "../types";

/**
 * The matrix export (docs/decisions/011-exports.md): one row per candidate — submitted, non-test, in the
 * lists' order — with the figures Candidate Statistics shows (average rating, number of rated reviews,
 * standard deviation, average ranking: scoring.ts's definitions), then two columns per reviewer: their rating
 * of the candidate (empty when they have not rated it) and the candidate's place in their stacked ranking
 * (empty when it is not in it).
 *
 * The reviewers are everyone who rated a candidate (a review counts once its rating is above -1,
 * review-and-administration, "4. States and transitions") or ranks one, by name — former members included,
 * since their reviews still count in the figures.
 *
 * For 10,000 candidates × 200 reviewers (the target: under 5 s): the rankings are read once and
 * turned into one array of places per reviewer, indexed by candidate (200 × 10,000 small integers rather
 * than 200 maps); the ratings come with each page of 500 candidates as one compact JSON text per
 * candidate (tabular/candidate-pages.ts), and each row is written as soon as it is complete.
 */

export const MATRIX_FIXED_HEADERS = [
  "Identifier",
  "Status",
  "Amount",
  "Average rating",
  "Number of reviews",
  "Standard deviation",
  "Average ranking",
] as const;

const PAGE_SIZE = 500;

interface Reviewer {
  id: string;
  name: string;
  email: string;
}

/** A reviewer as the headers name them: their name, or their email when they have none. */
const labelOf = (r: Reviewer) => r.name.replace(/\s+/g, " ").trim() || r.email;

/** Every reviewable candidate's id, in a fixed order: the index of the places arrays. */
async function candidateIndex(db: Tx, programId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ id: submissions.id })
    .from(submissions)
    .where(candidatesAfter(programId, null));
  return new Map(rows.map((row, index) => [row.id, index]));
}

/** The stored rankings reduced to reviewable candidates, each id at its first place only. */
async function rankingLists(db: Tx, programId: string, reviewable: ReadonlyMap<string, number>) {
  const [stored, conflicted] = await Promise.all([
    db
      .select({ userId: rankings.userId, applications: rankings.applications })
      .from(rankings)
      .where(eq(rankings.programId, programId)),
    conflictedPairs(db, programId),
  ]);
  const lists = new Map<string, string[]>();
  for (const { userId, applications } of stored) {
    // A candidate the reviewer declared a conflict with has no place in their list here.
    const list = [...new Set(applications)].filter(
      (id) => reviewable.has(id) && !conflicted.has(pairKey(userId, id)),
    );
    if (list.length > 0) lists.set(userId, list);
  }
  return lists;
}

/** Everyone with a rated review of a reviewable candidate, and the rankers: by name (or email), then email. */
async function reviewersOf(db: Tx, programId: string, rankers: readonly string[]): Promise<Reviewer[]> {
  const raters = db
    .selectDistinct({ userId: reviews.userId })
    .from(reviews)
    .innerJoin(submissions, eq(submissions.id, reviews.submissionId))
    .where(
      and(
        eq(reviews.programId, programId),
        sql`${reviews.rating} >= 0`,
        isReviewableSql(),
        notConflictedSql(reviews.submissionId, reviews.userId),
      ),
    );
  const rows = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(
      rankers.length === 0
        ? inArray(users.id, raters)
        : or(inArray(users.id, raters), inArray(users.id, [...rankers])),
    );
  const collator = new Intl.Collator("en", { sensitivity: "base", numeric: true });
  return rows.sort(
    (a, b) =>
      collator.compare(labelOf(a), labelOf(b)) ||
      collator.compare(a.email, b.email) ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}

/**
 * "{name} rating" / "{name} rank". A name two reviewers share gets their email, and so does one that
 * would repeat a fixed header (a reviewer called "Average" would give a second "Average rating").
 */
export function reviewerHeaders(reviewers: readonly Reviewer[]): string[] {
  const fixed = new Set<string>(MATRIX_FIXED_HEADERS);
  const uses = new Map<string, number>();
  for (const r of reviewers) uses.set(labelOf(r), (uses.get(labelOf(r)) ?? 0) + 1);
  return reviewers.flatMap((r) => {
    const label = labelOf(r);
    const clashes = (uses.get(label) ?? 0) > 1 || fixed.has(`${label} rating`) || fixed.has(`${label} rank`);
    const name = clashes && label !== r.email ? `${label} (${r.email})` : label;
    return [`${name} rating`, `${name} rank`];
  });
}

function pageOf(db: Tx, programId: string) {
  return (cursor: Parameters<typeof candidatesAfter>[1], limit: number) =>
    db
      .select({
        id: submissions.id,
        key: nameKey,
        identifier: submissions.identifier,
        status: submissions.status,
        amountCents: submissions.amountCents,
        ratings: ratingsColumn(programId),
      })
      .from(submissions)
      .where(candidatesAfter(programId, cursor))
      .orderBy(...LIST_ORDER)
      .limit(limit);
}

async function run(ctx: ExportContext): Promise<void> {
  const { db, program, params, signal } = ctx;
  const index = await candidateIndex(db, program.id);
  const lists = await rankingLists(db, program.id, index);
  const reviewers = await reviewersOf(db, program.id, [...lists.keys()]);
  const averageRanking = averageRankings([...lists.values()]).scores;
  const column = new Map(reviewers.map((r, i) => [r.id, MATRIX_FIXED_HEADERS.length + 2 * i]));
  // places[r][candidate index]: the 1-based place in reviewer r's ranking, 0 when not in it.
  const places = reviewers.map((r) => {
    const list = lists.get(r.id) ?? [];
    const place = new Int32Array(list.length === 0 ? 0 : index.size);
    list.forEach((id, at) => {
      place[index.get(id)!] = at + 1;
    });
    return place;
  });
  const width = MATRIX_FIXED_HEADERS.length + 2 * reviewers.length;
  const total = index.size;

  const table = openTable(params.format, ctx.output, signal, "Matrix");
  await table.header([...MATRIX_FIXED_HEADERS, ...reviewerHeaders(reviewers)]);
  await ctx.progress(0, total);
  let processed = 0;
  for await (const page of candidatePages(pageOf(db, program.id), PAGE_SIZE, signal)) {
    for (const candidate of page) {
      const ratings = parseRatings(candidate.ratings);
      const { averageRating, numReviews, standardDeviation } = figuresOf(ratings);
      const cells: Cell[] = new Array(width).fill(null);
      cells[0] = candidate.identifier;
      cells[1] = STATUS_LABELS[candidate.status];
      cells[2] = amountCell(candidate.amountCents);
      cells[3] = averageRating;
      cells[4] = numReviews;
      cells[5] = standardDeviation;
      cells[6] = averageRanking.get(candidate.id)?.score ?? null;
      for (const [userId, rating] of ratings) {
        const at = column.get(userId);
        if (at !== undefined) cells[at] = rating;
      }
      // A candidate that joined the program after the index was read has no places.
      const at = index.get(candidate.id);
      if (at !== undefined) {
        places.forEach((place, r) => {
          const value = place[at];
          if (value) cells[MATRIX_FIXED_HEADERS.length + 2 * r + 1] = value;
        });
      }
      await table.row(cells);
    }
    processed += page.length;
    await ctx.progress(processed, Math.max(total, processed));
  }
  await table.end();
}

export const matrixExport: ExportProducer = { kind: "matrix", contentType: tableContentType, run };
