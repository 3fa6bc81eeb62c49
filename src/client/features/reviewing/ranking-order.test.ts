import { describe, expect, it } from "vitest";
import {
  confirmation,
  mergeRankingMoves,
  moveItem,
  movesIntoTopFive,
  rankingMove,
  rankingSavedText,
  rankOf,
} from "./ranking-order";
import { REVIEWING_TEXT } from "./reviewing-messages";

const ids = ["a", "b", "c", "d", "e", "f", "g"];

describe("moving a candidate", () => {
  it("moves down and up, keeping everyone else in order", () => {
    expect(moveItem(ids, 0, 2)).toEqual(["b", "c", "a", "d", "e", "f", "g"]);
    expect(moveItem(ids, 6, 0)).toEqual(["g", "a", "b", "c", "d", "e", "f"]);
    expect(ids).toEqual(["a", "b", "c", "d", "e", "f", "g"]);
  });

  it("is no move when dropped where it was, or outside the list", () => {
    expect(rankingMove(ids, 2, 2)).toBeNull();
    expect(rankingMove(ids, -1, 2)).toBeNull();
    expect(rankingMove(ids, 0, 7)).toBeNull();
    expect(rankingMove([], 0, 0)).toBeNull();
  });

  it("ranks from 1", () => {
    expect(rankOf(0)).toBe(1);
  });
});

describe("the top-five flag", () => {
  it("is set when a candidate from rank 6 or lower lands in the top five", () => {
    expect(movesIntoTopFive(5, 4)).toBe(true);
    expect(movesIntoTopFive(6, 0)).toBe(true);
    expect(rankingMove(ids, 6, 4)).toEqual({
      ids: ["a", "b", "c", "d", "g", "e", "f"],
      movedIntoTopFive: true,
    });
  });

  it("is not set for moves inside the top five, out of it, or below it", () => {
    expect(movesIntoTopFive(4, 0)).toBe(false);
    expect(movesIntoTopFive(0, 5)).toBe(false);
    expect(movesIntoTopFive(6, 5)).toBe(false);
    expect(rankingMove(ids, 0, 4)?.movedIntoTopFive).toBe(false);
  });

  it("survives when two orders are saved as one", () => {
    const first = { ids: ["g", "a"], movedIntoTopFive: true };
    const second = { ids: ["a", "g"], movedIntoTopFive: false };
    expect(mergeRankingMoves(first, second)).toEqual({ ids: ["a", "g"], movedIntoTopFive: true });
    expect(mergeRankingMoves(second, second).movedIntoTopFive).toBe(false);
  });
});

describe("confirming a ranking", () => {
  it("confirms the order as it stands, and a move merged with a confirmation still confirms", () => {
    expect(confirmation(["b", "a"])).toEqual({ ids: ["b", "a"], movedIntoTopFive: false, confirm: true });
    const move = rankingMove(["a", "b", "c", "d", "e", "f"], 5, 0)!;
    expect(mergeRankingMoves(confirmation(["a", "b"]), move)).toEqual({ ...move, confirm: true });
    expect(mergeRankingMoves(move, confirmation(move.ids))).toEqual({ ...move, confirm: true });
    expect(mergeRankingMoves(move, move)).not.toHaveProperty("confirm");
  });

  it("says when the ranking was last saved and confirmed, or that it never was", () => {
    const format = (iso: string) => iso.slice(0, 10);
    expect(rankingSavedText({ savedAt: null, confirmedAt: null }, format, REVIEWING_TEXT)).toBe(
      REVIEWING_TEXT.rankingNeverSaved,
    );
    expect(
      rankingSavedText({ savedAt: "2026-03-04T10:00:00Z", confirmedAt: null }, format, REVIEWING_TEXT),
    ).toBe("Last saved 2026-03-04");
    expect(
      rankingSavedText(
        { savedAt: "2026-03-05T10:00:00Z", confirmedAt: "2026-03-04T10:00:00Z" },
        format,
        REVIEWING_TEXT,
      ),
    ).toBe("Last saved 2026-03-05 · confirmed 2026-03-04");
  });
});
