import { Anchor, Typography } from "@mantine/core";
import { Fragment, type ReactNode } from "react";
import type { RichText } from "../../../shared/forms/model";
import { groupBlocks, type RichTextBlock, richTextBlocks, type TextRun } from "./rich-text-blocks";

/**
 * Stored rich text (blocks, or the plain text of old forms) as React elements. Never HTML: whatever the
 * text holds is shown as text. No Lexical here, so the applicant pages stay small.
 */
export function RichTextView({ value }: { value: RichText }) {
  const groups = groupBlocks(richTextBlocks(value));
  if (groups.length === 0) return null;
  return (
    <Typography>
      {groups.map((group, i) => {
        if (group.kind === "paragraph") {
          // biome-ignore lint/suspicious/noArrayIndexKey: blocks are positional and never reordered
          return <p key={i}>{runs(group.block)}</p>;
        }
        if (group.kind === "heading") {
          // biome-ignore lint/suspicious/noArrayIndexKey: blocks are positional and never reordered
          return <h3 key={i}>{runs(group.block)}</h3>;
        }
        const List = group.kind === "number" ? "ol" : "ul";
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: blocks are positional and never reordered
          <List key={i}>
            {group.items.map((item, j) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: items are positional and never reordered
              <li key={j}>{runs(item)}</li>
            ))}
          </List>
        );
      })}
    </Typography>
  );
}

function runs(block: RichTextBlock): ReactNode {
  return block.children.map((run, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: runs are positional and never reordered
    <Fragment key={i}>{styledRun(run)}</Fragment>
  ));
}

function styledRun(run: TextRun): ReactNode {
  let node: ReactNode = withLineBreaks(run.text);
  if (run.bold) node = <strong>{node}</strong>;
  if (run.italic) node = <em>{node}</em>;
  if (run.underline) node = <u>{node}</u>;
  if (run.link) {
    node = (
      <Anchor href={run.link} target="_blank" rel="noopener noreferrer" underline="always">
        {node}
      </Anchor>
    );
  }
  return node;
}

function withLineBreaks(text: string): ReactNode {
  const lines = text.split("\n");
  if (lines.length === 1) return text;
  return lines.map((line, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: lines are positional and never reordered
    <Fragment key={i}>
      {i > 0 && <br />}
      {line}
    </Fragment>
  ));
}
