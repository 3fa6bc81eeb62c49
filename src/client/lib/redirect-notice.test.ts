import { describe, expect, it } from "vitest";
import {
  forwardedNotice,
  redirectNoticeFrom,
  redirectNoticeState,
  redirectNoticeText,
} from "./redirect-notice";

describe("the notice a redirect leaves for the page it lands on", () => {
  it("names the unknown address, or the one the account may not open", () => {
    expect(redirectNoticeText({ reason: "unknown", path: "/no/such/page?x=1" })).toBe(
      "There is no page at /no/such/page?x=1. You have been brought here instead.",
    );
    expect(redirectNoticeText({ reason: "forbidden", path: "/admin/allcandidates" })).toBe(
      "Your account does not have access to /admin/allcandidates. You have been brought here instead.",
    );
  });

  it("cuts a very long address short", () => {
    const text = redirectNoticeText({ reason: "unknown", path: `/${"a".repeat(500)}` });
    expect(text).toBe(`There is no page at /${"a".repeat(119)}…. You have been brought here instead.`);
  });

  it("reads only a well-formed notice from the history state, and hands on nothing else", () => {
    const state = redirectNoticeState({ reason: "forbidden", path: "/organization/billing" });
    expect(redirectNoticeFrom(state)).toEqual({ reason: "forbidden", path: "/organization/billing" });
    expect(forwardedNotice({ ...state, from: "/elsewhere" })).toEqual(state);
    for (const other of [
      null,
      undefined,
      "text",
      { from: "/programs" },
      { redirectNotice: null },
      { redirectNotice: { reason: "other", path: "/x" } },
      { redirectNotice: { reason: "unknown", path: 3 } },
    ]) {
      expect(redirectNoticeFrom(other)).toBeNull();
      expect(forwardedNotice(other)).toBeNull();
    }
  });
});
