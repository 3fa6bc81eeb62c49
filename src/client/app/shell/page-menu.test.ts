import { describe, expect, it } from "vitest";
import { MENU_AREAS, ROUTES } from "../route-table";
import { pagesByArea } from "./page-menu";

describe("the page menu's areas", () => {
  it("gives every page of the menu an area", () => {
    expect(ROUTES.filter((route) => route.showInPageMenu && route.menuArea === undefined)).toEqual([]);
  });

  it("groups the pages under their areas in the menu's order, leaving empty areas out", () => {
    const menu = ROUTES.filter((route) => route.showInPageMenu);
    const groups = pagesByArea(menu).map((group) => [group.area, group.pages.map((page) => page.title)]);
    expect(groups).toEqual([
      ["Applications", ["My Applications"]],
      ["Programs", ["Programs"]],
      ["Review", ["Candidate Submissions", "Stacked Rankings"]],
      [
        "Administration",
        [
          "Admin Dashboard",
          "Manage User Access",
          "Assign Reviewers",
          "Conflicts of Interest",
          "Review Settings",
          "Candidate Statistics",
          "Reviewer Statistics",
          "Export Options",
        ],
      ],
      [
        "Organization",
        [
          "Organization Dashboard",
          "Organization Billing",
          "Organization Settings",
          "Review Templates",
          "Audit Log",
        ],
      ],
    ]);
    expect(MENU_AREAS).toHaveLength(groups.length);
    const reviewOnly = menu.filter((route) => route.group === "REVIEWER" || route.path === "/programs");
    expect(pagesByArea(reviewOnly).map((group) => group.area)).toEqual(["Programs", "Review"]);
  });
});
