import { describe, expect, it } from "vitest";
import type { FormLink } from "../../../../shared/forms/model";
import {
  applicantUrl,
  closesInLabel,
  defaultCloseInput,
  isAcceptingResponses,
  latestSubmissionLink,
  previewUrl,
  SCHEDULE_MESSAGES,
  scheduledCloseAt,
  toDateTimeLocal,
} from "./access-status";

const NOW = new Date("2030-03-10T12:00:00.000Z");
const HOUR = 60 * 60 * 1000;
const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs).toISOString();
const link = (_id: string, open: string, close: string | null): FormLink => ({ _id, open, close });

describe("latestSubmissionLink", () => {
  it("is the latest opened link, the last added on a tie, and null without links", () => {
    expect(latestSubmissionLink({ submissionLinks: [] })).toBeNull();
    const first = link("a", at(-48 * HOUR), at(-24 * HOUR));
    const second = link("b", at(-HOUR), null);
    expect(latestSubmissionLink({ submissionLinks: [first, second] })).toBe(second);
    expect(latestSubmissionLink({ submissionLinks: [second, first] })).toBe(second);
    const twin = link("c", second.open, null);
    expect(latestSubmissionLink({ submissionLinks: [second, twin] })).toBe(twin);
  });
});

describe("isAcceptingResponses", () => {
  const form = (...links: FormLink[]) => ({ submissionLinks: links });

  it("accepts while the latest link has no close date or one in the future", () => {
    expect(isAcceptingResponses(form(link("a", at(-HOUR), null)), NOW)).toBe(true);
    expect(isAcceptingResponses(form(link("a", at(-HOUR), at(1000))), NOW)).toBe(true);
  });

  it("is closed once the close date is reached, and without any link", () => {
    expect(isAcceptingResponses(form(link("a", at(-HOUR), at(0))), NOW)).toBe(false);
    expect(isAcceptingResponses(form(link("a", at(-HOUR), at(-1))), NOW)).toBe(false);
    expect(isAcceptingResponses(form(), NOW)).toBe(false);
  });

  it("looks only at the latest link: a reopened form accepts, an older open link does not count", () => {
    const closed = link("a", at(-48 * HOUR), at(-24 * HOUR));
    const reopened = link("b", at(-HOUR), null);
    expect(isAcceptingResponses(form(closed, reopened), NOW)).toBe(true);
    const old = link("c", at(-72 * HOUR), null);
    expect(isAcceptingResponses(form(old, closed), NOW)).toBe(false);
  });
});

describe("closesInLabel", () => {
  it("says Open without a close date and Closed once it has passed", () => {
    expect(closesInLabel(null, NOW)).toBe("Open");
    expect(closesInLabel(at(0), NOW)).toBe("Closed");
    expect(closesInLabel(at(-HOUR), NOW)).toBe("Closed");
  });

  it("counts days and hours left, hours rounded up", () => {
    expect(closesInLabel(at(7 * 24 * HOUR), NOW)).toBe("Closes in 7 days and 0 hours");
    expect(closesInLabel(at(2 * 24 * HOUR + 5 * HOUR), NOW)).toBe("Closes in 2 days and 5 hours");
    expect(closesInLabel(at(24 * HOUR + HOUR), NOW)).toBe("Closes in 1 day and 1 hour");
    expect(closesInLabel(at(30 * 60 * 1000), NOW)).toBe("Closes in 0 days and 1 hour");
    expect(closesInLabel(at(1), NOW)).toBe("Closes in 0 days and 1 hour");
    expect(closesInLabel(at(23 * HOUR + 1), NOW)).toBe("Closes in 1 day and 0 hours");
  });
});

describe("scheduling a close", () => {
  it("defaults to 7 days ahead, in local time to the minute", () => {
    const now = new Date(2030, 0, 28, 9, 5, 40);
    expect(defaultCloseInput(now)).toBe("2030-02-04T09:05");
    expect(toDateTimeLocal(new Date(2030, 11, 31, 23, 59))).toBe("2030-12-31T23:59");
  });

  it("turns the input's local time into an ISO instant", () => {
    const now = new Date(2030, 0, 1, 0, 0);
    expect(scheduledCloseAt("2030-02-04T09:05", now)).toEqual({
      at: new Date(2030, 1, 4, 9, 5).toISOString(),
    });
    expect(scheduledCloseAt(defaultCloseInput(now), now)).toEqual({
      at: new Date(2030, 0, 8, 0, 0).toISOString(),
    });
  });

  it("refuses a missing, malformed, impossible or past date", () => {
    const now = new Date(2030, 0, 1, 12, 0);
    for (const input of [
      "",
      "tomorrow",
      "2030-02-30T10:00",
      "2030-13-01T10:00",
      "2030-01-01T25:00",
      "2030-01-01T23:60",
    ]) {
      expect(scheduledCloseAt(input, now)).toEqual({ error: SCHEDULE_MESSAGES.invalid });
    }
    expect(scheduledCloseAt("2030-01-01T12:00", now)).toEqual({ error: SCHEDULE_MESSAGES.past });
    expect(scheduledCloseAt("2029-12-31T23:59", now)).toEqual({ error: SCHEDULE_MESSAGES.past });
  });
});

describe("links", () => {
  it("builds the preview and applicant links from the current host", () => {
    const form = {
      previewLink: link("prev-1", at(0), null),
      submissionLinks: [link("old", at(-2 * HOUR), at(-HOUR)), link("new", at(-HOUR), null)],
    };
    expect(previewUrl("https://app.test", form)).toBe("https://app.test/form-preview/prev-1");
    expect(applicantUrl("https://app.test", form)).toBe("https://app.test/form/new");
    expect(applicantUrl("https://app.test", { submissionLinks: [] })).toBeNull();
  });
});
