import { describe, expect, it } from "vitest";
import type { Actor } from "../../shared/authz/actor";
import { can } from "../../shared/authz/matrix";
import { applyTwoFactorRequirement, type RequirementRow, requirementOf } from "./two-factor-requirement";

/** Organization R requires two-factor authentication of its admins; organization F does not. */
const actor: Actor = {
  userId: "u1",
  applicant: false,
  adminOrganizationId: "R",
  memberships: [
    { programId: "r-admin", organizationId: "R", role: "ADMIN" },
    { programId: "r-admin-reviewer", organizationId: "R", role: "ADMIN_REVIEWER" },
    { programId: "r-reviewer", organizationId: "R", role: "REVIEWER" },
    { programId: "f-admin", organizationId: "F", role: "ADMIN" },
  ],
};
const requiredByR = { enabled: false, requiredBy: new Set(["R"]) };

describe("applyTwoFactorRequirement", () => {
  it("withholds the admin roles in a requiring organization only, keeping committee seats", () => {
    const now = applyTwoFactorRequirement(actor, requiredByR);
    expect(now.adminOrganizationId).toBeNull();
    expect(now.memberships).toEqual([
      { programId: "r-admin-reviewer", organizationId: "R", role: "REVIEWER" },
      { programId: "r-reviewer", organizationId: "R", role: "REVIEWER" },
      { programId: "f-admin", organizationId: "F", role: "ADMIN" },
    ]);
    expect(now.withTwoFactor).toBe(actor);
    // What the matrix then says: R's administration refused, F's allowed, R's committee work allowed.
    expect(can(now, "program:administer", { programId: "r-admin", organizationId: "R" })).toBe(false);
    expect(can(now, "organization:administer", { organizationId: "R" })).toBe(false);
    expect(can(now, "program:administer", { programId: "f-admin", organizationId: "F" })).toBe(true);
    expect(
      can(now, "ranking:write", { programId: "r-admin-reviewer", organizationId: "R", archived: false }),
    ).toBe(true);
  });

  it("withholds nothing once two-factor authentication is on, or where nothing is required", () => {
    expect(applyTwoFactorRequirement(actor, { enabled: true, requiredBy: new Set(["R"]) })).toBe(actor);
    expect(applyTwoFactorRequirement(actor, { enabled: false, requiredBy: new Set() })).toBe(actor);
    // A requirement of an organization where the user is no admin changes nothing.
    const reviewerOnly: Actor = { ...actor, adminOrganizationId: null, memberships: [actor.memberships[2]!] };
    expect(applyTwoFactorRequirement(reviewerOnly, requiredByR)).toBe(reviewerOnly);
  });
});

describe("requirementOf", () => {
  const row = (over: Partial<RequirementRow>): RequirementRow => ({
    twoFactorEnabled: false,
    adminOrganizationId: null,
    adminOrganizationRequires: null,
    organizationId: null,
    role: null,
    memberOrganizationRequires: null,
    ...over,
  });

  it("collects the requiring organizations where the user is an admin", () => {
    const { enabled, requiredBy } = requirementOf([
      row({
        adminOrganizationId: "R",
        adminOrganizationRequires: true,
        organizationId: "P",
        role: "ADMIN",
        memberOrganizationRequires: true,
      }),
      row({
        adminOrganizationId: "R",
        adminOrganizationRequires: true,
        organizationId: "Q",
        role: "REVIEWER",
        memberOrganizationRequires: true,
      }),
      row({
        adminOrganizationId: "R",
        adminOrganizationRequires: true,
        organizationId: "F",
        role: "ADMIN",
        memberOrganizationRequires: false,
      }),
    ]);
    expect(enabled).toBe(false);
    expect([...requiredBy].sort()).toEqual(["P", "R"]);
  });

  it("reads whether the user has it on", () => {
    expect(requirementOf([row({ twoFactorEnabled: true })]).enabled).toBe(true);
    expect(requirementOf([]).enabled).toBe(false);
  });
});
