import type { Tx } from "./client";

/**
 * A statement drizzle builds once per database and then only runs with new parameters (drizzle's
 * `prepare(UNNAMED)`, its values `sql.placeholder`s): for the few statements nearly every request sends.
 * Building a statement's SQL from drizzle's objects costs 0.2–0.4 ms each time, a third of what PGlite takes to
 * run a lookup by key (docs/decisions/053-statements-built-once.md). Given a transaction, the statement is
 * built for that transaction, once per transaction, as often as before.
 */
export function preparedPerDatabase<Statement>(build: (db: Tx) => Statement): (db: Tx) => Statement {
  const built = new WeakMap<Tx, Statement>();
  return (db) => {
    let statement = built.get(db);
    if (statement === undefined) {
      statement = build(db);
      built.set(db, statement);
    }
    return statement;
  };
}

/**
 * The name to prepare with: none. PostgreSQL then parses the statement each time, as before; a statement
 * prepared by name on a connection would break behind a pooler that hands each transaction another connection
 * (PgBouncer's transaction mode). The saving is drizzle's building, which a name does not change.
 */
export const UNNAMED = "";
