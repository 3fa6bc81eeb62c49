import { describe, expect, it } from "vitest";
import { FORM_FIRST_SCREEN_MARKERS, type FormFirstScreenTemplates } from "../../shared/first-screen";
import type { ApplicantForm } from "../../shared/schemas/submissions";
import { acceptedLanguage } from "./accepted-language";
import { fillFormFirstScreen } from "./form-first-screen";

const { name, organization, themeColour } = FORM_FIRST_SCREEN_MARKERS;
const template = (variant: string) =>
  `<i data-variant="${variant}" style="background:#${themeColour}"></i><h1>${name}</h1><p>${organization}</p>`;
const templatesOf = (page: string) => ({
  en: { plain: template(`${page} en`), withLanguageChoice: template(`${page} en, choice`) },
  fr: { plain: template(`${page} fr`), withLanguageChoice: template(`${page} fr, choice`) },
});
const TEMPLATES: FormFirstScreenTemplates = { draft: templatesOf("draft"), start: templatesOf("start") };

function form(settings: Partial<ApplicantForm["settings"]> = {}, formName = "Arts fund"): ApplicantForm {
  return {
    _id: "f",
    programId: "p",
    name: formName,
    description: "",
    sections: [],
    settings: {
      themeColour: "673FB4",
      headerImage: null,
      confirmationMessage: "",
      frenchTranslationEnabled: false,
      translations: {},
      ...settings,
    },
    version: 1,
    allowEdit: true,
    maxFileSizeMB: 5,
    accepting: true,
    closesAt: null,
    organization: { name: "Harbour & Sons", contactEmail: null },
  };
}

describe("the form's first screen, filled in", () => {
  it("puts the form's name, organization and colour where the markers were, as text", () => {
    expect(fillFormFirstScreen(TEMPLATES, "draft", form({}, `<img src=x onerror="alert('x')">`), "en")).toBe(
      '<i data-variant="draft en" style="background:#673FB4"></i>' +
        "<h1>&lt;img src=x onerror=&quot;alert(&#39;x&#39;)&quot;&gt;</h1><p>Harbour &amp; Sons</p>",
    );
  });

  it("keeps a name's dollar signs as they are (no replacement patterns)", () => {
    expect(fillFormFirstScreen(TEMPLATES, "draft", form({}, "Fund $& $' $$ $1"), "en")).toContain(
      "<h1>Fund $&amp; $&#39; $$ $1</h1>",
    );
  });

  it("draws Français / English for a translated form, and its French name for a French page", () => {
    const translated = form({
      frenchTranslationEnabled: true,
      translations: { "Arts fund": "Fonds des arts" },
    });
    expect(fillFormFirstScreen(TEMPLATES, "draft", translated, "fr")).toBe(
      '<i data-variant="draft fr, choice" style="background:#673FB4"></i><h1>Fonds des arts</h1><p>Harbour &amp; Sons</p>',
    );
    expect(fillFormFirstScreen(TEMPLATES, "draft", translated, "en")).toContain(
      'data-variant="draft en, choice"',
    );
    expect(fillFormFirstScreen(TEMPLATES, "draft", translated, "en")).toContain("<h1>Arts fund</h1>");
  });

  it("is not drawn above a draft's header image, whose height the HTML cannot hold for every screen", () => {
    const withImage = form({ headerImage: "/api/files/image/abc" });
    expect(fillFormFirstScreen(TEMPLATES, "draft", withImage, "en")).toBeNull();
    expect(fillFormFirstScreen(TEMPLATES, "draft", form({ headerImage: "" }), "en")).not.toBeNull();
    // The start card shows no image.
    expect(fillFormFirstScreen(TEMPLATES, "start", withImage, "en")).toContain('data-variant="start en"');
  });
});

describe("the first screen's language", () => {
  it("is the browser's first language when French, else English, as the page picks it without a stored choice", () => {
    expect(acceptedLanguage("fr")).toBe("fr");
    expect(acceptedLanguage("fr-CA,fr;q=0.9,en;q=0.5")).toBe("fr");
    expect(acceptedLanguage("en-US,fr;q=0.9")).toBe("en");
    expect(acceptedLanguage("de")).toBe("en");
    expect(acceptedLanguage("")).toBe("en");
    expect(acceptedLanguage(undefined)).toBe("en");
  });
});
