import type { Database } from "../../src/server/db/client";
import type { CapturedStatement } from "./in-process";

/**
 * The plans budget:
 * "query plans checked for every list and statistics query at 100,000 submissions (indexes in migrations; no
 * sequential scans on large
 * tables)". Each statement our server sent for one request is explained again with its own parameters:
 * EXPLAIN (ANALYZE) for a read, which runs it once more and gives the rows and time of each step, plain
 * EXPLAIN for a write (not run).
 */

/** A table with at least this many rows is large: reading all of it is a finding. */
export const LARGE_TABLE_ROWS = 10_000;

/**
 * A step of a plan that reads a whole large table: a sequential scan, or an index scan whose condition
 * is not on the index's first column (PostgreSQL then walks the entire index, as for a column no index
 * leads with: a missing index all the same, only a cheaper scan while the index is small).
 */
export interface FullScan {
  table: string;
  /** The index walked whole; null for a sequential scan. */
  index: string | null;
  /**
   * "filter": a sequential scan that threw away most of what it read — an index would read less;
   * "bulk": one that kept most of it — the statement needs that much of the table (the reading, not the
   * scan, is what grows); "whole index": an index walked whole, its condition on a later column.
   */
  kind: "filter" | "bulk" | "whole index";
  /** Rows in the table. */
  tableRows: number;
  /** Rows the step returned and removed by its filter (all loops), when analyzed. */
  rowsReturned: number | null;
  rowsRemoved: number | null;
  /** Its filter, or its index condition. */
  condition: string | null;
}

export interface StatementPlan {
  /** The endpoints that sent this statement (the session lookups are sent by all of them). */
  endpoints: string[];
  sql: string;
  params: number;
  analyzed: boolean;
  executionMs: number | null;
  indexes: string[];
  fullScans: FullScan[];
  /** The full scans of large tables. */
  findings: FullScan[];
  error: string | null;
}

/** What the checks know of the schema: rows per table, and each index's table and first column. */
export interface SchemaFacts {
  tableRows: Map<string, number>;
  indexes: Map<string, { table: string; firstColumn: string | null }>;
}

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  "Index Cond"?: string;
  "Actual Rows"?: number;
  "Actual Loops"?: number;
  "Rows Removed by Filter"?: number;
  Filter?: string;
  Plans?: PlanNode[];
}

/** The driver under drizzle: PGlite and a pg Pool both answer query(text, params) with { rows }. */
async function rawQuery<Row>(database: Database, text: string, params: unknown[] = []): Promise<Row[]> {
  const client = (
    database.db as unknown as { $client: { query(t: string, p: unknown[]): Promise<{ rows: Row[] }> } }
  ).$client;
  return (await client.query(text, params)).rows;
}

/** Only statements that change nothing are run again by EXPLAIN ANALYZE. */
const isRead = (text: string) =>
  /^\s*(select|with)\b/i.test(text) &&
  !/\b(insert\s+into|update\s+"?\w+"?\s+set|delete\s+from)\b/i.test(text);

function walk(node: PlanNode, visit: (node: PlanNode) => void): void {
  visit(node);
  for (const child of node.Plans ?? []) walk(child, visit);
}

async function explain(database: Database, statement: CapturedStatement, analyze: boolean) {
  const options = analyze ? "analyze, format json" : "format json";
  const [row] = await rawQuery<{ "QUERY PLAN": unknown }>(
    database,
    `explain (${options}) ${statement.text}`,
    statement.params,
  );
  const raw = row!["QUERY PLAN"];
  // node-postgres parses the json column; PGlite may hand back its text.
  const [plan] = (typeof raw === "string" ? JSON.parse(raw) : raw) as {
    Plan: PlanNode;
    "Execution Time"?: number;
  }[];
  return plan!;
}

const INDEX_SCANS = new Set(["Index Scan", "Index Only Scan", "Bitmap Index Scan"]);

