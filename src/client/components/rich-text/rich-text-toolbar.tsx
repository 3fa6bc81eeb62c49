import { $isLinkNode } from "@lexical/link";
import {
  $isListNode,
  INSERT_ORDERED_LIST_COMMAND,
  INSERT_UNORDERED_LIST_COMMAND,
  REMOVE_LIST_COMMAND,
} from "@lexical/list";
import { useLexicalComposerContext } from "@lexical/react/LexicalComposerContext";
import { $createHeadingNode, $isHeadingNode } from "@lexical/rich-text";
import { $setBlocksType } from "@lexical/selection";
import { $findMatchingParent } from "@lexical/utils";
import { Toolbar } from "@mantine/core";
import {
  $createParagraphNode,
  $getSelection,
  $isRangeSelection,
  type EditorState,
  FORMAT_TEXT_COMMAND,
  type LexicalEditor,
} from "lexical";
import { type CSSProperties, type MouseEvent, useEffect, useState } from "react";
import type { BlockType } from "./rich-text-blocks";
import { LinkControl } from "./rich-text-link-control";

export interface ToolbarState {
  bold: boolean;
  italic: boolean;
  underline: boolean;
  block: BlockType;
  /** The address of the link at the caret, if any. */
  link: string | null;
}

const EMPTY_STATE: ToolbarState = {
  bold: false,
  italic: false,
  underline: false,
  block: "paragraph",
  link: null,
};

/** What the toolbar shows as pressed, read from the selection. */
function readToolbarState(state: EditorState): ToolbarState {
  return state.read(() => {
    const selection = $getSelection();
    if (!$isRangeSelection(selection)) return EMPTY_STATE;
    const anchor = selection.anchor.getNode();
    const list = $findMatchingParent(anchor, $isListNode);
    const top = anchor.getKey() === "root" ? null : anchor.getTopLevelElement();
    const link = $findMatchingParent(anchor, $isLinkNode);
    return {
      bold: selection.hasFormat("bold"),
      italic: selection.hasFormat("italic"),
      underline: selection.hasFormat("underline"),
      block: $isListNode(list)
        ? list.getListType() === "number"
          ? "number"
          : "bullet"
        : $isHeadingNode(top)
          ? "heading"
          : "paragraph",
      link: $isLinkNode(link) ? link.getURL() : null,
    };
  });
}

function toggleList(editor: LexicalEditor, current: BlockType, type: "bullet" | "number") {
  if (current === type) editor.dispatchCommand(REMOVE_LIST_COMMAND, undefined);
  else
    editor.dispatchCommand(
      type === "bullet" ? INSERT_UNORDERED_LIST_COMMAND : INSERT_ORDERED_LIST_COMMAND,
      undefined,
    );
}

function toggleHeading(editor: LexicalEditor, current: BlockType) {
  editor.update(() => {
    $setBlocksType($getSelection(), () =>
      current === "heading" ? $createParagraphNode() : $createHeadingNode("h3"),
    );
  });
}

/** A mouse press on a toolbar button leaves the focus (and the selection) in the text. */
const keepFocus = (event: MouseEvent) => event.preventDefault();

interface Tool {
  name: string;
  glyph: string;
  style?: CSSProperties;
  pressed: (state: ToolbarState) => boolean;
  run: (editor: LexicalEditor, state: ToolbarState) => void;
}

const mark = (format: "bold" | "italic" | "underline", name: string, style: CSSProperties): Tool => ({
  name,
  glyph: name.charAt(0),
  style,
  pressed: (state) => state[format],
  run: (editor) => editor.dispatchCommand(FORMAT_TEXT_COMMAND, format),
});

const list = (type: "bullet" | "number", name: string, glyph: string): Tool => ({
  name,
  glyph,
  pressed: (state) => state.block === type,
  run: (editor, state) => toggleList(editor, state.block, type),
});

const MARK_TOOLS: Tool[] = [
  mark("bold", "Bold", { fontWeight: 700 }),
  mark("italic", "Italic", { fontStyle: "italic" }),
  mark("underline", "Underline", { textDecoration: "underline" }),
];

const BLOCK_TOOLS: Tool[] = [
  list("bullet", "Bulleted list", "Bulleted"),
  list("number", "Numbered list", "Numbered"),
  {
    name: "Heading",
    glyph: "Heading",
    pressed: (state) => state.block === "heading",
    run: (editor, state) => toggleHeading(editor, state.block),
  },
];

/**
 * Bold, Italic, Underline, Bulleted list, Numbered list, Heading, Link: buttons with names and pressed
 * states, reached by Tab or the arrow keys (Mantine's toolbar); Ctrl/Cmd+B, I and U work in the text too.
 */
export function RichTextToolbar({ label, editableId }: { label: string; editableId: string }) {
  const [editor] = useLexicalComposerContext();
  const [state, setState] = useState<ToolbarState>(() => readToolbarState(editor.getEditorState()));

  useEffect(
    () => editor.registerUpdateListener(({ editorState }) => setState(readToolbarState(editorState))),
    [editor],
  );

  const buttons = (tools: Tool[]) =>
    tools.map((tool) => (
      <Toolbar.Toggle
        key={tool.name}
        autoWidth={tool.glyph.length > 1}
        aria-label={tool.name}
        active={tool.pressed(state)}
        onMouseDown={keepFocus}
        onClick={() => tool.run(editor, state)}
        style={tool.style}
      >
        {tool.glyph}
      </Toolbar.Toggle>
    ));

  return (
    <Toolbar aria-label={`${label}: formatting`} aria-controls={editableId} size="sm">
      {buttons(MARK_TOOLS)}
      <Toolbar.Divider />
      {buttons(BLOCK_TOOLS)}
      <Toolbar.Divider />
      <LinkControl currentLink={state.link} />
    </Toolbar>
  );
}
