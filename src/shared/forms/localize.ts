import type { Language } from "../i18n/catalog";
import type { FormSettings, RichText } from "./model";

/**
 * Form content in the applicant's language: the French text the administrator entered for this
 * English text when French is on, otherwise the original (forms-and-applicants,
 * "1. What the product does and for whom").
 */
export function localize(text: string, language: Language, settings: FormSettings): string {
  if (language !== "fr" || !settings.frenchTranslationEnabled) return text;
  const french = settings.translations[text.trim()];
  return french?.trim() ? french : text;
}

/**
 * A styled run keeps the spaces around it ("About " then a bold "the fund"): French texts are stored
 * trimmed, and the words of two runs must not run together.
 */
function localizeRun(text: string, language: Language, settings: FormSettings): string {
  const localized = localize(text, language, settings);
  if (localized === text) return text;
  const [, before = "", after = ""] = /^(\s*)[\s\S]*?(\s*)$/.exec(text) ?? [];
  return `${before}${localized.trim()}${after}`;
}

/** Rich text in the applicant's language: plain text is looked up whole, blocks run by run. */
export function localizeRichText(text: RichText, language: Language, settings: FormSettings): RichText {
  if (typeof text === "string") return localize(text, language, settings);
  return {
    blocks: text.blocks.map((block) => ({
      ...block,
      children: block.children.map((run) => ({ ...run, text: localizeRun(run.text, language, settings) })),
    })),
  };
}
