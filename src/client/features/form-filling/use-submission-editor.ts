import { notifications } from "@mantine/notifications";
import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { Answer } from "../../../shared/forms/answers";
import type { Language } from "../../../shared/i18n/catalog";
import { SUPPORT_EMAIL } from "../../../shared/messages";
import type { SubmissionFile, SubmissionResult } from "../../../shared/schemas/submissions";
import { ApiError } from "../../lib/api-client";
import { browserStorage } from "../../lib/browser-storage";
import { useTranslate } from "../../lib/i18n";
import { downloadFile as fetchFile, submissionApi, type Token, uploadFile } from "../../lib/submission-api";
import { mergeAutofill, upsertAnswer, withFile, withoutFile } from "./answers-state";
import { Autosave, type AutosavePhase, type AutosaveStatus } from "./autosave";
import { createLocalCopyStore, newApplicationCopyId, reconcile } from "./local-copy";
import { createStatusSource, type StatusSource } from "./save-status";

/**
 * How long the autofill "success" toast stays (forms-and-applicants, "9. Business constants and limits": 2
 * seconds).
 */
const AUTOFILL_TOAST_MS = 2000;

/** Refusals that end editing on this page (from a save or a submit). */
type Stop = "stale" | "closed" | "submitted";

export interface SubmissionEditor {
  /** The application's id; null while a new application waits for its first save. */
  submissionId: string | null;
  answers: readonly Answer[];
  files: readonly SubmissionFile[];
  /** The save state shown in the header; "stale" also covers a conflicting copy found on load. */
  phase: AutosavePhase;
  /** The autosave's status as it changes (the header's save state shows it at once). */
  statusSource: StatusSource;
  /** Why saving stopped for good, if it did (shown instead of the status). */
  stopped: AutosavePhase | null;
  lastSavedAt: string | null;
  /** Why saving failed, when it was refused (a 400). */
  refusal: string | null;
  /** Whether answers can change now. */
  editable: boolean;
  /** Submitted here (the confirmation shows). */
  submitted: boolean;
  serverProblems: Record<string, string[]> | undefined;
  /** Why the last submit failed (shown above the sections). */
  submitError: string | null;
  onAnswerChange: (answer: Answer) => void;
  /** A key typed in a text question: kept and saved, the form re-rendered later (see FormRendererProps). */
  onAnswerTyping: (answer: Answer) => void;
  onSave: () => void;
  onUpload: (
    questionId: string,
    file: File,
    onProgress: (fraction: number) => void,
  ) => Promise<SubmissionFile>;
  onRemoveFile: (file: SubmissionFile) => Promise<void>;
  onDownloadFile: (file: SubmissionFile) => void;
  submit: () => Promise<void>;
  autofill: () => Promise<void>;
  /** Sends the answers not saved yet, and resolves once they are. */
  flush: () => Promise<void>;
  /** Take the newest answers from the server: drops this browser's copy and reloads. */
  reload: () => void;
}

interface Options {
  result: SubmissionResult;
  token: Token;
  /**
   * The viewer reached the submission through their session (not a guest's token): a 404 on save
   * then means the session ended (the submission did not vanish), so saving pauses until sign-in.
   */
  bySession: boolean;
  language: Language;
  /**
   * A signed-in applicant's new application, not created yet (`result.submission` is a blank stand-in): the
   * first save creates it with every answer so far (POST /api/submissions/start); until then the browser's
   * copy is kept per form and account. docs/decisions/038-decision-release-and-portal.md.
   */
  start?: { linkId: string; userId: string };
}

function stopOf(error: unknown): Stop | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  if (error.code === "STALE_REVISION") return "stale";
  if (error.code === "FORM_CLOSED") return "closed";
  if (error.code === "SUBMITTED") return "submitted";
  return null;
}

/** A message for an upload that failed: the server's specific refusal, else the spec's upload error. */
function uploadFailure(error: unknown, fallback: string): Error {
  if (error instanceof ApiError && (error.status === 400 || error.status === 409) && error.message.trim())
    return new Error(error.message);
  return new Error(fallback);
}

/**
 * The data side of a submission being answered (applicant or admin edit): answers and files in
 * state, autosave through the `Autosave` machine with the browser's copy, files, submit and autofill.
 */
