import { describe, expect, it } from "vitest";
import { ADDRESS_SLUG_MAX, addressSlug, addressSlugSchema, applyPath, numberedSlug } from "./address";

describe("stable form addresses", () => {
  it("makes a readable slug from a program's name, and a fallback when nothing is left", () => {
    expect(addressSlug("Community Grants 2026", "form")).toBe("community-grants-2026");
    expect(addressSlug("Fondation Québec — Œuvres_d'art", "form")).toBe("fondation-quebec-oeuvres-d-art");
    expect(addressSlug("Юлия", "form")).toBe("form");
    expect(addressSlug("a".repeat(200), "form")).toHaveLength(ADDRESS_SLUG_MAX);
  });

  it("numbers a taken slug within the length", () => {
    expect(numberedSlug("grants", 1)).toBe("grants");
    expect(numberedSlug("grants", 3)).toBe("grants-3");
    expect(numberedSlug("a".repeat(ADDRESS_SLUG_MAX), 12)).toHaveLength(ADDRESS_SLUG_MAX);
  });

  it("accepts only lower-case letters, digits and single dashes", () => {
    expect(addressSlugSchema.safeParse("community-grants-2026").success).toBe(true);
    for (const bad of ["", "Grants", "a--b", "-a", "a-", "a b", "a/b", "é", "x".repeat(61)]) {
      expect(addressSlugSchema.safeParse(bad).success, bad).toBe(false);
    }
  });

  it("builds the path the browser opens", () => {
    expect(applyPath("demo-foundation", "community-grants-2026")).toBe(
      "/apply/demo-foundation/community-grants-2026",
    );
  });
});
