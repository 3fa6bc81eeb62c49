import { describe, expect, it } from "vitest";
import { canAddUsers, newcomerRoleChoices, roleChoices, seatCount } from "./seats";

const seats = (admins: number, reviewers: number, adminLimit = 2, reviewerLimit = 5) => ({
  admins,
  reviewers,
  adminLimit,
  reviewerLimit,
});

describe("role choices when editing a member", () => {
  it("offers only admin roles to the program's last admin", () => {
    expect(roleChoices({ role: "ADMIN", seat: "admin" }, seats(1, 0), true)).toEqual([
      "ADMIN",
      "ADMIN_REVIEWER",
    ]);
  });

  it("offers every role when seats are free", () => {
    expect(roleChoices({ role: "REVIEWER", seat: "reviewer" }, seats(1, 1), false)).toEqual([
      "ADMIN",
      "ADMIN_REVIEWER",
      "REVIEWER",
      "GUEST",
    ]);
  });

  it("removes admin roles when the admin seats are taken, unless the person holds one already", () => {
    expect(roleChoices({ role: "REVIEWER", seat: "reviewer" }, seats(2, 1), false)).toEqual([
      "REVIEWER",
      "GUEST",
    ]);
    expect(roleChoices({ role: "GUEST", seat: "admin" }, seats(2, 1), false)).toEqual([
      "ADMIN",
      "ADMIN_REVIEWER",
      "REVIEWER",
      "GUEST",
    ]);
  });

  it("removes reviewer roles when the reviewer seats are taken, keeping the member's own role", () => {
    expect(roleChoices({ role: "ADMIN", seat: "admin" }, seats(2, 5), false)).toEqual([
      "ADMIN",
      "ADMIN_REVIEWER",
    ]);
    expect(roleChoices({ role: "REVIEWER", seat: "reviewer" }, seats(2, 5), false)).toEqual([
      "REVIEWER",
      "GUEST",
    ]);
  });

  it("treats a limit of 0 as no limit", () => {
    expect(roleChoices({ role: "REVIEWER", seat: "reviewer" }, seats(900, 900, 0, 0), false)).toHaveLength(4);
  });
});

describe("adding people", () => {
  it("disables Add new when both limits are positive and admins plus reviewers fill their sum", () => {
    expect(canAddUsers(seats(2, 5))).toBe(false);
    expect(canAddUsers(seats(2, 4))).toBe(true);
    expect(canAddUsers(seats(1, 5))).toBe(true);
    expect(newcomerRoleChoices(seats(1, 5))).toEqual(["ADMIN", "ADMIN_REVIEWER"]);
    expect(newcomerRoleChoices(seats(2, 4))).toEqual(["REVIEWER", "GUEST"]);
  });

  it("with one unlimited kind of seat, Add new stays open", () => {
    expect(canAddUsers(seats(10, 5, 0, 5))).toBe(true);
    expect(newcomerRoleChoices(seats(10, 5, 0, 5))).toEqual(["ADMIN", "ADMIN_REVIEWER"]);
  });

  it("shows counts against limits", () => {
    expect(seatCount(2, 5)).toBe("2 / 5");
    expect(seatCount(7, 0)).toBe("7");
  });
});
