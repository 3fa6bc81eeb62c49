import { Suspense, useEffect } from "react";
import { Outlet } from "react-router";
import { PageLoader } from "../components/page-loader";
import { useCurrentRoute } from "./current-route";

const APP_NAME = "DecisionHub";

/** Every page: the browser tab names the page (screen readers announce it on navigation). */
export function RootLayout() {
  const route = useCurrentRoute();
  const title = route === null || route.title === APP_NAME ? APP_NAME : `${route.title} · ${APP_NAME}`;
  useEffect(() => {
    document.title = title;
  }, [title]);

  return (
    <Suspense fallback={<PageLoader />}>
      <Outlet />
    </Suspense>
  );
}
