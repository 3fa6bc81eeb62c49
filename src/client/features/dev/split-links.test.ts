import { describe, expect, it } from "vitest";
import { splitLinks } from "./split-links";

describe("splitLinks", () => {
  it("turns http(s) URLs into link parts and keeps the text around them", () => {
    expect(splitLinks("Open https://x.test/reset?token=a&b=c now")).toEqual([
      { kind: "text", text: "Open " },
      { kind: "link", href: "https://x.test/reset?token=a&b=c" },
      { kind: "text", text: " now" },
    ]);
  });

  it("leaves sentence punctuation after a URL out of the link", () => {
    expect(splitLinks("(see http://x.test/help).")).toEqual([
      { kind: "text", text: "(see " },
      { kind: "link", href: "http://x.test/help" },
      { kind: "text", text: ")." },
    ]);
  });

  it("never links other schemes", () => {
    expect(splitLinks("javascript:alert(1) mailto:a@b.test")).toEqual([
      { kind: "text", text: "javascript:alert(1) mailto:a@b.test" },
    ]);
  });
});
