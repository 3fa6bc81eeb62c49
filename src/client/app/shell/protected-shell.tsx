import { Box } from "@mantine/core";
import { Suspense } from "react";
import { Outlet } from "react-router";
import { TOP_BAR_MIN_WIDTH_PX } from "../../../shared/limits";
import { PageLoader } from "../../components/page-loader";
import { useCurrentRoute } from "../current-route";
import { RouteGuard } from "../route-guard";
import { TopBar } from "./top-bar";

/** Layout of every signed-in page: guard first, then the top bar and the page in the one <main>. */
export function ProtectedShell() {
  const route = useCurrentRoute();
  if (route === null) return null;
  return (
    <RouteGuard group={route.group}>
      <Box miw={TOP_BAR_MIN_WIDTH_PX}>
        <TopBar route={route} />
        <Box component="main" px="xl" py="lg">
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </Box>
      </Box>
    </RouteGuard>
  );
}
