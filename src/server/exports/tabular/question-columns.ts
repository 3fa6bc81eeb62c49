import { type FormContent, liveSections, type Question } from "../../../shared/forms/model";

/**
 * The data export's question columns: one per question of the form across all its published versions,
 * so a submission made on an older version keeps its answers. The newest version gives the order; a
 * question only older versions had comes after, from the newest version that still had it. Checkbox
 * grids take no answers and get no column.
 */

export interface QuestionColumn {
  questionId: string;
  /** The column's header: the question's text, made unique among all the headers. */
  header: string;
  /** An answer to it is withheld ("[anonymized]") unless asked for: anonymized in any version. */
  anonymized: boolean;
}

/** Whitespace (line breaks included) as single spaces: a header reads on one line. */
const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

/**
 * `versions` newest first. `reserved` are the headers already taken by the fixed columns: a question
 * named "Identifier" does not get a second column of that name.
 */
export function questionColumns(
  versions: readonly FormContent[],
  reserved: readonly string[] = [],
): QuestionColumn[] {
  const found = new Map<string, { question: Question; sectionName: string; anonymized: boolean }>();
  for (const content of versions) {
    for (const section of liveSections(content.sections)) {
      for (const question of section.questions) {
        if (question.type === "CHECKBOX_GRID") continue;
        const known = found.get(question._id);
        if (known) known.anonymized ||= question.anonymize;
        else
          found.set(question._id, {
            question,
            sectionName: oneLine(section.name),
            anonymized: question.anonymize,
          });
      }
    }
  }
  const entries = [...found.values()];
  const headers = uniqueHeaders(
    entries.map((e) => ({ text: oneLine(e.question.name) || "Untitled question", qualifier: e.sectionName })),
    reserved,
  );
  return entries.map((e, i) => ({
    questionId: e.question._id,
    header: headers[i]!,
    anonymized: e.anonymized,
  }));
}

/**
 * Headers that tell their columns apart: questions sharing a text get their section's name after it,
 * "Budget (Year 1)" and "Budget (Year 2)"; whatever is still taken then gets a number, "Budget (2)".
 */
export function uniqueHeaders(
  names: readonly { text: string; qualifier: string }[],
  reserved: readonly string[] = [],
): string[] {
  const uses = new Map<string, number>();
  for (const { text } of names) uses.set(text, (uses.get(text) ?? 0) + 1);
  const taken = new Set(reserved);
  return names.map(({ text, qualifier }) => {
    const shared = (uses.get(text) ?? 0) > 1 || taken.has(text);
    let header = shared && qualifier !== "" ? `${text} (${qualifier})` : text;
    if (taken.has(header)) {
      let n = 2;
      while (taken.has(`${header} (${n})`)) n += 1;
      header = `${header} (${n})`;
    }
    taken.add(header);
    return header;
  });
}
