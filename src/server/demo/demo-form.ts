import {
  defaultFormContent,
  newId,
  newOption,
  newQuestion,
  newSection,
  newTableColumn,
} from "../../shared/forms/defaults";
import type { Criterion, FormContent, Question, Section } from "../../shared/forms/model";

/**
 * The demo program's application form: every answerable type, a smart question that skips a
 * section, a table, a file upload and French text for the applicant side.
 */
export function demoFormContent(programName: string): FormContent {
  const base = defaultFormContent(programName);
  const question = (type: Question["type"], name: string, patch: Partial<Question> = {}): Question => ({
    ...newQuestion(type, name),
    ...patch,
  });
  const section = (name: string, sectionType: Section["sectionType"], questions: Question[]): Section => ({
    ...newSection(name, sectionType),
    questions,
  });
  const criterion = (description: string, patch: Partial<Criterion> = {}): Criterion => ({
    _id: newId(),
    description,
    type: "SCALE",
    maxScale: 5,
    weight: 1,
    ...patch,
  });
  const budget = section("Budget", "Decision Criteria", [
    question("SIMPLE_TABLE", "Budget lines", {
      required: true,
      columns: [{ ...newTableColumn("Item"), required: true }, newTableColumn("Amount (CAD)")],
    }),
    question("FILE_UPLOAD", "Supporting documents (PDF)", { files: { maxFiles: 2, fileType: "pdf" } }),
  ]);
  budget.criteria = [criterion("Value for money")];
  const community = section("Community partners", "Decision Criteria", [
    question("PARAGRAPHS", "Who are your partners, and what will each of them do?", { required: true }),
  ]);
  const kind = question("MULTIPLE_CHOICE", "Does the project work with community partners?", {
    required: true,
    smart: true,
    x_options: [newOption("Yes"), newOption("No")],
  });
  // "No" skips the partners section.
  kind.routes = { [kind.x_options[1]!._id]: budget._id };
  const project = section("Your project", "Decision Criteria", [
    question("PARAGRAPHS", "Describe your project", {
      required: true,
      validations: { active: true, type: "WORD", max: 300, min: 0 },
    }),
    question("CHECKBOXES", "Which areas does it serve?", {
      x_options: ["Arts", "Environment", "Health", "Education"].map((v) => newOption(v)),
    }),
    kind,
  ]);
  // What the committee rates (appVersion 3): weighted criteria, and a yes/no kept out of the score.
  project.criteria = [
    criterion("Impact on the community", { weight: 2 }),
    criterion("Feasibility of the plan"),
    criterion("Fits the program's priorities", { type: "BOOLEAN" }),
  ];
  const about = section("About you", "Admin Info", [
    question("IDENTIFIER", "Organization or applicant name", { required: true }),
    question("SHORT_ANSWER", "Contact email", {
      required: true,
      // Reviewers never receive it (admins see it blurred).
      anonymize: true,
      validations: { active: true, type: "EMAIL", max: 0, min: 0 },
    }),
    question("SHORT_ANSWER", "Website", { validations: { active: true, type: "URL", max: 0, min: 0 } }),
  ]);
  const translations: Record<string, string> = {
    "About you": "À propos de vous",
    "Organization or applicant name": "Nom de l'organisme ou du demandeur",
    "Contact email": "Courriel de contact",
    Website: "Site web",
    "Your project": "Votre projet",
    "Describe your project": "Décrivez votre projet",
    "Which areas does it serve?": "Quels domaines sert-il ?",
    Arts: "Arts",
    Environment: "Environnement",
    Health: "Santé",
    Education: "Éducation",
    "Does the project work with community partners?":
      "Le projet travaille-t-il avec des partenaires communautaires ?",
    Yes: "Oui",
    No: "Non",
    "Community partners": "Partenaires communautaires",
    "Who are your partners, and what will each of them do?":
      "Qui sont vos partenaires et que fera chacun d'eux ?",
    Budget: "Budget",
    "Budget lines": "Lignes budgétaires",
    Item: "Poste",
    "Amount (CAD)": "Montant (CAD)",
    "Supporting documents (PDF)": "Pièces justificatives (PDF)",
  };
  return {
    ...base,
    name: `${programName} application`,
    description: "Tell us about your project. Your answers are saved as you type.",
    sections: [about, project, community, budget],
    settings: {
      ...base.settings,
      frenchTranslationEnabled: true,
      translations: { ...translations, [`${programName} application`]: `Demande ${programName}` },
    },
  };
}
