import { Anchor, Button, Code, Group, Stack, Text, Title } from "@mantine/core";
import { useEffect, useRef } from "react";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router";
import { errorPageMessage } from "../../../shared/messages";
import { PublicPageFrame } from "../../components/public-page-frame";
import { caughtMessageOf } from "../../lib/error-page-path";
import { useSession } from "../../lib/session";
import { useReportError } from "./api";

const MAX_CODE_LENGTH = 32;

/** Where the error happened, when it is one of the app's own pages (never another site, never the error page). */
export function backPathOf(path: string | null): string | null {
  if (path === null || !path.startsWith("/") || path.startsWith("//") || path.startsWith("/common/error")) {
    return null;
  }
  return path;
}

/**
 * /common/error?code=…&message=…: the specification's words for the code, then what went wrong, a way back and
 * the report's id. It reports the error (the message included) to the server once. What went wrong is shown
 * only when the app itself opened the page and handed the message over in the history entry
 * (lib/error-page-path.ts): the address's own `message` is never shown, since anyone can build such a link
 * (docs/decisions/021-auth-hardening.md, docs/decisions/038-decision-release-and-portal.md).
 */
export function ErrorPage() {
  const [params] = useSearchParams();
  const code = params.get("code");
  const message = params.get("message") ?? "";
  const path = params.get("path") ?? undefined;
  const caught = caughtMessageOf(useLocation().state);
  const session = useSession();
  const { mutate: report, data: sentReport, isError: reportFailed } = useReportError();
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
    <ErrorPageView
      code={code}
      caught={caught}
      backPath={backPathOf(path ?? null)}
      reportId={sentReport?.reportId ?? null}
      reportFailed={reportFailed}
    />
  );
}

export function ErrorPageView({
  code,
  caught,
  backPath,
  reportId,
  reportFailed,
}: {
  code: string | null;
  /** The message the app caught (null when the page was opened from an address). */
  caught: string | null;
  backPath: string | null;
  reportId: string | null;
  reportFailed: boolean;
}) {
  const navigate = useNavigate();
  return (
    <PublicPageFrame width={560}>
      <Stack gap="md">
        <Title order={1} size="h2">
          {errorPageMessage(code)}
        </Title>
        {caught !== null && (
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              What went wrong
            </Text>
            <Code block style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
              {caught}
            </Code>
          </Stack>
        )}
        {reportId !== null && (
          <Stack gap={2}>
            <Text size="sm">Report id: {reportId}</Text>
            <Text size="sm" c="dimmed">
              The error was reported to us. If you write to support, quote this id.
            </Text>
          </Stack>
        )}
        {reportFailed && (
          <Text size="sm" c="dimmed">
            The error could not be reported. If it happens again, tell support what you were doing.
          </Text>
        )}
        <Group gap="md">
          {backPath !== null && (
            <Button variant="default" onClick={() => navigate(backPath)}>
              Try again
            </Button>
          )}
          <Anchor component={Link} to="/redirect">
            Go to home page
          </Anchor>
        </Group>
      </Stack>
    </PublicPageFrame>
  );
}
