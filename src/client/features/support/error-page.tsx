import { Anchor, Stack, Text, Title } from "@mantine/core";
import { useEffect, useRef } from "react";
import { Link, useSearchParams } from "react-router";
import { errorPageMessage } from "../../../shared/messages";
import { PublicPageFrame } from "../../components/public-page-frame";
import { useSession } from "../../lib/session";
import { useReportError } from "./api";

const MAX_CODE_LENGTH = 32;

/**
 * /common/error?code=…&message=…: says what went wrong, in the specification's words for the code only,
 * and reports it (the message included) to the server once, then shows the report's id. The message is not shown: anyone can make
 * such a link, and this page must not show their text on the product's address (decision 021).
 */
export function ErrorPage() {
  const [params] = useSearchParams();
  const code = params.get("code");
  const message = params.get("message") ?? "";
  const path = params.get("path") ?? undefined;
  const session = useSession();
  const { mutate: report, data: sentReport } = useReportError();
  const reported = useRef(false);

  useEffect(() => {
    // Wait for the session so the report can name the user; report once even if the session changes later.
    if (session.status === "loading" || reported.current) return;
    reported.current = true;
    const signedIn = session.status === "signedIn";
    report({
      code: (code ?? "No Error").slice(0, MAX_CODE_LENGTH),
      message,
      path,
      userId: signedIn ? session.user.id : undefined,
      user: signedIn ? session.profile.name : undefined,
    });
  }, [session, code, message, path, report]);

  return (
    <PublicPageFrame width={560}>
      <Stack gap="md">
        <Title order={1} size="h2">
          {errorPageMessage(code)}
        </Title>
        {sentReport && <Text size="sm">Report id: {sentReport.reportId}</Text>}
        <Anchor component={Link} to="/redirect">
          Go to home page
        </Anchor>
      </Stack>
    </PublicPageFrame>
  );
}
