import { PEER_FORM_TITLE, type PeerQuestion, peerFormSections } from "./form-shape";

/** One question in SurveyJS's JSON schema (https://surveyjs.io/form-library/documentation/design-survey/create-a-simple-survey). */
function surveyQuestion(question: PeerQuestion, name: string): Record<string, unknown> {
  const base = { name, title: question.title, isRequired: question.required };
  switch (question.kind) {
    case "text":
      return { ...base, type: "text" };
    case "longText":
      return { ...base, type: "comment" };
    case "number":
      return { ...base, type: "text", inputType: "number" };
    case "email":
      return { ...base, type: "text", inputType: "email", validators: [{ type: "email" }] };
    case "choice":
      return { ...base, type: "radiogroup", choices: question.choices };
    case "checkboxes":
      return { ...base, type: "checkbox", choices: question.choices };
  }
}

/** The comparison's form as a SurveyJS survey: a page per section, Next between them, as ours. */
export function peerSurveyJson(): Record<string, unknown> {
  return {
    title: PEER_FORM_TITLE,
    showQuestionNumbers: "off",
    pages: peerFormSections().map((section, s) => ({
      name: `section${s + 1}`,
      title: section.title,
      description: section.description,
      elements: section.questions.map((q, i) => surveyQuestion(q, `q${s + 1}_${i + 1}`)),
    })),
  };
}
