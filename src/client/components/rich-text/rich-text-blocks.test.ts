import { describe, expect, it } from "vitest";
import {
  groupBlocks,
  isRichTextEmpty,
  isSafeLink,
  mergeRuns,
  richTextBlocks,
  textRun,
} from "./rich-text-blocks";

describe("richTextBlocks", () => {
  it("makes a paragraph of each line of plain text", () => {
    expect(richTextBlocks("One\r\n\nTwo")).toEqual([
      { type: "paragraph", children: [{ text: "One" }] },
      { type: "paragraph", children: [] },
      { type: "paragraph", children: [{ text: "Two" }] },
    ]);
  });

  it("has no blocks for empty text and keeps stored blocks as they are", () => {
    expect(richTextBlocks("")).toEqual([]);
    const blocks = [{ type: "heading" as const, children: [{ text: "Title", bold: true }] }];
    expect(richTextBlocks({ blocks })).toBe(blocks);
  });
});

describe("isRichTextEmpty", () => {
  it("is true without any visible text", () => {
    expect(isRichTextEmpty("")).toBe(true);
    expect(isRichTextEmpty("\n  \n")).toBe(true);
    expect(isRichTextEmpty({ blocks: [{ type: "paragraph", children: [{ text: " " }] }] })).toBe(true);
    expect(isRichTextEmpty({ blocks: [] })).toBe(true);
  });

  it("is false with text", () => {
    expect(isRichTextEmpty("x")).toBe(false);
    expect(isRichTextEmpty({ blocks: [{ type: "bullet", children: [{ text: "x" }] }] })).toBe(false);
  });
});

describe("isSafeLink", () => {
  it.each(["https://example.org", "http://x.test/a?b", "mailto:a@b.test", " HTTPS://X.TEST"])(
    "accepts %s",
    (url) => expect(isSafeLink(url)).toBe(true),
  );
  it.each(["javascript:alert(1)", "data:text/html,<b>", "//evil.test", "ftp://x", "example.org", ""])(
    "refuses %s",
    (url) => expect(isSafeLink(url)).toBe(false),
  );
});

describe("textRun", () => {
  it("keeps only the marks that are set", () => {
    expect(textRun("a", { bold: false, italic: true, underline: undefined })).toEqual({
      text: "a",
      italic: true,
    });
  });

  it("drops unsafe links and trims safe ones", () => {
    expect(textRun("a", { link: "javascript:alert(1)" })).toEqual({ text: "a" });
    expect(textRun("a", { link: " https://x.test " })).toEqual({ text: "a", link: "https://x.test" });
  });
});

describe("mergeRuns", () => {
  it("joins neighbours with the same marks and drops empty runs", () => {
    expect(
      mergeRuns([
        { text: "a", bold: true },
        { text: "" },
        { text: "b", bold: true },
        { text: "c" },
        { text: "d", link: "https://x.test" },
        { text: "e", link: "https://y.test" },
      ]),
    ).toEqual([
      { text: "ab", bold: true },
      { text: "c" },
      { text: "d", link: "https://x.test" },
      { text: "e", link: "https://y.test" },
    ]);
  });
});

describe("groupBlocks", () => {
  it("puts consecutive list items of one type in one list", () => {
    const p = { type: "paragraph" as const, children: [{ text: "p" }] };
    const b1 = { type: "bullet" as const, children: [{ text: "1" }] };
    const b2 = { type: "bullet" as const, children: [{ text: "2" }] };
    const n1 = { type: "number" as const, children: [{ text: "n" }] };
    expect(groupBlocks([b1, b2, n1, p, b1])).toEqual([
      { kind: "bullet", items: [b1, b2] },
      { kind: "number", items: [n1] },
      { kind: "paragraph", block: p },
      { kind: "bullet", items: [b1] },
    ]);
  });
});
