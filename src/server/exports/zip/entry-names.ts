/**
 * Names of the entries in an export's zip. What goes in comes from people (an applicant's file name, an
 * identifier), and what comes out is unpacked by every kind of tool on every kind of system, so a name is
 * one safe path segment: no folders of its own (a "../../etc/passwd" stays inside its folder, as
 * "passwd"), nothing Windows refuses, never "." or "..", and never the same as another entry of the same
 * folder — compared without case, since Windows and macOS folders do not tell "A.pdf" from "a.pdf".
 */

/** The longest segment produced (characters); the zip format allows 65,535 bytes for a whole name. */
export const MAX_SEGMENT_LENGTH = 200;
/** An extension longer than this is not one ("notes.from the meeting"): it is cut like the rest. */
const MAX_EXTENSION_LENGTH = 16;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;
/**
 * Bidirectional controls (LRM, RLM, the embeddings and overrides, the isolates): "invoice\u202Efdp.exe"
 * shows as "invoiceexe.pdf" in a file manager, its real extension hidden.
 */
export const DIRECTION_CONTROLS = /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
/** Characters Windows refuses in a file name (the slashes never get here: they split the name). */
const FORBIDDEN = /[<>:"|?*]/g;
/** Device names Windows reserves, with or without an extension ("con.txt" cannot be created either). */
const RESERVED = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\..*)?$/i;

/** "report.final.pdf" → ["report.final", ".pdf"]; a leading dot alone (".env") is no extension. */
function splitExtension(name: string): [stem: string, extension: string] {
  const dot = name.lastIndexOf(".");
  if (dot <= 0 || name.length - dot > MAX_EXTENSION_LENGTH) return [name, ""];
  return [name.slice(0, dot), name.slice(dot)];
}

/** At most `max` characters (whole code points: an emoji is never cut in half). */
function truncate(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : chars.slice(0, max).join("");
}

/** One safe path segment from a name someone typed; `fallback` when nothing usable is left. */
export function safeSegment(name: string, fallback = "file"): string {
  // Only the last part of a path: what an upload from Windows ("C:\\Users\\me\\cv.pdf") or a hostile
  // client ("../../etc/passwd") sends names one file, never a place.
  const base =
    name
      .split(/[/\\]/)
      .filter((part) => part.trim() !== "")
      .pop() ?? "";
  let cleaned = base
    .normalize("NFC")
    .replace(CONTROL, "")
    .replace(DIRECTION_CONTROLS, "")
    .replace(FORBIDDEN, "_")
    .trim();
  // Windows drops trailing dots and spaces, which would make "a." and "a" the same file.
  cleaned = cleaned.replace(/[. ]+$/, "");
  if (cleaned === "" || /^\.+$/.test(cleaned)) return fallback;
  if (RESERVED.test(cleaned)) cleaned = `_${cleaned}`;
  if (Array.from(cleaned).length <= MAX_SEGMENT_LENGTH) return cleaned;
  const [stem, extension] = splitExtension(cleaned);
  return truncate(stem, MAX_SEGMENT_LENGTH - extension.length).trimEnd() + extension;
}

/**
 * The names given out in one folder of a zip: the first "name.pdf" is itself, the next ones
 * "name-2.pdf", "name-3.pdf", … skipping any number already taken by a name that really was "name-2.pdf".
 */
export class UniqueNames {
  private readonly taken = new Set<string>();
  /** Per name, the suffix to try next: a thousand equal identifiers cost a thousand look-ups, not half a million. */
  private readonly nextSuffix = new Map<string, number>();

  claim(name: string): string {
    const key = name.toLowerCase();
    if (!this.taken.has(key)) {
      this.taken.add(key);
      return name;
    }
    const [stem, extension] = splitExtension(name);
    let suffix = this.nextSuffix.get(key) ?? 2;
    let candidate = `${stem}-${suffix}${extension}`;
    while (this.taken.has(candidate.toLowerCase())) {
      suffix += 1;
      candidate = `${stem}-${suffix}${extension}`;
    }
    this.nextSuffix.set(key, suffix + 1);
    this.taken.add(candidate.toLowerCase());
    return candidate;
  }
}
