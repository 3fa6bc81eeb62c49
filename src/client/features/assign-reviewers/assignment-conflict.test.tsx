import { describe, expect, it } from "vitest";
import type { AssignmentRow } from "../../../shared/schemas/committee";
import { EDIT_CONFLICT_MESSAGES } from "../../../shared/schemas/edit-conflict-constants";
import { EDIT_CONFLICT_TEXT } from "../../components/edit-conflict-notice";
import { render as renderInApp } from "../../test/render";
import { ASSIGN_TEXT } from "./assign-messages";
import {
  type AssignmentConflict,
  conflictKey,
  conflictWording,
  keepMineChange,
  listSummary,
  storedList,
} from "./assignment-conflict";
import { AssignmentConflictNotice } from "./assignment-conflict-notice";

const ann = { _id: "u1", name: "Ann Lee", email: "ann@example.test" };
const bo = { _id: "u2", name: "Bo", email: "bo@example.test" };
const nameless = { _id: "u3", name: " ", email: "cy@example.test" };
const arts = { _id: "g1", name: "Arts panel" };
const music = { _id: "g2", name: "Music panel" };

const theirs: AssignmentRow = {
  _id: "s1",
  identifier: "River Trust",
  reviewers: [ann, bo],
  reviewerGroups: [music],
};

const reviewersConflict: AssignmentConflict = {
  submissionId: "s1",
  name: "River Trust",
  change: { field: "reviewers", next: [ann, nameless], previous: [ann] },
  theirs,
};
const groupsConflict: AssignmentConflict = {
  submissionId: "s1",
  name: "River Trust",
  change: { field: "reviewerGroups", next: [], previous: [arts] },
  theirs,
};

function render(conflict: AssignmentConflict): string {
  return renderInApp(
    <AssignmentConflictNotice
      userId="me"
      programId="p1"
      conflict={conflict}
      onDone={() => {}}
      onFailure={() => {}}
      onConflict={() => {}}
    />,
  );
}

describe("a row's conflict (decision 016)", () => {
  it("names the lists by name, or says there are none", () => {
    expect(listSummary([ann, bo])).toBe("Ann Lee, Bo");
    expect(listSummary([nameless])).toBe("cy@example.test");
    expect(listSummary([arts, { _id: "g9", name: "" }])).toBe("Arts panel, g9");
    expect(listSummary([])).toBe(ASSIGN_TEXT.noneAssigned);
  });

  it("takes the stored list of the field that conflicted", () => {
    expect(storedList(theirs, "reviewers")).toEqual([ann, bo]);
    expect(storedList(theirs, "reviewerGroups")).toEqual([music]);
  });

  it("keeps one notice per row and list", () => {
    expect(conflictKey(reviewersConflict)).toBe("s1:reviewers");
    expect(conflictKey(groupsConflict)).toBe("s1:reviewerGroups");
  });

  it("keep mine bases the person's list on the stored one", () => {
    expect(keepMineChange(reviewersConflict)).toEqual({
      field: "reviewers",
      next: [ann, nameless],
      previous: [ann, bo],
    });
    expect(keepMineChange(groupsConflict)).toEqual({
      field: "reviewerGroups",
      next: [],
      previous: [music],
    });
  });

  it("words the notice after the row and the list", () => {
    expect(conflictWording(reviewersConflict)).toEqual({
      title: "The individual reviewers of River Trust were changed by someone else",
      label: "individual reviewers of River Trust",
    });
    expect(conflictWording(groupsConflict).title).toBe(
      "The reviewer groups of River Trust were changed by someone else",
    );
  });

  it("shows the server's message, both lists and the two ways out, as an alert", () => {
    const html = render(reviewersConflict);
    expect(html).toContain('role="alert"');
    expect(html).toContain("The individual reviewers of River Trust were changed by someone else");
    expect(html).toContain(EDIT_CONFLICT_MESSAGES.reviewers.replace(/'/g, "&#x27;"));
    expect(html).toContain(`>${EDIT_CONFLICT_TEXT.theirs}</dt>`);
    expect(html).toContain(">Ann Lee, Bo</dd>");
    expect(html).toContain(`>${EDIT_CONFLICT_TEXT.yours}</dt>`);
    expect(html).toContain(">Ann Lee, cy@example.test</dd>");
    expect(html).toContain('aria-label="Reload: individual reviewers of River Trust"');
    expect(html).toContain('aria-label="Keep mine: individual reviewers of River Trust"');

    const groups = render(groupsConflict);
    expect(groups).toContain(EDIT_CONFLICT_MESSAGES.reviewerGroups.replace(/'/g, "&#x27;"));
    expect(groups).toContain(">Music panel</dd>");
    expect(groups).toContain(`>${ASSIGN_TEXT.noneAssigned}</dd>`);
  });
});
