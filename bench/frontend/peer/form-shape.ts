/**
 * The form of the SurveyJS comparison (bench/README.md, "Mobile", "Side by side with SurveyJS"): 5 sections
 * of 8 questions, the kinds an application form mixes, defined once and made into our form
 * (our-form.ts, through the API) and SurveyJS's (survey-json.ts) from here, so both ask the same questions.
 * Plain data only: the SurveyJS page bundles this file.
 */
export type PeerQuestionKind = "text" | "longText" | "number" | "email" | "choice" | "checkboxes";

export interface PeerQuestion {
  kind: PeerQuestionKind;
  title: string;
  required: boolean;
  /** The choices of a choice or checkboxes question. */
  choices?: string[];
}

export interface PeerSection {
  title: string;
  description: string;
  questions: PeerQuestion[];
}

export const PEER_FORM_SHAPE = { sections: 5, questionsPerSection: 8 } as const;
export const PEER_FORM_TITLE = "Community grant application";

/** The question typed into: the second question of the first section, a one-line text. */
export const TYPED_QUESTION_TITLE = "1.2 Project title";

const choices = (count: number) => Array.from({ length: count }, (_, i) => `Choice ${i + 1}`);

/** A section's eight questions, in order. */
function sectionQuestions(s: number): PeerQuestion[] {
  const title = (q: number, what: string) => `${s + 1}.${q + 1} ${what}`;
  return [
    { kind: "text", title: title(0, "Organization name"), required: true },
    { kind: "text", title: title(1, "Project title"), required: false },
    { kind: "longText", title: title(2, "Describe the project"), required: false },
    { kind: "number", title: title(3, "Amount requested"), required: false },
    { kind: "email", title: title(4, "Contact email"), required: false },
    { kind: "choice", title: title(5, "Project stage"), required: true, choices: choices(4) },
    { kind: "checkboxes", title: title(6, "Areas of work"), required: false, choices: choices(5) },
    { kind: "longText", title: title(7, "Expected outcomes"), required: false },
  ];
}

export function peerFormSections(): PeerSection[] {
  return Array.from({ length: PEER_FORM_SHAPE.sections }, (_, s) => ({
    title: `Section ${s + 1}`,
    description: `Part ${s + 1} of your application.`,
    questions: sectionQuestions(s),
  }));
}
