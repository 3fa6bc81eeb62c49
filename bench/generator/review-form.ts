import type { Answer } from "../../src/shared/forms/answers";
import { newQuestion } from "../../src/shared/forms/defaults";
import {
  type FormContent,
  formContentSchema,
  type Question,
  type Section,
} from "../../src/shared/forms/model";
import { benchFormContent, budgetTable, choices, limitedParagraphs } from "../lib/bench-form";
import type { Random } from "../lib/random";
import { PROSE_WORDS } from "./names";

/** The review program's application form: Admin Info and four Decision Criteria sections of six questions. */
export const REVIEW_FORM = { sections: 5, questionsPerSection: 6 } as const;

/** Admin Info after the Identifier: contact (anonymized: reviewers never receive it), website, kind, amount, summary. */
const ADMIN_QUESTIONS: readonly (() => Question)[] = [
  () => ({ ...newQuestion("SHORT_ANSWER", "Contact email"), anonymize: true }),
  () => newQuestion("SHORT_ANSWER", "Website"),
  () => ({
    ...newQuestion("MULTIPLE_CHOICE", "Kind of organization"),
    required: true,
    x_options: choices(4),
  }),
  () => newQuestion("SHORT_ANSWER", "Amount requested"),
  () => limitedParagraphs("Summary of the project", 100),
];

/** Each Decision Criteria section: what a reviewer reads before rating the section's criteria. */
const CRITERIA_QUESTIONS: readonly ((name: string) => Question)[] = [
  (name) => limitedParagraphs(name, 500),
  (name) => newQuestion("SHORT_ANSWER", name),
  (name) => ({ ...newQuestion("MULTIPLE_CHOICE", name), required: true, x_options: choices(4) }),
  (name) => ({ ...newQuestion("CHECKBOXES", name), x_options: choices(5) }),
  (name) => budgetTable(name),
  (name) => limitedParagraphs(name, 300),
];

/** Weights of the two criteria (Relevance, Feasibility) of each Decision Criteria section. */
const CRITERIA_WEIGHTS: readonly (readonly [number, number])[] = [
  [3, 1],
  [2, 1],
  [1, 1],
  [2, 2],
];

/**
 * Every `_id` in the content replaced by one drawn from `random`: the shared defaults draw theirs from
 * crypto.randomUUID, and the same seed must give the same form (and so the same answers and reviews).
 * The bench form has no routes, next sections or mappings that would point at an id.
 */
function withSeededIds<T>(value: T, random: Random): T {
  if (Array.isArray(value)) return value.map((item) => withSeededIds(item, random)) as T;
  if (value === null || typeof value !== "object") return value;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    copy[key] = key === "_id" ? random.uuid() : withSeededIds(item, random);
  }
  return copy as T;
}

/**
 * The form (see `benchFormContent`), with weighted criteria: Relevance and Feasibility on every
 * Decision Criteria section (weights 3/1, 2/1, 1/1, 2/2, all out of 5) and, on the second, a yes/no
 * criterion that is never folded into the score.
 */
export function reviewFormContent(name: string, random: Random): FormContent {
  const content = benchFormContent({
    name,
    description: "The review benchmark's application form.",
    ...REVIEW_FORM,
    sectionDescription: (s) => (s === 0 ? "About the applicant." : `Part ${s} of the project.`),
    question: (s, q) => {
      // The first question of Admin Info becomes the Identifier in `benchFormContent`.
      if (s === 0) return q === 0 ? newQuestion("SHORT_ANSWER") : ADMIN_QUESTIONS[q - 1]!();
      const question = CRITERIA_QUESTIONS[q]!(`Question ${s + 1}.${q + 1}: tell us about your project`);
      if (q % 2 === 0) question.description = "Reviewers rate this part with the criteria below.";
      return question;
    },
  });
  content.sections.slice(1).forEach((section, s) => {
    const [relevance, feasibility] = CRITERIA_WEIGHTS[s % CRITERIA_WEIGHTS.length]!;
    section.rubric = "Rate how well this part answers the program's priorities.";
    section.criteria[0]!.weight = relevance;
    section.criteria[1]!.weight = feasibility;
    if (s === 1) {
      section.criteria.push({
        _id: "", // replaced below, with every other id
        description: "Fits the program's priorities",
        type: "BOOLEAN",
        maxScale: 5,
        weight: 1,
      });
    }
  });
  return formContentSchema.parse(withSeededIds(content, random));
}

/** `min`…`max` words of plausible prose. */
function prose(random: Random, min: number, max: number): string {
  const count = random.int(min, max);
  const words = Array.from({ length: count }, () => random.pick(PROSE_WORDS));
  words[0] = words[0]!.charAt(0).toUpperCase() + words[0]!.slice(1);
  return `${words.join(" ")}.`;
}

/** An applicant's answer to every question: paragraphs of 30–80 words, a budget of 2–4 lines. */
export function applicationAnswers(
  content: FormContent,
  random: Random,
  applicant: { identifier: string; serial: number },
): Answer[] {
  const answerTo = (section: Section, question: Question, index: number): Answer => {
    const answer: Answer = {
      questionId: question._id,
      sectionId: section._id,
      type: question.type,
      answerString: "",
      answerArray: [],
      answerMatrix: [],
    };
    switch (question.type) {
      case "IDENTIFIER":
        answer.answerString = applicant.identifier;
        break;
      case "SHORT_ANSWER":
        answer.answerString =
          question.name === "Contact email"
            ? `contact${applicant.serial}@applicant.test`
            : question.name === "Website"
              ? `https://applicant${applicant.serial}.test`
              : question.name === "Amount requested"
                ? String(random.int(10, 500) * 100)
                : prose(random, 3, 10);
        break;
      case "PARAGRAPHS":
        answer.answerString = prose(random, index === 0 ? 30 : 20, index === 0 ? 80 : 60);
        break;
      case "MULTIPLE_CHOICE":
        answer.answerArray = [random.pick(question.x_options)._id];
        break;
      case "CHECKBOXES":
        answer.answerArray = random.sample(question.x_options, random.int(1, 3)).map((o) => o._id);
        break;
      case "SIMPLE_TABLE":
        answer.answerMatrix = Array.from({ length: random.int(2, 4) }, (_, row) => ({
          id: `row-${row + 1}`,
          column_0: prose(random, 1, 3),
          column_1: String(random.int(1, 200) * 50),
          column_2: prose(random, 2, 6),
        }));
        break;
      default:
        break;
    }
    return answer;
  };
  return content.sections.flatMap((section) =>
    section.questions.map((question, index) => answerTo(section, question, index)),
  );
}
