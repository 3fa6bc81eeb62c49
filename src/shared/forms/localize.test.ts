import { describe, expect, it } from "vitest";
import { defaultFormContent } from "./defaults";
import { localize, localizeRichText } from "./localize";

const settings = {
  ...defaultFormContent("Fund").settings,
  frenchTranslationEnabled: true,
  translations: { About: "À propos du", "the fund": "fonds", Fund: "Fonds" },
};

describe("localize", () => {
  it("answers the French text when French is on, the English otherwise", () => {
    expect(localize(" Fund ", "fr", settings)).toBe("Fonds");
    expect(localize("Fund", "en", settings)).toBe("Fund");
    expect(localize("Fund", "fr", { ...settings, frenchTranslationEnabled: false })).toBe("Fund");
    expect(localize("Budget", "fr", settings)).toBe("Budget");
  });

  it("keeps rich text's structure and the spaces between its runs", () => {
    const text = {
      blocks: [
        {
          type: "heading" as const,
          children: [{ text: "About " }, { text: "the fund", bold: true, link: "https://example.org" }],
        },
      ],
    };
    expect(localizeRichText(text, "fr", settings)).toEqual({
      blocks: [
        {
          type: "heading",
          children: [{ text: "À propos du " }, { text: "fonds", bold: true, link: "https://example.org" }],
        },
      ],
    });
  });
});
