import { Alert, Button, Group, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Navigate } from "react-router";
import type { Language } from "../../../shared/i18n/catalog";
import { useTranslate } from "../../lib/i18n";
import { continueApi } from "../../lib/submission-api";
import { FormPage } from "./form-page";
import { guestStore } from "./guest-store";
import { FormColumn, FormPageLoader, MessageView } from "./views";

type Asked =
  | { state: "idle" }
  | { state: "sending" }
  | { state: "sent"; email: string; hours: number }
  | { state: "failed"; message: string };

/**
 * "Email me a link to continue" on a guest's application (docs/decisions/028): the answers are saved first,
 * then the server emails a single-use link to the contact email they give.
 */
export function EmailMeALink({
  submissionId,
  token,
  language,
  flush,
}: {
  submissionId: string;
  token: string;
  language: Language;
  flush: () => Promise<void>;
}) {
  const t = useTranslate();
  const [asked, setAsked] = useState<Asked>({ state: "idle" });
  const ask = async () => {
    setAsked({ state: "sending" });
    try {
      await flush();
      const sent = await continueApi.ask(submissionId, token, language);
      setAsked({ state: "sent", ...sent });
    } catch (error) {
      setAsked({ state: "failed", message: error instanceof Error ? error.message : "" });
    }
  };
  return (
    <Stack gap={4}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text size="sm" c="dimmed" style={{ flex: "1 1 16rem" }}>
          {t("continue.askHint")}
        </Text>
        <Button variant="default" loading={asked.state === "sending"} onClick={() => void ask()}>
          {t("continue.ask")}
        </Button>
      </Group>
      {/* Always in the page, so a screen reader announces what lands in it. */}
      <Text size="sm" role="status">
        {asked.state === "sent" ? t("continue.sent", { email: asked.email, hours: asked.hours }) : ""}
      </Text>
      {asked.state === "failed" && (
        <Alert color="red" variant="light" role="alert">
          <Text size="sm">{asked.message}</Text>
        </Alert>
      )}
    </Stack>
  );
}

/** The token of the emailed link: after `#`, so it never reaches a server log nor a Referer. */
function tokenInAddress(): string {
  return decodeURIComponent(window.location.hash.replace(/^#/, ""));
}

/** /continue-application#token: the emailed link opens the guest's application in this browser. */
export function ContinueApplicationPage() {
  return <FormPage Loader={ContinueLoader} />;
}

function ContinueLoader() {
  const t = useTranslate();
  const [token] = useState(tokenInAddress);
  // Opened once (the token works once), whatever re-renders or strict mode do.
  const opened = useQuery({
    queryKey: ["continueLink", token],
    queryFn: async () => {
      const result = await continueApi.open(token);
      if (result.linkId !== null) guestStore.remember(result.linkId, result.submissionId, result.token);
      // The spent token leaves the address bar and the history.
      window.history.replaceState(null, "", window.location.pathname);
      return result;
    },
    enabled: token !== "",
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: false,
  });
  if (token === "" || opened.isError || opened.data?.linkId === null) {
    return (
      <FormColumn>
        <MessageView message={t("continue.failed")} />
      </FormColumn>
    );
  }
  if (!opened.data) return <FormPageLoader />;
  return <Navigate to={`/form/${opened.data.linkId}/${opened.data.submissionId}`} replace />;
}
