import { Anchor, Box, Text, Title } from "@mantine/core";
import { Component, type ReactNode } from "react";
import { type Location, Navigate, useLocation } from "react-router";
import { ERROR_PAGE_PATH, errorPagePath, errorPageState } from "../lib/error-page-path";

function describe(error: unknown): { code: string; message: string } {
  if (error instanceof Error) return { code: "500", message: error.message };
  return { code: "500", message: String(error) };
}

/** What the boundary shows: the error page (which reports it), or a static message if that page failed. */
function RootErrorFallback({ error }: { error: unknown }) {
  const location = useLocation();
  const { code, message } = describe(error);

  if (location.pathname !== ERROR_PAGE_PATH) {
    return (
      <Navigate
        to={errorPagePath(code, message, location.pathname)}
        state={errorPageState(message)}
        replace
      />
    );
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

interface BoundaryState {
  /** Boxed: anything can be thrown, `undefined` included. */
  failure: { error: unknown } | null;
  /** The address the failure happened at: a new address renders the pages again. */
  location: Location;
}

class LocationErrorBoundary extends Component<{ location: Location; children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { failure: null, location: this.props.location };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failure: { error } };
  }

  static getDerivedStateFromProps(
    props: { location: Location },
    state: BoundaryState,
  ): Partial<BoundaryState> | null {
    return props.location === state.location ? null : { failure: null, location: props.location };
  }

  override render() {
    return this.state.failure ? <RootErrorFallback error={this.state.failure.error} /> : this.props.children;
  }
}

/**
 * The app's top-level error boundary: any render error (or a page chunk that fails to load) opens the error
 * page, which reports it. If the error page itself fails, a static message avoids a redirect loop.
 */
export function RootErrorBoundary({ children }: { children: ReactNode }) {
  const location = useLocation();
  return <LocationErrorBoundary location={location}>{children}</LocationErrorBoundary>;
}
