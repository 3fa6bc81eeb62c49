import { hasFrench } from "../../../../shared/forms/french-texts";
import type { FormSettings } from "../../../../shared/forms/model";

type Translations = FormSettings["translations"];

/**
 * The settings with one French text set by an administrator: a blank French text removes the entry, and
 * the text is no longer marked machine-made (their edit is theirs, whatever it says).
 */
export function setTranslation(settings: FormSettings, english: string, french: string): FormSettings {
  const translations = { ...settings.translations };
  if (french.trim() === "") delete translations[english];
  else translations[english] = french;
  const machineTranslated = settings.machineTranslated?.filter((text) => text !== english);
  return { ...settings, translations, ...(machineTranslated ? { machineTranslated } : {}) };
}

/** Beside a French text a machine made, until an administrator edits it. */
export const MACHINE_MADE = "Machine translation: check it, and edit it to make it yours.";

/** How many text fields the drawer shows at once: a 1,000-question form stays quick to open. */
export const TRANSLATION_PAGE = 100;

/** The texts matching a search (English or French, any case), at most `limit` of them. */
export function visibleTexts(
  texts: readonly string[],
  translations: Translations,
  query: string,
  limit = TRANSLATION_PAGE,
): { shown: string[]; matching: number } {
  const needle = query.trim().toLowerCase();
  const matching = needle
    ? texts.filter(
        (text) =>
          text.toLowerCase().includes(needle) || (translations[text] ?? "").toLowerCase().includes(needle),
      )
    : [...texts];
  return { shown: matching.slice(0, limit), matching: matching.length };
}

/** How many of the texts have a French text. */
export function translatedCount(texts: readonly string[], translations: Translations): number {
  return texts.filter((text) => hasFrench(translations, text)).length;
}
