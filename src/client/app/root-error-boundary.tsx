import { Anchor, Box, Text, Title } from "@mantine/core";
import { isRouteErrorResponse, Navigate, useLocation, useRouteError } from "react-router";
import { ERROR_PAGE_PATH, errorPagePath } from "../lib/error-page-path";

function describe(error: unknown): { code: string; message: string } {
  if (isRouteErrorResponse(error)) return { code: String(error.status), message: error.statusText };
  if (error instanceof Error) return { code: "500", message: error.message };
  return { code: "500", message: String(error) };
}

/**
 * The app's top-level error boundary: any render error (or a page chunk that fails to load) opens the error
 * page, which reports it. If the error page itself fails, a static message avoids a redirect loop.
 */
export function RootErrorBoundary() {
  const error = useRouteError();
  const location = useLocation();
  const { code, message } = describe(error);

  if (location.pathname !== ERROR_PAGE_PATH) {
    return <Navigate to={errorPagePath(code, message, location.pathname)} replace />;
  }
  return (
    <Box component="main" p="xl">
      <Title order={1}>Something went wrong.</Title>
      <Text mt="sm">{message}</Text>
      <Anchor href="/redirect" mt="md" display="inline-block">
        Go to home page
      </Anchor>
    </Box>
  );
}
