import { describe, expect, it } from "vitest";
import type { Actor } from "../../../shared/authz";
import { type DashboardTile, dashboardTiles, type TileSource } from "./dashboard-tiles";

const Icon = () => null;
const ORG = "org-1";
const PROGRAM = { id: "prog 1", organizationId: ORG };

const routes: TileSource[] = [
  { path: "/programs", title: "Programs", group: "AUTHENTICATED", icon: Icon },
  { path: "/admin/dashboard", title: "Admin Dashboard", group: "ADMIN", icon: Icon },
  { path: "/admin/exportoptions", title: "Export Options", group: "ADMIN" },
  {
    path: "/admin/user-management",
    title: "Manage User Access",
    group: "ADMIN",
    icon: Icon,
    description: "Users",
  },
  { path: "/admin/stats/:programId", title: "Statistics", group: "ADMIN", icon: Icon },
  { path: "/admin/form/edit/:formId", title: "Edit form", group: "ADMIN", icon: Icon },
  {
    path: "/organization/dashboard",
    title: "Organization Dashboard",
    group: "ORGANIZATION_ADMIN",
    icon: Icon,
  },
  { path: "/organization/billing", title: "Organization Billing", group: "ORGANIZATION_ADMIN", icon: Icon },
];

const organizationAdmin: Actor = {
  userId: "u1",
  applicant: false,
  adminOrganizationId: ORG,
  memberships: [],
};
const programAdmin: Actor = {
  userId: "u2",
  applicant: false,
  adminOrganizationId: null,
  memberships: [{ programId: PROGRAM.id, organizationId: ORG, role: "ADMIN" }],
};
const reviewer: Actor = {
  ...programAdmin,
  memberships: [{ programId: PROGRAM.id, organizationId: ORG, role: "REVIEWER" }],
};

const paths = (tiles: DashboardTile[]) => tiles.map((tile) => tile.to);

describe("dashboard tiles", () => {
  it("shows the organization admin every admin and organization page with an icon but the dashboard on screen", () => {
    expect(paths(dashboardTiles(routes, "/organization/dashboard", organizationAdmin, PROGRAM))).toEqual([
      "/admin/dashboard",
      "/admin/user-management",
      "/admin/stats/prog%201",
      "/organization/billing",
    ]);
  });

  it("leaves out the tiles that need a current program when there is none", () => {
    expect(paths(dashboardTiles(routes, "/admin/dashboard", organizationAdmin, null))).toEqual([
      "/admin/user-management",
      "/organization/dashboard",
      "/organization/billing",
    ]);
  });

  it("shows a program admin the admin pages of their current program only", () => {
    expect(paths(dashboardTiles(routes, "/admin/dashboard", programAdmin, PROGRAM))).toEqual([
      "/admin/user-management",
      "/admin/stats/prog%201",
    ]);
    expect(dashboardTiles(routes, "/admin/dashboard", reviewer, PROGRAM)).toEqual([]);
  });

  it("carries the route's title, description and icon", () => {
    const [tile] = dashboardTiles(routes, "/admin/dashboard", programAdmin, PROGRAM);
    expect(tile).toEqual({
      to: "/admin/user-management",
      title: "Manage User Access",
      description: "Users",
      icon: Icon,
    });
  });
});
