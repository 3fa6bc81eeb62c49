import { Textarea, type TextareaProps } from "@mantine/core";

export interface GrowingTextareaProps
  extends Omit<TextareaProps, "autosize" | "rows" | "minRows" | "maxRows"> {
  /** The lines it shows when empty. */
  minRows: number;
  /** The lines it grows to before it scrolls. */
  maxRows: number;
}

/** Mantine's input padding and border, above and below the text (Input.css). */
const FRAME = "(2 * var(--input-padding-y, 0rem) + 2 * 0.0625rem * var(--mantine-scale))";

/**
 * A text area that grows with its text, from `minRows` to `maxRows` lines, sized by the browser (CSS
 * `field-sizing: content`; `1lh` is one line of its text), with no script measuring it. Mantine's `autosize`
 * measures the text with a hidden copy of the field on mount and on every key (computed styles, then a forced
 * layout): tens of milliseconds on a phone for each field, on the submission view's comment boxes and in an
 * applicant's long answers (docs/decisions/050-signed-in-reads-in-the-page.md). A browser without
 * field-sizing (Firefox today) shows `minRows` lines and scrolls. Inline styles, not a sheet: the signed-in
 * first screen is rendered from these components at build time, where a style sheet cannot be imported.
 */
export function GrowingTextarea({ minRows, maxRows, ...props }: GrowingTextareaProps) {
  return (
    <Textarea
      {...props}
      rows={minRows}
      styles={{
        input: {
          fieldSizing: "content",
          minHeight: `calc(${minRows}lh + ${FRAME})`,
          maxHeight: `calc(${maxRows}lh + ${FRAME})`,
        },
      }}
    />
  );
}
