import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";

/**
 * Fails when the Drizzle schema has changes that no committed migration holds: drizzle-kit
 * generates into a copy of migrations/, and any new file there is a missing migration.
 */
const root = path.resolve(import.meta.dirname, "..");
// drizzle-kit wants a path relative to the project.
const copy = path.join("node_modules", ".cache", `migrations-check-${process.pid}`);
mkdirSync(path.join(root, copy), { recursive: true });
try {
  cpSync(path.join(root, "migrations"), path.join(root, copy), { recursive: true });
  const before = new Set(readdirSync(path.join(root, copy)));
  const result = spawnSync(
    path.join(root, "node_modules/.bin/drizzle-kit"),
    [
      "generate",
      "--dialect",
      "postgresql",
      "--schema",
      "./src/server/db/schema.ts",
      "--out",
      copy,
      "--name",
      "pending",
    ],
    { cwd: root, encoding: "utf8" },
  );
  const added = readdirSync(path.join(root, copy)).filter((f) => !before.has(f));
  // drizzle-kit can exit 0 after an error: only its explicit "nothing to do" counts as up to date.
  if (added.length === 0 && !/No schema changes/i.test(result.stdout + result.stderr)) {
    console.error("drizzle-kit did not run cleanly:", result.stdout, result.stderr);
    process.exitCode = 1;
  } else if (added.length > 0) {
    console.error(
      `The schema has changes without a committed migration (${added.join(", ")}). Run: npm run db:generate`,
    );
    process.exitCode = 1;
  } else {
    console.log("Migrations are up to date with the schema.");
  }
} finally {
  rmSync(path.join(root, copy), { recursive: true, force: true });
}
