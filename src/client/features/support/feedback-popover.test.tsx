import { describe, expect, it } from "vitest";
import { render } from "../../test/render";
import { FeedbackForm, missingFeedbackFields } from "./feedback-popover";

describe("feedback's Send", () => {
  it("says what is missing under a Send that stays reachable", () => {
    const html = render(<FeedbackForm userId="u1" userName="Ann" onSent={() => {}} />);
    expect(html).toContain("To send, complete: Experience, Type, Comment");
    const send = html.match(/<button[^>]*>(?:(?!<\/button>).)*>Send</)?.[0] ?? "";
    expect(send).toContain('aria-disabled="true"');
    expect(send).not.toMatch(/\sdisabled=""/);
    expect(send).toMatch(/aria-describedby="[^"]+"/);
  });

  it("names exactly the fields still empty", () => {
    expect(missingFeedbackFields({ experience: "good", feedbackType: "", comment: " " })).toEqual([
      "Type",
      "Comment",
    ]);
    expect(missingFeedbackFields({ experience: "good", feedbackType: "Bug", comment: "Broken" })).toEqual([]);
  });
});
