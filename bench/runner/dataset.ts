import { EXPORTS_PROGRAM_NAME } from "../exports/prepare";
import { generateDatabase } from "../generator";
import { EMAIL_DOMAIN, ORG_ADMIN_EMAIL } from "../generator/context";
import type { ScaleName } from "../generator/scales";
import { openSqlClient, type SqlClient } from "../lib/sql-client";
import { type DatabaseTarget, describeTarget, isPgliteFolder } from "../lib/target";
import { findReviewPrograms, type ReviewPrograms, undoReviewSaves } from "../reviewing/fixture";

/** What the data set holds, for the report and so the runner knows whom to sign in. */
export interface DatasetDescription {
  rows: Record<string, number>;
  /** reviewer1@…, reviewer2@…, in numeric order. */
  reviewerEmails: string[];
  /**
   * The program whose form the round trips replace with a large one: the first active program (by
   * name) of the organization the organization admin administers. Null if there is none.
   */
  formProgramId: string | null;
  /**
   * The program the autosave benchmark publishes its 40-question form on: the second active program
   * (by name) of the same organization. Null if there is none.
   */
  autosaveProgramId: string | null;
  /**
   * The programs the reviewing scenarios use (bench/reviewing/fixture.ts): the one holding most of the
   * generated applications, reviews and rankings, and the 500-candidate ranking program. Null for a
   * data set made before the generator had them.
   */
  reviewPrograms: ReviewPrograms | null;
}

const COUNTED_TABLES = ["organizations", "users", "programs", "program_members"] as const;
/** Counted when present (a data set older than the reviewing steps has none of them). */
const REVIEWING_TABLES = [
  "submissions",
  "reviewer_groups",
  "reviews",
  "review_comments",
  "rankings",
] as const;

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
  return withSqlClient(target, async (sql) => {
    const [schema] = await sql.query<{ ready: boolean }>(
      "select to_regclass('public.users') is not null as ready",
    );
    if (!schema?.ready) return false;
    const admins = await sql.query("select 1 from users where email = $1", [ORG_ADMIN_EMAIL]);
    return admins.length > 0;
  });
}

/** The first two active programs, by name, of the organization admin's organization (not the exports one). */
const FORM_PROGRAMS_SQL = `
  select p.id from programs p
    join users u on u.admin_organization_id = p.organization_id
   where u.email = $1 and not p.archived and p.name <> $2
   order by lower(p.name), p.id
   limit 2`;

/**
 * Deletes the sessions earlier runs left, the form an earlier run's round trips saved, the form
 * the autosave benchmark published, with its drafts (the generator makes none for those programs;
 * our server creates the default one on the first GET) and the reviews an earlier run's review
 * saves created, so every server starts from the same database however many runs came before.
 * Describes the data set. Runs while no server holds the database.
 */
export async function prepareDataset(target: DatabaseTarget): Promise<DatasetDescription> {
  return withSqlClient(target, async (sql) => {
    await sql.query("delete from sessions");
    const rows: Record<string, number> = {};
    const reviewPrograms = await findReviewPrograms(sql);
    if (reviewPrograms !== null) await undoReviewSaves(sql);
    for (const table of [...COUNTED_TABLES, ...(reviewPrograms === null ? [] : REVIEWING_TABLES)]) {
      const [row] = await sql.query<{ n: number }>(`select count(*)::int as n from ${table}`);
      rows[table] = row?.n ?? 0;
    }
    const reviewers = await sql.query<{ email: string }>("select email from users where email like $1", [
      `reviewer%@${EMAIL_DOMAIN}`,
    ]);
    const numberOf = (email: string) => Number(/\d+/.exec(email)?.[0] ?? 0);
    const reviewerEmails = reviewers.map((r) => r.email).sort((a, b) => numberOf(a) - numberOf(b));
    return { rows, reviewerEmails, ...(await resetFormPrograms(sql, reviewPrograms)), reviewPrograms };
  });
}

/**
 * Finds the round trips' and the autosave benchmark's programs and deletes their forms (and so the
 * autosave drafts, links and published versions: they cascade), so the first GET creates the
 * default form again.
 */
async function resetFormPrograms(
  sql: SqlClient,
  reviewPrograms: ReviewPrograms | null,
): Promise<Pick<DatasetDescription, "formProgramId" | "autosaveProgramId">> {
  const programs = await sql.query<{ id: string }>(FORM_PROGRAMS_SQL, [
    ORG_ADMIN_EMAIL,
    EXPORTS_PROGRAM_NAME,
  ]);
  const ids = programs.map((p) => p.id);
  // The generator never picks one of these for the reviews: deleting its form would delete them.
  if (
    reviewPrograms !== null &&
    ids.some((id) => id === reviewPrograms.review || id === reviewPrograms.ranking)
  ) {
    throw new Error("The review program is one the round trips or autosave reset: run with --fresh.");
  }
  // A data set made before the forms migration has no forms table until our server migrates it.
  const [forms] = await sql.query<{ present: boolean }>(
    "select to_regclass('public.forms') is not null as present",
  );
  if (forms?.present && ids.length > 0)
    await sql.query("delete from forms where program_id = any($1::uuid[])", [ids]);
  return { formProgramId: ids[0] ?? null, autosaveProgramId: ids[1] ?? null };
}

export async function withSqlClient<T>(
  target: DatabaseTarget,
  work: (sql: SqlClient) => Promise<T>,
): Promise<T> {
  const sql = await openSqlClient(target, 1);
  try {
    return await work(sql);
  } finally {
    await sql.close();
  }
}
