import type { FormSettings } from "../../../../shared/forms/model";

type Translations = FormSettings["translations"];

/** The English texts to translate: trimmed, without blanks or repeats, in the form's order. */
export function translatableTexts(texts: readonly string[]): string[] {
  return [...new Set(texts.map((text) => text.trim()).filter((text) => text !== ""))];
}

/** The translations with one French text set; a blank French text removes the entry. */
export function setTranslation(translations: Translations, english: string, french: string): Translations {
  const next = { ...translations };
  if (french.trim() === "") delete next[english];
  else next[english] = french;
  return next;
}

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
  return texts.filter((text) => (translations[text] ?? "").trim() !== "").length;
}
