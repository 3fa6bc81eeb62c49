import { describe, expect, it } from "vitest";
import { COMMITTEE_MESSAGES, type ReviewerGroup } from "../../../shared/schemas/committee";
import { ApiError } from "../../lib/api-client";
import { ASSIGN_TEXT } from "./assign-messages";
import {
  formValuesOf,
  groupFailureMessage,
  memberPreview,
  parseGroupEdit,
  parseNewGroup,
  serverFieldErrors,
} from "./group-rules";

const members = (...names: string[]) => names.map((name, i) => ({ _id: `u${i}`, name }));

describe("the Manage Groups list's members line", () => {
  it("names up to three reviewers", () => {
    expect(memberPreview(members("Ann"))).toBe("Ann");
    expect(memberPreview(members("Ann", "Bo", "Cy"))).toBe("Ann, Bo, Cy");
  });

  it("names the first three then says how many more", () => {
    expect(memberPreview(members("Ann", "Bo", "Cy", "Di"))).toBe("Ann, Bo, Cy +1 more");
    expect(memberPreview(members("Ann", "Bo", "Cy", "Di", "Ed", "Flo"))).toBe("Ann, Bo, Cy +3 more");
  });

  it("says so when the group has nobody", () => {
    expect(memberPreview([])).toBe(ASSIGN_TEXT.noMembers);
  });

  it("shows a member without a name by their id rather than an empty gap", () => {
    expect(memberPreview([{ _id: "u7", name: " " }])).toBe("u7");
  });
});

describe("the group form", () => {
  it("requires a name, with the spec's exact words on the name field", () => {
    for (const name of ["", "   "]) {
      const result = parseNewGroup("p1", { name, description: "", reviewers: [] });
      expect(result).toEqual({ ok: false, errors: { name: COMMITTEE_MESSAGES.groupNameRequired } });
      expect(parseGroupEdit({ name, description: "x", reviewers: [] })).toEqual({
        ok: false,
        errors: { name: "Group name is required" },
      });
    }
  });

  it("accepts a group without a description, trimmed as the server stores it", () => {
    expect(parseNewGroup("p1", { name: " Arts ", description: "  ", reviewers: ["u1"] })).toEqual({
      ok: true,
      body: { programId: "p1", name: "Arts", description: "", reviewers: ["u1"] },
    });
  });

  it("refuses a name longer than the contract allows", () => {
    const result = parseGroupEdit({ name: "x".repeat(101), description: "", reviewers: [] });
    expect(result.ok).toBe(false);
    expect(result.ok ? null : Object.keys(result.errors)).toEqual(["name"]);
  });

  it("starts empty for a new group and with the group's fields when editing", () => {
    expect(formValuesOf(null)).toEqual({ name: "", description: "", reviewers: [] });
    const group: ReviewerGroup = {
      _id: "g1",
      programId: "p1",
      name: "Arts",
      description: "Arts panel",
      reviewers: members("Ann", "Bo"),
    };
    expect(formValuesOf(group)).toEqual({ name: "Arts", description: "Arts panel", reviewers: ["u0", "u1"] });
  });
});

describe("group failures", () => {
  it("use the spec's words with the server's message", () => {
    const error = new ApiError(400, "BAD_REQUEST", "Choose members of this program's committee.");
    expect(groupFailureMessage("create", error)).toBe(
      "Failed to create group: Choose members of this program's committee.",
    );
    expect(groupFailureMessage("update", new Error("Network down"))).toBe(
      "Failed to update group: Network down",
    );
    expect(groupFailureMessage("delete", new ApiError(404, "NOT_FOUND", "Not found"))).toBe(
      "Failed to delete group: Not found",
    );
  });

  it("give the field's reason when the server refused the body", () => {
    const error = new ApiError(400, "VALIDATION", "Some fields are not valid.", {
      "reviewers.0": [COMMITTEE_MESSAGES.notACommitteeMember],
    });
    expect(groupFailureMessage("update", error)).toBe(
      `Failed to update group: ${COMMITTEE_MESSAGES.notACommitteeMember}`,
    );
  });

  it("still say something when the error has no message", () => {
    expect(groupFailureMessage("delete", "boom")).toBe(
      COMMITTEE_MESSAGES.groupDeleteFailed(ASSIGN_TEXT.unknownFailure),
    );
  });

  it("put the server's field errors on the form's fields", () => {
    const error = new ApiError(400, "VALIDATION", "Invalid", {
      "reviewers.1": [COMMITTEE_MESSAGES.notACommitteeMember],
      programId: ["ignored"],
    });
    expect(serverFieldErrors(error)).toEqual({ reviewers: COMMITTEE_MESSAGES.notACommitteeMember });
    expect(serverFieldErrors(new Error("x"))).toEqual({});
  });
});
