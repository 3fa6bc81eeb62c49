import type { Language } from "../i18n/catalog";
import type { FormSettings, RichText } from "./model";

/**
 * Form content in the applicant's language: the French text the administrator entered for this
 * English text when French is on, otherwise the original (forms-and-applicants, issue 5 item 12).
 */
export function localize(text: string, language: Language, settings: FormSettings): string {
  if (language !== "fr" || !settings.frenchTranslationEnabled) return text;
  const french = settings.translations[text.trim()];
  return french?.trim() ? french : text;
}

/** Rich text in the applicant's language: plain text is looked up whole, blocks run by run. */
export function localizeRichText(text: RichText, language: Language, settings: FormSettings): RichText {
  if (typeof text === "string") return localize(text, language, settings);
  return {
    blocks: text.blocks.map((block) => ({
      ...block,
      children: block.children.map((run) => ({ ...run, text: localize(run.text, language, settings) })),
    })),
  };
}
