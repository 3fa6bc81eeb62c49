import { useMemo } from "react";
import { matchRoutes, useLocation } from "react-router";
import { type AppRoute, ROUTES } from "./route-table";

/** The route table as React Router matches it: each path carries its row. */
const MATCHABLE_ROUTES = ROUTES.map((route) => ({ path: route.path, handle: route }));

/**
 * The last address asked for and its row. At start-up the entry, the signed-in prefetch, the layout and the
 * shell each ask for the page's row, and each match ranks every route's pattern again: about 15 ms a match at
 * a phone's speed, in the entry's first task (docs/decisions/054-intl-formats-on-first-use.md, "Also kept: the
 * page's route matched once").
 */
let lastAsked: { pathname: string; route: AppRoute | null } | undefined;

/** The route-table row of an address: the match the router makes for it (null for "/" and unknown ones). */
export function routeAt(pathname: string): AppRoute | null {
  if (lastAsked?.pathname !== pathname) {
    lastAsked = { pathname, route: matchRoutes(MATCHABLE_ROUTES, pathname)?.at(-1)?.route.handle ?? null };
  }
  return lastAsked.route;
}

/** The route-table row of the page on screen. */
export function useCurrentRoute(): AppRoute | null {
  const { pathname } = useLocation();
  return useMemo(() => routeAt(pathname), [pathname]);
}
