import { Button } from "@mantine/core";
import { useCallback, useState } from "react";
import { Navigate, useParams } from "react-router";
import type { Answer } from "../../../shared/forms/answers";
import type { Language } from "../../../shared/i18n/catalog";
import type { ApplicantForm } from "../../../shared/schemas/submissions";
import { useTranslate } from "../../lib/i18n";
import { upsertAnswer } from "./answers-state";
import { FormPage, type LanguageProps, useFormLink } from "./form-page";
import { FormRenderer } from "./renderer/form-renderer";
import { ClosedView, ConfirmationView, FormColumn, FormPageLoader, MessageView } from "./views";

const NO_FILES = Object.freeze([]);

/**
 * /form-preview/:linkId: the draft form as applicants will see it. Nothing is saved and nothing is
 * uploaded; nothing stops advancing (the renderer's red note says so).
 */
export function FormPreviewPage() {
  return <FormPage Loader={PreviewLoader} />;
}

function PreviewLoader({ language, onLanguageChange }: LanguageProps) {
  const { linkId = "" } = useParams();
  const t = useTranslate();
  const link = useFormLink(linkId);

  if (link.isPending) return <FormPageLoader />;
  if (link.isError) {
    // An unknown link reads as closed; server failures open the error page.
    return (
      <FormColumn>
        <ClosedView withDraft={false} />
      </FormColumn>
    );
  }
  const { kind, availability, form } = link.data;
  if (kind === "submission") return <Navigate to={`/form/${linkId}`} replace />;
  if (availability === "previewDisabled") {
    return (
      <FormColumn>
        <MessageView message={t("form.previewDisabled")} />
      </FormColumn>
    );
  }
  if (availability !== "open" || form === null) {
    return (
      <FormColumn>
        <ClosedView withDraft={false} />
      </FormColumn>
    );
  }
  return <Preview form={form} language={language} onLanguageChange={onLanguageChange} />;
}

function Preview({
  form,
  language,
  onLanguageChange,
}: {
  form: ApplicantForm;
  language: Language;
  onLanguageChange: (language: Language) => void;
}) {
  const t = useTranslate();
  const [answers, setAnswers] = useState<readonly Answer[]>([]);
  const [confirmed, setConfirmed] = useState(false);
  const onAnswerChange = useCallback((answer: Answer) => setAnswers((a) => upsertAnswer(a, answer)), []);
  const onSubmit = useCallback(async () => setConfirmed(true), []);

  if (confirmed) {
    // The confirmation applicants will see; back to the form (the answers are kept while the page is open).
    return (
      <FormColumn>
        <ConfirmationView
          form={form}
          language={language}
          extra={
            <Button variant="default" onClick={() => setConfirmed(false)}>
              {t("form.back")}
            </Button>
          }
        />
      </FormColumn>
    );
  }
  return (
    <FormRenderer
      form={form}
      mode="preview"
      language={language}
      onLanguageChange={onLanguageChange}
      answers={answers}
      onAnswerChange={onAnswerChange}
      files={NO_FILES}
      onSubmit={onSubmit}
      editable
    />
  );
}
