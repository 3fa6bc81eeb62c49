import { describe, expect, it } from "vitest";
import { dateFormat, formatDate, formatDateTime, formatDateTimeSeconds, formatLongDate } from "./date-format";

// Written in the test machine's time zone: compared with the same format built by hand.
const moment = new Date(2026, 2, 3, 8, 34, 5);

describe("one way of writing a time per language", () => {
  it("writes English times as 8:34 AM everywhere, never 8:34 a.m.", () => {
    expect(formatDateTime(moment)).toBe("Mar 3, 2026, 8:34 AM");
    expect(formatDateTime(moment.toISOString(), "en")).toBe("Mar 3, 2026, 8:34 AM");
    expect(formatDateTime(moment)).not.toMatch(/a\.m\./);
    expect(formatDateTimeSeconds(moment)).toBe("Mar 3, 2026, 8:34:05 AM");
    expect(formatDate(moment)).toBe("Mar 3, 2026");
    expect(formatLongDate(moment)).toBe("March 3, 2026");
  });

  it("writes French times the Canadian way", () => {
    expect(formatDateTime(moment, "fr")).toBe(dateFormat("fr", "dateTime").format(moment));
    expect(formatDateTime(moment, "fr")).toMatch(/08 h 34/);
    expect(formatLongDate(moment, "fr")).toBe("3 mars 2026");
  });

  it("gives back a text that is no date as it is", () => {
    expect(formatDateTime("not a date")).toBe("not a date");
  });
});
