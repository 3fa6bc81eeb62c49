import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Comments and docs refer to what a reader can open: a section of the specifications by its title (e.g.
 * forms-and-applicants, "4. States and transitions"), a decision record in docs/decisions/, or another
 * file of the repository. A work item's number or a section sign with a number names neither, so this test
 * lists every such reference in the code, the scripts, the benchmarks and the docs, with its file and line.
 * The patterns are built from strings so that this file does not match them itself.
 */

const ROOT = path.resolve(import.meta.dirname, "../..");
const SCANNED = ["src", "e2e", "scripts", "bench", "firebase", "docs", "README.md"];
/** Generated or installed folders (.gitignore's), never written by hand. */
const SKIPPED_DIRECTORIES = new Set([
  "node_modules",
  "dist",
  "data",
  "data-growth",
  ".cache",
  "coverage",
  "reports",
]);
const TEXT_FILE = /\.(ts|tsx|mts|cts|js|mjs|cjs|md|html|css|sql|sh|ya?ml)$/;

const SECTION_SIGN = "\u00a7";
const PATTERNS: readonly { kind: string; pattern: RegExp }[] = [
  { kind: "work-item number", pattern: new RegExp(["\\bissues?", "\\s+#?\\d+"].join(""), "i") },
  { kind: "bare section sign", pattern: new RegExp(`${SECTION_SIGN}\\s*\\d`) },
];

function referencesIn(text: string): { line: number; kind: string; text: string }[] {
  return text.split("\n").flatMap((line, index) =>
    PATTERNS.filter(({ pattern }) => pattern.test(line)).map(({ kind }) => ({
      line: index + 1,
      kind,
      text: line.trim(),
    })),
  );
}

function filesUnder(relative: string): string[] {
  const absolute = path.join(ROOT, relative);
  const entries = readdirSync(absolute, { withFileTypes: true });
  return entries.flatMap((entry) => {
    const child = path.join(relative, entry.name);
    if (entry.isDirectory()) return SKIPPED_DIRECTORIES.has(entry.name) ? [] : filesUnder(child);
    return entry.isFile() && TEXT_FILE.test(entry.name) ? [child] : [];
  });
}

describe("references a reader can open", () => {
  it("recognizes a work-item number and a bare section sign, and leaves titles and addresses alone", () => {
    const item = ["issue", "9"].join(" ");
    expect(referencesIn(`a comment (${item})\nfine (forms-and-applicants, "5. Validation rules")`)).toEqual([
      { line: 1, kind: "work-item number", text: `a comment (${item})` },
    ]);
    expect(referencesIn(`(${["Issues", "7"].join(" ")} and 9)`)).toHaveLength(1);
    expect(referencesIn(`review-and-administration ${SECTION_SIGN}4`)).toHaveLength(1);
    expect(referencesIn("https://github.com/firebase/firebase-functions/issues/1375")).toEqual([]);
    expect(referencesIn("for (const issue of error.issues) list.push(issue.message);")).toEqual([]);
  });

  it("finds none in src, e2e, scripts, bench, firebase, docs and README.md", () => {
    const files = SCANNED.flatMap((entry) => (TEXT_FILE.test(entry) ? [entry] : filesUnder(entry)));
    expect(files.length).toBeGreaterThan(100);
    const offenders = files.flatMap((file) =>
      referencesIn(readFileSync(path.join(ROOT, file), "utf8")).map(
        ({ line, kind, text }) => `${file}:${line} (${kind}): ${text}`,
      ),
    );
    expect(offenders, "name the spec section by its title, or the decision record").toEqual([]);
  });
});
