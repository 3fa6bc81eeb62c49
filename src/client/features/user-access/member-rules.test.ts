import { describe, expect, it } from "vitest";
import type { ProgramRole } from "../../../shared/authz";
import { PROGRAM_USER_MESSAGES } from "../../../shared/program-users/seats";
import type { ProgramUser, Seats } from "../../../shared/schemas/program-users";
import {
  addUserBlockedReason,
  addUserFailureMessage,
  defaultNewcomerRole,
  isLastAdmin,
  memberLabel,
  roleOptions,
} from "./member-rules";
import { USER_ACCESS_TEXT } from "./user-access-messages";

function member(userId: string, role: ProgramRole, name = `Person ${userId}`): ProgramUser {
  return {
    userId,
    name,
    email: `${userId}@example.test`,
    role,
    deleted: false,
    invitationPending: name === "",
    seat: role === "ADMIN" || role === "ADMIN_REVIEWER" ? "admin" : "reviewer",
  };
}

const roomy: Seats = { admins: 1, reviewers: 1, adminLimit: 5, reviewerLimit: 5 };

describe("the last admin", () => {
  it("is an admin role holder with no other admin in the program", () => {
    const admin = member("a", "ADMIN");
    expect(isLastAdmin(admin, [admin, member("r", "REVIEWER"), member("g", "GUEST")])).toBe(true);
  });

  it("counts admins and admin-reviewers alike", () => {
    const admin = member("a", "ADMIN");
    expect(isLastAdmin(admin, [admin, member("b", "ADMIN_REVIEWER")])).toBe(false);
    const adminReviewer = member("b", "ADMIN_REVIEWER");
    expect(isLastAdmin(adminReviewer, [adminReviewer])).toBe(true);
  });

  it("is never a member without an admin role", () => {
    const reviewer = member("r", "REVIEWER");
    expect(isLastAdmin(reviewer, [reviewer])).toBe(false);
  });
});

describe("row labels", () => {
  it("names the person, or their address while the invitation is pending", () => {
    expect(memberLabel(member("j", "GUEST", "Jane Doe"))).toBe("Jane Doe");
    expect(memberLabel(member("j", "GUEST", ""))).toBe("j@example.test");
  });

  it("offers the roles with the spec's labels", () => {
    expect(roleOptions(["ADMIN", "GUEST"])).toEqual([
      { value: "ADMIN", label: "Admin" },
      { value: "GUEST", label: "Guest" },
    ]);
  });
});

describe("adding people", () => {
  it("is open while the trial runs and seats are left", () => {
    expect(addUserBlockedReason(roomy, true)).toBeNull();
  });

  it("says why when the trial has ended or every seat is taken", () => {
    expect(addUserBlockedReason(roomy, false)).toBe(USER_ACCESS_TEXT.trialEnded);
    const full: Seats = { admins: 2, reviewers: 3, adminLimit: 2, reviewerLimit: 3 };
    expect(addUserBlockedReason(full, true)).toBe(USER_ACCESS_TEXT.seatsFull);
  });

  it("proposes a committee member, or the first role left", () => {
    expect(defaultNewcomerRole(["ADMIN", "ADMIN_REVIEWER", "REVIEWER", "GUEST"])).toBe("REVIEWER");
    expect(defaultNewcomerRole(["ADMIN", "ADMIN_REVIEWER"])).toBe("ADMIN");
    expect(defaultNewcomerRole([])).toBeNull();
  });

  it("shows the server's message, or the spec's fallback when there is none", () => {
    expect(addUserFailureMessage(new Error("This person already has access"))).toBe(
      "This person already has access",
    );
    expect(addUserFailureMessage(new Error(""))).toBe(PROGRAM_USER_MESSAGES.addFailed);
    expect(addUserFailureMessage("boom")).toBe(PROGRAM_USER_MESSAGES.addFailed);
  });
});
