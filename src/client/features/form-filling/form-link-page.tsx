import { Alert, Button, Divider, Stack, Text, Title } from "@mantine/core";
import { useMutation, useQuery } from "@tanstack/react-query";
import { type ReactNode, Suspense, useMemo, useState } from "react";
import { Navigate, useNavigate, useParams } from "react-router";
import { localize, localizeRichText } from "../../../shared/forms/localize";
import type { Language } from "../../../shared/i18n/catalog";
import type { ApplicantForm, SubmissionResult } from "../../../shared/schemas/submissions";
import { RichTextView } from "../../components/rich-text/rich-text-view";
import { ApiError } from "../../lib/api-client";
import { useTranslate } from "../../lib/i18n";
import { lazyComponent } from "../../lib/lazy-component";
import { useSession } from "../../lib/session";
import { submissionApi, submissionKeys } from "../../lib/submission-api";
import { readDraftEarly } from "./early-draft-read";
import { FormPage, type LanguageProps, useFormLink } from "./form-page";
import { guestStore } from "./guest-store";
import { LanguageChoice } from "./language-choice";
import { SubmissionEditor } from "./submission-editor";
import {
  BackToApplications,
  ClosedView,
  FormCard,
  FormColumn,
  FormPageLoader,
  MessageView,
  OrganizationAndDeadline,
} from "./views";

// Loaded when "Create an account" is chosen: most applicants continue as a guest or log in.
const ApplicantSignUp = lazyComponent(
  () => import("./applicant-sign-up"),
  (m) => m.ApplicantSignUp,
);

const isFormClosed = (error: unknown) =>
  error instanceof ApiError && error.status === 409 && error.code === "FORM_CLOSED";

/**
 * /form/:linkId, a form link: signed-in applicants go straight to their application (resumed or
 * started); a guest with a draft in this browser goes back to it; anyone else chooses to continue as
 * a guest, log in or create an account. A closed link says so.
 */
export function FormLinkPage() {
  return <FormPage Loader={LinkFromAddress} />;
}

function LinkFromAddress(props: LanguageProps) {
  const { linkId = "" } = useParams();
  return <LinkLoader {...props} linkId={linkId} />;
}

/**
 * A form link's page, for /form/:linkId and for the stable address that opens the form's latest link
 * (apply-page.tsx): the address stays in the browser's bar until the applicant goes on to their application.
 */
export function LinkLoader({ language, onLanguageChange, linkId }: LanguageProps & { linkId: string }) {
  const session = useSession();
  const t = useTranslate();
  const link = useFormLink(linkId);

  const settled = session.status !== "loading" && session.status !== "unavailable";
  const signedIn = session.status === "signedIn";
  const guestDraft = guestStore.submissionForLink(linkId);
  const resumeGuestDraft = guestDraft !== null && guestStore.token(guestDraft) !== null;
  const isSubmissionLink = link.data?.kind === "submission";

  // Signed in: their application to this form, if they have answered it. Opening a link creates nothing:
  // a new application is created by its first save (docs/decisions/038-decision-release-and-portal.md).
  const opened = useQuery({
    queryKey: submissionKeys.own(signedIn ? session.user.id : "guest", linkId),
    queryFn: () => submissionApi.own(linkId),
    enabled: settled && signedIn && isSubmissionLink && !resumeGuestDraft,
    staleTime: 0,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    // Found after the first save created it, the application would be reopened under the typing.
    refetchOnReconnect: false,
  });

  if (link.isPending || !settled) return <FormPageLoader />;
  if (link.isError) {
    // An unknown link reads as a closed one; server failures open the error page.
    return (
      <FormColumn>
        <ClosedView withDraft={false} />
      </FormColumn>
    );
  }
  const { kind, availability, form, organization } = link.data;
  if (kind === "preview") return <Navigate to={`/form-preview/${linkId}`} replace />;
  // This browser's guest draft (claimed there, if the applicant has signed in meanwhile).
  if (resumeGuestDraft) return <Navigate to={`/form/${linkId}/${guestDraft}`} replace />;

  if (signedIn) {
    if (opened.isPending) return <FormPageLoader />;
    if (opened.isError) {
      return (
        <FormColumn>
          <MessageView message={t("page.actionFailed", { message: opened.error.message })} />
        </FormColumn>
      );
    }
    const { submissionId } = opened.data;
    if (submissionId !== null) return <Navigate to={`/form/${linkId}/${submissionId}`} replace />;
    if (availability !== "open" || form === null) {
      return (
        <FormColumn>
          <ClosedView withDraft={false} backLink={<BackToApplications />} organization={organization} />
        </FormColumn>
      );
    }
    return (
      <NewApplication
        linkId={linkId}
        userId={session.user.id}
        form={form}
        language={language}
        onLanguageChange={onLanguageChange}
      />
    );
  }

  if (availability !== "open" || form === null) {
    return (
      <FormColumn>
        <ClosedView withDraft={false} organization={organization} />
      </FormColumn>
    );
  }
  return (
    <FormColumn>
      <StartChoice linkId={linkId} form={form} language={language} onLanguageChange={onLanguageChange} />
    </FormColumn>
  );
}

