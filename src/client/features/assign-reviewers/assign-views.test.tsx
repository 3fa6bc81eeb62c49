import { describe, expect, it } from "vitest";
import type { AssignmentListResult, ReviewerGroup } from "../../../shared/schemas/committee";
import { render } from "../../test/render";
import { ASSIGN_TEXT } from "./assign-messages";
import { AssignmentTable } from "./assignment-table";
import { GroupList } from "./group-list";
import { ReviewerLoads } from "./reviewer-loads";

const longName = "The Northern Community Foundation for the Arts and Sciences of Tomorrow";

const result: AssignmentListResult = {
  rows: [
    { _id: "s1", identifier: longName, reviewers: [], reviewerGroups: [] },
    {
      _id: "s2",
      identifier: "River Trust",
      reviewers: [{ _id: "u1", name: "Ann Lee", email: "ann@example.test" }],
      reviewerGroups: [{ _id: "g1", name: "Arts panel" }],
    },
  ],
  total: 2,
  page: 1,
  pageSize: 10,
  committee: [{ _id: "u1", name: "Ann Lee", email: "ann@example.test", role: "REVIEWER", assigned: 0 }],
  groups: [{ _id: "g1", name: "Arts panel" }],
};

function table(selection: Set<string> = new Set()) {
  return render(
    <AssignmentTable
      userId="me"
      program={{ id: "p1", appVersion: 3 }}
      result={result}
      caption="Applications"
      selection={selection}
      onSelectRow={() => {}}
      onSelectPage={() => {}}
      busy={false}
      onFailure={() => {}}
      onConflict={() => {}}
    />,
  );
}

describe("each reviewer's load", () => {
  it("lists every committee member with how many applications are assigned to them", () => {
    const html = render(
      <ReviewerLoads
        committee={[
          { _id: "u2", name: "Bo Park", email: "bo@example.test", role: "GUEST", assigned: 0 },
          { _id: "u1", name: "Ann Lee", email: "ann@example.test", role: "REVIEWER", assigned: 12 },
        ]}
      />,
    );
    expect(html).toContain(`>${ASSIGN_TEXT.loadHeading}</h2>`);
    expect(html.indexOf("Ann Lee: 12 assigned")).toBeGreaterThan(-1);
    expect(html.indexOf("Ann Lee: 12 assigned")).toBeLessThan(html.indexOf("Bo Park: 0 assigned"));
    expect(render(<ReviewerLoads committee={[]} />)).toContain(ASSIGN_TEXT.noCommittee);
  });
});

describe("the assign-reviewers table", () => {
  it("has the spec's columns", () => {
    const html = table();
    for (const column of ["Applicant Name", "Individual Reviewers", "Reviewer Groups", "Application"]) {
      expect(html).toContain(`>${column}</th>`);
    }
  });

  it("names each row and its pickers by the whole applicant name", () => {
    const html = table();
    expect(html).toContain(`aria-label="${longName}"`);
    expect(html).toContain(`aria-label="Individual reviewers for ${longName}"`);
    expect(html).toContain('aria-label="Reviewer groups for River Trust"');
    expect(html).toContain('aria-label="Select River Trust"');
    expect(html).toContain('aria-label="Select all on this page"');
  });

  it("cuts a long name to 60 characters and an ellipsis, with the whole name as tooltip", () => {
    const html = table();
    expect(html).toContain(`>${longName.slice(0, 60)}…</span>`);
    expect(html).toContain(`title="${longName}"`);
  });

  it("says Everyone on a row with no reviewers and no groups only", () => {
    const html = table();
    expect(html.split(`>${ASSIGN_TEXT.everyone}<`)).toHaveLength(2);
  });

  it("shows the chosen reviewers and groups with labelled remove buttons", () => {
    const html = table();
    expect(html).toContain('aria-label="Remove Ann Lee"');
    expect(html).toContain('aria-label="Remove Arts panel"');
  });

  it("opens the application's submission view", () => {
    expect(table()).toContain('href="/submissions/p1/s2"');
    expect(table()).toContain('aria-label="Open application River Trust"');
  });
});

describe("the Manage Groups list", () => {
  const group: ReviewerGroup = {
    _id: "g1",
    programId: "p1",
    name: "Arts panel",
    description: "Visual and performing arts",
    reviewers: ["Ann", "Bo", "Cy", "Di", "Ed"].map((name, i) => ({ _id: `u${i}`, name })),
  };
  const list = (confirming: string | null = null) =>
    render(
      <GroupList
        groups={[group]}
        onEdit={() => {}}
        onDelete={() => {}}
        confirming={confirming}
        onConfirmChange={() => {}}
        deleting={null}
      />,
    );

  it("shows the name, description, the first 3 reviewers then +N more, Edit and Delete", () => {
    const html = list();
    expect(html).toContain("Arts panel");
    expect(html).toContain("Visual and performing arts");
    expect(html).toContain("Reviewers: Ann, Bo, Cy +2 more");
    expect(html).toContain('aria-label="Edit group Arts panel"');
    expect(html).toContain('aria-label="Delete group Arts panel"');
  });

  it("asks before deleting", () => {
    const html = list("g1");
    expect(html).toContain(ASSIGN_TEXT.deleteQuestion("Arts panel").replaceAll('"', "&quot;"));
    expect(html).toContain(">Delete group<");
    expect(html).not.toContain('aria-label="Delete group Arts panel"');
  });

  it("says so when there is no group", () => {
    const html = render(
      <GroupList
        groups={[]}
        onEdit={() => {}}
        onDelete={() => {}}
        confirming={null}
        onConfirmChange={() => {}}
        deleting={null}
      />,
    );
    expect(html).toContain(ASSIGN_TEXT.noGroups);
  });
});
