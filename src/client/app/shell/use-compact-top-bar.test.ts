import { describe, expect, it } from "vitest";
import type { RouteGroup } from "../../../shared/authz";
import { isCompactTopBar } from "./use-compact-top-bar";

describe("isCompactTopBar", () => {
  it("folds the bar of applicants' and committee members' pages on a narrow screen", () => {
    for (const group of ["APPLICANT", "REVIEWER", "AUTHENTICATED"] as RouteGroup[]) {
      expect(isCompactTopBar(group, true), group).toBe(true);
      expect(isCompactTopBar(group, false), group).toBe(false);
    }
  });

  it("keeps the staff pages' bar at its minimum width whatever the screen", () => {
    for (const group of ["ADMIN", "ORGANIZATION_ADMIN"] as RouteGroup[]) {
      expect(isCompactTopBar(group, true), group).toBe(false);
    }
    expect(isCompactTopBar(null, true)).toBe(false);
  });
});
