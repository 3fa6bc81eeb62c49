import { Anchor } from "@mantine/core";
import { Fragment } from "react";
import { splitLinks } from "./split-links";

/** Plain text with its http(s) URLs as real links, built as elements (never as HTML). */
export function LinkifiedText({ text }: { text: string }) {
  return (
    <>
      {splitLinks(text).map((part, i) =>
        part.kind === "link" ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts are positional and never reordered
          <Anchor key={i} href={part.href} underline="always">
            {part.href}
          </Anchor>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts are positional and never reordered
          <Fragment key={i}>{part.text}</Fragment>
        ),
      )}
    </>
  );
}
