import { describe, expect, it } from "vitest";
import { localDateTime, pickerDateTime, timeZoneNote } from "./date-values";

describe("the date pickers' values", () => {
  it("give a date and time to the picker at the minute, seconds at zero, and nothing for an empty field", () => {
    expect(pickerDateTime("2030-01-31T09:05")).toBe("2030-01-31 09:05:00");
    expect(pickerDateTime("")).toBeNull();
  });

  it("take the picker's date and time back as a datetime-local input gave it, and a cleared picker as empty", () => {
    expect(localDateTime("2030-01-31 09:05:00")).toBe("2030-01-31T09:05");
    expect(localDateTime("2030-01-31 09:05:59")).toBe("2030-01-31T09:05");
    expect(localDateTime(null)).toBe("");
  });

  it("come back unchanged from a round trip through the picker", () => {
    expect(localDateTime(pickerDateTime("2026-12-01T23:59"))).toBe("2026-12-01T23:59");
  });

  it("name the time zone they are read in", () => {
    expect(timeZoneNote("Europe/Paris")).toBe("Times are in Europe/Paris.");
    expect(timeZoneNote()).toBe(`Times are in ${Intl.DateTimeFormat().resolvedOptions().timeZone}.`);
  });
});
