import { Box } from "@mantine/core";
import { Suspense } from "react";
import { Outlet } from "react-router";
import { TOP_BAR_MIN_WIDTH_PX } from "../../../shared/limits";
import { PageLoader } from "../../components/page-loader";
import { RedirectNoticeAlert } from "../../components/redirect-notice-alert";
import { useCurrentRoute } from "../current-route";
import { RouteGuard } from "../route-guard";
import { TopBar } from "./top-bar";
import { useCompactTopBar } from "./use-compact-top-bar";

/** Layout of every signed-in page: guard first, then the top bar and the page in the one <main>. */
export function ProtectedShell() {
  const route = useCurrentRoute();
  const compact = useCompactTopBar(route?.group ?? null);
  if (route === null) return null;
  return (
    <RouteGuard group={route.group}>
      {/* The staff pages keep the top bar's minimum width; the others fit a phone (decision 027). */}
      <Box miw={compact ? undefined : TOP_BAR_MIN_WIDTH_PX}>
        <TopBar route={route} compact={compact} />
        <Box component="main" px={{ base: "sm", sm: "xl" }} py="lg">
          <RedirectNoticeAlert />
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </Box>
      </Box>
    </RouteGuard>
  );
}
