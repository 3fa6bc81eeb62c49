import { PDFDocument, rgb } from "pdf-lib";
import { type Answer, answerMap, choiceOf, TABLE_CELL_KEYS } from "../../shared/forms/answers";
import { isHiddenQuestion, sectionPath } from "../../shared/forms/branching";
import { localize, localizeRichText } from "../../shared/forms/localize";
import {
  type FormContent,
  type FormSettings,
  liveSections,
  type Question,
  type RichText,
  type Section,
} from "../../shared/forms/model";
import { type Language, translator } from "../../shared/i18n/catalog";
import { embedFonts } from "./pdf/fonts";
import { COLORS, PdfLayout, type TextStyle } from "./pdf/layout";

/**
 * The applicant's responses as a PDF (forms-and-applicants, "2. Screens and routes",
 * "Confirmation page after submit"): downloaded from the confirmation page and the portal, and rendered for
 * each submission of the admins' PDF export. Only what the applicant saw is printed: the sections on their
 * branching path, without deleted sections, hidden questions or checkbox grids; form text in the applicant's
 * language.
 */

export interface SubmissionPdfFile {
  _id: string;
  questionId: string;
  name: string;
  size: number;
}

export interface SubmissionPdfInput {
  formName: string;
  formDescription: RichText;
  /** The form version's sections (deleted ones included; they are left out). */
  sections: readonly Section[];
  /** For the French text of the form when `language` is "fr". */
  settings: FormSettings;
  /** The submission's name (its Identifier answer). */
  identifier: string;
  /** ISO date of submission; null for a draft. */
  submissionDate: string | null;
  answers: readonly Answer[];
  files: readonly SubmissionPdfFile[];
  language: Language;
  /**
   * Questions whose answers are withheld (an export's anonymized answers): printed as
   * WITHHELD_ANSWER. Their answers and files should not be in `answers`/`files` at all (see
   * submissionPdfInput), so the text can never be printed by mistake.
   */
  withheldQuestionIds?: ReadonlySet<string>;
}

/** What an export prints instead of an anonymized answer (unless the admin asked for them). */
export const WITHHELD_ANSWER = "[anonymized]";

/** What the renderer needs of a submission: as the applicant's download and the admins' export have it. */
export interface SubmissionPdfSource {
  identifier: string;
  /** ISO date of submission; null for a draft. */
  submissionDate: string | null;
  answers: readonly Answer[];
  files: readonly SubmissionPdfFile[];
}

/**
 * The renderer's input for a submission of a form version: the one place the applicant's download
 * (GET /api/submissions/{id}/pdf) and the PDF exports build it. `withheld` questions (anonymized ones,
 * in an export) lose their answers and files here, before anything is drawn; the sections shown then
 * follow the answers that are left, so not even the branch an anonymized choice led to is given away.
 */
export function submissionPdfInput(
  content: Pick<FormContent, "name" | "description" | "sections" | "settings">,
  submission: SubmissionPdfSource,
  language: Language,
  withheld?: ReadonlySet<string>,
): SubmissionPdfInput {
  const kept = <T extends { questionId: string }>(items: readonly T[]) =>
    withheld && withheld.size > 0 ? items.filter((item) => !withheld.has(item.questionId)) : items;
  return {
    formName: content.name,
    formDescription: content.description,
    sections: content.sections,
    settings: content.settings,
    identifier: submission.identifier,
    submissionDate: submission.submissionDate,
    answers: kept(submission.answers),
    files: kept(submission.files),
    language,
    ...(withheld && withheld.size > 0 ? { withheldQuestionIds: withheld } : {}),
  };
}

