import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { isBuiltin } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../project-root";

/**
 * The layout rule in README.md ("Layout"): test code is a `*.test.ts(x)` file or anything in a folder named
 * `test/` (src/server/test/, src/client/test/, a domain's own test/ folder, firebase/test/). Production code
 * (every other file in src/ and firebase/) never imports it, so no test world, stand-in or helper can reach
 * the server or the bundle; and a file only tests use lives in a test/ folder, so the rule is visible from
 * the path alone.
 */

const SCANNED = ["src", "firebase"];
/** Where production starts: the server, the client page, the PGlite worker thread, the Firebase target. */
const ENTRY_POINTS = [
  "src/server/start.ts",
  "src/client/main.tsx",
  "src/server/db/pglite-worker.ts",
  "firebase/functions.ts",
  "firebase/migrate.ts",
  "firebase/build.mjs",
  // Rendered by the build (vite.config.ts loads them by path, not by an import): the pages' first screens.
  "src/client/first-paint/signed-in-shell.tsx",
  "src/client/first-paint/form-first-screen.tsx",
];
/** The project's own tools at the top of scripts/ (start, backup, restore, bundle size), which run src/ too. */
const TOOL_ENTRY_POINTS = /^scripts\/[^/]+\.(ts|mjs)$/;

const isTestFile = (file: string) => /\.test\.tsx?$/.test(file);
const inTestFolder = (file: string) => file.split("/").includes("test");
const isTestCode = (file: string) => isTestFile(file) || inTestFolder(file);
/** Packages only tests use: the runner and the property-based generators. */
const TEST_PACKAGES = /^(vitest|@vitest\/[^/]+|fast-check)(\/|$)/;

/** A module specifier: static and dynamic imports, re-exports, mocks, and a worker's `new URL("./…")`. */
const SPECIFIER =
  /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\bvi\.mock\(\s*|\brequire\(\s*|\bnew\s+URL\(\s*(?=["']\.))(["'])([^"'\n]+)\1/g;

interface Import {
  line: number;
  specifier: string;
  /** The repository path it names (a file when it resolves to one), or null for a package or built-in. */
  target: string | null;
}

const files = execFileSync(
  "git",
  ["ls-files", "--cached", "--others", "--exclude-standard", ...SCANNED, "scripts"],
  {
    cwd: PROJECT_ROOT,
    encoding: "utf8",
  },
)
  .split("\n")
  .filter((file) => /\.(ts|tsx|mts|mjs)$/.test(file) && !file.endsWith(".d.ts") && !file.endsWith(".d.mts"));
const known = new Set(files);

function isPackage(specifier: string): boolean {
  if (isBuiltin(specifier)) return true;
  const parts = specifier.split("/");
  const name = specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]!;
  return existsSync(path.join(PROJECT_ROOT, "node_modules", name, "package.json"));
}

/**
 * A relative specifier as the file it names (or its normalized path, for a file that is not code); a
 * package as null. Anything else (a path alias) answers the specifier itself, so the rule still sees a
 * `test/` in it.
 */
function resolve(from: string, specifier: string): string | null {
  if (!specifier.startsWith(".")) return isPackage(specifier) ? null : specifier;
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  const stem = base.replace(/\.(m?js|tsx?)$/, "");
  const candidates = [base, `${stem}.ts`, `${stem}.tsx`, `${stem}.mts`, `${stem}.mjs`, `${base}/index.ts`];
  return candidates.find((candidate) => known.has(candidate)) ?? base;
}

function importsOf(file: string): Import[] {
  const text = readFileSync(path.join(PROJECT_ROOT, file), "utf8");
  return [...text.matchAll(SPECIFIER)].map((match) => {
    const specifier = match[2]!;
    const at = match.index + match[0].length - specifier.length - 1;
    return { line: text.slice(0, at).split("\n").length, specifier, target: resolve(file, specifier) };
  });
}

const graph = new Map(files.map((file) => [file, importsOf(file)]));
const production = files.filter(
  (file) => SCANNED.some((dir) => file.startsWith(`${dir}/`)) && !isTestCode(file),
);

describe("test code stays out of production", () => {
  it("scans the production files and finds their imports", () => {
    expect(production).toContain("src/server/app.ts");
    expect(production).toContain("src/client/main.tsx");
    const server = graph.get("src/server/start.ts")!;
    expect(server.find((entry) => entry.specifier === "./server")?.target).toBe("src/server/server.ts");
    expect(server.find((entry) => entry.specifier === "node:v8")?.target).toBeNull();
  });

  it("production code imports no test file, nothing in a test/ folder and no test package", () => {
    const offenders = production.flatMap((file) =>
      graph
        .get(file)!
        .filter((entry) =>
          entry.target !== null ? isTestCode(entry.target) : TEST_PACKAGES.test(entry.specifier),
        )
        .map((entry) => `${file}:${entry.line} imports ${entry.specifier}`),
    );
    expect(offenders).toEqual([]);
  });

  it("a file that only tests (and test tools) use lives in a test/ folder", () => {
    const reached = new Set<string>();
    const pending = [...ENTRY_POINTS, ...files.filter((file) => TOOL_ENTRY_POINTS.test(file))];
    while (pending.length > 0) {
      const file = pending.pop()!;
      if (reached.has(file)) continue;
      reached.add(file);
      for (const entry of graph.get(file) ?? []) if (entry.target !== null) pending.push(entry.target);
    }
    const testOnly = production.filter((file) => !reached.has(file));
    expect(
      testOnly,
      "move these to a test/ folder, or add the production entry point that uses them",
    ).toEqual([]);
  });
});