export function useSubmissionEditor({
  result,
  token,
  bySession,
  language,
  start,
}: Options): SubmissionEditor {
  const t = useTranslate();
  const { submission, form } = result;
  const store = useMemo(() => createLocalCopyStore(browserStorage()), []);
  // The application's id: none for a new one until its first save answers with it.
  const idRef = useRef<string | null>(start ? null : submission._id);
  const [submissionId, setSubmissionId] = useState<string | null>(idRef.current);
  // Where the copy is kept before the application exists (a new one), or may have been left by a first
  // save whose answer never came back (an application of the applicant's own, found on a later visit).
  const ownerId = start?.userId ?? (result.access === "owner" ? submission.userId : null);
  const newCopyId = ownerId === null ? null : newApplicationCopyId(form._id, ownerId);
  const copyId = useCallback(() => idRef.current ?? newCopyId!, [newCopyId]);
  const startLinkId = start?.linkId ?? null;

  // What the browser kept from an earlier visit, judged once against what the server sent.
  const [initial] = useState(() => {
    let copy = store.read(copyId());
    if (copy === null && !start && newCopyId !== null) {
      // A first save went through unanswered and the typing went on: that copy now belongs to this
      // application (judged as any other: dropped if the server has it, else a conflict, never overwritten).
      copy = store.read(newCopyId);
      if (copy !== null) {
        store.write(copyId(), copy);
        store.clear(newCopyId);
      }
    }
    const found = reconcile(copy, submission);
    if (found.kind === "discard") store.clear(copyId());
    return found;
  });
  const [answers, setAnswers] = useState<readonly Answer[]>(() =>
    initial.kind === "apply" || initial.kind === "conflict" ? initial.answers : submission.answers,
  );
  const answersRef = useRef(answers);
  const [files, setFiles] = useState<readonly SubmissionFile[]>(submission.files);
  const [status, setStatus] = useState<AutosaveStatus>({
    phase: initial.kind === "apply" ? "pending" : "saved",
    dirty: initial.kind === "apply",
    revision: submission.revision,
    lastSavedAt: start ? null : submission.lastSaveDate,
    error: null,
  });
  // The header's save state follows every status at once, on its own (the form follows in a transition when
  // a key moved it: onAnswerTyping).
  const [statusSource] = useState(() => createStatusSource(status));
  const onStatus = useCallback(
    (next: AutosaveStatus) => {
      statusSource.set(next);
      setStatus(next);
    },
    [statusSource],
  );
  const [stop, setStop] = useState<Stop | null>(initial.kind === "conflict" ? "stale" : null);
  const [submitted, setSubmitted] = useState(false);
  const [serverProblems, setServerProblems] = useState<Record<string, string[]> | undefined>();
  const [submitError, setSubmitError] = useState<string | null>(null);
  const machineRef = useRef<Autosave | null>(null);

  const conflictOnLoad = initial.kind === "conflict";
  useEffect(() => {
    // A conflicting copy stays untouched (shown, read-only) until the applicant reloads.
    if (conflictOnLoad) return;
    const machine = new Autosave({
      revision: submission.revision,
      answers: submission.answers,
      lastSavedAt: submission.lastSaveDate,
      transport: async (revision, sent) => {
        const id = idRef.current;
        if (id === null && startLinkId !== null) {
          // The first save creates the application, carrying every answer so far. The Autosave machine sends
          // one request at a time, so this page never asks twice; another tab asking too gets 409 (stale).
          const created = await submissionApi.start(startLinkId, sent);
          idRef.current = created.submissionId;
          setSubmissionId(created.submissionId);
          return created;
        }
        return submissionApi.save(id!, revision, sent, token).catch((error: unknown) => {
          if (bySession && error instanceof ApiError && error.status === 404)
            throw new ApiError(401, "UNAUTHENTICATED", error.message);
          throw error;
        });
      },
      localCopy: {
        // Once the application exists, the copy is kept under its id and the new application's is dropped
        // (the machine writes or clears the copy as soon as the first save is acknowledged).
        write: (copy) => {
          store.write(copyId(), copy);
          if (idRef.current !== null && newCopyId !== null) store.clear(newCopyId);
        },
        clear: () => {
          store.clear(copyId());
          if (newCopyId !== null) store.clear(newCopyId);
        },
      },
      onStatus,
    });
    machineRef.current = machine;
    // Answers typed before a crash or refresh, on the revision the server still has: saved now.
    if (initial.kind === "apply") machine.change(answersRef.current);
    return () => {
      machine.dispose();
      if (machineRef.current === machine) machineRef.current = null;
    };
  }, [
    conflictOnLoad,
    initial.kind,
    submission,
    token,
    bySession,
    store,
    startLinkId,
    copyId,
    newCopyId,
    onStatus,
  ]);

  // Saving stopped for good (another tab, closed form, submitted elsewhere).
  useEffect(() => {
    if (status.phase === "stale" || status.phase === "closed" || status.phase === "submitted")
      setStop(status.phase);
  }, [status.phase]);

  // Back online: retry now. Back in the window after signing in elsewhere: try again.
  useEffect(() => {
    const online = () => machineRef.current?.online();
    const focus = () => {
      if (machineRef.current?.status.phase === "unauthorized") machineRef.current.resume();
    };
    window.addEventListener("online", online);
    window.addEventListener("focus", focus);
    return () => {
      window.removeEventListener("online", online);
      window.removeEventListener("focus", focus);
    };
  }, []);

  // The browser's copy waits for a pause in typing: written at once when a field loses focus, the page
  // is hidden (a phone's browser may end it without warning then) or closed.
  useEffect(() => {
    const keep = () => machineRef.current?.keepCopyNow();
    const hidden = () => {
      if (document.visibilityState === "hidden") keep();
    };
    document.addEventListener("focusout", keep);
    document.addEventListener("visibilitychange", hidden);
    window.addEventListener("pagehide", keep);
    return () => {
      document.removeEventListener("focusout", keep);
      document.removeEventListener("visibilitychange", hidden);
      window.removeEventListener("pagehide", keep);
    };
  }, []);

  // Leaving with unsaved answers: the browser asks first (the copy is kept either way).
  const dirty = status.dirty;
  useEffect(() => {
    if (!dirty || submitted) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty, submitted]);

  const setAll = useCallback((next: readonly Answer[]) => {
    answersRef.current = next;
    setAnswers(next);
  }, []);

  // Every key typed in a text question: kept and saved as any change (the browser's copy after its own short
  // pause, at once if the page is hidden or closed), without re-rendering the form, which follows once the
  // typing pauses (onAnswerChange with the same answer). docs/decisions/045-keystrokes.md.
  const onAnswerTyping = useCallback((answer: Answer) => {
    answersRef.current = upsertAnswer(answersRef.current, answer);
    // The save state it may move ("Not saved yet") shows at once in the header (statusSource); the rest of the
    // page follows without holding up the key.
    startTransition(() => machineRef.current?.change(answersRef.current));
  }, []);

  const onAnswerChange = useCallback(
    (answer: Answer) => {
      // The typed answer committed after the pause: kept already, the form now shows it.
      if (answersRef.current.some((a) => a === answer)) {
        setAll(answersRef.current);
        return;
      }
      const next = upsertAnswer(answersRef.current, answer);
      setAll(next);
      // File answers are the server's (set from the files it stores): nothing to save for them.
      if (answer.type === "FILE_UPLOAD") machineRef.current?.adopt(next);
      else machineRef.current?.change(next);
    },
    [setAll],
  );

  const onSave = useCallback(() => machineRef.current?.saveNow(), []);

  /**
   * The application's id, creating a new application first when it has none (an upload, an autofill or a
   * submit needs one): every answer so far is saved with it, as by the first answer's save.
   */
  const ensureCreated = useCallback(async (): Promise<string> => {
    if (idRef.current !== null) return idRef.current;
    const machine = machineRef.current;
    if (!machine) throw new Error(t("page.submitNotSaved"));
    // Marks the answers as changed, so the machine sends them (and so creates the application) now.
    machine.change(answersRef.current);
    await machine.flush();
    if (idRef.current === null) throw new Error(t("page.submitNotSaved"));
    return idRef.current;
  }, [t]);

  const onUpload = useCallback(
    async (questionId: string, file: File, onProgress: (fraction: number) => void) => {
      let stored: SubmissionFile;
      try {
        const id = await ensureCreated();
        stored = await uploadFile(id, questionId, file, token, onProgress);
      } catch (error) {
        throw uploadFailure(error, t("file.uploadError", { support: SUPPORT_EMAIL }));
      }
      setFiles((current) => [...current.filter((f) => f._id !== stored._id), stored]);
      const next = withFile(form, answersRef.current, stored);
      setAll(next);
      machineRef.current?.adopt(next);
      return stored;
    },
    [ensureCreated, token, form, setAll, t],
  );

  const onRemoveFile = useCallback(
    async (file: SubmissionFile) => {
      try {
        await submissionApi.deleteFile(file._id, token);
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 404)) {
          throw new Error(
            error instanceof ApiError && error.status < 500 && error.message.trim()
              ? error.message
              : t("file.removeFailed"),
          );
        }
        // Already gone: remove it here too.
      }
      setFiles((current) => current.filter((f) => f._id !== file._id));
      const next = withoutFile(answersRef.current, file);
      setAll(next);
      machineRef.current?.adopt(next);
    },
    [token, setAll, t],
  );

  const onDownloadFile = useCallback(
    (file: SubmissionFile) => {
      fetchFile(file, token).catch((error: unknown) =>
        notifications.show({
          color: "red",
          message: t("page.actionFailed", { message: error instanceof Error ? error.message : "" }),
        }),
      );
    },
    [token, t],
  );

  const submit = useCallback(async () => {
    const machine = machineRef.current;
    if (!machine) return;
    setServerProblems(undefined);
    setSubmitError(null);
    let id: string;
    try {
      await machine.flush();
      id = await ensureCreated();
    } catch (error) {
      setSubmitError(t("page.submitNotSaved"));
      throw error;
    }
    try {
      const done = await submissionApi.setSubmitted(id, true, machine.status.revision, token, language);
      machine.setRevision(done.revision);
      setSubmitted(true);
    } catch (error) {
      const stopped = stopOf(error);
      if (stopped === "submitted") {
        // Submitted already (another tab): the confirmation is what the applicant expects.
        setSubmitted(true);
        return;
      }
      if (stopped !== null) setStop(stopped);
      else if (error instanceof ApiError && error.status === 400) {
        if (error.fields) setServerProblems(error.fields);
        setSubmitError(t("page.incomplete"));
      } else {
        setSubmitError(t("page.actionFailed", { message: error instanceof Error ? error.message : "" }));
      }
      throw error;
    }
  }, [ensureCreated, token, language, t]);

  const autofill = useCallback(async () => {
    try {
      const copied = await submissionApi.autofill(await ensureCreated(), token);
      const merged = mergeAutofill(answersRef.current, copied.answers);
      if (merged.filled === 0) {
        notifications.show({ message: t("page.autofillNone"), autoClose: AUTOFILL_TOAST_MS });
        return;
      }
      setAll(merged.answers);
      machineRef.current?.change(merged.answers);
      machineRef.current?.saveNow();
      notifications.show({ message: t("form.autofilled"), color: "green", autoClose: AUTOFILL_TOAST_MS });
    } catch (error) {
      notifications.show({
        color: "red",
        message: t("page.actionFailed", { message: error instanceof Error ? error.message : "" }),
      });
    }
  }, [ensureCreated, token, setAll, t]);

  const flush = useCallback(async () => {
    await machineRef.current?.flush();
  }, []);

  const reload = useCallback(() => {
    machineRef.current?.dispose();
    store.clear(copyId());
    if (newCopyId !== null) store.clear(newCopyId);
    window.location.reload();
  }, [store, copyId, newCopyId]);

  const phase: AutosavePhase = stop ?? status.phase;
  return {
    submissionId,
    answers,
    files,
    phase,
    statusSource,
    stopped: stop,
    lastSavedAt: status.lastSavedAt,
    refusal: status.phase === "rejected" && status.error instanceof Error ? status.error.message : null,
    editable: result.editable && stop === null && !submitted,
    submitted,
    serverProblems,
    submitError,
    onAnswerChange,
    onAnswerTyping,
    onSave,
    onUpload,
    onRemoveFile,
    onDownloadFile,
    submit,
    autofill,
    flush,
    reload,
  };
}