/** The node as a full scan, or null when it reads only part of its table (or is no scan). */
function fullScanOf(node: PlanNode, schema: SchemaFacts): FullScan | null {
  const loops = node["Actual Loops"] ?? 1;
  const rowsReturned = node["Actual Rows"] === undefined ? null : node["Actual Rows"] * loops;
  const rowsRemoved = (node["Rows Removed by Filter"] ?? 0) * loops;
  const measured = { rowsReturned, rowsRemoved: rowsReturned === null ? null : rowsRemoved };
  if (node["Node Type"] === "Seq Scan" && node["Relation Name"]) {
    const kept = rowsReturned === null ? 0 : rowsReturned / Math.max(1, rowsReturned + rowsRemoved);
    const table = node["Relation Name"];
    return {
      table,
      index: null,
      kind: kept >= 0.5 ? "bulk" : "filter",
      tableRows: schema.tableRows.get(table) ?? 0,
      ...measured,
      condition: node.Filter ?? null,
    };
  }
  const index = node["Index Name"] ? schema.indexes.get(node["Index Name"]) : undefined;
  if (!INDEX_SCANS.has(node["Node Type"]) || !index?.firstColumn) return null;
  const condition = node["Index Cond"] ?? "";
  if (new RegExp(`\\b${index.firstColumn}\\b`).test(condition)) return null;
  return {
    table: index.table,
    index: node["Index Name"]!,
    kind: "whole index",
    tableRows: schema.tableRows.get(index.table) ?? 0,
    ...measured,
    condition: condition || null,
  };
}

async function planOf(
  database: Database,
  statement: CapturedStatement,
  endpoints: string[],
  schema: SchemaFacts,
): Promise<StatementPlan> {
  const analyzed = isRead(statement.text);
  const base = { endpoints, sql: statement.text, params: statement.params.length, analyzed };
  try {
    const plan = await explain(database, statement, analyzed);
    const indexes = new Set<string>();
    const fullScans: FullScan[] = [];
    walk(plan.Plan, (node) => {
      if (node["Index Name"]) indexes.add(node["Index Name"]);
      // A branch this execution never took (the other side of an OR, say): its twin that ran is counted.
      if (node["Actual Loops"] === 0) return;
      const scan = fullScanOf(node, schema);
      if (scan) fullScans.push(scan);
    });
    return {
      ...base,
      executionMs: plan["Execution Time"] ?? null,
      indexes: [...indexes],
      fullScans,
      findings: fullScans.filter((scan) => scan.tableRows >= LARGE_TABLE_ROWS),
      error: null,
    };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { ...base, executionMs: null, indexes: [], fullScans: [], findings: [], error: message };
  }
}

/** Rows per table of the public schema (exact counts: the planner's estimates are not the point here). */
export async function schemaFacts(database: Database): Promise<SchemaFacts> {
  const tables = await rawQuery<{ tablename: string }>(
    database,
    "select tablename from pg_tables where schemaname = 'public' order by tablename",
  );
  const tableRows = new Map<string, number>();
  for (const { tablename } of tables) {
    const [row] = await rawQuery<{ n: number }>(database, `select count(*)::int as n from "${tablename}"`);
    tableRows.set(tablename, row?.n ?? 0);
  }
  // An expression first (lower(identifier)) has no column: attnum 0 matches no attribute.
  const indexRows = await rawQuery<{ index: string; table: string; first_column: string | null }>(
    database,
    `select i.relname as index, t.relname as table, a.attname as first_column
       from pg_index x
       join pg_class i on i.oid = x.indexrelid
       join pg_class t on t.oid = x.indrelid
       join pg_namespace n on n.oid = t.relnamespace and n.nspname = 'public'
       left join pg_attribute a on a.attrelid = x.indrelid and a.attnum = x.indkey[0]`,
  );
  const indexes = new Map(indexRows.map((r) => [r.index, { table: r.table, firstColumn: r.first_column }]));
  return { tableRows, indexes };
}

/**
 * Every distinct statement the endpoints sent (the same text with other parameters is the same query),
 * explained once with the parameters of its first request, in the order they were first sent.
 */
export async function explainStatements(
  database: Database,
  captured: ReadonlyMap<string, CapturedStatement[]>,
): Promise<StatementPlan[]> {
  const schema = await schemaFacts(database);
  const byText = new Map<string, { statement: CapturedStatement; endpoints: string[] }>();
  for (const [endpoint, statements] of captured) {
    for (const statement of statements) {
      const seen = byText.get(statement.text);
      if (!seen) byText.set(statement.text, { statement, endpoints: [endpoint] });
      else if (!seen.endpoints.includes(endpoint)) seen.endpoints.push(endpoint);
    }
  }
  const plans: StatementPlan[] = [];
  for (const { statement, endpoints } of byText.values()) {
    plans.push(await planOf(database, statement, endpoints, schema));
  }
  return plans;
}
