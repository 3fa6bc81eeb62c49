/** A problem or warning, tied to a section and maybe a question, or to the whole form. */
export interface PlacedMessage {
  sectionId?: string;
  questionId?: string;
  message: string;
}

/** What one section shows: about itself, and about each of its questions. */
export interface SectionMessages {
  problems: readonly string[];
  warnings: readonly string[];
  questionProblems: Readonly<Record<string, readonly string[]>>;
  questionWarnings: Readonly<Record<string, readonly string[]>>;
}

/** Shared empty values: components given them see the same props every render and skip re-rendering. */
export const NO_MESSAGES: readonly string[] = Object.freeze([]);
export const NO_SECTION_MESSAGES: SectionMessages = Object.freeze({
  problems: NO_MESSAGES,
  warnings: NO_MESSAGES,
  questionProblems: Object.freeze({}),
  questionWarnings: Object.freeze({}),
});

export interface MessagesByPlace {
  /** Problems about the whole form (the Identifier count, the files of the plan). */
  form: readonly string[];
  sections: ReadonlyMap<string, SectionMessages>;
}

function emptySection() {
  return {
    problems: [] as string[],
    warnings: [] as string[],
    questionProblems: {} as Record<string, string[]>,
    questionWarnings: {} as Record<string, string[]>,
  };
}

function addOnce(list: string[], message: string) {
  if (!list.includes(message)) list.push(message);
}

/**
 * Groups problems and warnings by the section they are shown in. A section whose messages are the same
 * as in `previous` keeps its previous object, so typing elsewhere does not re-render it.
 */
export function messagesByPlace(
  problems: readonly PlacedMessage[],
  warnings: readonly PlacedMessage[],
  previous: ReadonlyMap<string, SectionMessages> = new Map(),
): MessagesByPlace {
  const form: string[] = [];
  const built = new Map<string, ReturnType<typeof emptySection>>();
  const place = (messages: readonly PlacedMessage[], kind: "problems" | "warnings") => {
    for (const { sectionId, questionId, message } of messages) {
      if (sectionId === undefined) {
        addOnce(form, message);
        continue;
      }
      let section = built.get(sectionId);
      if (section === undefined) {
        section = emptySection();
        built.set(sectionId, section);
      }
      if (questionId === undefined) {
        addOnce(section[kind], message);
      } else {
        const byQuestion = kind === "problems" ? section.questionProblems : section.questionWarnings;
        byQuestion[questionId] ??= [];
        addOnce(byQuestion[questionId], message);
      }
    }
  };
  place(problems, "problems");
  place(warnings, "warnings");

  const sections = new Map<string, SectionMessages>();
  for (const [sectionId, messages] of built) {
    const before = previous.get(sectionId);
    const same = before !== undefined && JSON.stringify(before) === JSON.stringify(messages);
    sections.set(sectionId, same ? before : messages);
  }
  return { form, sections };
}
