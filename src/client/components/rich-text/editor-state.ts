import type { SerializedLinkNode } from "@lexical/link";
import type { SerializedListItemNode, SerializedListNode } from "@lexical/list";
import type { SerializedHeadingNode } from "@lexical/rich-text";
import type {
  SerializedEditorState,
  SerializedLexicalNode,
  SerializedLineBreakNode,
  SerializedParagraphNode,
  SerializedTextNode,
} from "lexical";
import type { RichText } from "../../../shared/forms/model";
import {
  groupBlocks,
  mergeRuns,
  type RichTextBlock,
  richTextBlocks,
  type TextRun,
  textRun,
} from "./rich-text-blocks";

/**
 * The editor's document (Lexical's serialized JSON) to and from the stored rich text. Pure data on both
 * sides (Lexical is only a type import here): the editor parses what `editorStateFromRichText` returns
 * and hands `blocksFromEditorState` its `editorState.toJSON()`.
 */

/** Lexical's text format bits (lexical's IS_BOLD, IS_ITALIC, IS_UNDERLINE). */
export const FORMAT_BITS = { bold: 1, italic: 2, underline: 8 } as const;

type Marks = Omit<TextRun, "text">;

/** What is read from any serialized node: the fields of the node types the editor knows. */
interface AnyNode {
  type: string;
  text?: unknown;
  format?: unknown;
  url?: unknown;
  listType?: unknown;
  children?: unknown;
}

function childrenOf(node: AnyNode): AnyNode[] {
  return Array.isArray(node.children) ? (node.children as AnyNode[]) : [];
}

function marksOf(format: unknown, link: string | undefined): Marks {
  const bits = typeof format === "number" ? format : 0;
  return {
    bold: (bits & FORMAT_BITS.bold) !== 0,
    italic: (bits & FORMAT_BITS.italic) !== 0,
    underline: (bits & FORMAT_BITS.underline) !== 0,
    link,
  };
}

/** The text runs of a block's inline content; a line break joins the run before it. */
function inlineRuns(nodes: readonly AnyNode[], link: string | undefined, runs: TextRun[]): TextRun[] {
  for (const node of nodes) {
    if (node.type === "text" && typeof node.text === "string") {
      runs.push(textRun(node.text, marksOf(node.format, link)));
    } else if (node.type === "linebreak" || node.type === "tab") {
      const marks: Marks = runs.at(-1) ?? marksOf(0, link);
      runs.push(textRun(node.type === "tab" ? "\t" : "\n", marks));
    } else if ((node.type === "link" || node.type === "autolink") && typeof node.url === "string") {
      inlineRuns(childrenOf(node), node.url, runs);
    } else if (node.type !== "list") {
      inlineRuns(childrenOf(node), link, runs);
    }
  }
  return runs;
}

function block(type: RichTextBlock["type"], nodes: readonly AnyNode[]): RichTextBlock {
  return { type, children: mergeRuns(inlineRuns(nodes, undefined, [])) };
}

/** A list, nested lists flattened: every item becomes a block of its own list's type. */
function listBlocks(list: AnyNode, blocks: RichTextBlock[]): void {
  const type = list.listType === "number" ? "number" : "bullet";
  for (const item of childrenOf(list)) {
    const children = childrenOf(item);
    const nested = children.filter((child) => child.type === "list");
    const inline = children.filter((child) => child.type !== "list");
    if (inline.length > 0 || nested.length === 0) blocks.push(block(type, inline));
    for (const sublist of nested) listBlocks(sublist, blocks);
  }
}

/** The stored rich text of an editor document; "" when it holds no text at all. */
export function blocksFromEditorState(state: SerializedEditorState): RichText {
  const blocks: RichTextBlock[] = [];
  for (const node of childrenOf(state.root as AnyNode)) {
    if (node.type === "list") listBlocks(node, blocks);
    else blocks.push(block(node.type === "heading" ? "heading" : "paragraph", [node]));
  }
  const empty = blocks.every((b) => b.children.length === 0);
  return empty ? "" : { blocks };
}

const ELEMENT = { direction: null, format: "", indent: 0, version: 1 } as const;

function textNode(text: string, run: TextRun): SerializedTextNode {
  const format =
    (run.bold ? FORMAT_BITS.bold : 0) |
    (run.italic ? FORMAT_BITS.italic : 0) |
    (run.underline ? FORMAT_BITS.underline : 0);
  return { type: "text", version: 1, text, format, detail: 0, mode: "normal", style: "" };
}

/** A run's text, with each "\n" as a line break node. */
function runNodes(run: TextRun): SerializedLexicalNode[] {
  const nodes: SerializedLexicalNode[] = [];
  run.text.split("\n").forEach((line, index) => {
    if (index > 0) nodes.push({ type: "linebreak", version: 1 } satisfies SerializedLineBreakNode);
    if (line !== "") nodes.push(textNode(line, run));
  });
  return nodes;
}

/** Runs as text nodes, consecutive runs with the same link inside one link node. */
function inlineNodes(runs: readonly TextRun[]): SerializedLexicalNode[] {
  const nodes: SerializedLexicalNode[] = [];
  let link: SerializedLinkNode | null = null;
  for (const run of runs) {
    if (run.link === undefined) {
      link = null;
      nodes.push(...runNodes(run));
      continue;
    }
    if (link === null || link.url !== run.link) {
      link = { ...ELEMENT, type: "link", url: run.link, rel: null, target: null, title: null, children: [] };
      nodes.push(link);
    }
    link.children.push(...runNodes(run));
  }
  return nodes;
}

function paragraph(children: SerializedLexicalNode[]): SerializedParagraphNode {
  return { ...ELEMENT, type: "paragraph", textFormat: 0, textStyle: "", children };
}

/** The editor document of stored rich text (plain text: a paragraph per line; empty: one empty paragraph). */
export function editorStateFromRichText(value: RichText): SerializedEditorState {
  const children: SerializedLexicalNode[] = groupBlocks(richTextBlocks(value)).map((group) => {
    if (group.kind === "paragraph") return paragraph(inlineNodes(group.block.children));
    if (group.kind === "heading") {
      return {
        ...ELEMENT,
        type: "heading",
        tag: "h3",
        children: inlineNodes(group.block.children),
      } satisfies SerializedHeadingNode;
    }
    return {
      ...ELEMENT,
      type: "list",
      listType: group.kind,
      start: 1,
      tag: group.kind === "number" ? "ol" : "ul",
      children: group.items.map(
        (item, index): SerializedListItemNode => ({
          ...ELEMENT,
          type: "listitem",
          value: index + 1,
          checked: undefined,
          children: inlineNodes(item.children),
        }),
      ),
    } satisfies SerializedListNode;
  });
  if (children.length === 0) children.push(paragraph([]));
  return { root: { ...ELEMENT, type: "root", children } };
}
