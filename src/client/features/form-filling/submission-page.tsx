import { notifications } from "@mantine/notifications";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Navigate, useLocation, useNavigate, useParams } from "react-router";
import { localize } from "../../../shared/forms/localize";
import type { Language } from "../../../shared/i18n/catalog";
import { SUPPORT_EMAIL } from "../../../shared/messages";
import type { SubmissionResult } from "../../../shared/schemas/submissions";
import { ApiError } from "../../lib/api-client";
import { browserStorage } from "../../lib/browser-storage";
import { useTranslate } from "../../lib/i18n";
import { type Session, useSession } from "../../lib/session";
import { downloadPdf, submissionApi, submissionKeys } from "../../lib/submission-api";
import { readDraftEarly, takeEarlyDraftRead } from "./early-draft-read";
import { FormPage, type LanguageProps } from "./form-page";
import { guestStore } from "./guest-store";
import { createLocalCopyStore, hasAnyAnswer, localCopySchema } from "./local-copy";
import { PageNotice } from "./save-status";
import { SubmissionEditor } from "./submission-editor";
import {
  BackToApplications,
  ClosedView,
  ConfirmationView,
  FormColumn,
  FormPageLoader,
  MessageView,
} from "./views";

/** What became of a guest draft's token once the applicant is signed in. */
type ClaimOutcome = "claimed" | "refused" | "alreadyHasOne";

/** The query options of a submission being edited: loaded once, never refetched underneath the typing. */
export const EDITING_QUERY = {
  staleTime: Number.POSITIVE_INFINITY,
  gcTime: 0,
  refetchOnWindowFocus: false,
  refetchOnReconnect: false,
  retry: false,
} as const;

/** /form/:linkId/:submissionId: continue (or read, once closed) an application. */
export function SubmissionPage() {
  return <FormPage Loader={SubmissionLoader} />;
}

function SubmissionLoader({ language, onLanguageChange }: LanguageProps) {
  const { linkId = "", submissionId = "" } = useParams();
  const session = useSession();
  const navigate = useNavigate();
  const t = useTranslate();
  // The guest token as this page found it (claiming drops it from the store).
  const [storedToken] = useState(() => guestStore.token(submissionId));

  const settled = session.status !== "loading" && session.status !== "unavailable";
  const signedIn = session.status === "signedIn";
  const viewer = signedIn ? session.user.id : "guest";
  const needsClaim = signedIn && storedToken !== null;
  // Only on the page's first render: once the session is known, the draft's query reads it at once.
  const [readEarly] = useState(() => storedToken !== null && !settled);
  useEffect(() => {
    if (readEarly && storedToken !== null) readDraftEarly(submissionId, storedToken);
  }, [readEarly, storedToken, submissionId]);

  // A guest's draft opened by a signed-in user becomes theirs (once), then the token is dropped.
  const claim = useQuery({
    queryKey: submissionKeys.claim(viewer, submissionId),
    queryFn: async (): Promise<ClaimOutcome> => {
      if (storedToken === null) return "refused";
      try {
        await submissionApi.claim(submissionId, storedToken);
        guestStore.forget(linkId, submissionId);
        return "claimed";
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) {
          guestStore.forget(linkId, submissionId);
          return "refused";
        }
        // They already have an application for this form: this draft stays a guest draft, opened by its token.
        if (error instanceof ApiError && error.status === 409) return "alreadyHasOne";
        throw error;
      }
    },
    enabled: settled && needsClaim,
    ...EDITING_QUERY,
  });

  const token = !signedIn || claim.data === "alreadyHasOne" ? storedToken : null;
  const ready = settled && (!needsClaim || claim.isSuccess);
  const loaded = useQuery({
    queryKey: [...submissionKeys.submission(viewer, submissionId), token ?? ""],
    // With the schema the browser's copy is read with (the closed view and the editor read it).
    queryFn: async () =>
      (
        await Promise.all([
          takeEarlyDraftRead(submissionId, token) ?? submissionApi.get(submissionId, token),
          localCopySchema.load(),
        ])
      )[0],
    enabled: ready,
    ...EDITING_QUERY,
  });

  const notFound = loaded.error instanceof ApiError && loaded.error.status === 404;
  const email = session.status === "signedIn" ? session.user.email : t("page.thisBrowser");
  const told = useRef(false);
  useEffect(() => {
    if (!notFound || told.current) return;
    told.current = true;
    notifications.show({
      color: "red",
      message: t("form.noAccess", { email, support: SUPPORT_EMAIL }),
      autoClose: 10_000,
    });
    if (!signedIn && storedToken !== null) guestStore.forget(linkId, submissionId);
    navigate("/portal/applicant", { replace: true });
  }, [notFound, email, signedIn, storedToken, linkId, submissionId, navigate, t]);

  const failure = claim.error ?? (notFound ? null : loaded.error);
  if (failure) {
    // Server failures open the error page (the query client); other refusals are said here.
    return (
      <FormColumn>
        <MessageView message={t("page.actionFailed", { message: failure.message })} />
      </FormColumn>
    );
  }
  if (!ready || loaded.data === undefined || notFound) return <FormPageLoader />;

  return (
    <LoadedSubmission
      result={loaded.data}
      token={token}
      session={session}
      language={language}
      onLanguageChange={onLanguageChange}
    />
  );
}

function LoadedSubmission({
  result,
  token,
  session,
  language,
  onLanguageChange,
}: {
  result: SubmissionResult;
  token: string | null;
  session: Session;
  language: Language;
  onLanguageChange: (language: Language) => void;
}) {
  const { submission, form, access, editable } = result;
  const signedIn = session.status === "signedIn";
  const backLink = signedIn ? <BackToApplications /> : undefined;
  const t = useTranslate();
  // Arrived from the portal's "Unsubmit & Edit": the application is a draft again until it is resubmitted.
  const unsubmitted = (useLocation().state as { resubmit?: boolean } | null)?.resubmit === true;

  // An administrator of the program: the admin edit mode is where they edit.
  if (access === "admin") return <Navigate to={`/admin/form/edit/${form._id}/${submission._id}`} replace />;

  if (submission.submissionDate !== null) {
    // Submitted: signed-in owners go to their list (forms-and-applicants, "4. States and transitions"); a
    // guest sees the confirmation.
    if (signedIn) return <Navigate to="/portal/applicant" replace />;
    return (
      <FormColumn>
        <ConfirmationView
          form={form}
          language={language}
          onExportPdf={() => downloadPdf(submission._id, submission.identifier, language, token)}
        />
      </FormColumn>
    );
  }

  if (!editable) {
    // A draft on a form that closed: the saved copy (on the server, or still in this browser) is mentioned.
    const kept = createLocalCopyStore(browserStorage()).read(submission._id);
    return (
      <FormColumn>
        <ClosedView
          withDraft={hasAnyAnswer(submission.answers) || (kept !== null && hasAnyAnswer(kept.answers))}
          backLink={backLink}
          formName={localize(form.name, language, form.settings)}
          organization={form.organization}
        />
      </FormColumn>
    );
  }

  return (
    <SubmissionEditor
      key={submission._id}
      result={result}
      token={token}
      bySession={token === null}
      mode="applicant"
      language={language}
      onLanguageChange={onLanguageChange}
      backLink={backLink}
      canAutofill={signedIn}
      banner={unsubmitted ? <PageNotice color="yellow">{t("form.resubmitNotice")}</PageNotice> : undefined}
    />
  );
}
