import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { moveQuestion, updateById, updateQuestionIn } from "../../../shared/forms/builder-edits";
import type { Form, FormContent, Question, Section } from "../../../shared/forms/model";
import type { FormResult } from "../../../shared/schemas/forms";
import { formApi } from "./api";
import { FormSync, type SyncStatus } from "./form-sync";

/** Quiet time after the last change before the form saves itself. */
export const AUTOSAVE_DELAY_MS = 1500;

/**
 * The content edits, all stable for the life of the builder: memoized sections and questions receive
 * this one object and re-render only when their own data changes.
 */
export interface ContentEdits {
  editContent(change: (content: FormContent) => FormContent): void;
  editSection(sectionId: string, change: (section: Section) => Section): void;
  editQuestion(sectionId: string, questionId: string, change: (question: Question) => Question): void;
  moveQuestion(fromSectionId: string, questionId: string, toSectionId: string, toIndex: number): void;
}

function contentOf(form: Form): FormContent {
  return { name: form.name, description: form.description, sections: form.sections, settings: form.settings };
}

/**
 * The builder's state: the content being edited (ahead of the server), the form as the server last
 * answered it (revision, draft, links, plan), and the autosave.
 */
export function useFormEditor(initial: FormResult) {
  const contentRef = useRef<FormContent | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [form, setForm] = useState(initial.form);
  const [status, setStatus] = useState<SyncStatus>({ kind: "idle" });
  const setContentRef = useRef<(content: FormContent) => void>(() => undefined);
  // The content and the sync start from the same object: "unsaved" means "another object than the server's".
  const [start] = useState(() => {
    const loaded = contentOf(initial.form);
    contentRef.current = loaded;
    const sync = new FormSync(initial.form.revision, loaded, {
      latest: () => contentRef.current ?? loaded,
      replace: (next) => setContentRef.current(next),
      save: (next, revision) => formApi.save(initial.form._id, revision, next),
      saved: (result) =>
        setForm((current) => ({ ...current, revision: result.revision, lastEditedAt: result.lastEditedAt })),
      accepted: (result) => setForm(result.form),
      status: setStatus,
    });
    return { loaded, sync };
  });
  const [content, setContent] = useState(start.loaded);
  const sync = start.sync;

  const replace = useCallback((next: FormContent) => {
    contentRef.current = next;
    setContent(next);
  }, []);
  setContentRef.current = replace;
  const latest = useCallback(() => contentRef.current ?? start.loaded, [start]);

  const saveNow = useCallback(() => {
    clearTimeout(timer.current);
    return sync.save();
  }, [sync]);

  const edits = useMemo<ContentEdits>(() => {
    const editContent = (change: (current: FormContent) => FormContent) => {
      const current = latest();
      const next = change(current);
      if (next === current) return;
      replace(next);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void sync.save(), AUTOSAVE_DELAY_MS);
    };
    const editSections = (change: (sections: Section[]) => Section[]) =>
      editContent((current) => {
        const sections = change(current.sections);
        return sections === current.sections ? current : { ...current, sections };
      });
    return {
      editContent,
      editSection: (sectionId, change) => editSections((sections) => updateById(sections, sectionId, change)),
      editQuestion: (sectionId, questionId, change) =>
        editSections((sections) => updateQuestionIn(sections, sectionId, questionId, change)),
      moveQuestion: (fromSectionId, questionId, toSectionId, toIndex) =>
        editSections((sections) => moveQuestion(sections, fromSectionId, questionId, toSectionId, toIndex)),
    };
  }, [replace, sync, latest]);

  /** A result from a dialog outside the sync (applicant access): the new links and revision. */
  const adopt = useCallback(
    (result: FormResult) => {
      sync.adoptRevision(result.form.revision);
      setForm((current) => (result.form.revision >= current.revision ? result.form : current));
    },
    [sync],
  );

  useEffect(() => {
    const warnIfUnsaved = (event: BeforeUnloadEvent) => {
      if (!sync.hasUnsavedEdits()) return;
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warnIfUnsaved);
    return () => {
      window.removeEventListener("beforeunload", warnIfUnsaved);
      // Leaving the page inside the app: what was typed in the last moments is still sent.
      clearTimeout(timer.current);
      if (sync.hasUnsavedEdits()) void sync.save();
    };
  }, [sync]);

  return {
    content,
    form,
    status,
    hasUnsavedEdits: sync.hasUnsavedEdits(),
    edits,
    sync,
    latest,
    saveNow,
    adopt,
  };
}
