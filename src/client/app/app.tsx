import { MantineProvider } from "@mantine/core";
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { Suspense } from "react";
import { lazyComponent } from "../lib/lazy-component";
import { AppRouter } from "./router";
import { theme } from "./theme";

// The notifications' container (transitions, portal) loads after the first page: `notifications.show`
// only writes to a store, so a message sent before it arrives is shown once it mounts.
const Notifications = lazyComponent(
  () => import("./notifications-container"),
  (m) => m.Notifications,
);

/** `queryClient` is made before the first render, so that a guarded page's first questions are already asked. */
export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    // A forced light scheme: no colour-scheme script is needed (the CSP forbids inline scripts). The theme's
    // CSS variables are in index.html's head, written by the build (`themeVariablesInHead` in vite.config.ts).
    <MantineProvider theme={theme} forceColorScheme="light" withCssVariables={false}>
      <Suspense fallback={null}>
        <Notifications />
      </Suspense>
      <QueryClientProvider client={queryClient}>
        <AppRouter />
      </QueryClientProvider>
    </MantineProvider>
  );
}
