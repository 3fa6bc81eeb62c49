import { MantineProvider, type MantineThemeOverride } from "@mantine/core";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";

export interface RenderOptions {
  /** A client whose cache a test filled first (the page as it shows once its data has arrived). */
  queryClient?: QueryClient;
  /** Mantine theme changes, e.g. dialogs rendered in place so the server renderer shows them. */
  theme?: MantineThemeOverride;
}

/**
 * A component's markup as the server renderer writes it, inside the providers the app gives every page
 * (TanStack Query, Mantine, a router: src/client/app/app.tsx), without the <style> tags Mantine adds, so a test
 * reads what a user would see.
 */
export function render(node: ReactNode, options: RenderOptions = {}): string {
  return renderToStaticMarkup(
    <QueryClientProvider client={options.queryClient ?? new QueryClient()}>
      <MantineProvider theme={options.theme}>
        <MemoryRouter>{node}</MemoryRouter>
      </MantineProvider>
    </QueryClientProvider>,
  ).replace(/<style[\s\S]*?<\/style>/g, "");
}
