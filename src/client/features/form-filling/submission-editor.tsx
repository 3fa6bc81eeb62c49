import { Alert, Button, Group, Stack, Text } from "@mantine/core";
import { type ReactNode, useEffect, useState } from "react";
import { contactQuestionIds } from "../../../shared/forms/contact-questions";
import type { Language } from "../../../shared/i18n/catalog";
import type { SubmissionResult } from "../../../shared/schemas/submissions";
import { useTranslate } from "../../lib/i18n";
import { useLoadedSchema } from "../../lib/lazy-schema";
import { downloadPdf, type Token } from "../../lib/submission-api";
import { hasMappedQuestion } from "./answers-state";
import { EmailMeALink } from "./continue-link";
import { localCopySchema } from "./local-copy";
import { FormRenderer } from "./renderer/form-renderer";
import { LiveSaveStatus, PageNotice, SignInAgainNotice, StaleTabNotice } from "./save-status";
import { useSubmissionEditor } from "./use-submission-editor";
import { ConfirmationView, FormColumn, FormPageLoader } from "./views";

// Started as the page's chunk runs, beside the page's first requests: by the time the submission has come,
// the copy's schema (and Zod, which the submission's own schema needed too) is there.
void localCopySchema.load().catch(() => undefined);

const hasContactQuestion = (form: SubmissionResult["form"]) => contactQuestionIds(form).length > 0;

interface SubmissionEditorProps {
  result: SubmissionResult;
  token: Token;
  /** Reached through the session (not a guest's token). */
  bySession: boolean;
  mode: "applicant" | "admin";
  language: Language;
  onLanguageChange: (language: Language) => void;
  /** The header's back link (signed-in applicants: their list). */
  backLink?: ReactNode;
  /** Offered only to signed-in applicants on forms with mapped questions. */
  canAutofill: boolean;
  /** Notices above the others (the admin edit banner). */
  banner?: ReactNode;
  /** A signed-in applicant's new application, created by its first save (see `useSubmissionEditor`). */
  start?: { linkId: string; userId: string };
}

/**
 * A submission being answered, once the browser's copy can be read: its schema is loaded with the page's
 * data (started as the page's chunk runs), so it is nearly always there already and nothing more is shown.
 */
export function SubmissionEditor(props: SubmissionEditorProps) {
  if (!useLoadedSchema(localCopySchema)) return <FormPageLoader />;
  return <LoadedSubmissionEditor {...props} />;
}

/**
 * A submission being answered: the renderer with autosave, files, submit (applicants) and the
 * notices that say why saving stopped; the confirmation once submitted.
 */
function LoadedSubmissionEditor({
  result,
  token,
  bySession,
  mode,
  language,
  onLanguageChange,
  backLink,
  canAutofill,
  banner,
  start,
}: SubmissionEditorProps) {
  const editor = useSubmissionEditor({ result, token, bySession, language, start });
  const { form, submission } = result;

  // A new application was just created by its first save: the address bar takes its address (as if the link
  // had led there), without a navigation that would rebuild the form under the typing. The router's own
  // location stays the link's until the next navigation; reopening either address finds the application.
  const startLinkId = start?.linkId ?? null;
  const createdId = editor.submissionId;
  useEffect(() => {
    if (startLinkId === null || createdId === null) return;
    window.history.replaceState(window.history.state, "", `/form/${startLinkId}/${createdId}`);
  }, [startLinkId, createdId]);

  if (editor.submitted) {
    return (
      <FormColumn>
        <ConfirmationView
          form={form}
          language={language}
          backLink={backLink}
          onExportPdf={() =>
            downloadPdf(editor.submissionId ?? submission._id, submission.identifier, language, token)
          }
        />
      </FormColumn>
    );
  }

  return (
    <FormRenderer
      form={form}
      mode={mode}
      language={language}
      onLanguageChange={onLanguageChange}
      answers={editor.answers}
      onAnswerChange={editor.onAnswerChange}
      onAnswerTyping={editor.onAnswerTyping}
      files={editor.files}
      onUpload={editor.onUpload}
      onRemoveFile={editor.onRemoveFile}
      onDownloadFile={editor.onDownloadFile}
      saveStatus={
        <LiveSaveStatus source={editor.statusSource} stopped={editor.stopped} language={language} />
      }
      onSave={editor.onSave}
      onSubmit={mode === "applicant" ? editor.submit : undefined}
      notices={
        <Notices
          banner={banner}
          editor={editor}
          canAutofill={canAutofill && hasMappedQuestion(form) && editor.editable}
          continueLink={
            // A guest's draft (reached by its token) on a form that asks for a contact email.
            mode === "applicant" &&
            !bySession &&
            token !== null &&
            editor.editable &&
            hasContactQuestion(form) ? (
              <EmailMeALink
                submissionId={editor.submissionId ?? submission._id}
                token={token}
                language={language}
                flush={editor.flush}
              />
            ) : null
          }
        />
      }
      backLink={backLink}
      serverProblems={editor.serverProblems}
      editable={editor.editable}
    />
  );
}

function Notices({
  banner,
  editor,
  canAutofill,
  continueLink,
}: {
  banner?: ReactNode;
  editor: ReturnType<typeof useSubmissionEditor>;
  canAutofill: boolean;
  continueLink: ReactNode;
}) {
  const t = useTranslate();
  const [filling, setFilling] = useState(false);
  const items: ReactNode[] = [];
  if (banner) items.push(<div key="banner">{banner}</div>);
  switch (editor.phase) {
    case "stale":
      items.push(<StaleTabNotice key="stale" onReload={editor.reload} />);
      break;
    case "closed":
      // A new application the form closed on before its first save has nothing kept on the server.
      items.push(
        <PageNotice key="closed" color="red">
          {t(editor.submissionId === null ? "form.closed" : "form.closedWithDraft")}
        </PageNotice>,
      );
      break;
    case "submitted":
      items.push(
        <PageNotice key="submitted" color="red">
          {t("page.submittedElsewhere")}
        </PageNotice>,
      );
      break;
    case "unauthorized":
      items.push(<SignInAgainNotice key="signIn" />);
      break;
    case "rejected":
      if (editor.refusal !== null)
        items.push(
          <PageNotice key="refused" color="red">
            {t("page.saveRefused", { message: editor.refusal })}
          </PageNotice>,
        );
      break;
    default:
      break;
  }
  if (editor.submitError !== null)
    items.push(
      <Alert key="submitError" color="red" variant="light" role="alert">
        <Text size="sm">{editor.submitError}</Text>
      </Alert>,
    );
  if (canAutofill)
    items.push(
      <Group key="autofill" justify="flex-end">
        <Button
          variant="light"
          loading={filling}
          onClick={() => {
            setFilling(true);
            void editor.autofill().finally(() => setFilling(false));
          }}
        >
          {t("form.autofill")}
        </Button>
      </Group>,
    );
  if (continueLink) items.push(<div key="continueLink">{continueLink}</div>);
  if (items.length === 0) return null;
  return <Stack gap="sm">{items}</Stack>;
}
