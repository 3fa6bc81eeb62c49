import { describe, expect, it } from "vitest";
import { setTranslation, translatableTexts, translatedCount, visibleTexts } from "./translations";

describe("translatableTexts", () => {
  it("trims, drops blanks and repeats, and keeps the form's order", () => {
    expect(translatableTexts([" Name ", "", "Email", "Name", "  ", "Budget"])).toEqual([
      "Name",
      "Email",
      "Budget",
    ]);
  });
});

describe("setTranslation", () => {
  it("sets a French text without changing the original", () => {
    const before = { Name: "Nom" };
    const after = setTranslation(before, "Email", "Courriel");
    expect(after).toEqual({ Name: "Nom", Email: "Courriel" });
    expect(before).toEqual({ Name: "Nom" });
  });

  it("removes the entry when the French text is blank", () => {
    expect(setTranslation({ Name: "Nom", Email: "Courriel" }, "Name", "  ")).toEqual({ Email: "Courriel" });
  });
});

describe("visibleTexts", () => {
  const texts = ["Name", "Email address", "Budget", "Your name again"];
  const translations = { Budget: "Budget prévu" };

  it("shows everything up to the limit without a search", () => {
    expect(visibleTexts(texts, translations, "")).toEqual({ shown: texts, matching: 4 });
    expect(visibleTexts(texts, translations, " ", 2)).toEqual({
      shown: ["Name", "Email address"],
      matching: 4,
    });
  });

  it("finds texts by English or French, in any case", () => {
    expect(visibleTexts(texts, translations, "NAME")).toEqual({
      shown: ["Name", "Your name again"],
      matching: 2,
    });
    expect(visibleTexts(texts, translations, "prévu")).toEqual({ shown: ["Budget"], matching: 1 });
  });
});

describe("translatedCount", () => {
  it("counts texts with a non-blank French text", () => {
    expect(translatedCount(["A", "B", "C"], { A: "a", B: " ", Z: "z" })).toBe(1);
  });
});
