import { type Column, type SQL, sql } from "drizzle-orm";
import { contactQuestionIds } from "../../shared/forms/contact-email";
import type { Tx } from "../db/client";
import { versionContent } from "../forms/versions";

/**
 * A guest's application has no account: where the product needs the applicant's address (the committee's
 * emails, suggested conflicts of interest) it reads the contact email the application gives — its first
 * answer to a question asking for an email address (src/shared/forms/contact-email.ts, docs/decisions/028).
 * These pick it out in SQL, so the answers themselves never leave the database.
 */

/** The questions asking for an email address over these form versions (each version read once, cached). */
export async function contactQuestionIdsOver(
  tx: Tx,
  versions: readonly { formId: string; formVersion: number }[],
): Promise<string[]> {
  const questionIds = new Set<string>();
  for (const { formId, formVersion } of versions) {
    for (const id of contactQuestionIds(await versionContent(tx, formId, formVersion))) questionIds.add(id);
  }
  return [...questionIds];
}

/**
 * A submission's first non-empty answer to one of `questionIds`, read from its `answers` column; null when
 * there is none (or no such question). A submitted answer passed the question's EMAIL validation.
 */
export function contactAnswerSql(answers: SQL | Column, questionIds: readonly string[]): SQL<string | null> {
  if (questionIds.length === 0) return sql<string | null>`null`;
  return sql<string | null>`(
    select a->>'answerString' from json_array_elements(${answers}) a
    where a->>'questionId' in (${sql.join(
      questionIds.map((q) => sql`${q}`),
      sql`, `,
    )}) and coalesce(a->>'answerString', '') <> ''
    limit 1)`;
}
