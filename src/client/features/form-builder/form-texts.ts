import { type FormContent, liveSections } from "../../../shared/forms/model";

/**
 * The English texts applicants read, in the form's order, for the French translation: the form's name,
 * section names, question texts and descriptions, options, table columns and the confirmation message.
 * Rich-text descriptions are left out (they are styled runs, translated with the form's layout later).
 */
export function formTexts(content: FormContent): string[] {
  const texts = [content.name];
  for (const section of liveSections(content.sections)) {
    texts.push(section.name);
    for (const question of section.questions) {
      texts.push(question.name, question.description);
      for (const option of question.x_options) texts.push(option.value);
      for (const column of question.columns) texts.push(column.value);
    }
  }
  texts.push(content.settings.confirmationMessage);
  return texts;
}
