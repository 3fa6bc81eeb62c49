import { generateDatabase } from "../generator";
import { EMAIL_DOMAIN, ORG_ADMIN_EMAIL } from "../generator/context";
import type { ScaleName } from "../generator/scales";
import { openSqlClient, type SqlClient } from "../lib/sql-client";
import { type DatabaseTarget, describeTarget, isPgliteFolder } from "../lib/target";

/** What the data set holds, for the report and so the runner knows whom to sign in. */
export interface DatasetDescription {
  rows: Record<string, number>;
  /** reviewer1@…, reviewer2@…, in numeric order. */
  reviewerEmails: string[];
}

const COUNTED_TABLES = ["organizations", "users", "programs", "program_members"] as const;

/** Generates the data set unless one is there (or `fresh` asks for a new one). */
export async function ensureDataset(opts: {
  target: DatabaseTarget;
  fresh: boolean;
  scale: ScaleName;
  seed: number;
  password: string;
}): Promise<void> {
  if (!opts.fresh && (await datasetExists(opts.target))) {
    console.log(`Using the existing data set in ${describeTarget(opts.target)} (--fresh regenerates it).`);
    return;
  }
  console.log(`Generating the ${opts.scale} data set (seed ${opts.seed}) in ${describeTarget(opts.target)}…`);
  const summary = await generateDatabase({
    target: opts.target,
    scale: opts.scale,
    seed: opts.seed,
    password: opts.password,
    reset: opts.fresh,
    log: (line) => console.log(line),
  });
  console.log(`Generated in ${summary.seconds.toFixed(1)} s.`);
}

async function datasetExists(target: DatabaseTarget): Promise<boolean> {
  // Opening a PGlite folder that does not exist would create it: check first.
  if (target.kind === "pglite" && !isPgliteFolder(target.dataDir)) return false;
  return withSql(target, async (sql) => {
    const [schema] = await sql.query<{ ready: boolean }>(
      "select to_regclass('public.users') is not null as ready",
    );
    if (!schema?.ready) return false;
    const admins = await sql.query("select 1 from users where email = $1", [ORG_ADMIN_EMAIL]);
    return admins.length > 0;
  });
}

/**
 * Deletes the sessions earlier runs left (so every server starts from the same database, however
 * many runs came before) and describes the data set. Runs while no server holds the database.
 */
export async function prepareDataset(target: DatabaseTarget): Promise<DatasetDescription> {
  return withSql(target, async (sql) => {
    await sql.query("delete from sessions");
    const rows: Record<string, number> = {};
    for (const table of COUNTED_TABLES) {
      const [row] = await sql.query<{ n: number }>(`select count(*)::int as n from ${table}`);
      rows[table] = row?.n ?? 0;
    }
    const reviewers = await sql.query<{ email: string }>("select email from users where email like $1", [
      `reviewer%@${EMAIL_DOMAIN}`,
    ]);
    const numberOf = (email: string) => Number(/\d+/.exec(email)?.[0] ?? 0);
    const reviewerEmails = reviewers.map((r) => r.email).sort((a, b) => numberOf(a) - numberOf(b));
    return { rows, reviewerEmails };
  });
}

async function withSql<T>(target: DatabaseTarget, work: (sql: SqlClient) => Promise<T>): Promise<T> {
  const sql = await openSqlClient(target, 1);
  try {
    return await work(sql);
  } finally {
    await sql.close();
  }
}
