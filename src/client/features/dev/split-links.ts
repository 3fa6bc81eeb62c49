/** Splits plain text into text and http(s) link parts; only these two schemes ever become links. */
const URL_PATTERN = /https?:\/\/[^\s<>"']+/g;
/** Sentence punctuation right after a URL belongs to the sentence, not to the link. */
const TRAILING_PUNCTUATION = /[.,;:!?)\]]+$/;

export type TextPart = { kind: "text"; text: string } | { kind: "link"; href: string };

export function splitLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index;
    const href = match[0].replace(TRAILING_PUNCTUATION, "");
    if (start > last) parts.push({ kind: "text", text: text.slice(last, start) });
    parts.push({ kind: "link", href });
    last = start + href.length;
  }
  if (last < text.length) parts.push({ kind: "text", text: text.slice(last) });
  return parts;
}
