import type { z } from "zod";
import type { Answer } from "../../../shared/forms/answers";
import { defaultFormContent, newQuestion } from "../../../shared/forms/defaults";
import {
  FILE_COUNT_CHOICES,
  type FormContent,
  formContentSchema,
  type Question,
  type Section,
} from "../../../shared/forms/model";
import {
  type ImportProblem,
  LEGACY_FALLBACK_APP_VERSION,
  type LegacyProgramFile,
  type LegacySubmission,
  legacyProgramFileSchema,
} from "../../../shared/schemas/legacy-import";
import type { ReviewSection } from "../../../shared/schemas/reviews";
import { LEGACY_APP_VERSION, LEGACY_SECTION_IDS, reviewProblems } from "../../reviewing/review-service";

/**
 * Everything about a file is checked before anything is written (docs/decisions/032-legacy-program-import.md):
 * its shape (zod), then what its records say of each other — every review, ranking and assignment names an
 * application and a person of the file, every answer a question of its form, every rating the generation's scale.
 * The outcome is either the import's plan or the list of problems, each naming its record, field and reason.
 */

/** The ratings of the earlier system: whole or half stars, whatever the organization's increment is today. */
const IMPORTED_INCREMENT = 0.5;

/** A file question the source gives no limits for (see `legacyQuestionSchema.files`). */
const IMPORTED_FILES = {
  maxFiles: FILE_COUNT_CHOICES[FILE_COUNT_CHOICES.length - 1]!,
  fileType: "any",
} as const;

/**
 * The administrative section that holds the earlier system's name fields (review-and-administration,
 * "3. Entities and their fields").
 */
export const LEGACY_ADMIN_SECTION_ID = "legacy-admin-info";
const LEGACY_NAME_FIELDS = [
  ["Organization Name", "legacy-organization-name", "Organization Name"],
  ["Organization Name (legal name)", "legacy-legal-name", "Organization Name (legal name)"],
  ["candidateName", "legacy-candidate-name", "Candidate name"],
  ["candidateName2", "legacy-candidate-name-2", "Second candidate name"],
] as const;

const SINGULAR: Record<string, string> = {
  submissions: "application",
  reviews: "review",
  rankings: "ranking",
  programUsers: "program user",
  reviewerGroups: "reviewer group",
  criteria: "criterion",
};

/** "application app-3" (its source id) or "review #4" (its place in the file, from 1). */
function recordLabel(raw: unknown, collection: string, index: number): string {
  const name = SINGULAR[collection] ?? collection;
  if (raw && typeof raw === "object") {
    const item = (raw as Record<string, unknown[]>)[collection]?.[index] as
      | Record<string, unknown>
      | undefined;
    // People and their rankings are named by the person's id; the other records by their own.
    const id = collection === "programUsers" || collection === "rankings" ? item?.userId : item?._id;
    if (typeof id === "string" && id.trim() !== "") return `${name} ${id.trim()}`;
  }
  return `${name} #${index + 1}`;
}

function problemsOfShape(raw: unknown, error: z.ZodError): ImportProblem[] {
  return error.issues.map((issue) => {
    const [head, index, ...rest] = issue.path.map(String);
    if (head === undefined) return { record: "file", field: "", reason: issue.message };
    if (head === "program" || head === "form" || index === undefined || Number.isNaN(Number(index)))
      return {
        record: head,
        field: [index, ...rest].filter((p) => p !== undefined).join("."),
        reason: issue.message,
      };
    return { record: recordLabel(raw, head, Number(index)), field: rest.join("."), reason: issue.message };
  });
}

/** What the import writes, once nothing is wrong. */
export interface ImportPlan {
  file: LegacyProgramFile;
  appVersion: number;
  content: FormContent;
  /** Each application's name (the list's identifier) and its answers in the product's form. */
  applications: Map<string, { identifier: string; answers: Answer[] }>;
  /** Each review's sections as the product keeps them. */
  reviewSections: ReviewSection[][];
}

/** The name the lists show: the identifier, else the earlier system's name fields in order. */
export function identifierOf(submission: LegacySubmission): string {
  const names = [
    submission.identifier,
    submission["Organization Name"],
    submission["Organization Name (legal name)"],
    submission.candidateName,
    submission.candidateName2,
  ];
  return (names.find((n) => n !== undefined && n.trim() !== "") ?? "").trim();
}

function answersOf(
  submission: LegacySubmission,
  questions: Map<string, { question: Question; sectionId: string }>,
): Answer[] {
  const answers: Answer[] = submission.answers.map((a) => ({
    questionId: a.questionId,
    sectionId: a.sectionId,
    type: a.type ?? questions.get(a.questionId)?.question.type ?? "PARAGRAPHS",
    answerString: a.answerString,
    answerArray: a.answerArray,
    answerMatrix: a.answerMatrix,
  }));
  for (const [field, questionId] of LEGACY_NAME_FIELDS.map(([f, q]) => [f, q] as const)) {
    const value = submission[field];
    // A file that also answers the question itself keeps its own answer.
    if (
      value !== undefined &&
      questions.has(questionId) &&
      !answers.some((a) => a.questionId === questionId)
    ) {
      const { question } = questions.get(questionId)!;
      answers.push({
        questionId,
        sectionId: LEGACY_ADMIN_SECTION_ID,
        type: question.type,
        answerString: value,
        answerArray: [],
        answerMatrix: [],
      });
    }
  }
  return answers;
}

