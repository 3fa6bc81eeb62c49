import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import {
  FORM_FIRST_SCREEN_FILE,
  FORM_FIRST_SCREEN_MARKERS,
  type FormFirstScreenTemplates,
} from "../../shared/first-screen";
import { localize } from "../../shared/forms/localize";
import type { Language } from "../../shared/i18n/catalog";
import type { ApplicantForm } from "../../shared/schemas/submissions";

/*
 * The applicant form's first screen (docs/decisions/047-form-first-screen.md): the top of the form's header,
 * drawn from the page's HTML before any script runs, so that a phone paints the form's name at once instead
 * of after the scripts, the draft and its schemas have come one after another. The build renders the
 * templates from the header's own components (src/client/first-paint/form-first-screen.tsx); this fills in
 * the form's name, its organization and its colour.
 */

/**
 * The language the page will open in when this browser has stored no choice: French when the browser prefers
 * it (`initialLanguage` reads `navigator.language`, which is the first of the languages it asks for).
 */
export function firstScreenLanguage(acceptLanguage: string | undefined): Language {
  const preferred = acceptLanguage?.split(",")[0]?.trim().toLowerCase() ?? "";
  return preferred.startsWith("fr") ? "fr" : "en";
}

const HTML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]!);
}

/**
 * The first screen of `form` in `language`, or null when the header would not start as the template does:
 * a header image sits above the form's name, at a height the HTML cannot hold for every screen.
 */
export function fillFormFirstScreen(
  templates: FormFirstScreenTemplates,
  form: ApplicantForm,
  language: Language,
): string | null {
  if (form.settings.headerImage) return null;
  const template =
    templates[language][form.settings.frenchTranslationEnabled ? "withLanguageChoice" : "plain"];
  const name = escapeHtml(localize(form.name, language, form.settings));
  const organization = escapeHtml(form.organization.name);
  // Replaced by functions: a name holding `$&` or `$'` is text, not a replacement pattern.
  return template
    .replaceAll(`#${FORM_FIRST_SCREEN_MARKERS.themeColour}`, () => `#${form.settings.themeColour}`)
    .replace(FORM_FIRST_SCREEN_MARKERS.name, () => name)
    .replace(FORM_FIRST_SCREEN_MARKERS.organization, () => organization);
}

/** The build's templates in `distDir`, read again when the build changes; null when the build has none. */
export function formFirstScreenTemplates(): (distDir: string) => Promise<FormFirstScreenTemplates | null> {
  let read: { file: string; modified: number; templates: FormFirstScreenTemplates | null } | undefined;
  return async (distDir) => {
    const file = path.join(distDir, FORM_FIRST_SCREEN_FILE);
    const modified = await stat(file).then(
      (stats) => stats.mtimeMs,
      () => -1,
    );
    if (read?.file !== file || read.modified !== modified) {
      const templates =
        modified < 0 ? null : (JSON.parse(await readFile(file, "utf8")) as FormFirstScreenTemplates);
      read = { file, modified, templates };
    }
    return read.templates;
  };
}
