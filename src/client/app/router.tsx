import { createBrowserRouter, Navigate, type RouteObject } from "react-router";
import { registerErrorPageNavigator } from "../lib/error-page-path";
import { lazyPage } from "./lazy-page";
import { RootErrorBoundary } from "./root-error-boundary";
import { RootLayout } from "./root-layout";
import { type AppRoute, ROUTES } from "./route-table";

function toRouteObject(route: AppRoute): RouteObject {
  const Page = route.page;
  // The row travels as the route's handle: the shell reads title, group and picker visibility from it.
  return { path: route.path, handle: route, element: <Page /> };
}

// The shell (top bar, menus, feedback popover) is a chunk of its own: public pages never load it.
const ProtectedShell = lazyPage(
  () => import("./shell/protected-shell"),
  (m) => m.ProtectedShell,
);

const publicRoutes = ROUTES.filter((route) => route.group === "PUBLIC");
const guardedRoutes = ROUTES.filter((route) => route.group !== "PUBLIC");

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RootErrorBoundary />,
    children: [
      { path: "/", element: <Navigate to="/redirect" replace /> },
      ...publicRoutes.map(toRouteObject),
      { element: <ProtectedShell />, children: guardedRoutes.map(toRouteObject) },
      { path: "*", element: <Navigate to="/redirect" replace /> },
    ],
  },
]);

registerErrorPageNavigator((to) => {
  void router.navigate(to, { replace: true });
});
