import { useMatches } from "react-router";
import type { AppRoute } from "./route-table";

function isAppRoute(handle: unknown): handle is AppRoute {
  return typeof handle === "object" && handle !== null && "path" in handle && "group" in handle;
}

/** The route-table row of the page on screen (the router carries it as the route's `handle`). */
export function useCurrentRoute(): AppRoute | null {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle;
    if (isAppRoute(handle)) return handle;
  }
  return null;
}
