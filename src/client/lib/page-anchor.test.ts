import { describe, expect, it } from "vitest";
import { anchorForMove, anchorFromParams, anchorQuery, withAnchorParams } from "./page-anchor";

const A = "0b6f4d4e-1c1a-4a57-9a0e-7d3c2b1a0f01";
const B = "0b6f4d4e-1c1a-4a57-9a0e-7d3c2b1a0f02";
const C = "0b6f4d4e-1c1a-4a57-9a0e-7d3c2b1a0f03";
const rows = [{ _id: A }, { _id: B }, { _id: C }];

describe("the anchor of a move between pages", () => {
  it("Next names the last row shown, Previous the first", () => {
    expect(anchorForMove(4, 5, rows)).toEqual({ after: C });
    expect(anchorForMove(4, 3, rows)).toEqual({ before: A });
  });

  it("page 1, a jump, or no rows loaded (a placeholder) name none: the page is read by its number", () => {
    expect(anchorForMove(2, 1, rows)).toEqual({});
    expect(anchorForMove(4, 9, rows)).toEqual({});
    expect(anchorForMove(4, 4, rows)).toEqual({});
    expect(anchorForMove(4, 5, [])).toEqual({});
  });
});

describe("the anchor in the address", () => {
  it("reads back what it wrote and replaces an earlier one", () => {
    const params = new URLSearchParams({ page: "5", before: B, other: "x" });
    const written = withAnchorParams(params, { after: C });
    expect(written.toString()).toBe(`page=5&other=x&after=${C}`);
    expect(anchorFromParams(written)).toEqual({ after: C });
    expect(withAnchorParams(written, {}).toString()).toBe("page=5&other=x");
  });

  it("ignores an id that is not one, and both sides at once", () => {
    expect(anchorFromParams(new URLSearchParams({ after: "not-an-id" }))).toEqual({});
    expect(anchorFromParams(new URLSearchParams({ after: A, before: B }))).toEqual({});
    expect(anchorFromParams(new URLSearchParams({ before: B }))).toEqual({ before: B });
  });

  it("sends at most one of them with a list request", () => {
    expect(anchorQuery({ after: A })).toEqual({ after: A });
    expect(anchorQuery({ before: B })).toEqual({ before: B });
    expect(anchorQuery({})).toEqual({});
  });
});
