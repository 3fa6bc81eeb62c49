import { strFromU8, unzipSync } from "fflate";

/**
 * Readers for the tests: the exports' CSV and XLSX read back by independent parsers, strict enough that
 * a malformed file fails the test instead of being read generously.
 */

/** RFC 4180, strictly: CRLF between records, quotes only around whole fields, "" inside them. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let atFieldStart = true;
  let i = 0;
  const fail = (why: string): never => {
    throw new Error(`Not RFC 4180 at ${i}: ${why}`);
  };
  while (i < text.length) {
    if (atFieldStart && text[i] === '"') {
      i += 1;
      for (;;) {
        if (i >= text.length) fail("an unterminated quoted field");
        if (text[i] === '"') {
          if (text[i + 1] !== '"') break;
          field += '"';
          i += 2;
        } else {
          field += text[i];
          i += 1;
        }
      }
      i += 1;
      atFieldStart = false;
      if (i < text.length && text[i] !== "," && !text.startsWith("\r\n", i))
        fail("text after a closing quote");
      continue;
    }
    const c = text[i]!;
    if (c === ",") {
      record.push(field);
      field = "";
      atFieldStart = true;
      i += 1;
    } else if (text.startsWith("\r\n", i)) {
      record.push(field);
      records.push(record);
      record = [];
      field = "";
      atFieldStart = true;
      i += 2;
    } else if (c === '"') {
      fail("a quote inside an unquoted field");
    } else if (c === "\r" || c === "\n") {
      fail("a bare CR or LF outside quotes");
    } else {
      field += c;
      atFieldStart = false;
      i += 1;
    }
  }
  // The last record needs no CRLF after it.
  if (!atFieldStart || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  return records;
}

/** Every match of `pattern` (global) in `text`, which must be nothing but those matches. */
function matchesCovering(text: string, pattern: RegExp, what: string): RegExpExecArray[] {
  const matches: RegExpExecArray[] = [];
  let at = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index !== at) throw new Error(`Unreadable ${what}: ${text.slice(at, at + 200)}`);
    at += match[0].length;
    matches.push(match);
  }
  if (at !== text.length) throw new Error(`Unreadable ${what}: ${text.slice(at, at + 200)}`);
  return matches;
}

export type XlsxValue = string | number;

export interface XlsxSheet {
  /** Every part of the package, by path. */
  parts: Record<string, string>;
  /** Rows by position (1-based row numbers become indexes from 0); missing cells are null. */
  rows: (XlsxValue | null)[][];
  /** The style index of every written cell (0 when none), same shape as `rows`. */
  styles: (number | null)[][];
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function unescapeXml(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-z]+);/g, (whole, name: string) => {
    if (name.startsWith("#x")) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith("#")) return String.fromCodePoint(Number.parseInt(name.slice(1), 10));
    const known = ENTITIES[name];
    if (known === undefined) throw new Error(`Unknown entity ${whole}`);
    return known;
  });
}

/** OOXML's ST_Xstring escapes: _xHHHH_ is the UTF-16 unit HHHH (so _x005F_ is "_"). */
function unescapeOoxml(text: string): string {
  return text.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) =>
    String.fromCharCode(Number.parseInt(hex, 16)),
  );
}

/** "A" → 0, "AB" → 27. */
function columnIndex(letters: string): number {
  let n = 0;
  for (const c of letters) n = n * 26 + (c.charCodeAt(0) - 64);
  return n - 1;
}

const REQUIRED_PARTS = [
  "[Content_Types].xml",
  "_rels/.rels",
  "xl/workbook.xml",
  "xl/_rels/workbook.xml.rels",
  "xl/worksheets/sheet1.xml",
  "xl/styles.xml",
];

export function readXlsx(bytes: Uint8Array): XlsxSheet {
  const files = unzipSync(bytes);
  const parts: Record<string, string> = {};
  for (const [path, data] of Object.entries(files)) parts[path] = strFromU8(data);
  for (const path of REQUIRED_PARTS) if (parts[path] === undefined) throw new Error(`Missing part ${path}`);
  const sheet = parts["xl/worksheets/sheet1.xml"]!;
  const data = /<sheetData>([\s\S]*)<\/sheetData>/.exec(sheet);
  if (!data) throw new Error("No sheetData");
  const rows: (XlsxValue | null)[][] = [];
  const styles: (number | null)[][] = [];
  const rowPattern = /<row r="(\d+)">([\s\S]*?)<\/row>/g;
  const cellPattern =
    /<c r="([A-Z]+)(\d+)"(?: s="(\d+)")?(?: t="inlineStr")?>(?:<v>([^<]*)<\/v>|<is><t xml:space="preserve">([^<]*)<\/t><\/is>)<\/c>/g;
  for (const row of matchesCovering(data[1]!, rowPattern, "rows")) {
    const r = Number(row[1]) - 1;
    if (r < rows.length) throw new Error(`Row ${r + 1} out of order`);
    const values: (XlsxValue | null)[] = [];
    const rowStyles: (number | null)[] = [];
    for (const cell of matchesCovering(row[2]!, cellPattern, `cells of row ${r + 1}`)) {
      if (Number(cell[2]) - 1 !== r) throw new Error(`Cell ${cell[1]}${cell[2]} in row ${r + 1}`);
      const c = columnIndex(cell[1]!);
      if (c < values.length) throw new Error(`Cell ${cell[1]}${cell[2]} out of order`);
      while (values.length < c) {
        values.push(null);
        rowStyles.push(null);
      }
      values.push(cell[4] !== undefined ? Number(cell[4]) : unescapeOoxml(unescapeXml(cell[5]!)));
      rowStyles.push(cell[3] === undefined ? 0 : Number(cell[3]));
    }
    while (rows.length < r) {
      rows.push([]);
      styles.push([]);
    }
    rows.push(values);
    styles.push(rowStyles);
  }
  return { parts, rows, styles };
}
