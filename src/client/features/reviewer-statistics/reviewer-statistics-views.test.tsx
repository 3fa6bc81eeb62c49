import { describe, expect, it } from "vitest";
import type { ReviewerStatsRow } from "../../../shared/schemas/committee";
import { render } from "../../test/render";
import { DEFAULT_REVIEWER_SORT } from "./reviewer-stats-rules";
import { lastReviewText, ReviewerStatsTable } from "./reviewer-stats-table";

function row(id: string, reviewed: number, assigned: number, patch: Partial<ReviewerStatsRow> = {}) {
  const base: ReviewerStatsRow = {
    _id: id,
    name: `Member ${id}`,
    email: `${id}@example.test`,
    role: "REVIEWER",
    assigned,
    reviewed,
    lastReviewed: null,
  };
  return { ...base, ...patch };
}

function table(rows: ReviewerStatsRow[], remindingUserId: string | null = null) {
  return render(
    <ReviewerStatsTable
      rows={rows}
      caption="Committee members and guests of Arts Fund"
      sort={DEFAULT_REVIEWER_SORT}
      onSort={() => {}}
      onRemind={() => {}}
      remindingUserId={remindingUserId}
    />,
  );
}

const count = (html: string, text: string) => html.split(text).length - 1;

/** The opening tag of the button with this accessible name. */
function buttonTag(html: string, label: string): string {
  const tag = html.match(/<button[^>]*>/g)?.find((t) => t.includes(`aria-label="${label}"`));
  if (tag === undefined) throw new Error(`No button named ${label}`);
  return tag;
}

describe("the reviewer statistics table", () => {
  it("shows each member's name, email, role label, k of n and last review", () => {
    const html = table([
      row("a", 3, 8, { name: "Ada Lovelace", role: "ADMIN_REVIEWER" }),
      row("g", 0, 2, { name: "Grace Hopper", role: "GUEST", lastReviewed: "2025-03-02T10:00:00.000Z" }),
    ]);
    expect(html).toContain("Committee members and guests of Arts Fund");
    expect(html).toContain("Ada Lovelace");
    expect(html).toContain("a@example.test");
    expect(html).toContain("Admin &amp; Committee Member");
    expect(html).toContain("Guest");
    expect(html).toContain("3 of 8");
    expect(html).toContain("0 of 2");
    expect(html).toContain("Never");
    expect(html).toContain(lastReviewText("2025-03-02T10:00:00.000Z"));
  });

  it("labels each progress bar with whose it is and how far they are", () => {
    const html = table([row("a", 3, 8, { name: "Ada" }), row("n", 0, 0, { name: "Nobody" })]);
    expect(html).toMatch(
      /role="progressbar" aria-label="Progress of Ada" aria-valuemin="0" aria-valuemax="100" aria-valuenow="37" aria-valuetext="3 of 8 reviewed \(37%\)"/,
    );
    expect(html).toMatch(
      /aria-label="Progress of Nobody"[^>]*aria-valuenow="0" aria-valuetext="No applications assigned"/,
    );
    // One progress bar per member: Mantine's own section role is switched off.
    expect(count(html, 'role="progressbar"')).toBe(2);
  });

  it("offers a reminder only to members who are behind", () => {
    const html = table([
      row("behind", 1, 3, { name: "Behind" }),
      row("done", 3, 3, { name: "Done" }),
      row("idle", 0, 0, { name: "Idle" }),
    ]);
    expect(html).toContain('aria-label="Send reminder to Behind"');
    expect(html).not.toContain("Send reminder to Done");
    expect(html).not.toContain("Send reminder to Idle");
    expect(count(html, ">Send reminder<")).toBe(1);
  });

  it("names a member without a name by their address", () => {
    expect(table([row("x", 0, 1, { name: " " })])).toContain('aria-label="Send reminder to x@example.test"');
  });

  it("keeps the other reminder buttons waiting while one is being sent", () => {
    const html = table([row("a", 0, 1, { name: "A" }), row("b", 0, 1, { name: "B" })], "a");
    expect(buttonTag(html, "Send reminder to A")).toContain('data-loading="true"');
    expect(buttonTag(html, "Send reminder to B")).toContain('disabled=""');
    expect(buttonTag(html, "Send reminder to B")).not.toContain("data-loading");
  });

  it("shows 10 members per page, with named page buttons", () => {
    const rows = Array.from({ length: 12 }, (_, i) => row(String(i).padStart(2, "0"), 0, 1));
    const html = table(rows);
    expect(count(html, 'role="progressbar"')).toBe(10);
    expect(html).toContain("Member 09");
    expect(html).not.toContain("Member 10");
    expect(html).toContain('aria-label="Page 2"');
  });

  it("marks the sorted column for assistive technology, the others sortable", () => {
    const html = table([row("a", 0, 1)]);
    expect(html).toMatch(/<th[^>]*aria-sort="ascending"[^>]*>.*?Name/);
    expect(count(html, 'aria-sort="none"')).toBe(2);
  });
});