/**
 * A signed-in applicant's application to a form they have not answered yet: the form, with no row behind it
 * until the first answer is saved (which creates it, and from then on it is resumed as any other). The
 * address stays the link's until then, and after: reopening it finds the application.
 */
function NewApplication({
  linkId,
  userId,
  form,
  language,
  onLanguageChange,
}: LanguageProps & { linkId: string; userId: string; form: ApplicantForm }) {
  // A blank stand-in for the application the first save creates (its id is never used), taken once: the
  // editor's autosave is built on it and must not be rebuilt under the typing when the link is read again.
  const [result] = useState<SubmissionResult>(() => ({
    submission: {
      _id: "",
      formId: form._id,
      linkId,
      userId,
      formVersion: form.version ?? 0,
      submissionDate: null,
      lastSaveDate: new Date(0).toISOString(),
      identifier: "",
      answers: [],
      files: [],
      revision: 0,
    },
    form,
    access: "owner",
    editable: true,
  }));
  const start = useMemo(() => ({ linkId, userId }), [linkId, userId]);
  return (
    <SubmissionEditor
      key={`${form._id}:${userId}`}
      result={result}
      token={null}
      bySession
      mode="applicant"
      language={language}
      onLanguageChange={onLanguageChange}
      backLink={<BackToApplications />}
      canAutofill
      start={start}
    />
  );
}

/** "How would you like to continue?": as a guest, log in, or create an account. */
function StartChoice({
  linkId,
  form,
  language,
  onLanguageChange,
}: {
  linkId: string;
  form: ApplicantForm;
  language: Language;
  onLanguageChange: (language: Language) => void;
}) {
  const t = useTranslate();
  const navigate = useNavigate();
  const [signingUp, setSigningUp] = useState(false);
  const guest = useMutation({
    mutationFn: () => submissionApi.open(linkId),
    onSuccess: ({ submissionId, token }) => {
      if (token !== null) {
        guestStore.remember(linkId, submissionId, token);
        readDraftEarly(submissionId, token);
      }
      navigate(`/form/${linkId}/${submissionId}`, { replace: true });
    },
  });

  if (guest.isError && isFormClosed(guest.error)) {
    return <ClosedView withDraft={false} organization={form.organization} />;
  }

  return (
    <StartCard form={form} language={language} onLanguageChange={onLanguageChange}>
      <RichTextView value={localizeRichText(form.description, language, form.settings)} />
      <Divider />
      {signingUp ? (
        <Suspense fallback={<FormPageLoader />}>
          <ApplicantSignUp onCancel={() => setSigningUp(false)} />
        </Suspense>
      ) : (
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t("start.title")}
          </Title>
          {guest.isError && (
            <Alert color="red" variant="light" role="alert">
              <Text size="sm">{t("page.actionFailed", { message: guest.error.message })}</Text>
            </Alert>
          )}
          <Button size="md" loading={guest.isPending} onClick={() => guest.mutate()}>
            {t("start.guest")}
          </Button>
          <Button
            size="md"
            variant="default"
            onClick={() => navigate("/login", { state: { from: `/form/${linkId}` } })}
          >
            {t("start.login")}
          </Button>
          <Button size="md" variant="default" onClick={() => setSigningUp(true)}>
            {t("start.createAccount")}
          </Button>
        </Stack>
      )}
    </StartCard>
  );
}

/**
 * The start card's top: Français / English, the form's name, who runs it and until when; `children` below.
 * Also the link page's first screen in static HTML (src/client/first-paint/form-first-screen.tsx), with
 * `firstScreen` set, so that the name is drawn where the page draws it.
 */
export function StartCard({
  form,
  language,
  onLanguageChange,
  firstScreen = false,
  children,
}: {
  form: ApplicantForm;
  language: Language;
  onLanguageChange: (language: Language) => void;
  firstScreen?: boolean;
  children?: ReactNode;
}) {
  return (
    <FormCard>
      <Stack gap="lg">
        {form.settings.frenchTranslationEnabled && (
          <LanguageChoice language={language} onChange={onLanguageChange} firstScreen={firstScreen} />
        )}
        <Title order={1} size="h2" style={{ overflowWrap: "anywhere" }}>
          {localize(form.name, language, form.settings)}
        </Title>
        <OrganizationAndDeadline form={form} language={language} />
        {children}
      </Stack>
    </FormCard>
  );
}
