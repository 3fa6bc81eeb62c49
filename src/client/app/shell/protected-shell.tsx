import { Suspense } from "react";
import { Outlet } from "react-router";
import { PageLoader } from "../../components/page-loader";
import { RedirectNoticeAlert } from "../../components/redirect-notice-alert";
import { HoldFirstScreen } from "../../first-paint/first-screen";
import { useCurrentRoute } from "../current-route";
import { RouteGuard } from "../route-guard";
import { placeholderHeading, ShellFrame, ShellPlaceholder } from "./shell-frame";
import { TopBar } from "./top-bar";
import { useCompactTopBar } from "./use-compact-top-bar";

/** Layout of every signed-in page: guard first, then the top bar and the page in the one <main>. */
export function ProtectedShell() {
  const route = useCurrentRoute();
  const compact = useCompactTopBar(route?.group ?? null);
  if (route === null) return null;
  return (
    // Until the guard knows who is signed in, the frame with the logo alone, where the page's will be.
    <RouteGuard
      group={route.group}
      pending={
        <HoldFirstScreen>
          <ShellPlaceholder compact={compact} heading={placeholderHeading(route)} />
        </HoldFirstScreen>
      }
    >
      <ShellFrame compact={compact} topBar={<TopBar route={route} compact={compact} />}>
        <RedirectNoticeAlert />
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </ShellFrame>
    </RouteGuard>
  );
}