/** The product's form from the file's: its sections and questions under their source ids, criteria per section. */
function formContentOf(file: LegacyProgramFile): FormContent {
  const base = defaultFormContent(file.form.name || file.program.displayName);
  const sections: Section[] = file.form.sections.map((s) => ({
    _id: s._id,
    name: s.name,
    description: "",
    rubric: "",
    sectionType: s.sectionType,
    deleted: false,
    criteria: file.criteria
      .filter((c) => c.sectionId === s._id)
      .map((c) => ({
        _id: c._id,
        description: c.description,
        type: c.type,
        maxScale: c.maxScale,
        weight: c.weight,
      })),
    questions: s.questions.map((q) => ({
      ...newQuestion(q.type, q.name),
      _id: q._id,
      description: q.description ?? "",
      required: false,
      x_options: q.options ?? [],
      files: q.files ?? IMPORTED_FILES,
    })),
    nextSection: null,
  }));
  const carriesNames = file.submissions.some((s) =>
    LEGACY_NAME_FIELDS.some(([field]) => s[field] !== undefined),
  );
  if (carriesNames) {
    const hasIdentifier = sections.some((s) => s.questions.some((q) => q.type === "IDENTIFIER"));
    sections.unshift({
      _id: LEGACY_ADMIN_SECTION_ID,
      name: "Admin Info",
      description: "",
      rubric: "",
      sectionType: "Admin Info",
      deleted: false,
      criteria: [],
      questions: LEGACY_NAME_FIELDS.map(([, id, label], i) => ({
        ...newQuestion(i === 0 && !hasIdentifier ? "IDENTIFIER" : "SHORT_ANSWER", label),
        _id: id,
        required: false,
      })),
      nextSection: null,
    });
  }
  return { ...base, sections };
}

function duplicates<T>(items: readonly T[], key: (item: T) => string): Set<number> {
  const seen = new Set<string>();
  const found = new Set<number>();
  items.forEach((item, i) => {
    const k = key(item);
    if (seen.has(k)) found.add(i);
    seen.add(k);
  });
  return found;
}

