import { describe, expect, it } from "vitest";
import { EXPORT_SLUG_LENGTH } from "../../shared/file-names";
import { exportFileName, resultKey } from "./job-store";

const DAY = new Date("2026-11-21T23:30:00Z");

describe("exportFileName", () => {
  it("is the program's slug, the kind, the day (UTC) and the extension", () => {
    expect(exportFileName("Community Grants 2026", "data", "csv", DAY)).toBe(
      "community-grants-2026-data-2026-11-21.csv",
    );
    expect(exportFileName("Community Grants 2026", "matrix", "xlsx", DAY)).toBe(
      "community-grants-2026-matrix-2026-11-21.xlsx",
    );
    expect(exportFileName("Fonds québécois — Œuvres d'été", "attachments", "zip", DAY)).toBe(
      "fonds-quebecois-oeuvres-d-ete-attachments-2026-11-21.zip",
    );
  });

  it("names a dossier's candidate", () => {
    expect(exportFileName("Arts 2026", "dossier", "zip", DAY, "Alice's Garden")).toBe(
      "arts-2026-dossier-alice-s-garden-2026-11-21.zip",
    );
    expect(exportFileName("Arts 2026", "dossier", "zip", DAY, "🎉")).toBe(
      "arts-2026-dossier-candidate-2026-11-21.zip",
    );
  });

  it("falls back when nothing of the name is left, and keeps the slug part within the export length", () => {
    expect(exportFileName("日本語", "comments", "csv", DAY)).toBe("program-comments-2026-11-21.csv");
    const long = exportFileName("a".repeat(400), "data", "csv", DAY);
    expect(long).toBe(`${"a".repeat(EXPORT_SLUG_LENGTH)}-2026-11-21.csv`);
    const dossier = exportFileName("p".repeat(100), "dossier", "zip", DAY, "c".repeat(300));
    expect(dossier.length).toBeLessThanOrEqual(255);
    expect(dossier.startsWith(`${"p".repeat(60)}-dossier-ccc`)).toBe(true);
    expect(dossier.endsWith("c-2026-11-21.zip")).toBe(true);
  });
});

describe("resultKey", () => {
  it("gives each attempt its own folder under the job's", () => {
    expect(resultKey({ id: "j1", attempts: 2, kind: "pdfs", format: "zip" })).toBe("exports/j1/2/pdfs.zip");
  });
});
