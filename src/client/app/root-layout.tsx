import { Suspense, useEffect } from "react";
import { Outlet } from "react-router";
import { PageLoader } from "../components/page-loader";
import { HoldFirstScreen } from "../first-paint/first-screen";
import { useCurrentRoute } from "./current-route";
import { placeholderHeading, ShellPlaceholder } from "./shell/shell-frame";
import { useCompactTopBar } from "./shell/use-compact-top-bar";

const APP_NAME = "DecisionHub";

/** Every page: the browser tab names the page (screen readers announce it on navigation). */
export function RootLayout() {
  const route = useCurrentRoute();
  const compact = useCompactTopBar(route?.group ?? null);
  const title = route === null || route.title === APP_NAME ? APP_NAME : `${route.title} · ${APP_NAME}`;
  useEffect(() => {
    document.title = title;
  }, [title]);

  return (
    // A signed-in page shows its frame while the shell's code loads: the same as its first screen in the HTML
    // (docs/decisions/042-signed-in-first-paint.md), which stays on screen meanwhile (first-paint/first-screen.ts).
    <Suspense
      fallback={
        <HoldFirstScreen>
          {route && route.group !== "PUBLIC" ? (
            <ShellPlaceholder compact={compact} heading={placeholderHeading(route)} />
          ) : (
            <PageLoader />
          )}
        </HoldFirstScreen>
      }
    >
      <Outlet />
    </Suspense>
  );
}
