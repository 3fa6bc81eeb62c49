import { LinkNode } from "@lexical/link";
import { ListItemNode, ListNode } from "@lexical/list";
import { type InitialConfigType, LexicalComposer } from "@lexical/react/LexicalComposer";
import { useLexicalComposerContext } from "@lexical/react/LexicalComposerContext";
import { ContentEditable } from "@lexical/react/LexicalContentEditable";
import { LexicalErrorBoundary } from "@lexical/react/LexicalErrorBoundary";
import { HistoryPlugin } from "@lexical/react/LexicalHistoryPlugin";
import { LinkPlugin } from "@lexical/react/LexicalLinkPlugin";
import { ListPlugin } from "@lexical/react/LexicalListPlugin";
import { OnChangePlugin } from "@lexical/react/LexicalOnChangePlugin";
import { RichTextPlugin } from "@lexical/react/LexicalRichTextPlugin";
import { HeadingNode } from "@lexical/rich-text";
import { Input, Stack } from "@mantine/core";
import type { EditorState } from "lexical";
import { useEffect, useId, useRef } from "react";
import type { RichText } from "../../../shared/forms/model";
import { blocksFromEditorState, editorStateFromRichText } from "./editor-state";
import { isSafeLink } from "./rich-text-blocks";
import classes from "./rich-text-editor.module.css";
import { RichTextToolbar } from "./rich-text-toolbar";

export interface RichTextEditorProps {
  label: string;
  value: RichText;
  onChange(value: RichText): void;
  readOnly?: boolean;
}

const THEME: InitialConfigType["theme"] = {
  paragraph: classes.paragraph,
  heading: { h3: classes.heading },
  list: { ul: classes.list, ol: classes.list },
  link: classes.link,
  text: { underline: classes.underline },
};

/** What the editor shows for a stored value, in the shape it would store it (so equal content compares equal). */
const normalized = (value: RichText): RichText => blocksFromEditorState(editorStateFromRichText(value));
const same = (a: RichText, b: RichText) => JSON.stringify(a) === JSON.stringify(b);

/**
 * A Lexical rich-text editor of the stored `RichText` (bold, italic, underline, bulleted and numbered lists,
 * headings, http(s)/mailto links). Plain text of old forms opens as paragraphs; an empty editor stores "".
 * Only the builder (a lazy route chunk) imports it, so Lexical stays out of the main bundle.
 */
export function RichTextEditor({ label, value, onChange, readOnly = false }: RichTextEditorProps) {
  const initialConfig: InitialConfigType = {
    namespace: "RichTextEditor",
    nodes: [HeadingNode, ListNode, ListItemNode, LinkNode],
    theme: THEME,
    editable: !readOnly,
    editorState: JSON.stringify(editorStateFromRichText(value)),
    onError: (error) => console.error("Rich text editor", error),
  };
  return (
    <LexicalComposer initialConfig={initialConfig}>
      <EditorBody label={label} value={value} onChange={onChange} readOnly={readOnly} />
    </LexicalComposer>
  );
}

function EditorBody({ label, value, onChange, readOnly = false }: RichTextEditorProps) {
  const [editor] = useLexicalComposerContext();
  const labelId = useId();
  const editableId = useId();
  // The value the editor holds, as it would store it: an edit is reported only when it changes that, and
  // a new `value` from outside (a reload, an undo) replaces the document only when it differs.
  const current = useRef<RichText>(normalized(value));

  useEffect(() => editor.setEditable(!readOnly), [editor, readOnly]);

  useEffect(() => {
    if (same(normalized(value), current.current)) return;
    current.current = normalized(value);
    editor.setEditorState(editor.parseEditorState(editorStateFromRichText(value)));
  }, [editor, value]);

  function changed(state: EditorState) {
    const next = blocksFromEditorState(state.toJSON());
    if (same(next, current.current)) return;
    current.current = next;
    onChange(next);
  }

  return (
    <Stack gap={4}>
      <Input.Label id={labelId} onClick={() => editor.focus()}>
        {label}
      </Input.Label>
      {!readOnly && <RichTextToolbar label={label} editableId={editableId} />}
      {/* A block (not flex) parent: Chrome mishandles focus around a contenteditable in a flex box. */}
      <div>
        <RichTextPlugin
          contentEditable={
            <ContentEditable
              id={editableId}
              className={classes.editable}
              aria-labelledby={labelId}
              aria-multiline
            />
          }
          ErrorBoundary={LexicalErrorBoundary}
        />
      </div>
      <HistoryPlugin />
      <ListPlugin />
      <LinkPlugin validateUrl={isSafeLink} attributes={{ rel: "noopener noreferrer", target: "_blank" }} />
      <OnChangePlugin ignoreSelectionChange onChange={changed} />
    </Stack>
  );
}
