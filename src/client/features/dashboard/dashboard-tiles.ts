import type { ComponentType } from "react";
import { type Actor, type CurrentProgramRef, canOpenRouteGroup } from "../../../shared/authz";
import type { AppRoute } from "../../app/route-table";
import type { IconProps } from "../../components/icons";

export interface DashboardTile {
  /** Where the tile leads, its ":programId" already filled in. */
  to: string;
  title: string;
  description: string;
  icon: ComponentType<IconProps>;
}

/** What a tile needs of a route-table row. */
export type TileSource = Pick<AppRoute, "path" | "title" | "group" | "icon" | "description">;

const PROGRAM_ID_PARAM = ":programId";

/** The route's path for the current program; null when it needs a program (or a parameter) there is none for. */
function tilePath(routePath: string, currentProgram: CurrentProgramRef | null): string | null {
  const needsProgram = routePath.includes(PROGRAM_ID_PARAM);
  if (needsProgram && currentProgram === null) return null;
  const path = needsProgram
    ? routePath.replaceAll(PROGRAM_ID_PARAM, encodeURIComponent(currentProgram?.id ?? ""))
    : routePath;
  // Any other parameter names a resource (a form, a submission) that is reached from its own page.
  return path.includes(":") ? null : path;
}

/**
 * The spec's dashboards: one tile per route with an icon in the admin or organization-admin group that this
 * user may open, other than the dashboard on screen.
 */
export function dashboardTiles(
  routes: readonly TileSource[],
  dashboardPath: string,
  actor: Actor,
  currentProgram: CurrentProgramRef | null,
): DashboardTile[] {
  return routes.flatMap((route) => {
    if (route.icon === undefined || route.path === dashboardPath) return [];
    if (route.group !== "ADMIN" && route.group !== "ORGANIZATION_ADMIN") return [];
    if (!canOpenRouteGroup(actor, route.group, currentProgram)) return [];
    const to = tilePath(route.path, currentProgram);
    if (to === null) return [];
    return [{ to, title: route.title, description: route.description ?? "", icon: route.icon }];
  });
}
