import { describe, expect, it } from "vitest";
import { COUNTS_ONLY, READ_FROM_START_ROWS, readByPosition, readWithoutTotal } from "./list-paging";

const ANCHOR = "7c0e6a52-4b1e-4f47-9a63-0d7e4b3b9f10";

describe("readWithoutTotal: what a page reads in the statement that counts its list", () => {
  it("page 1 from the start, anchor or not", () => {
    expect(readWithoutTotal(1, 10, {})).toEqual({ by: "position", descending: false, offset: 0, limit: 10 });
    expect(readWithoutTotal(1, 10, { after: ANCHOR })).toEqual(readWithoutTotal(1, 10, {}));
  });

  it("a later page from its anchor, in the anchor's direction, however near the start", () => {
    expect(readWithoutTotal(2, 10, { after: ANCHOR })).toEqual({
      by: "anchor",
      descending: false,
      anchorId: ANCHOR,
      limit: 10,
    });
    expect(readWithoutTotal(2, 10, { before: ANCHOR })).toEqual({
      by: "anchor",
      descending: true,
      anchorId: ANCHOR,
      limit: 10,
    });
  });

  it("a page named by number that starts within READ_FROM_START_ROWS: from the start, by its offset", () => {
    expect(readWithoutTotal(3, 10, {})).toEqual({ by: "position", descending: false, offset: 20, limit: 10 });
    const lastNear = READ_FROM_START_ROWS / 10; // starts at READ_FROM_START_ROWS - 10
    expect(readWithoutTotal(lastNear, 10, {})).toEqual({
      by: "position",
      descending: false,
      offset: READ_FROM_START_ROWS - 10,
      limit: 10,
    });
  });

  it("a deeper page named by number: nothing yet, the total will say which end is nearer", () => {
    expect(readWithoutTotal(READ_FROM_START_ROWS / 10 + 1, 10, {})).toBeNull();
    expect(readByPosition(400, 10, 4_005)).toEqual({
      by: "position",
      descending: true,
      offset: 5,
      limit: 10,
    });
    expect(readByPosition(401, 10, 4_005)).toEqual({ by: "position", descending: true, offset: 0, limit: 5 });
    expect(readByPosition(402, 10, 4_005)).toEqual(COUNTS_ONLY);
  });
});
