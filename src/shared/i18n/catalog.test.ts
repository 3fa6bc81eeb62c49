import { describe, expect, it } from "vitest";
import { CATALOG, LANGUAGES, translate } from "./catalog";

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe("the catalog", () => {
  it("has the same keys in English and French", () => {
    expect(Object.keys(CATALOG.fr).sort()).toEqual(Object.keys(CATALOG.en).sort());
  });

  it("has the same {{placeholders}} in every language", () => {
    for (const [key, english] of Object.entries(CATALOG.en)) {
      for (const language of LANGUAGES) {
        const text = CATALOG[language][key as keyof typeof CATALOG.en];
        expect(placeholders(text), `${language} ${key}`).toEqual(placeholders(english));
      }
    }
  });

  it("has no blank message", () => {
    for (const language of LANGUAGES) {
      for (const [key, text] of Object.entries(CATALOG[language])) expect(text.trim(), key).not.toBe("");
    }
  });

  it("fills in placeholders and leaves unknown ones as they are", () => {
    expect(translate("fr", "form.sectionOf", { n: 2, m: 5 })).toBe("section 2 sur 5");
    expect(translate("en", "file.maxCount", {})).toBe("You may only upload a maximum of: {{count}}");
  });
});
