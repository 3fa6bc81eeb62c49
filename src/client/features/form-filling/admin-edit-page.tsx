import { Alert, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useNavigate, useParams } from "react-router";
import { translate } from "../../../shared/i18n/catalog";
import { ApiError } from "../../lib/api-client";
import { LanguageProvider, useTranslate } from "../../lib/i18n";
import { useSignedInSession } from "../../lib/signed-in-session";
import { submissionApi, submissionKeys } from "../../lib/submission-api";
import { useStoredLanguage } from "../../lib/use-stored-language";
import { SubmissionEditor } from "./submission-editor";
import { EDITING_QUERY } from "./submission-page";
import { FormPageLoader } from "./views";

/**
 * /admin/form/edit/:formId/:submissionId: an administrator of the form's program edits a submitted
 * application (always open, saved automatically, no Submit). Anyone else is told and sent to "/".
 */
export function AdminEditPage() {
  const [language, setLanguage] = useStoredLanguage();
  const { submissionId = "" } = useParams();
  const { user } = useSignedInSession();
  const navigate = useNavigate();
  const loaded = useQuery({
    queryKey: [...submissionKeys.submission(user.id, submissionId), "admin"],
    queryFn: () => submissionApi.get(submissionId, null),
    ...EDITING_QUERY,
  });

  const denied =
    (loaded.error instanceof ApiError && loaded.error.status < 500) ||
    (loaded.data !== undefined && loaded.data.access !== "admin");
  const told = useRef(false);
  useEffect(() => {
    if (!denied || told.current) return;
    told.current = true;
    notifications.show({
      color: "red",
      message: translate(language, "form.adminEditDenied"),
      autoClose: 8000,
    });
    navigate("/", { replace: true });
  }, [denied, navigate, language]);

  return (
    <LanguageProvider language={language}>
      {loaded.data === undefined || denied ? (
        <FormPageLoader />
      ) : (
        <SubmissionEditor
          key={loaded.data.submission._id}
          result={loaded.data}
          token={null}
          bySession
          mode="admin"
          language={language}
          onLanguageChange={setLanguage}
          canAutofill={false}
          banner={<AdminEditBanner />}
        />
      )}
    </LanguageProvider>
  );
}

function AdminEditBanner() {
  const t = useTranslate();
  return (
    <Alert color="orange" variant="light" role="status">
      <Text size="sm" fw={700} c="dark.9">
        {t("form.adminEditBanner")}
      </Text>
    </Alert>
  );
}
