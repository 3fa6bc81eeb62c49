import type { FormContent, FormSettings, RichText } from "./model";
import { liveSections } from "./model-constants";

/**
 * The form's French texts (forms-and-applicants, "1. What the product does and for whom": the form page in
 * English and French): which English texts applicants read, which of them have French, and which French texts
 * a machine made. Used by the builder's French texts and by the server's machine translation, so both count
 * the same texts.
 */

type Translations = FormSettings["translations"];

/** Rich text's own texts: a plain description whole, styled blocks run by run (the structure is not text). */
function richTexts(text: RichText): string[] {
  if (typeof text === "string") return [text];
  return text.blocks.flatMap((block) => block.children.map((run) => run.text));
}

/**
 * The English texts applicants read, in the form's order: the form's name and description, section names
 * and descriptions, question texts and descriptions, options, table columns and the confirmation message.
 */
export function formTexts(content: FormContent): string[] {
  const texts = [content.name, ...richTexts(content.description)];
  for (const section of liveSections(content.sections)) {
    texts.push(section.name, ...richTexts(section.description));
    for (const question of section.questions) {
      texts.push(question.name, question.description);
      for (const option of question.x_options) texts.push(option.value);
      for (const column of question.columns) texts.push(column.value);
    }
  }
  texts.push(content.settings.confirmationMessage);
  return texts;
}

/** The English texts to translate: trimmed, without blanks or repeats, in the form's order. */
export function translatableTexts(texts: readonly string[]): string[] {
  return [...new Set(texts.map((text) => text.trim()).filter((text) => text !== ""))];
}

/** Whether this English text has a French text (a blank one counts as none). */
export const hasFrench = (translations: Translations, english: string): boolean =>
  (translations[english] ?? "").trim() !== "";

/** The form's English texts that have no French text yet. */
export function missingFrench(content: FormContent): string[] {
  return translatableTexts(formTexts(content)).filter(
    (english) => !hasFrench(content.settings.translations, english),
  );
}

/** Whether the French text of `english` is a machine's, not yet edited by an administrator. */
export const isMachineMade = (settings: Pick<FormSettings, "machineTranslated">, english: string) =>
  settings.machineTranslated?.includes(english) ?? false;

/**
 * The settings with machine-made French texts added for texts that have none: an administrator's own
 * French is never replaced. Answers the new settings and how many texts were filled.
 */
export function withMachineFrench(
  settings: FormSettings,
  missing: readonly string[],
  french: ReadonlyMap<string, string>,
): { settings: FormSettings; filled: number } {
  const translations = { ...settings.translations };
  const machine = new Set(settings.machineTranslated ?? []);
  let filled = 0;
  for (const english of missing) {
    const text = french.get(english)?.trim();
    if (!text || hasFrench(translations, english)) continue;
    translations[english] = text;
    machine.add(english);
    filled++;
  }
  return { settings: { ...settings, translations, machineTranslated: [...machine] }, filled };
}

/** What machine translation answers an administrator when it cannot (no key, no address, no text in it). */
export const MACHINE_TRANSLATION_MESSAGES = {
  notConfigured: "Machine translation is not configured on this server.",
  quota:
    "The translation service refused the request (its quota is used up). Nothing was changed; try again later.",
  timeout: "The translation service did not answer in time. Nothing was changed; try again.",
  unavailable: "The translation service is unavailable. Nothing was changed; try again later.",
} as const;
