import type { Answer } from "../../../shared/forms/answers";
import type { KeyValueStorage } from "../../lib/browser-storage";
import { lazySchema } from "../../lib/lazy-schema";

/**
 * The browser's copy of answers the server has not acknowledged yet ("never lose a word"): written
 * synchronously on every change, removed once a save of exactly those answers is acknowledged, and
 * read back after a crash, a refresh, a lost connection or an expired session.
 */
export interface LocalCopy {
  /** The revision the answers were typed on (the last one the server acknowledged). */
  baseRevision: number;
  answers: Answer[];
  /** When the newest change was made (ISO). */
  changedAt: string;
}

/**
 * The copy's schema (the shared answer schema's), loaded apart so that the form's first paint does not wait
 * for Zod (docs/decisions/043-zod-off-the-first-paint.md). The store reads copies only once it has loaded:
 * whoever opens a store waits for `load()` first (the editor does, with the submission's data).
 */
export const localCopySchema = lazySchema(() =>
  import("./local-copy-schema").then((module) => module.localCopySchema),
);

export const localCopyKey = (submissionId: string) => `dh:answers:${submissionId}`;

/**
 * Where the copy of a signed-in applicant's answers lives before their first save has created the
 * application (there is no submission id yet): one per form and account, as the application itself is.
 * Used as a submission id by the store; the first acknowledged save moves the copy under the real id.
 */
export const newApplicationCopyId = (formId: string, userId: string) => `new:${formId}:${userId}`;

export interface LocalCopyStore {
  read(submissionId: string): LocalCopy | null;
  /** False when the browser could not keep it (storage full or refused). */
  write(submissionId: string, copy: LocalCopy): boolean;
  clear(submissionId: string): void;
}

export function createLocalCopyStore(storage: KeyValueStorage | null): LocalCopyStore {
  return {
    read(submissionId) {
      if (!storage) return null;
      let raw: string | null;
      try {
        raw = storage.getItem(localCopyKey(submissionId));
      } catch {
        return null;
      }
      if (raw === null) return null;
      const schema = localCopySchema.loaded;
      // Never read as "no copy": that would let a save overwrite the answers it holds.
      if (!schema) throw new Error("The local copy's schema must be loaded before a copy is read.");
      try {
        const parsed = schema.safeParse(JSON.parse(raw));
        return parsed.success ? parsed.data : null;
      } catch {
        return null;
      }
    },
    write(submissionId, copy) {
      if (!storage) return false;
      try {
        storage.setItem(localCopyKey(submissionId), JSON.stringify(copy));
        return true;
      } catch {
        return false;
      }
    },
    clear(submissionId) {
      try {
        storage?.removeItem(localCopyKey(submissionId));
      } catch {
        // Nothing to do: a copy that cannot be removed is reconciled on the next load.
      }
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Comparing answers
// ---------------------------------------------------------------------------------------------

/**
 * One answer in a canonical form, or null when it says nothing. File answers are left out: the
 * server sets them from the files the submission really has, they are not part of the saved answers.
 */
function canonical(answer: Answer): string | null {
  if (answer.type === "FILE_UPLOAD") return null;
  const empty =
    answer.answerString === "" && answer.answerArray.length === 0 && answer.answerMatrix.length === 0;
  if (empty) return null;
  return JSON.stringify([
    answer.sectionId,
    answer.type,
    answer.answerString,
    answer.answerArray,
    answer.answerMatrix.map((row) => [
      row.id,
      row.column_0 ?? "",
      row.column_1 ?? "",
      row.column_2 ?? "",
      row.column_3 ?? "",
      row.column_4 ?? "",
    ]),
  ]);
}

function canonicalMap(answers: readonly Answer[]): Map<string, string> {
  const map = new Map<string, string>();
  for (const answer of answers) {
    const value = canonical(answer);
    if (value !== null) map.set(answer.questionId, value);
  }
  return map;
}

/** Whether two sets of answers say the same thing (order, empty answers and files aside). */
export function sameAnswers(a: readonly Answer[], b: readonly Answer[]): boolean {
  const left = canonicalMap(a);
  const right = canonicalMap(b);
  if (left.size !== right.size) return false;
  for (const [questionId, value] of left) if (right.get(questionId) !== value) return false;
  return true;
}

/** Whether any answer says something (files included): a draft "with saved answers". */
export function hasAnyAnswer(answers: readonly Answer[]): boolean {
  return answers.some(
    (a) => a.answerString.trim() !== "" || a.answerArray.length > 0 || a.answerMatrix.length > 0,
  );
}

/**
 * The answers to show: the local copy's for every question but the file ones, which always come
 * from the server (uploads and removals are not part of the revisioned answers).
 */
export function withServerFiles(local: readonly Answer[], server: readonly Answer[]): Answer[] {
  const serverFiles = server.filter((a) => a.type === "FILE_UPLOAD");
  return [...local.filter((a) => a.type !== "FILE_UPLOAD"), ...serverFiles];
}

// ---------------------------------------------------------------------------------------------
// Reconciling on load
// ---------------------------------------------------------------------------------------------

export type Reconciliation =
  /** No copy: the server's answers. */
  | { kind: "none" }
  /** The copy says what the server says: drop it. */
  | { kind: "discard" }
  /** The copy was typed on the server's revision (a crash or refresh before the save): apply it and save. */
  | { kind: "apply"; answers: Answer[] }
  /** The server moved on and says something else: another tab saved. Never overwrite; show the notice. */
  | { kind: "conflict"; answers: Answer[] };

/** What to do with a local copy found on load, given the server's revision and answers. */
export function reconcile(
  copy: LocalCopy | null,
  server: { revision: number; answers: readonly Answer[] },
): Reconciliation {
  if (copy === null) return { kind: "none" };
  if (sameAnswers(copy.answers, server.answers)) return { kind: "discard" };
  const answers = withServerFiles(copy.answers, server.answers);
  if (copy.baseRevision === server.revision) return { kind: "apply", answers };
  return { kind: "conflict", answers };
}