const STYLES = {
  title: { font: "bold", size: 18, lineHeight: 23, color: COLORS.text },
  identifier: { font: "bold", size: 12, lineHeight: 16, color: COLORS.text },
  status: { font: "regular", size: 10, lineHeight: 14, color: COLORS.muted },
  description: { font: "regular", size: 10, lineHeight: 14, color: COLORS.muted },
  descriptionHeading: { font: "bold", size: 10, lineHeight: 14, color: COLORS.muted },
  section: { font: "bold", size: 14, lineHeight: 19, color: COLORS.text },
  question: { font: "bold", size: 10.5, lineHeight: 14.5, color: COLORS.text },
  answer: { font: "regular", size: 10.5, lineHeight: 14.5, color: COLORS.text },
  noAnswer: { font: "regular", size: 10.5, lineHeight: 14.5, color: COLORS.muted },
  cell: { font: "regular", size: 9.5, lineHeight: 12.5, color: COLORS.text },
  cellHeader: { font: "bold", size: 9.5, lineHeight: 12.5, color: COLORS.text },
  footer: { font: "regular", size: 8.5, lineHeight: 11, color: COLORS.muted },
} satisfies Record<string, TextStyle>;

/** Space before a question, and between a question and its answer. */
const QUESTION_GAP = 12;
const ANSWER_GAP = 3;
const BULLET = "•";

/** "2025-03-14 16:05 UTC"; the text as given when it is not a date. */
export function formatSubmissionDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const text = date.toISOString();
  return `${text.slice(0, 10)} ${text.slice(11, 16)} UTC`;
}

function themeColor(hex: string) {
  const value = Number.parseInt(hex, 16);
  if (!/^[0-9a-f]{6}$/i.test(hex) || Number.isNaN(value)) return COLORS.rule;
  return rgb(((value >> 16) & 0xff) / 255, ((value >> 8) & 0xff) / 255, (value & 0xff) / 255);
}

/** Rich text as paragraphs: headings bold, list items with their bullet or number. */
function richTextBlocks(text: RichText): { text: string; heading: boolean; marker?: string }[] {
  if (typeof text === "string") return text.trim() ? [{ text: text.trim(), heading: false }] : [];
  let number = 0;
  const blocks: { text: string; heading: boolean; marker?: string }[] = [];
  for (const block of text.blocks) {
    number = block.type === "number" ? number + 1 : 0;
    const content = block.children.map((run) => run.text).join("");
    if (!content.trim()) continue;
    const marker = block.type === "bullet" ? BULLET : block.type === "number" ? `${number}.` : undefined;
    blocks.push({ text: content, heading: block.type === "heading", ...(marker ? { marker } : {}) });
  }
  return blocks;
}

