import { MantineProvider } from "@mantine/core";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { TOP_BAR_MIN_WIDTH_PX } from "../../shared/limits";
import { ShellPlaceholder } from "../app/shell/shell-frame";
import { cssVariablesResolver, theme } from "../app/theme";

/*
 * A signed-in page's first screen in static HTML, rendered at build time from the component the page shows
 * while it waits for the session (ShellPlaceholder): the top bar with the logo, and the page's loader. The
 * build (`routePreloads` in vite.config.ts) writes it into each guarded row of route-preloads.json; the server
 * puts it in the page's root element, and React replaces it with the same placeholder when it mounts
 * (docs/decisions/042-signed-in-first-paint.md).
 */

/**
 * The theme's CSS variables (a <style> of Mantine's, as the provider writes them): index.html's head holds them
 * for every page (`themeVariablesInHead` in vite.config.ts), the page's colours before any script.
 */
export function themeVariables(): string {
  return renderToStaticMarkup(
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      forceColorScheme="light"
      withGlobalClasses={false}
    />,
  );
}

/**
 * A first screen's markup, as static HTML: Mantine's classes and the theme's variables come from the page's
 * head (the `ui` chunk's sheet, `themeVariablesInHead`), so no `<style>` of the provider's is written.
 */
export function staticScreen(screen: ReactNode): string {
  return renderToStaticMarkup(
    <MantineProvider
      theme={theme}
      forceColorScheme="light"
      withCssVariables={false}
      withGlobalClasses={false}
    >
      {screen}
    </MantineProvider>,
  );
}

function placeholder(compact: boolean, heading: string | undefined): string {
  return staticScreen(<ShellPlaceholder compact={compact} heading={heading} />);
}

/**
 * The first screen of a page of a staff group (always the wide top bar), or of another group (the compact
 * bar on a screen narrower than the top bar, as useCompactTopBar decides once scripts run).
 */
export function signedInFirstPaint(staffPage: boolean, heading?: string): string {
  if (staffPage) return placeholder(false, heading);
  const narrow = `(max-width: ${TOP_BAR_MIN_WIDTH_PX - 0.02}px)`;
  return [
    `<style>@media ${narrow}{.first-paint-wide{display:none}}@media not ${narrow}{.first-paint-compact{display:none}}</style>`,
    `<div class="first-paint-compact">${placeholder(true, heading)}</div>`,
    `<div class="first-paint-wide">${placeholder(false, heading)}</div>`,
  ].join("");
}
