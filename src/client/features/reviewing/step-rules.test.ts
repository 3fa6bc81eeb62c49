import { describe, expect, it } from "vitest";
import { REVIEWING_TEXT } from "./reviewing-messages";
import { canOpenStackedRankings, reviewStepOf, stackedRankingsBlockedReason } from "./step-rules";

describe("which step a page is", () => {
  it("counts the list and every submission view as step 1", () => {
    expect(reviewStepOf("/applications")).toBe("rate");
    expect(reviewStepOf("/applications/")).toBe("rate");
    expect(reviewStepOf("/submissions/p1/s1")).toBe("rate");
    expect(reviewStepOf("/submissions/legacy/p1/a1")).toBe("rate");
  });

  it("counts the rankings as step 2, and nothing else as a step", () => {
    expect(reviewStepOf("/rankings")).toBe("rank");
    expect(reviewStepOf("/programs")).toBeNull();
    expect(reviewStepOf("/applications-archive")).toBeNull();
    expect(reviewStepOf("/admin/submissions/p1/s1")).toBeNull();
  });
});

describe("opening step 2", () => {
  it("opens once every application shown has a rating", () => {
    expect(canOpenStackedRankings({ shown: 3, rated: 3 }, true)).toBe(true);
    expect(stackedRankingsBlockedReason({ shown: 3, rated: 3 }, true)).toBeNull();
  });

  it("opens when more ratings than applications shown exist (a reassigned application)", () => {
    expect(canOpenStackedRankings({ shown: 2, rated: 5 }, true)).toBe(true);
  });

  it("stays closed while some are unrated, and says how far along the user is", () => {
    expect(canOpenStackedRankings({ shown: 3, rated: 2 }, true)).toBe(false);
    expect(stackedRankingsBlockedReason({ shown: 3, rated: 2 }, true)).toBe(
      REVIEWING_TEXT.rateEveryone(2, 3),
    );
  });

  it("stays closed when nothing is shown, even with ratings", () => {
    expect(canOpenStackedRankings({ shown: 0, rated: 0 }, true)).toBe(false);
    expect(canOpenStackedRankings({ shown: 0, rated: 4 }, true)).toBe(false);
    expect(stackedRankingsBlockedReason({ shown: 0, rated: 0 }, true)).toBe(REVIEWING_TEXT.nothingToRate);
  });

  it("stays closed while the progress is unknown", () => {
    expect(canOpenStackedRankings(null, true)).toBe(false);
    expect(canOpenStackedRankings(undefined, true)).toBe(false);
  });

  it("stays closed when the program turns stacked rankings off", () => {
    expect(canOpenStackedRankings({ shown: 3, rated: 3 }, false)).toBe(false);
    expect(stackedRankingsBlockedReason({ shown: 3, rated: 3 }, false)).toBe(
      REVIEWING_TEXT.stackedRankingsOff,
    );
  });
});

describe("step 2 for those who do not rate", () => {
  it("tells a plain admin where the rankings are, never to rate every application", () => {
    const admin = { committee: false, isAdmin: true };
    expect(stackedRankingsBlockedReason({ shown: 5, rated: 0 }, true, admin)).toBe(
      REVIEWING_TEXT.rankingAdminsRead,
    );
    expect(stackedRankingsBlockedReason({ shown: 5, rated: 0 }, true, admin)).not.toContain("0 of 5");
    expect(canOpenStackedRankings({ shown: 5, rated: 5 }, true, admin)).toBe(false);
  });

  it("tells a guest they read without rating", () => {
    const guest = { committee: false, isAdmin: false };
    expect(stackedRankingsBlockedReason({ shown: 2, rated: 0 }, true, guest)).toBe(
      REVIEWING_TEXT.rankingGuestsRead,
    );
  });

  it("counts an admin on the committee like any member", () => {
    const adminReviewer = { committee: true, isAdmin: true };
    expect(stackedRankingsBlockedReason({ shown: 5, rated: 0 }, true, adminReviewer)).toBe(
      REVIEWING_TEXT.rateEveryone(0, 5),
    );
    expect(canOpenStackedRankings({ shown: 5, rated: 5 }, true, adminReviewer)).toBe(true);
  });

  it("says first that the program turned stacked rankings off, whoever asks", () => {
    expect(
      stackedRankingsBlockedReason({ shown: 5, rated: 0 }, false, { committee: false, isAdmin: true }),
    ).toBe(REVIEWING_TEXT.stackedRankingsOff);
  });
});
