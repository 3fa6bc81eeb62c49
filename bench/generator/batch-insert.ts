import { getTableName } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Tx } from "../../src/server/db/client";

/**
 * Rows per INSERT: large enough that a few thousand users take a handful of statements, small
 * enough to stay far below PostgreSQL's 65,535 bind parameters per statement (1,000 × ~15 columns).
 */
export const BATCH_SIZE = 1000;

/** Inserts `rows` in batches and adds their number to `counts` under the table's name. */
export async function insertInBatches<T extends PgTable>(
  tx: Tx,
  table: T,
  rows: readonly T["$inferInsert"][],
  counts: Map<string, number>,
): Promise<void> {
  for (let start = 0; start < rows.length; start += BATCH_SIZE) {
    await tx.insert(table).values(rows.slice(start, start + BATCH_SIZE));
  }
  const name = getTableName(table);
  counts.set(name, (counts.get(name) ?? 0) + rows.length);
}
