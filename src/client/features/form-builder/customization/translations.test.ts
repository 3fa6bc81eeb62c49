import { describe, expect, it } from "vitest";
import { defaultFormContent } from "../../../../shared/forms/defaults";
import { setTranslation, translatedCount, visibleTexts } from "./translations";

describe("setTranslation", () => {
  const settings = defaultFormContent("Fund").settings;

  it("sets a French text without changing the original", () => {
    const before = { ...settings, translations: { Name: "Nom" } };
    const after = setTranslation(before, "Email", "Courriel");
    expect(after.translations).toEqual({ Name: "Nom", Email: "Courriel" });
    expect(before.translations).toEqual({ Name: "Nom" });
  });

  it("removes the entry when the French text is blank", () => {
    const before = { ...settings, translations: { Name: "Nom", Email: "Courriel" } };
    expect(setTranslation(before, "Name", "  ").translations).toEqual({ Email: "Courriel" });
  });

  it("makes an edited machine text the administrator's own", () => {
    const before = {
      ...settings,
      translations: { Name: "Nom", Email: "Adresse" },
      machineTranslated: ["Name", "Email"],
    };
    expect(setTranslation(before, "Email", "Courriel")).toMatchObject({
      translations: { Name: "Nom", Email: "Courriel" },
      machineTranslated: ["Name"],
    });
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
