import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { PROJECT_ROOT } from "../../project-root";

/**
 * The database's functions and triggers as they stand, one file per family (docs/database.md, "Database
 * functions and triggers"): a migration applies them again (scripts/sql-migration.ts writes it), and
 * sql-files.test.ts checks the migrated database holds exactly what they say.
 */
export const SQL_FOLDER = path.join(PROJECT_ROOT, "src/server/db/sql");

export interface SqlFile {
  name: string;
  statements: string[];
}

/** Every file of the folder, in name order (each creates its functions before the triggers that call them). */
export function readSqlFiles(): SqlFile[] {
  return readdirSync(SQL_FOLDER)
    .filter((name) => name.endsWith(".sql"))
    .sort()
    .map((name) => ({ name, statements: statementsOf(readFileSync(path.join(SQL_FOLDER, name), "utf8")) }));
}

/**
 * A file's statements, each with the comment lines above it: a statement ends with a line ending in ";"
 * outside a dollar-quoted body ($$ … $$). One statement at a time is what drizzle's migrator sends (it
 * splits a migration on its "statement-breakpoint" markers) and what PGlite's query accepts.
 */
export function statementsOf(text: string): string[] {
  const statements: string[] = [];
  let current: string[] = [];
  let inBody = false;
  for (const line of text.split("\n")) {
    current.push(line);
    const dollars = line.split("$$").length - 1;
    if (dollars % 2 === 1) inBody = !inBody;
    const code = line.trim();
    if (!inBody && !code.startsWith("--") && code.endsWith(";")) {
      statements.push(current.join("\n").trim());
      current = [];
    }
  }
  const rest = current.join("\n").trim();
  if (rest !== "") {
    if (rest.split("\n").some((line) => !line.trim().startsWith("--"))) {
      throw new Error(`A statement does not end with ";": ${rest.slice(0, 80)}`);
    }
    // Comments after the last statement belong to it (a statement of comments alone is refused by PGlite).
    statements.push(`${statements.pop() ?? ""}\n${rest}`.trim());
  }
  return statements;
}

/** The functions and triggers the files create, by name ("function f", "trigger t on table"). */
export function namesDefinedBy(files: SqlFile[]): string[] {
  const names: string[] = [];
  for (const statement of files.flatMap((f) => f.statements)) {
    const fn = /CREATE OR REPLACE FUNCTION "?(\w+)"?\s*\(/i.exec(statement);
    if (fn) names.push(`function ${fn[1]}`);
    const trigger = /CREATE (?:OR REPLACE |CONSTRAINT )TRIGGER "?(\w+)"?[\s\S]*?\sON\s+"?(\w+)"?/i.exec(
      statement,
    );
    if (trigger) names.push(`trigger ${trigger[1]} on ${trigger[2]}`);
  }
  return names.sort();
}
