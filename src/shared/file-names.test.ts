import { describe, expect, it } from "vitest";
import { EXPORT_SLUG_LENGTH, fileSlug } from "./file-names";

describe("file slugs", () => {
  it("folds accents and turns everything else into single dashes", () => {
    expect(fileSlug("Élodie Dœuf — Théâtre/2026")).toBe("Elodie-Doeuf-Theatre-2026");
    expect(fileSlug("../../etc/passwd")).toBe("etc-passwd");
  });

  it("cuts at 60 by default, 200 for exports, and falls back when nothing is left", () => {
    expect(fileSlug("a".repeat(300))).toHaveLength(60);
    expect(fileSlug("a".repeat(300), EXPORT_SLUG_LENGTH)).toHaveLength(200);
    expect(fileSlug("Юлия")).toBe("application");
  });
});
