import { describe, expect, it } from "vitest";
import type { Actor } from "../../../shared/authz";
import { postSignInPath } from "./post-sign-in-path";

const applicant: Actor = { userId: "a", applicant: true, adminOrganizationId: null, memberships: [] };
const orgAdmin: Actor = { userId: "o", applicant: false, adminOrganizationId: "org", memberships: [] };

describe("where sign-in leads", () => {
  it("takes an applicant back to the application form they came from, and otherwise to their portal", () => {
    expect(postSignInPath(applicant, { from: "/form/link-1/sub-1" })).toBe("/form/link-1/sub-1");
    expect(postSignInPath(applicant, { from: "/programs" })).toBe("/portal/applicant");
    expect(postSignInPath(applicant, null)).toBe("/portal/applicant");
    expect(postSignInPath(applicant, { from: "https://evil.example/form/x" })).toBe("/portal/applicant");
  });

  it("takes everyone else back where the guard stopped them", () => {
    expect(postSignInPath(orgAdmin, { from: "/admin/dashboard" })).toBe("/admin/dashboard");
    // Home reads the current program to land them on their work.
    expect(postSignInPath(orgAdmin, null)).toBe("/redirect");
  });
});
