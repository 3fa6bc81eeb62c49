import type { Actor } from "../../shared/authz/actor";
import type { CandidateResource } from "../../shared/authz/matrix";
import { MACHINE_TRANSLATION_MESSAGES } from "../../shared/forms/french-texts";
import type { Db } from "../db/client";
import { AppError, notFound } from "../http/errors";
import { translateAll } from "../translation/cache";
import type { TargetLanguage, TranslationProvider } from "../translation/provider";
import { candidateView } from "./candidate-view";
import type { Candidate } from "./candidates";

export const ANSWER_TRANSLATION_MESSAGES = {
  anonymized: "Anonymized answers are never sent to the translation service.",
  notText: "Only a written answer can be translated.",
} as const;

/**
 * A reviewer's "Translate" on an answer (beyond the spec, for bilingual committees; decision 022): the
 * answer exactly as the caller's submission view shows it — so an answer they may not see is 404, like
 * the view — translated by the same provider and cache as the forms. An anonymized answer is never sent
 * to the provider, whoever asks (an admin sees it, the provider never does). Nothing is stored but the
 * cache row.
 */
export async function translateAnswer(
  db: Db,
  provider: TranslationProvider | null,
  actor: Actor,
  found: { candidate: Candidate; resource: CandidateResource },
  questionId: string,
  target: TargetLanguage,
): Promise<string> {
  const view = await candidateView(db, actor, found);
  const answer = view.answers.find((a) => a.questionId === questionId);
  if (!answer || "withheld" in answer) throw notFound();
  if (answer.anonymized) throw new AppError("CONFLICT", ANSWER_TRANSLATION_MESSAGES.anonymized);
  const text = answer.answerString.trim();
  if (!text || !["SHORT_ANSWER", "PARAGRAPHS", "IDENTIFIER"].includes(answer.type)) {
    throw new AppError("CONFLICT", ANSWER_TRANSLATION_MESSAGES.notText);
  }
  if (provider === null) throw new AppError("CONFLICT", MACHINE_TRANSLATION_MESSAGES.notConfigured);
  return (await translateAll(db, provider, [text], target)).get(text)!;
}
