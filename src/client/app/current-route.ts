import { useMemo } from "react";
import { matchRoutes, useLocation } from "react-router";
import { type AppRoute, ROUTES } from "./route-table";

/** The route table as React Router matches it: each path carries its row. */
const MATCHABLE_ROUTES = ROUTES.map((route) => ({ path: route.path, handle: route }));

/** The route-table row of an address: the match the router makes for it (null for "/" and unknown ones). */
export function routeAt(pathname: string): AppRoute | null {
  return matchRoutes(MATCHABLE_ROUTES, pathname)?.at(-1)?.route.handle ?? null;
}

/** The route-table row of the page on screen. */
export function useCurrentRoute(): AppRoute | null {
  const { pathname } = useLocation();
  return useMemo(() => routeAt(pathname), [pathname]);
}
