import { useEffect } from "react";
import { BrowserRouter, Navigate, type RouteObject, useLocation, useNavigate, useRoutes } from "react-router";
import { registerErrorPageNavigator } from "../lib/error-page-path";
import { forwardedNotice, redirectNoticeState } from "../lib/redirect-notice";
import { routeAt } from "./current-route";
import { lazyPage } from "./lazy-page";
import { RootErrorBoundary } from "./root-error-boundary";
import { RootLayout } from "./root-layout";
import { type AppRoute, ROUTES } from "./route-table";

/*
 * React Router's declarative mode (BrowserRouter + useRoutes), not its data router: the app loads no
 * data through the router, and the data router's code is about 15 KB gzipped of the JavaScript every
 * page, the applicant form included, must fetch first (docs/decisions/014-declarative-router.md). What the
 * data router gave: the route-table row of the page (current-route.ts matches the address itself) and the
 * error boundary (root-error-boundary.tsx).
 */

function toRouteObject(route: AppRoute): RouteObject {
  const Page = route.page;
  return { path: route.path, element: <Page /> };
}

// The shell (top bar, menus, feedback popover) is a chunk of its own: public pages never load it.
const ProtectedShell = lazyPage(
  () => import("./shell/protected-shell"),
  (m) => m.ProtectedShell,
);

/** Whether a page is behind the route guard, which first asks who is signed in. */
const isGuarded = (route: AppRoute) => route.group !== "PUBLIC";

/** Whether the page at `pathname` is behind the route guard. */
export function routeNeedsSession(pathname: string): boolean {
  const route = routeAt(pathname);
  return route !== null && isGuarded(route);
}

/**
 * Fetches the code of the page at `pathname` (with the signed-in shell's for a guarded page), so that React's
 * first render draws the page, not a fallback: a fallback, once shown, holds the page back for React's
 * Suspense throttle (300 ms) after its code is in, and only then do the page's own requests start. The chunks
 * are already on their way (named in the page's HTML, docs/decisions/041-first-paint.md): this waits for them.
 */
export async function preloadPageAt(pathname: string): Promise<void> {
  const route = routeAt(pathname);
  if (route === null) return;
  await Promise.all([route.page.preload(), isGuarded(route) ? ProtectedShell.preload() : undefined]);
}

/** "/" goes on to /redirect (the spec's), carrying why a guard sent the user here. */
function RootRedirect() {
  const { state } = useLocation();
  return <Navigate to="/redirect" replace state={forwardedNotice(state)} />;
}

/** Any other address goes to /redirect too (the spec's), and the page it ends on names it. */
function UnknownAddress() {
  const { pathname, search } = useLocation();
  return (
    <Navigate
      to="/redirect"
      replace
      state={redirectNoticeState({ reason: "unknown", path: pathname + search })}
    />
  );
}

const publicRoutes = ROUTES.filter((route) => !isGuarded(route));
const guardedRoutes = ROUTES.filter(isGuarded);

const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: "/", element: <RootRedirect /> },
      ...publicRoutes.map(toRouteObject),
      { element: <ProtectedShell />, children: guardedRoutes.map(toRouteObject) },
      { path: "*", element: <UnknownAddress /> },
    ],
  },
];

function AppRoutes() {
  return useRoutes(routes);
}

/** Lets code outside React (the query cache) open the error page through the router. */
function ErrorPageNavigator() {
  const navigate = useNavigate();
  useEffect(() => {
    registerErrorPageNavigator((to, state) => {
      void navigate(to, { replace: true, state });
    });
  }, [navigate]);
  return null;
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <ErrorPageNavigator />
      <RootErrorBoundary>
        <AppRoutes />
      </RootErrorBoundary>
    </BrowserRouter>
  );
}
