import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * The judges of the stored-XSS suites: is hostile text inert where it is shown — an email's HTML, a
 * spreadsheet cell, a PDF — and is it still there, shown as the text it was?
 */

// ————— Text shown literally —————

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is ignored
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;

/**
 * Text as a reader compares it: control and direction characters dropped (surfaces may drop them),
 * whitespace collapsed. The judge of "shown literally" compares both sides this way.
 */
export function asRead(text: string): string {
  return text.replace(/\s+/g, " ").replace(INVISIBLE, "").replace(/ +/g, " ").trim();
}

/** Whether `shown` holds `typed` as text, as a reader would see it. */
export function showsLiterally(shown: string, typed: string): boolean {
  return asRead(shown).includes(asRead(typed));
}

// ————— File and zip entry names —————

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is looked for
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
/** Bidirectional controls: "invoice\u202Efdp.exe" shows as "invoiceexe.pdf". */
const DIRECTION = /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

/** What is wrong with one segment of a file or zip entry name (empty: a plain name). */
export function nameProblems(segment: string): string[] {
  const problems: string[] = [];
  if (/^\.{1,2}$/.test(segment) || segment === "") problems.push("a place, not a name");
  if (/[/\\]/.test(segment)) problems.push("a path separator");
  if (CONTROL.test(segment)) problems.push("a control character");
  if (DIRECTION.test(segment)) problems.push("a direction override");
  return problems;
}

// ————— HTML (emails) —————

export interface MarkupRules {
  /** Tag names the template itself writes (lower case; "!doctype" for the doctype). */
  tags: readonly string[];
  /** Attributes allowed on those tags, by tag. */
  attributes: Readonly<Record<string, readonly string[]>>;
  /** Where a link may point (the product's own address). */
  linkPrefix: string;
}

/** What the email templates write: a page of paragraphs, line breaks and one link. */
export const EMAIL_MARKUP: MarkupRules = {
  tags: ["!doctype", "html", "body", "p", "br", "a"],
  attributes: { "!doctype": ["html"], body: ["style"], a: ["href"] },
  linkPrefix: "http://localhost:3000/",
};

const TAG = /<\s*(\/?)\s*([a-zA-Z!][^\s/>]*)([^>]*)>?/g;
const ATTRIBUTE = /([^\s=/]+)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s>]+))?/g;

/**
 * Everything in `html` that a browser would treat as markup and the template did not write: an
 * unknown tag, an unknown attribute (an event handler), a link elsewhere. Empty means inert.
 */
export function foreignMarkup(html: string, rules: MarkupRules = EMAIL_MARKUP): string[] {
  const found: string[] = [];
  for (const [whole, , rawName, rest] of html.matchAll(TAG)) {
    const name = rawName!.toLowerCase();
    if (!rules.tags.includes(name)) {
      found.push(`tag ${whole}`);
      continue;
    }
    for (const [, attribute, quoted] of (rest ?? "").matchAll(ATTRIBUTE)) {
      const key = attribute!.toLowerCase();
      if (!rules.attributes[name]?.includes(key)) found.push(`attribute ${key} in ${whole}`);
      const value = quoted?.replace(/^["']|["']$/g, "") ?? "";
      if (key === "href" && !decodeEntities(value).startsWith(rules.linkPrefix)) {
        found.push(`link ${value}`);
      }
    }
  }
  return found;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/** HTML character references decoded once, as a browser does. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === "#") {
      const hex = name[1] === "x" || name[1] === "X";
      return String.fromCodePoint(Number.parseInt(name.slice(hex ? 2 : 1), hex ? 16 : 10));
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** The text a browser shows for `html`: tags removed, line breaks as spaces, references decoded. */
export function visibleText(html: string): string {
  return decodeEntities(html.replace(/<br\s*\/?>/gi, " ").replace(/<[^>]*>/g, " "));
}

// ————— Spreadsheets —————

/** What makes a spreadsheet program read a text cell as a formula (OWASP's CSV injection list). */
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?(e[+-]?\d+)?$/i;

/** The cells a spreadsheet program would run as formulas: a formula sign first, and not a number. */
export function liveFormulas(rows: readonly (readonly unknown[])[]): string[] {
  return rows.flatMap((row) =>
    row.filter(
      (cell): cell is string =>
        typeof cell === "string" && FORMULA_START.test(cell) && !PLAIN_NUMBER.test(cell),
    ),
  );
}

/** A cell holding `typed`: itself, or itself behind the apostrophe that keeps a formula text. */
export function cellShows(cells: readonly string[], typed: string): boolean {
  return cells.some((cell) => showsLiterally(cell.replace(/^'(?=[=+\-@\t\r])/, ""), typed));
}

// ————— PDF —————

/**
 * What in a PDF can act when it is opened or clicked: scripts, actions on open or on events, links
 * out, launched programs, forms that submit, embedded files and media. Read from the document with
 * its object streams unpacked (qpdf), since pdf-lib packs the dictionaries into compressed streams.
 */
const ACTIVE_PDF_KEYS = [
  "/JavaScript",
  "/JS",
  "/OpenAction",
  "/AA",
  "/Launch",
  "/URI",
  "/SubmitForm",
  "/ImportData",
  "/EmbeddedFile",
  "/RichMedia",
  "/XFA",
  "/AcroForm",
  "/GoToR",
];

function withTemporaryFile<T>(bytes: Uint8Array, use: (file: string, folder: string) => T): T {
  const folder = mkdtempSync(path.join(tmpdir(), "decisionhub-xss-"));
  const file = path.join(folder, "in.pdf");
  writeFileSync(file, bytes);
  try {
    return use(file, folder);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** The active-content keys present in the PDF's objects (empty: it can only be read). */
export function activePdfContent(bytes: Uint8Array): string[] {
  return withTemporaryFile(bytes, (file, folder) => {
    const unpacked = path.join(folder, "qdf.pdf");
    execFileSync("qpdf", ["--qdf", "--object-streams=disable", file, unpacked]);
    // Names are compared whole: "/JS" must not match "/JSON…", "/AA" not "/AAPL".
    const text = readFileSync(unpacked).toString("latin1");
    return ACTIVE_PDF_KEYS.filter((key) => new RegExp(`${key}(?![A-Za-z0-9])`).test(text));
  });
}

/** The PDF's text, as pdftotext reads it (UTF-8). */
export function pdfText(bytes: Uint8Array): string {
  return withTemporaryFile(bytes, (file) =>
    execFileSync("pdftotext", ["-enc", "UTF-8", file, "-"], { encoding: "utf8" }),
  );
}
