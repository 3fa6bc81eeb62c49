import type { RichText } from "../../../shared/forms/model";

/**
 * Rich text as blocks, whatever was stored: the shared model's `{ blocks }`, or the plain text of old
 * forms (one paragraph per line). Free of Lexical, so the applicant pages can render descriptions
 * without loading the editor.
 */
export type RichTextBlock = Exclude<RichText, string>["blocks"][number];
export type TextRun = RichTextBlock["children"][number];
export type BlockType = RichTextBlock["type"];

const SAFE_LINK = /^(https?:\/\/|mailto:)/i;

/** The links the model accepts: http(s) and mailto only (never javascript:, data:…). */
export function isSafeLink(url: string): boolean {
  return SAFE_LINK.test(url.trim());
}

export function richTextBlocks(value: RichText): RichTextBlock[] {
  if (typeof value !== "string") return value.blocks;
  if (value === "") return [];
  return value
    .split(/\r?\n/)
    .map((line) => ({ type: "paragraph", children: line === "" ? [] : [{ text: line }] }));
}

/** True when there is no text at all (an empty editor is stored as ""). */
export function isRichTextEmpty(value: RichText): boolean {
  return richTextBlocks(value).every((block) => block.children.every((run) => run.text.trim() === ""));
}

/** A run with only the marks it has: `{ text, bold: true }`, never `bold: false` or an unsafe link. */
export function textRun(text: string, marks: Omit<TextRun, "text">): TextRun {
  const run: TextRun = { text };
  if (marks.bold) run.bold = true;
  if (marks.italic) run.italic = true;
  if (marks.underline) run.underline = true;
  if (marks.link && isSafeLink(marks.link)) run.link = marks.link.trim();
  return run;
}

function sameMarks(a: TextRun, b: TextRun): boolean {
  return !a.bold === !b.bold && !a.italic === !b.italic && !a.underline === !b.underline && a.link === b.link;
}

/** Drops empty runs and joins neighbours with the same marks, so equal content has one shape. */
export function mergeRuns(runs: readonly TextRun[]): TextRun[] {
  const merged: TextRun[] = [];
  for (const run of runs) {
    if (run.text === "") continue;
    const last = merged.at(-1);
    if (last && sameMarks(last, run)) merged[merged.length - 1] = { ...last, text: last.text + run.text };
    else merged.push(run);
  }
  return merged;
}

export type BlockGroup =
  | { kind: "paragraph"; block: RichTextBlock }
  | { kind: "heading"; block: RichTextBlock }
  | { kind: "bullet" | "number"; items: RichTextBlock[] };

/** Consecutive list blocks of one type form one list (one <ul> or <ol>). */
export function groupBlocks(blocks: readonly RichTextBlock[]): BlockGroup[] {
  const groups: BlockGroup[] = [];
  for (const block of blocks) {
    const last = groups.at(-1);
    if (block.type === "bullet" || block.type === "number") {
      if (last && last.kind === block.type) last.items.push(block);
      else groups.push({ kind: block.type, items: [block] });
    } else if (block.type === "heading") {
      groups.push({ kind: "heading", block });
    } else {
      groups.push({ kind: "paragraph", block });
    }
  }
  return groups;
}
