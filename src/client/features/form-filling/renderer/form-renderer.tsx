import { Paper, Stack, Title } from "@mantine/core";
import { Suspense, useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from "react";
import { answerMap, choiceOf, emptyAnswer, sectionProblems } from "../../../../shared/forms/answer-rules";
import type { Answer, AnswerMap } from "../../../../shared/forms/answers";
import { nextSectionId } from "../../../../shared/forms/branching";
import { localize, localizeRichText } from "../../../../shared/forms/localize";
import type { Question } from "../../../../shared/forms/model";
import { liveSections } from "../../../../shared/forms/model-constants";
import type { SubmissionFile } from "../../../../shared/schemas/submissions";
import { RichTextView } from "../../../components/rich-text/rich-text-view";
import { LanguageProvider, useTranslate } from "../../../lib/i18n";
import { FormColumnFrame, FormHeader } from "./form-header";
import { hasTableQuestion, loadTableQuestion, prefetchWhenIdle, SubmitDialog } from "./lazy-parts";
import {
  advance,
  canGoBack,
  currentSectionId,
  firstSectionWithProblem,
  historyTo,
  reconcileHistory,
  retreat,
  sectionPosition,
  startHistory,
  type VisitHistory,
} from "./navigation";
import { createReleaseGate, type ReleaseGate } from "./pointer-release";
import { isRevealed, NONE, withMember } from "./problem-display";
import { questionText } from "./question-label";
import { QuestionView, questionElementId } from "./question-view";
import { RendererContext, type RendererContextValue } from "./renderer-context";
import { SectionNavigation, SectionProgress } from "./section-navigation";
import type { FormRendererProps } from "./types";
import { TypingBuffer } from "./typing-buffer";

const NO_FILES: readonly SubmissionFile[] = Object.freeze([]);

/**
 * The applicant's form, one section at a time (forms-and-applicants, "2. Screens and routes",
 * "4. States and transitions", "5. Validation rules"): the header, the progress, the current section's
 * questions, Back and Next (or Submit), following branching. Used by the applicant's page, the preview and
 * admin edit mode; it holds no server state.
 */
export function FormRenderer(props: FormRendererProps) {
  return (
    <LanguageProvider language={props.language}>
      <Renderer {...props} />
    </LanguageProvider>
  );
}

/** The server's problems as they arrived, and each answer then (a changed answer drops its own). */
interface ServerProblemsSeen {
  problems: FormRendererProps["serverProblems"];
  answersThen: AnswerMap;
}

function Renderer(props: FormRendererProps) {
  const { form, mode, language, answers, editable, serverProblems } = props;
  const t = useTranslate();
  const accent = `#${form.settings.themeColour}`;
  const sections = useMemo(() => liveSections(form.sections), [form.sections]);
  const byQuestion = useMemo(() => answerMap(answers), [answers]);
  const choice = useMemo(() => choiceOf(byQuestion), [byQuestion]);

  // The page's callbacks, read when called: questions keep stable functions, whatever the page passes.
  const latestProps = useRef(props);
  const latestAnswers = useRef(byQuestion);
  useLayoutEffect(() => {
    latestProps.current = props;
    latestAnswers.current = byQuestion;
  });

  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [attempted, setAttempted] = useState<ReadonlySet<string>>(() => new Set());
  const [confirming, setConfirming] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [focusTarget, setFocusTarget] = useState<string | null>(null);

  // Where the applicant is: the sections visited, kept valid if the form changes underneath.
  const [storedHistory, setHistory] = useState<VisitHistory>(() => startHistory(sections));
  let history = reconcileHistory(storedHistory, sections);
  if (history !== storedHistory) setHistory(history);

  // New problems from the server (a refused submit): show them and go to the first section with one.
  const [seen, setSeen] = useState<ServerProblemsSeen>({ problems: undefined, answersThen: byQuestion });
  if (serverProblems !== seen.problems) {
    setSeen({ problems: serverProblems, answersThen: byQuestion });
    if (serverProblems) {
      const target = firstSectionWithProblem(sections, choice, serverProblems);
      if (target) {
        history = historyTo(history, sections, choice, target);
        setHistory(history);
      }
      const questionIds = Object.keys(serverProblems).map((key) => key.replace(/^answers\./, ""));
      setTouched((current) => questionIds.reduce(withMember, current));
    }
  }

  const currentId = currentSectionId(history);
  const current = sections.find((s) => s._id === currentId);

  const commitAnswer = useCallback((next: Answer) => {
    // Two changes before the page re-renders (two uploads ending together) build on each other.
    latestAnswers.current = new Map(latestAnswers.current).set(next.questionId, next);
    latestProps.current.onAnswerChange(next);
  }, []);
  // Typed text waits for a pause before the form re-renders with it (docs/decisions/045-keystrokes.md).
  const [typing] = useState(() => new TypingBuffer(commitAnswer));
  useEffect(() => () => typing.dispose(), [typing]);
  const change = useCallback(
    (question: Question, sectionId: string, update: (answer: Answer) => Answer) => {
      // Whatever was typed goes first: the change builds on it.
      typing.commitNow();
      const previous = latestAnswers.current.get(question._id) ?? emptyAnswer(question, sectionId);
      const next = update(previous);
      if (next !== previous) commitAnswer(next);
    },
    [typing, commitAnswer],
  );
  const typeText = useCallback(
    (question: Question, sectionId: string, answerString: string) => {
      const previous =
        typing.waitingAnswer(question._id) ??
        latestAnswers.current.get(question._id) ??
        emptyAnswer(question, sectionId);
      const next = { ...previous, answerString };
      typing.type(next);
      latestProps.current.onAnswerTyping?.(next);
    },
    [typing],
  );
  const isTyping = useCallback(
    (questionId: string) => typing.waitingAnswer(questionId) !== undefined,
    [typing],
  );
  const commitTyping = useCallback(() => typing.commitNow(), [typing]);
  // A question's problems appear once it is left, but never under a pointer still pressing the next control.
  const releaseGate = useRef<ReleaseGate | null>(null);
  useEffect(() => {
    const gate = createReleaseGate(document);
    releaseGate.current = gate;
    return () => {
      releaseGate.current = null;
      gate.dispose();
    };
  }, []);
  const touch = useCallback((questionId: string) => {
    const reveal = () => setTouched((s) => withMember(s, questionId));
    if (releaseGate.current) releaseGate.current.defer(reveal);
    else reveal();
  }, []);

  const hasUpload = props.onUpload !== undefined;
  const hasRemove = props.onRemoveFile !== undefined;
  const hasDownload = props.onDownloadFile !== undefined;
  const context = useMemo<RendererContextValue>(
    () => ({
      accent,
      settings: form.settings,
      editable,
      maxFileSizeMB: form.maxFileSizeMB,
      change,
      typeText,
      isTyping,
      commitTyping,
      touch,
      upload: hasUpload
        ? (questionId, file, onProgress) => {
            const upload = latestProps.current.onUpload;
            return upload ? upload(questionId, file, onProgress) : Promise.reject(new Error(""));
          }
        : null,
      removeFile: hasRemove ? (file) => latestProps.current.onRemoveFile?.(file) ?? Promise.resolve() : null,
      downloadFile: hasDownload ? (file) => latestProps.current.onDownloadFile?.(file) : null,
    }),
    [
      accent,
      form.settings,
      editable,
      form.maxFileSizeMB,
      change,
      typeText,
      isTyping,
      commitTyping,
      touch,
      hasUpload,
      hasRemove,
      hasDownload,
    ],
  );

  const filesByQuestion = useMemo(() => {
    const grouped = new Map<string, SubmissionFile[]>();
    for (const file of props.files) {
      const list = grouped.get(file.questionId);
      if (list) list.push(file);
      else grouped.set(file.questionId, [file]);
    }
    return grouped;
  }, [props.files]);

  const problems = useMemo(
    () => (current ? sectionProblems(current, byQuestion, t) : []),
    [current, byQuestion, t],
  );
  // Only applicants are held back: a preview lets the tester through, and an admin editing an
  // application (perhaps an unfinished draft) must reach every section.
  const holdsBack = (found: readonly unknown[]) => mode === "applicant" && editable && found.length > 0;
  const blocked = holdsBack(problems);
  // What Next waits for, by name: each leads to its question.
  const waitingFor = useMemo(() => {
    if (!blocked || !current) return [];
    return problems.map(({ questionId }) => {
      const index = current.questions.findIndex((q) => q._id === questionId);
      const question = current.questions[index]!;
      return { questionId, text: questionText(question, index + 1, language, form.settings, t) };
    });
  }, [blocked, current, problems, language, form.settings, t]);
  const nextId = current ? nextSectionId(sections, current._id, choice) : null;
  const forward = nextId !== null ? "next" : mode === "admin" ? null : "submit";

  useEffect(() => {
    if (hasTableQuestion(sections)) return prefetchWhenIdle(loadTableQuestion);
  }, [sections]);

  // A new section: back to the top, the focus on its heading (not on the first render).
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownSection = useRef(currentId);
  useEffect(() => {
    if (shownSection.current === currentId) return;
    shownSection.current = currentId;
    window.scrollTo({ top: 0 });
    headingRef.current?.focus({ preventScroll: true });
  }, [currentId]);

  // After a blocked Next: the focus goes to the first question with a problem, once it shows.
  useEffect(() => {
    if (focusTarget === null) return;
    const card = document.getElementById(questionElementId(focusTarget));
    card?.querySelector<HTMLElement>("input:not([type=hidden]):not([disabled]), textarea, button")?.focus();
    setFocusTarget(null);
  }, [focusTarget]);

  function goForward() {
    if (!current) return;
    // Text typed just before counts (Next reached from the field by a key, or before the pause).
    typing.commitNow();
    const latest = latestAnswers.current;
    const latestProblems = latest === byQuestion ? problems : sectionProblems(current, latest, t);
    if (holdsBack(latestProblems)) {
      setAttempted((s) => withMember(s, current._id));
      setFocusTarget(latestProblems[0]?.questionId ?? null);
      return;
    }
    const latestNextId =
      latest === byQuestion ? nextId : nextSectionId(sections, current._id, choiceOf(latest));
    if (latestNextId !== null) setHistory((h) => advance(reconcileHistory(h, sections), latestNextId));
    else if (props.onSubmit && editable) setConfirming(true);
  }

  function goBack() {
    typing.commitNow();
    setHistory((h) => retreat(reconcileHistory(h, sections)));
  }

  async function submit() {
    const onSubmit = latestProps.current.onSubmit;
    if (!onSubmit) return;
    typing.commitNow();
    setSubmitting(true);
    try {
      await onSubmit();
    } catch {
      // Why it failed is the page's to show (it passes the server's problems back).
    } finally {
      setSubmitting(false);
      setConfirming(false);
    }
  }

  const headingId = useId();
  const position = current ? sectionPosition(sections, current._id) : { n: 0, m: sections.length };
  const note =
    mode === "preview"
      ? t("form.previewNote")
      : blocked && current && attempted.has(current._id)
        ? t("form.sectionInvalid")
        : null;

  /** The server's messages for a question, until the applicant changes that answer. */
  const serverMessagesOf = (questionId: string): readonly string[] => {
    const messages = seen.problems?.[`answers.${questionId}`];
    if (!messages || messages.length === 0) return NONE;
    return byQuestion.get(questionId) === seen.answersThen.get(questionId) ? messages : NONE;
  };

  return (
    <RendererContext value={context}>
      <FormColumnFrame
        language={language}
        after={
          // Mounted, closed, once Submit shows: its code loads then, and opening it later lets it note the
          // focused button, to give the focus back when it closes.
          (forward === "submit" || confirming) && (
            <Suspense fallback={null}>
              <SubmitDialog
                opened={confirming}
                submitting={submitting}
                accent={accent}
                onCancel={() => setConfirming(false)}
                onConfirm={submit}
              />
            </Suspense>
          )
        }
      >
        <FormHeader
          form={form}
          language={language}
          onLanguageChange={props.onLanguageChange}
          accent={accent}
          saveStatus={props.saveStatus}
          onSave={props.onSave}
          editable={editable}
          backLink={props.backLink}
        />
        {props.notices}
        {current && (
          <>
            <SectionProgress n={position.n} m={position.m} accent={accent} />
            <Stack component="section" gap="md" aria-labelledby={headingId}>
              <Paper withBorder p={{ base: "md", sm: "lg" }} style={{ borderTop: `4px solid ${accent}` }}>
                <Title
                  order={2}
                  size="h3"
                  id={headingId}
                  ref={headingRef}
                  tabIndex={-1}
                  style={{ overflowWrap: "anywhere", outlineOffset: 4 }}
                >
                  {localize(current.name, language, form.settings).trim() ||
                    t("form.section", { n: position.n })}
                </Title>
                <RichTextView value={localizeRichText(current.description, language, form.settings)} />
              </Paper>
              {current.questions.map((question, index) => (
                <QuestionView
                  key={question._id}
                  question={question}
                  sectionId={current._id}
                  number={index + 1}
                  answer={byQuestion.get(question._id)}
                  revealed={isRevealed(question._id, current._id, touched, attempted)}
                  serverMessages={serverMessagesOf(question._id)}
                  files={filesByQuestion.get(question._id) ?? NO_FILES}
                />
              ))}
            </Stack>
            <SectionNavigation
              accent={accent}
              canGoBack={canGoBack(history)}
              onBack={goBack}
              forward={forward}
              blocked={blocked}
              submitUnavailable={!props.onSubmit || !editable}
              onForward={goForward}
              note={note}
              waitingFor={waitingFor}
              onGoToQuestion={setFocusTarget}
            />
          </>
        )}
      </FormColumnFrame>
    </RendererContext>
  );
}
