import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { type Answer, answerMap, TABLE_CELL_KEYS, TEXT_TYPES } from "../../shared/forms/answers";
import { newId } from "../../shared/forms/defaults";
import { type FormContent, liveSections, type Question } from "../../shared/forms/model";
import type { Tx } from "../db/client";
import { submissions } from "../db/schema";
import { versionContent } from "../forms/versions";

const isEmpty = (a: Answer | undefined) =>
  !a || (a.answerString.trim() === "" && a.answerArray.length === 0 && a.answerMatrix.length === 0);

const questionsOf = (content: FormContent) =>
  new Map(liveSections(content.sections).flatMap((s) => s.questions.map((q) => [q._id, q] as const)));

/** One mapped answer in the target question's terms: options matched by label, table rows by column position. */
function translateAnswer(source: Answer, from: Question, to: Question, sectionId: string): Answer | null {
  const base = {
    questionId: to._id,
    sectionId,
    type: to.type,
    answerString: "",
    answerArray: [],
    answerMatrix: [],
  };
  if (TEXT_TYPES.has(to.type) && TEXT_TYPES.has(from.type)) {
    return source.answerString.trim() ? { ...base, answerString: source.answerString } : null;
  }
  if ((to.type === "MULTIPLE_CHOICE" || to.type === "CHECKBOXES") && from.type === to.type) {
    const labelOf = new Map(from.x_options.map((o) => [o._id, o.value.trim().toLowerCase()]));
    const idOf = new Map(to.x_options.map((o) => [o.value.trim().toLowerCase(), o._id]));
    const ids = source.answerArray.flatMap((id) => {
      const target = idOf.get(labelOf.get(id) ?? "");
      return target ? [target] : [];
    });
    const chosen = to.type === "MULTIPLE_CHOICE" ? ids.slice(0, 1) : ids;
    return chosen.length > 0 ? { ...base, answerArray: chosen } : null;
  }
  if (to.type === "SIMPLE_TABLE" && from.type === "SIMPLE_TABLE") {
    const keys = TABLE_CELL_KEYS.slice(0, to.columns.length);
    const rows = source.answerMatrix.map((row) => {
      const copy: Answer["answerMatrix"][number] = { id: newId() };
      for (const key of keys) if (row[key] !== undefined) copy[key] = row[key];
      return copy;
    });
    return rows.length > 0 ? { ...base, answerMatrix: rows } : null;
  }
  return null;
}

/**
 * Autofill (forms-and-applicants, "2. Screens and routes", "Form-filling screen"): for each question mapped
 * to a question of an earlier form, the applicant's answer on their latest application to that form — only
 * into answers still empty. Files are not copied (they belong to the other application).
 */
export async function autofillAnswers(
  db: Tx,
  target: { content: FormContent; answers: readonly Answer[] },
  userId: string,
): Promise<Answer[]> {
  const current = answerMap(target.answers);
  const mapped = liveSections(target.content.sections).flatMap((section) =>
    section.questions
      .filter((q) => q.mapping !== null && q.type !== "FILE_UPLOAD" && isEmpty(current.get(q._id)))
      .map((question) => ({ question, sectionId: section._id, mapping: question.mapping! })),
  );
  if (mapped.length === 0) return [];
  const formIds = [...new Set(mapped.map((m) => m.mapping.formMap.id))].filter((id) =>
    /^[0-9a-f-]{36}$/i.test(id),
  );
  if (formIds.length === 0) return [];
  // Each source form's latest application by this user, submitted ones first.
  const sources = await db
    .selectDistinctOn([submissions.formId], {
      formId: submissions.formId,
      formVersion: submissions.formVersion,
      answers: submissions.answers,
    })
    .from(submissions)
    .where(
      and(
        eq(submissions.userId, userId),
        inArray(submissions.formId, formIds),
        eq(submissions.softDeleted, false),
      ),
    )
    .orderBy(submissions.formId, sql`${submissions.submissionDate} is null`, desc(submissions.lastSaveDate));
  const filled: Answer[] = [];
  for (const source of sources) {
    const sourceQuestions = questionsOf(await versionContent(db, source.formId, source.formVersion));
    const sourceAnswers = answerMap(source.answers);
    for (const { question, sectionId, mapping } of mapped) {
      if (mapping.formMap.id !== source.formId) continue;
      const from = sourceQuestions.get(mapping.questionMap.id);
      const answer = sourceAnswers.get(mapping.questionMap.id);
      if (!from || !answer) continue;
      const translated = translateAnswer(answer, from, question, sectionId);
      if (translated) filled.push(translated);
    }
  }
  return filled;
}
