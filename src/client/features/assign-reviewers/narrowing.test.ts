import { describe, expect, it } from "vitest";
import { ASSIGN_TEXT } from "./assign-messages";
import { narrowingQuestion } from "./narrowing";

const rita = { _id: "u1", name: "Rita Reviewer", email: "rita@example.test" };
const sam = { _id: "u2", name: "Sam Stone", email: "sam@example.test" };
const everyone = { reviewers: [], reviewerGroups: [] };

describe("the question before an application stops being everyone's", () => {
  it("asks before the first reviewer of a row that means everyone, naming who would be left", () => {
    const question = narrowingQuestion(
      everyone,
      { field: "reviewers", next: [rita], previous: [] },
      "Harbour Food Bank",
      4,
    );
    expect(question?.title).toBe("Limit Harbour Food Bank to the reviewers you choose?");
    expect(question?.body).toBe(
      "Harbour Food Bank has no reviewers yet, which means everyone on the committee (4 members) reviews it. Assigning Rita Reviewer replaces “everyone”: only Rita Reviewer (and the program's admins) will see it, and the others will no longer have it in their list.",
    );
    expect(question?.confirm).toBe(ASSIGN_TEXT.narrowConfirm);
  });

  it("asks before the first group too, and names several chosen at once", () => {
    const group = narrowingQuestion(
      everyone,
      { field: "reviewerGroups", next: [{ _id: "g1", name: "Food panel" }], previous: [] },
      "Harbour Food Bank",
      1,
    );
    expect(group?.body).toContain("(1 member)");
    expect(group?.body).toContain("Assigning the group Food panel replaces “everyone”: only its members");
    const two = narrowingQuestion(everyone, { field: "reviewers", next: [rita, sam], previous: [] }, "X", 2);
    expect(two?.body).toContain("only Rita Reviewer and Sam Stone (and");
  });

  it("asks nothing once the row has someone, nor when nothing is chosen", () => {
    const assigned = { reviewers: [rita], reviewerGroups: [] };
    expect(
      narrowingQuestion(assigned, { field: "reviewers", next: [rita, sam], previous: [rita] }, "X", 3),
    ).toBeNull();
    const grouped = { reviewers: [], reviewerGroups: [{ _id: "g1", name: "Food panel" }] };
    expect(narrowingQuestion(grouped, { field: "reviewers", next: [rita], previous: [] }, "X", 3)).toBeNull();
    expect(narrowingQuestion(everyone, { field: "reviewers", next: [], previous: [] }, "X", 3)).toBeNull();
  });
});
