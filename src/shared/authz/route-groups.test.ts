import { describe, expect, it } from "vitest";
import type { Actor } from "./actor";
import { isRegistered } from "./actor";
import { canOpenRouteGroup, homePathFor, programOfPage, type RouteGroup } from "./route-groups";

const P1 = { id: "p-1", organizationId: "org-1" };
const P_OTHER_ORG = { id: "p-9", organizationId: "org-2" };

const make = (over: Partial<Actor>): Actor => ({
  userId: "u",
  applicant: false,
  adminOrganizationId: null,
  memberships: [],
  ...over,
});
const withRole = (role: "ADMIN" | "ADMIN_REVIEWER" | "REVIEWER" | "GUEST") =>
  make({ memberships: [{ programId: P1.id, organizationId: P1.organizationId, role }] });

const GROUPS: RouteGroup[] = [
  "PUBLIC",
  "APPLICANT",
  "REVIEWER",
  "ADMIN",
  "ORGANIZATION_ADMIN",
  "AUTHENTICATED",
];

const CASES: [string, Actor | null, RouteGroup[]][] = [
  ["no session", null, ["PUBLIC"]],
  ["applicant", make({ applicant: true }), ["PUBLIC", "APPLICANT"]],
  ["guest", withRole("GUEST"), ["PUBLIC", "REVIEWER", "AUTHENTICATED"]],
  ["committee member", withRole("REVIEWER"), ["PUBLIC", "REVIEWER", "AUTHENTICATED"]],
  ["admin & committee member", withRole("ADMIN_REVIEWER"), ["PUBLIC", "REVIEWER", "ADMIN", "AUTHENTICATED"]],
  ["admin", withRole("ADMIN"), ["PUBLIC", "REVIEWER", "ADMIN", "AUTHENTICATED"]],
  [
    "organization admin",
    make({ adminOrganizationId: "org-1" }),
    ["PUBLIC", "REVIEWER", "ADMIN", "ORGANIZATION_ADMIN", "AUTHENTICATED"],
  ],
  ["signed in, unknown to the product", make({}), ["PUBLIC"]],
];

describe("route groups with the current program p-1", () => {
  for (const [name, actor, allowed] of CASES) {
    for (const group of GROUPS) {
      const expected = allowed.includes(group);
      it(`${name} ${expected ? "may" : "may not"} open ${group}`, () => {
        expect(canOpenRouteGroup(actor, group, P1)).toBe(expected);
      });
    }
  }

  it("denies ADMIN routes when the current program belongs to another organization", () => {
    expect(canOpenRouteGroup(make({ adminOrganizationId: "org-1" }), "ADMIN", P_OTHER_ORG)).toBe(false);
    expect(canOpenRouteGroup(withRole("ADMIN"), "ADMIN", P_OTHER_ORG)).toBe(false);
  });
});

describe("the program an ADMIN page is checked against", () => {
  const P2 = { id: "p-2", organizationId: "org-1" };
  const reviewerHereAdminThere = make({
    memberships: [
      { programId: P1.id, organizationId: P1.organizationId, role: "REVIEWER" },
      { programId: P2.id, organizationId: P2.organizationId, role: "ADMIN" },
    ],
  });

  it("is the program the address names when the user holds a role in it", () => {
    expect(programOfPage(reviewerHereAdminThere, P2.id, P1)).toEqual(P2);
    expect(
      canOpenRouteGroup(reviewerHereAdminThere, "ADMIN", programOfPage(reviewerHereAdminThere, P2.id, P1)),
    ).toBe(true);
  });

  it("is the current program otherwise: no address program, or one the user has no role in", () => {
    expect(programOfPage(reviewerHereAdminThere, undefined, P1)).toEqual(P1);
    expect(programOfPage(reviewerHereAdminThere, P_OTHER_ORG.id, P1)).toEqual(P1);
    expect(
      canOpenRouteGroup(reviewerHereAdminThere, "ADMIN", programOfPage(reviewerHereAdminThere, P1.id, P1)),
    ).toBe(false);
  });
});

describe("home and registration", () => {
  it("lands each role on its work in the current program, and on the programs page without one", () => {
    expect(homePathFor(make({ applicant: true }), null)).toBe("/portal/applicant");
    expect(homePathFor(withRole("REVIEWER"), P1)).toBe("/applications");
    expect(homePathFor(withRole("GUEST"), P1)).toBe("/applications");
    expect(homePathFor(withRole("ADMIN"), P1)).toBe("/admin/dashboard");
    expect(homePathFor(withRole("ADMIN_REVIEWER"), P1)).toBe("/admin/dashboard");
    expect(homePathFor(make({ adminOrganizationId: "org-1" }), P1)).toBe("/admin/dashboard");
    // A new organization has no program yet: its admin starts on the programs page, where they create one.
    expect(homePathFor(make({ adminOrganizationId: "org-1" }), null)).toBe("/programs");
    expect(homePathFor(withRole("REVIEWER"), null)).toBe("/programs");
    // A current program the user holds no role in (left over from a removal): the programs page.
    expect(homePathFor(withRole("REVIEWER"), P_OTHER_ORG)).toBe("/programs");
  });

  it("knows an account with no applicant flag, organization or program is not registered", () => {
    expect(isRegistered(make({}))).toBe(false);
    expect(isRegistered(make({ applicant: true }))).toBe(true);
    expect(isRegistered(withRole("GUEST"))).toBe(true);
    expect(isRegistered(make({ adminOrganizationId: "o" }))).toBe(true);
  });
});
