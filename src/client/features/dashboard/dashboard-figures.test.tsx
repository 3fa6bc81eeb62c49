import { describe, expect, it } from "vitest";
import { render } from "../../test/render";
import { DashboardFiguresPanel } from "./dashboard-figures";

describe("the admin dashboard's figures", () => {
  it("shows the submissions, the reviews done of those expected and the decisions made, each leading to its page", () => {
    const html = render(
      <DashboardFiguresPanel
        figures={{
          submitted: 1250,
          reviews: { done: 7, expected: 12 },
          decisions: { approved: 2, disapproved: 1, pending: 1247 },
        }}
      />,
    );
    const text = html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
    expect(text).toContain("Submitted applications 1,250 Submitted and not marked as test.");
    expect(text).toContain("Reviews done 7 of 12");
    expect(html).toContain('aria-label="Reviews done: 58%"');
    expect(text).toContain("Decisions made 3 of 1,250");
    expect(text).toContain("2 approved, 1 disapproved, 1,247 pending.");
    expect(html).toContain('href="/admin/committeereview"');
    expect(html).toContain('href="/admin/allcandidates"');
  });

  it("shows no progress for a program with nothing to do yet", () => {
    const html = render(
      <DashboardFiguresPanel
        figures={{
          submitted: 0,
          reviews: { done: 0, expected: 0 },
          decisions: { approved: 0, disapproved: 0, pending: 0 },
        }}
      />,
    );
    expect(html).toContain('aria-label="Reviews done: 0%"');
    expect(html).toContain('aria-label="Decisions made: 0%"');
  });
});
