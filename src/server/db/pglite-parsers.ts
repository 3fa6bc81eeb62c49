/**
 * drizzle's PGlite driver sends the same parsers with every statement: the types it keeps as
 * PostgreSQL's text (timestamps, dates, intervals, numeric[] and their arrays). PGlite merges a
 * statement's parsers into a fresh copy of its whole parser table (about 350 entries) each time, which
 * cost 0.1–0.15 ms per statement in the benchmark's profiles. So PGlite is given those
 * parsers once, when it has opened, and each statement's copy of them is dropped before PGlite sees it.
 */
import { type PGlite, type QueryOptions, type Transaction, types } from "@electric-sql/pglite";

/** The types drizzle-orm/pglite keeps as text (its session.js), by PostgreSQL type id. */
export const DRIZZLE_TEXT_TYPES: readonly number[] = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
];

const keepText = (value: string) => value;

const drizzleTextParsers: NonNullable<QueryOptions["parsers"]> = Object.fromEntries(
  DRIZZLE_TEXT_TYPES.map((type) => [type, keepText]),
);

/**
 * Makes an opened PGlite keep DRIZZLE_TEXT_TYPES as text. Not through PGlite.create's `parsers`: PGlite
 * replaces every array type's parser with its own (an array of the element's values) while it opens.
 */
export function keepDrizzleTextTypes(client: PGlite): void {
  Object.assign(client.parsers, drizzleTextParsers);
}

const textTypes = new Set(DRIZZLE_TEXT_TYPES);

/** True when a statement's parsers only ask for what `keepDrizzleTextTypes` already does. */
export function onlyDrizzleTextTypes(types: Iterable<string | number>): boolean {
  for (const type of types) if (!textTypes.has(Number(type))) return false;
  return true;
}

/** The options without `parsers` when they only repeat `keepDrizzleTextTypes`; as given otherwise. */
function withoutRepeatedParsers(options: QueryOptions | undefined): QueryOptions | undefined {
  if (!options?.parsers || !onlyDrizzleTextTypes(Object.keys(options.parsers))) return options;
  const { parsers: _repeated, ...rest } = options;
  return rest;
}

type Query = PGlite["query"];

function queryWithoutRepeatedParsers(query: Query): Query {
  return ((sql: string, params?: unknown[], options?: QueryOptions) =>
    query(sql, params, withoutRepeatedParsers(options))) as Query;
}

/**
 * Makes an opened PGlite keep drizzle's text types as text, and drop their repeated parsers from every
 * statement, its transactions' included. The instance itself is changed: drizzle, the migrator and
 * our own code all hold it.
 */
export function parseOnce(client: PGlite): PGlite {
  keepDrizzleTextTypes(client);
  const query = client.query.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = queryWithoutRepeatedParsers(query);
  client.transaction = ((run: (tx: Transaction) => Promise<unknown>) =>
    transaction((tx) => {
      // The transaction object has a getter (closed): inherit everything, override query alone.
      const own = Object.create(tx) as Transaction;
      own.query = queryWithoutRepeatedParsers(tx.query.bind(tx));
      return run(own);
    })) as PGlite["transaction"];
  return client;
}