export async function renderSubmissionPdf(input: SubmissionPdfInput): Promise<Uint8Array> {
  const { language, settings } = input;
  const t = translator(language);
  const l = (text: string) => localize(text, language, settings);
  const sizeFormat = new Intl.NumberFormat(language, { maximumFractionDigits: 1, useGrouping: false });
  const fileSize = (bytes: number) =>
    bytes < 1024 * 1024
      ? t("pdf.sizeKB", { size: sizeFormat.format(Math.max(1, Math.round(bytes / 1024))) })
      : t("pdf.sizeMB", { size: sizeFormat.format(bytes / (1024 * 1024)) });

  const doc = await PDFDocument.create();
  const title = l(input.formName).trim();
  const identifier = input.identifier.trim();
  doc.setTitle(title, { showInWindowTitleBar: true });
  if (identifier) doc.setSubject(identifier);
  doc.setLanguage(language);
  doc.setCreator("DecisionHub");
  doc.setProducer("DecisionHub");

  const layout = new PdfLayout(doc, await embedFonts(doc));
  const accent = themeColor(settings.themeColour);

  // The heading: form, applicant, status, the form's description.
  if (title) layout.text(title, STYLES.title);
  if (identifier) {
    layout.space(4);
    layout.text(identifier, STYLES.identifier);
  }
  layout.space(2);
  layout.text(
    input.submissionDate === null
      ? t("pdf.draft")
      : t("pdf.submittedOn", { date: formatSubmissionDate(input.submissionDate) }),
    STYLES.status,
  );
  const description = richTextBlocks(localizeRichText(input.formDescription, language, settings));
  if (description.length > 0) layout.space(8);
  for (const block of description) {
    layout.text(block.text, block.heading ? STYLES.descriptionHeading : STYLES.description, {
      ...(block.marker ? { marker: block.marker } : {}),
    });
  }
  layout.space(10);
  layout.rule(accent, 1.5);
  layout.space(6);

  // Answers, section by section along the applicant's path.
  const answers = answerMap(input.answers);
  const live = liveSections(input.sections);
  const byId = new Map(live.map((s) => [s._id, s]));
  const filesOf = (question: Question, answer: Answer | undefined) => {
    const order = answer?.answerArray ?? [];
    const rank = (id: string) => {
      const at = order.indexOf(id);
      return at < 0 ? order.length : at;
    };
    return input.files.filter((f) => f.questionId === question._id).sort((a, b) => rank(a._id) - rank(b._id));
  };

  const noAnswer = () => layout.text(t("pdf.noAnswer"), STYLES.noAnswer);
  const list = (items: readonly string[]) => {
    if (items.length === 0) noAnswer();
    for (const item of items) layout.text(item, STYLES.answer, { marker: BULLET });
  };

  const renderAnswer = (question: Question, answer: Answer | undefined) => {
    if (input.withheldQuestionIds?.has(question._id)) {
      layout.text(WITHHELD_ANSWER, STYLES.noAnswer);
      return;
    }
    switch (question.type) {
      case "IDENTIFIER":
      case "SHORT_ANSWER":
      case "PARAGRAPHS": {
        const text = (answer?.answerString ?? "").replace(/^\s*\n/, "").trimEnd();
        if (text.trim()) layout.text(text, STYLES.answer);
        else noAnswer();
        return;
      }
      case "MULTIPLE_CHOICE":
      case "CHECKBOXES": {
        const chosen = new Set(answer?.answerArray ?? []);
        const labels = question.x_options.filter((o) => chosen.has(o._id)).map((o) => l(o.value));
        if (question.type === "MULTIPLE_CHOICE" && labels.length === 1)
          layout.text(labels[0]!, STYLES.answer);
        else list(labels);
        return;
      }
      case "FILE_UPLOAD":
        list(filesOf(question, answer).map((f) => `${f.name} (${fileSize(f.size)})`));
        return;
      case "SIMPLE_TABLE": {
        const columns = question.columns.slice(0, TABLE_CELL_KEYS.length);
        const rows = (answer?.answerMatrix ?? [])
          .map((row) => columns.map((_, c) => row[TABLE_CELL_KEYS[c]!] ?? ""))
          .filter((cells) => cells.some((cell) => cell.trim() !== ""));
        if (columns.length === 0 || rows.length === 0) return noAnswer();
        const header = columns.map((column, c) => l(column.value).trim() || t("form.column", { n: c + 1 }));
        layout.space(2);
        layout.table(header, rows, STYLES.cell, STYLES.cellHeader);
        return;
      }
      case "CHECKBOX_GRID":
        return;
    }
  };

  for (const sectionId of sectionPath(live, choiceOf(answers))) {
    const section = byId.get(sectionId);
    if (!section) continue;
    const questions = section.questions.filter((q) => !isHiddenQuestion(q) && q.type !== "CHECKBOX_GRID");
    if (questions.length === 0) continue;
    const name = l(section.name).trim();
    layout.space(14);
    // The heading stays with the first question and the start of its answer.
    const firstQuestion = STYLES.question.lineHeight + ANSWER_GAP + STYLES.answer.lineHeight;
    layout.ensure(STYLES.section.lineHeight + 8 + QUESTION_GAP + firstQuestion);
    if (name) layout.text(name, STYLES.section);
    layout.space(4);
    layout.rule(accent, 0.75);
    layout.space(4);
    for (const question of questions) {
      layout.space(QUESTION_GAP);
      const text = l(question.name).trim() || t("pdf.untitledQuestion");
      layout.text(text, STYLES.question, { keepWithNext: ANSWER_GAP + STYLES.answer.lineHeight });
      layout.space(ANSWER_GAP);
      renderAnswer(question, answers.get(question._id));
    }
  }

  layout.footer(identifier ? `${identifier} — ${title}` : title, STYLES.footer);
  return doc.save();
}
