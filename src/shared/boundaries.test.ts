import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * `src/shared` is the code both sides run (schemas, the role matrix, the form model, messages): it
 * imports neither the client nor the server, so the browser bundle never pulls in server code and
 * the server never depends on a page.
 */

const SHARED = import.meta.dirname;

function files(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === "test" ? [] : files(full);
    // Its tests are not part of what both sides run.
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Each relative import of a file that lands outside src/shared, as "file:line → specifier". */
function importsLeaving(file: string, source = readFileSync(file, "utf8")): string[] {
  return source.split("\n").flatMap((line, index) =>
    [...line.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)["'](\.[^"']+)["']/g)]
      .map((match) => match[1]!)
      .filter((specifier) => !path.resolve(path.dirname(file), specifier).startsWith(SHARED + path.sep))
      .map((specifier) => `${path.relative(SHARED, file)}:${index + 1} → ${specifier}`),
  );
}

describe("src/shared", () => {
  it("imports neither the client nor the server", () => {
    const all = files(SHARED);
    expect(all.length).toBeGreaterThan(30);
    expect(all.flatMap((file) => importsLeaving(file))).toEqual([]);
  });

  it("would see such an import (the check reads what it should)", () => {
    const file = path.join(SHARED, "errors.ts");
    expect(importsLeaving(file)).toEqual([]);
    const source = `${readFileSync(file, "utf8")}import { createApp } from "../server/app";\n`;
    expect(importsLeaving(file, source)).toEqual([
      `errors.ts:${source.split("\n").length - 1} → ../server/app`,
    ]);
  });
});
