import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { readSqlFiles } from "../src/server/db/sql/files";

/**
 * `npm run db:sql-migration -- <name>`: a new migration that applies src/server/db/sql/*.sql again (every
 * function and trigger, CREATE OR REPLACE), after whatever schema change drizzle-kit finds pending (a
 * column a trigger now reads comes first). drizzle-kit writes the migration, its snapshot and its journal
 * entry; this script then adds the files' statements. See docs/database.md, "Changing a function or a
 * trigger".
 */
const root = path.resolve(import.meta.dirname, "..");
const migrations = path.join(root, "migrations");
const name = process.argv[2];
if (!name || !/^\w+$/.test(name)) {
  console.error("Usage: npm run db:sql-migration -- <name_in_snake_case>");
  process.exit(1);
}

const generate = (...extra: string[]) =>
  spawnSync(path.join(root, "node_modules/.bin/drizzle-kit"), ["generate", "--name", name, ...extra], {
    cwd: root,
    encoding: "utf8",
  });
let result = generate();
let schemaChange = true;
if (/No schema changes/i.test(result.stdout + result.stderr)) {
  schemaChange = false;
  result = generate("--custom");
}
if (result.status !== 0) {
  console.error(result.stdout, result.stderr);
  process.exit(1);
}

const journal = JSON.parse(readFileSync(path.join(migrations, "meta/_journal.json"), "utf8")) as {
  entries: { tag: string }[];
};
const tag = journal.entries.at(-1)?.tag;
if (!tag?.endsWith(`_${name}`)) throw new Error(`drizzle-kit wrote no migration named ${name}`);
const file = path.join(migrations, `${tag}.sql`);

const generated = schemaChange ? [readFileSync(file, "utf8").trim()] : [];
const files = readSqlFiles();
const header = [
  "-- Written by scripts/sql-migration.ts (npm run db:sql-migration) from here on: the functions and triggers",
  '-- of src/server/db/sql/ as they stand. Edit those files, not this copy (docs/database.md, "Changing a',
  '-- function or a trigger"). The files, in order:',
  ...files.map((f) => `--   ${f.name}`),
].join("\n");
const [first, ...rest] = files.flatMap((f) => f.statements);
const statements = [...generated, `${header}\n${first}`, ...rest];
// drizzle's migrator sends the text between two breakpoints as one statement.
writeFileSync(file, `${statements.join("\n--> statement-breakpoint\n")}\n`);
console.log(`Wrote ${path.relative(root, file)}: ${files.length} files applied again.`);
