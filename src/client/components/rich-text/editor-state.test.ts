import { LinkNode } from "@lexical/link";
import { ListItemNode, ListNode } from "@lexical/list";
import { HeadingNode, QuoteNode } from "@lexical/rich-text";
import { createEditor, IS_BOLD, IS_ITALIC, IS_UNDERLINE, type SerializedEditorState } from "lexical";
import { describe, expect, it } from "vitest";
import type { RichText } from "../../../shared/forms/model";
import { blocksFromEditorState, editorStateFromRichText, FORMAT_BITS } from "./editor-state";

/** What the editor does with a document: parse it into its nodes and serialize it again (headless). */
function throughLexical(state: SerializedEditorState): SerializedEditorState {
  const editor = createEditor({
    nodes: [HeadingNode, QuoteNode, ListNode, ListItemNode, LinkNode],
    onError: (error) => {
      throw error;
    },
  });
  return editor.parseEditorState(state).toJSON();
}

const roundTrip = (value: RichText) => blocksFromEditorState(throughLexical(editorStateFromRichText(value)));

const RICH: RichText = {
  blocks: [
    { type: "heading", children: [{ text: "About the program" }] },
    {
      type: "paragraph",
      children: [
        { text: "Plain, " },
        { text: "bold", bold: true },
        { text: " and ", italic: true, underline: true },
        { text: "all", bold: true, italic: true, underline: true },
        { text: " — see " },
        { text: "our site", link: "https://example.org/a?b=1" },
        { text: " or ", bold: true, link: "https://example.org/a?b=1" },
        { text: "write", link: "mailto:grants@example.org" },
        { text: "." },
      ],
    },
    { type: "bullet", children: [{ text: "first" }] },
    { type: "bullet", children: [{ text: "second", bold: true }] },
    { type: "number", children: [{ text: "one" }] },
    { type: "number", children: [{ text: "two" }] },
    { type: "paragraph", children: [] },
    { type: "paragraph", children: [{ text: "line one\nline two" }] },
  ],
};

describe("editorStateFromRichText / blocksFromEditorState", () => {
  it("uses Lexical's own format bits", () => {
    expect(FORMAT_BITS).toEqual({ bold: IS_BOLD, italic: IS_ITALIC, underline: IS_UNDERLINE });
  });

  it("round-trips blocks with every block type, mark, link and line break through Lexical", () => {
    expect(roundTrip(RICH)).toEqual(RICH);
  });

  it("round-trips without Lexical too (pure data)", () => {
    expect(blocksFromEditorState(editorStateFromRichText(RICH))).toEqual(RICH);
  });

  it("turns plain text into paragraphs, a line each", () => {
    expect(roundTrip("First line\nSecond line")).toEqual({
      blocks: [
        { type: "paragraph", children: [{ text: "First line" }] },
        { type: "paragraph", children: [{ text: "Second line" }] },
      ],
    });
  });

  it("gives an empty editor one empty paragraph, and stores an empty editor as empty text", () => {
    const state = throughLexical(editorStateFromRichText(""));
    expect(state.root.children).toHaveLength(1);
    expect(state.root.children[0]?.type).toBe("paragraph");
    expect(blocksFromEditorState(state)).toBe("");
    expect(roundTrip({ blocks: [] })).toBe("");
    expect(roundTrip({ blocks: [{ type: "paragraph", children: [] }] })).toBe("");
  });

  it("is stable: a second round trip changes nothing", () => {
    const once = roundTrip(RICH);
    expect(roundTrip(once)).toEqual(once);
  });

  it("flattens nested lists and reads quotes and other headings as paragraphs and headings", () => {
    const text = (t: string, format = 0) => ({
      type: "text",
      version: 1,
      text: t,
      format,
      detail: 0,
      mode: "normal",
      style: "",
    });
    const element = { direction: null, format: "", indent: 0, version: 1 };
    const item = (children: unknown[]) => ({ ...element, type: "listitem", value: 1, children });
    const state = {
      root: {
        ...element,
        type: "root",
        children: [
          { ...element, type: "heading", tag: "h1", children: [text("Big")] },
          { ...element, type: "quote", children: [text("Quoted", IS_ITALIC)] },
          {
            ...element,
            type: "list",
            listType: "bullet",
            start: 1,
            tag: "ul",
            children: [
              item([text("outer")]),
              item([
                {
                  ...element,
                  type: "list",
                  listType: "number",
                  start: 1,
                  tag: "ol",
                  children: [item([text("inner")])],
                },
              ]),
            ],
          },
          {
            ...element,
            type: "list",
            listType: "check",
            start: 1,
            tag: "ul",
            children: [item([text("task")])],
          },
        ],
      },
    } as unknown as SerializedEditorState;
    expect(blocksFromEditorState(state)).toEqual({
      blocks: [
        { type: "heading", children: [{ text: "Big" }] },
        { type: "paragraph", children: [{ text: "Quoted", italic: true }] },
        { type: "bullet", children: [{ text: "outer" }] },
        { type: "number", children: [{ text: "inner" }] },
        { type: "bullet", children: [{ text: "task" }] },
      ],
    });
  });

  it("keeps the text of unsafe links but not the link, and ignores strikethrough and code", () => {
    const element = { direction: null, format: "", indent: 0, version: 1 };
    const state = {
      root: {
        ...element,
        type: "root",
        children: [
          {
            ...element,
            type: "paragraph",
            children: [
              {
                ...element,
                type: "link",
                url: "javascript:alert(1)",
                children: [
                  {
                    type: "text",
                    version: 1,
                    text: "click",
                    format: 4 | 16,
                    detail: 0,
                    mode: "normal",
                    style: "",
                  },
                ],
              },
            ],
          },
        ],
      },
    } as unknown as SerializedEditorState;
    expect(blocksFromEditorState(state)).toEqual({
      blocks: [{ type: "paragraph", children: [{ text: "click" }] }],
    });
  });

  it("parses hostile text as text", () => {
    const value: RichText = {
      blocks: [{ type: "paragraph", children: [{ text: "<img src=x onerror=alert(1)>" }] }],
    };
    expect(roundTrip(value)).toEqual(value);
  });
});
