import { $createLinkNode, $toggleLink } from "@lexical/link";
import { useLexicalComposerContext } from "@lexical/react/LexicalComposerContext";
import { Button, Group, Popover, Stack, TextInput, Toolbar } from "@mantine/core";
import {
  $createTextNode,
  $getSelection,
  $isRangeSelection,
  $setSelection,
  type BaseSelection,
} from "lexical";
import { type FormEvent, useRef, useState } from "react";
import { isSafeLink } from "./rich-text-blocks";

export const LINK_ERROR = "Enter an address starting with http://, https:// or mailto:";

/**
 * The toolbar's Link button: a small dialog asking for the address, applied to the selected text (or
 * inserted as its own text when nothing is selected), with Remove link on a link. Escape closes it.
 */
export function LinkControl({ currentLink }: { currentLink: string | null }) {
  const [editor] = useLexicalComposerContext();
  const [opened, setOpened] = useState(false);
  const [url, setUrl] = useState("");
  const [error, setError] = useState<string | null>(null);
  // The text selection when the dialog opened: typing the address moves the focus out of the text.
  const selection = useRef<BaseSelection | null>(null);

  function open() {
    selection.current = editor.getEditorState().read(() => $getSelection()?.clone() ?? null);
    setUrl(currentLink ?? "https://");
    setError(null);
    setOpened(true);
  }

  function close() {
    setOpened(false);
    editor.focus();
  }

  function applyLink(address: string | null) {
    editor.update(() => {
      if (selection.current) $setSelection(selection.current.clone());
      const current = $getSelection();
      if (address !== null && currentLink === null && $isRangeSelection(current) && current.isCollapsed()) {
        current.insertNodes([$createLinkNode(address).append($createTextNode(address))]);
      } else {
        $toggleLink(address);
      }
    });
    close();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    // The dialog is portalled, but React still bubbles its submit to any form around the editor.
    event.stopPropagation();
    const address = url.trim();
    if (!isSafeLink(address)) {
      setError(LINK_ERROR);
      return;
    }
    applyLink(address);
  }

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      onClose={() => setError(null)}
      trapFocus
      returnFocus
      position="bottom-start"
      withArrow
      shadow="md"
    >
      <Popover.Target>
        <Toolbar.Toggle
          autoWidth
          aria-label={currentLink ? "Edit link" : "Link"}
          onClick={() => (opened ? close() : open())}
        >
          Link
        </Toolbar.Toggle>
      </Popover.Target>
      <Popover.Dropdown>
        <form onSubmit={submit} noValidate>
          <Stack gap="xs" w={300}>
            <TextInput
              label="Link address"
              data-autofocus
              value={url}
              error={error}
              onChange={(event) => setUrl(event.currentTarget.value)}
            />
            <Group gap="xs" justify="flex-end">
              {currentLink !== null && (
                <Button variant="default" size="xs" onClick={() => applyLink(null)}>
                  Remove link
                </Button>
              )}
              <Button variant="default" size="xs" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" size="xs">
                Apply
              </Button>
            </Group>
          </Stack>
        </form>
      </Popover.Dropdown>
    </Popover>
  );
}