/** The file checked whole: the plan to write, or every problem found (never only the first). */
export function checkLegacyFile(raw: unknown): { plan: ImportPlan } | { problems: ImportProblem[] } {
  const parsed = legacyProgramFileSchema.safeParse(raw);
  if (!parsed.success) return { problems: problemsOfShape(raw, parsed.error) };
  const file = parsed.data;
  const problems: ImportProblem[] = [];
  const label = (collection: string, index: number) => recordLabel(raw, collection, index);
  const add = (record: string, field: string, reason: string) => problems.push({ record, field, reason });
  const appVersion = file.program.appVersion ?? LEGACY_FALLBACK_APP_VERSION;

  const content = formContentOf(file);
  const contentCheck = formContentSchema.safeParse(content);
  if (!contentCheck.success)
    for (const issue of contentCheck.error.issues) add("form", issue.path.join("."), issue.message);
  const sectionIds = new Set<string>();
  const questions = new Map<string, { question: Question; sectionId: string }>();
  content.sections.forEach((section, i) => {
    if (sectionIds.has(section._id))
      add("form", `sections.${i}._id`, `The section id ${section._id} is used twice.`);
    sectionIds.add(section._id);
    for (const question of section.questions) {
      if (questions.has(question._id))
        add("form", `sections.${i}.questions`, `The question id ${question._id} is used twice.`);
      questions.set(question._id, { question, sectionId: section._id });
    }
  });
  const ratedSections = content.sections.filter((s) => s.sectionType === "Decision Criteria");
  if (appVersion === LEGACY_APP_VERSION && ratedSections.length === 0)
    add("form", "sections", "A legacy (appVersion 1) form needs its canvas sections (Decision Criteria).");
  file.criteria.forEach((c, i) => {
    if (!ratedSections.some((s) => s._id === c.sectionId))
      add(label("criteria", i), "sectionId", `No Decision Criteria section ${c.sectionId} in the form.`);
  });
  for (const i of duplicates(file.criteria, (c) => `${c.sectionId}/${c._id}`))
    add(label("criteria", i), "_id", "This criterion appears twice in its section.");

  const people = new Set(file.programUsers.map((u) => u.userId));
  for (const i of duplicates(file.programUsers, (u) => u.userId))
    add(label("programUsers", i), "userId", "This person appears twice.");
  for (const i of duplicates(file.programUsers, (u) => u.email))
    add(label("programUsers", i), "email", "This email address is another program user's.");
  const groups = new Set(file.reviewerGroups.map((g) => g._id));
  for (const i of duplicates(file.reviewerGroups, (g) => g._id))
    add(label("reviewerGroups", i), "_id", "This group appears twice.");
  file.reviewerGroups.forEach((group, i) => {
    group.reviewers.forEach((r, j) => {
      if (!people.has(r.id))
        add(label("reviewerGroups", i), `reviewers.${j}.id`, `No program user ${r.id} in the file.`);
    });
  });

  const applications: ImportPlan["applications"] = new Map();
  for (const i of duplicates(file.submissions, (s) => s._id))
    add(label("submissions", i), "_id", "This application appears twice.");
  file.submissions.forEach((submission, i) => {
    const record = label("submissions", i);
    const identifier = identifierOf(submission);
    if (identifier === "")
      add(
        record,
        "identifier",
        "An application needs a name: identifier, Organization Name, its legal name or candidateName.",
      );
    submission.reviewers.forEach((r, j) => {
      if (!people.has(r.id)) add(record, `reviewers.${j}.id`, `No program user ${r.id} in the file.`);
    });
    submission.reviewerGroups.forEach((g, j) => {
      if (!groups.has(g)) add(record, `reviewerGroups.${j}`, `No reviewer group ${g} in the file.`);
    });
    const answered = new Set<string>();
    submission.answers.forEach((answer, j) => {
      const known = questions.get(answer.questionId);
      if (known === undefined)
        add(record, `answers.${j}.questionId`, `No question ${answer.questionId} in the form.`);
      else if (known.sectionId !== answer.sectionId)
        add(
          record,
          `answers.${j}.sectionId`,
          `Question ${answer.questionId} is in section ${known.sectionId}.`,
        );
      else if (answer.type !== undefined && answer.type !== known.question.type)
        add(
          record,
          `answers.${j}.type`,
          `Question ${answer.questionId} is a ${known.question.type} question.`,
        );
      if (answered.has(answer.questionId))
        add(record, `answers.${j}.questionId`, "This question is answered twice.");
      answered.add(answer.questionId);
    });
    applications.set(submission._id, { identifier, answers: answersOf(submission, questions) });
  });

  const reviewSections: ReviewSection[][] = [];
  const reviewed = new Set<string>();
  file.reviews.forEach((review, i) => {
    const record = label("reviews", i);
    const applicationId = review.applicationId ?? review.submissionId;
    if (applicationId === undefined)
      add(record, "applicationId", "A review names its application (applicationId).");
    else if (!applications.has(applicationId))
      add(record, "applicationId", `No application ${applicationId} in the file.`);
    if (!people.has(review.userId)) add(record, "userId", `No program user ${review.userId} in the file.`);
    const key = `${applicationId}/${review.userId}`;
    if (reviewed.has(key)) add(record, "userId", "This person reviews this application twice.");
    reviewed.add(key);
    const sections: ReviewSection[] = review.questionList.map((entry, j) => {
      const sectionId = entry.id ?? entry.sectionId;
      if (sectionId === undefined) add(record, `questionList.${j}.id`, "Each entry names its section (id).");
      return { sectionId: sectionId ?? "", rating: entry.rating, criteria: entry.criteria };
    });
    const legacy = appVersion === LEGACY_APP_VERSION;
    // A legacy review is the nine canvases: those the source left out start unrated.
    const full = legacy
      ? [
          ...sections,
          ...LEGACY_SECTION_IDS.filter((id) => !sections.some((s) => s.sectionId === id)).map(
            (sectionId) => ({
              sectionId,
              rating: -1,
              criteria: [],
            }),
          ),
        ]
      : sections;
    const fields = reviewProblems(legacy ? null : ratedSections, IMPORTED_INCREMENT, {
      submissionId: applicationId ?? "",
      sections: full,
      rating: review.rating,
    });
    for (const [field, reasons] of Object.entries(fields))
      for (const reason of reasons) add(record, field.replace(/^sections\./, "questionList."), reason);
    reviewSections.push(full);
  });

  for (const i of duplicates(file.rankings, (r) => r.userId))
    add(label("rankings", i), "userId", "This person has two rankings.");
  file.rankings.forEach((ranking, i) => {
    const record = label("rankings", i);
    if (!people.has(ranking.userId)) add(record, "userId", `No program user ${ranking.userId} in the file.`);
    for (const j of duplicates(ranking.applications, (a) => a))
      add(record, `applications.${j}`, "This application is ranked twice.");
    ranking.applications.forEach((a, j) => {
      if (!applications.has(a)) add(record, `applications.${j}`, `No application ${a} in the file.`);
    });
  });

  if (problems.length > 0) return { problems };
  return { plan: { file, appVersion, content, applications, reviewSections } };
}
