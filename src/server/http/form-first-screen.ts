import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import {
  FORM_FIRST_SCREEN_FILE,
  FORM_FIRST_SCREEN_MARKERS,
  type FormFirstScreenPage,
  type FormFirstScreenTemplates,
} from "../../shared/first-screen";
import { localize } from "../../shared/forms/localize";
import type { Language } from "../../shared/i18n/catalog";
import type { ApplicantForm } from "../../shared/schemas/submissions";
import { escapeHtml } from "../email/templates";

/*
 * The applicant form's first screen (docs/decisions/047-form-first-screen.md): the top of what the page shows
 * first (a guest's draft: the form's header; the link's page: its start card), drawn from the page's HTML
 * before any script runs, so that a phone paints the form's name at once instead of after the scripts, the
 * link or the draft and their schemas have come one after another. The build renders the
 * templates from the header's own components (src/client/first-paint/form-first-screen.tsx); this fills in
 * the form's name, its organization and its colour.
 */

/** Text as HTML (the emails' escaping), with the line separators as references, as the page's data block writes them. */
function asHtmlText(text: string): string {
  return escapeHtml(text).replace(/[\u2028\u2029]/g, (separator) => `&#${separator.charCodeAt(0)};`);
}

/**
 * The first screen of `form` on `page` in `language`, or null when the page would not start as the template
 * does: a draft's header image sits above the form's name, at a height the HTML cannot hold for every screen
 * (the start card shows no image).
 */
export function fillFormFirstScreen(
  templates: FormFirstScreenTemplates,
  page: FormFirstScreenPage,
  form: ApplicantForm,
  language: Language,
): string | null {
  if (page === "draft" && form.settings.headerImage) return null;
  const variant = form.settings.frenchTranslationEnabled ? "withLanguageChoice" : "plain";
  const template = templates[page][language][variant];
  const name = asHtmlText(localize(form.name, language, form.settings));
  const organization = asHtmlText(form.organization.name);
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
