import type { SubmissionResult } from "../../../shared/schemas/submissions";
import { submissionApi } from "../../lib/submission-api";

/**
 * A guest's draft read by its token before its page needs it (at most one per draft), so that the read does
 * not wait on what comes before it (docs/decisions/044-form-data-in-its-page.md): the session, on a draft's
 * page opened cold (the read needs nothing from it); the page's own loading, after "Continue as a guest"
 * created the draft. Taken by the draft's first query when that query reads with the same token (a signed-in
 * visitor claims the draft first and reads it by session: the early read goes unused).
 */
const earlyDraftReads = new Map<string, { token: string; read: Promise<SubmissionResult> }>();

export function readDraftEarly(submissionId: string, token: string) {
  const read = submissionApi.get(submissionId, token);
  // One nobody takes must not surface as an unhandled rejection; the query that takes it sees its failure.
  read.catch(() => undefined);
  earlyDraftReads.set(submissionId, { token, read });
}

export function takeEarlyDraftRead(
  submissionId: string,
  token: string | null,
): Promise<SubmissionResult> | undefined {
  const early = earlyDraftReads.get(submissionId);
  earlyDraftReads.delete(submissionId);
  return early !== undefined && early.token === token ? early.read : undefined;
}
