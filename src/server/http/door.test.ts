import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Every permission decision passes through `door.ts` (its comment says why): these checks read the
 * server's own sources, so a new file that asks the matrix itself, or a route file that borrows
 * another's check, fails here with its name.
 */

const SERVER = path.resolve(import.meta.dirname, "..");
const DOOR = path.join(SERVER, "http", "door.ts");

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith(".ts") && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Production files: what only tests import lives in test folders and test files. */
const production = sourceFiles(SERVER).filter((file) => !file.includes(`${path.sep}test${path.sep}`));
const relative = (file: string) => path.relative(SERVER, file);
/** The names a file imports from a module whose path ends with `module`. */
function importedNames(source: string, module: RegExp): string[] {
  const names: string[] = [];
  for (const match of source.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+"([^"]+)"/g)) {
    if (!module.test(match[2]!)) continue;
    names.push(...match[1]!.split(",").map((name) => name.trim().replace(/^type\s+/, "")));
  }
  return names;
}

describe("the permission door", () => {
  it("is the only server file that asks the role matrix's can()", () => {
    const asking = production.filter(
      (file) =>
        file !== DOOR &&
        importedNames(readFileSync(file, "utf8"), /shared\/authz(\/matrix|\/index)?$/).includes("can"),
    );
    expect(asking.map(relative)).toEqual([]);
  });

  it("finds the files it reads (a check that reads nothing would pass for ever)", () => {
    expect(production.map(relative)).toContain(path.join("http", "door.ts"));
    expect(importedNames(readFileSync(DOOR, "utf8"), /shared\/authz\/matrix$/)).toContain("can");
    expect(production.filter((file) => file.endsWith("routes.ts")).length).toBeGreaterThan(15);
  });

  it("is where route files take their checks from: no route file imports another", () => {
    const borrowing = production
      .filter((file) => /routes\.ts$/.test(file))
      .flatMap((file) =>
        [...readFileSync(file, "utf8").matchAll(/from\s+"([^"]+)"/g)]
          .map((match) => match[1]!)
          .filter((module) => /routes$/.test(module))
          .map((module) => `${relative(file)} → ${module}`),
      );
    expect(borrowing).toEqual([]);
  });
});
