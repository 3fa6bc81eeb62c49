import { type Cell, type TableWriter, utcText } from "./cell";
import { type ByteSink, TextChunks } from "./sink";

/**
 * CSV as RFC 4180 has it — fields separated by commas, records ended by CRLF, a field quoted when it
 * holds a quote, a comma, a CR or an LF, quotes inside doubled — in UTF-8 with a byte order mark, so
 * spreadsheet programs open accents right.
 *
 * Formula injection: a spreadsheet program opening the file runs a cell that starts with = + - or @ as
 * a formula (and some programs skip a leading tab or CR before looking), so an applicant's answer
 * "=HYPERLINK(…)" would run on the admin's machine. Such a text cell gets a leading apostrophe, which
 * spreadsheets read as "this is text" (OWASP's CSV injection advice). Numbers are written as numbers
 * and never escaped: "-5" is a number, not a formula.
 */

export const BOM = "\uFEFF";
const RECORD_END = "\r\n";
const NEEDS_QUOTES = /[",\r\n]/;
const FORMULA_START = /^[=+\-@\t\r]/;

/** A text cell as a spreadsheet must receive it: with an apostrophe before a formula's first sign. */
export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** One field, quoted when RFC 4180 requires it. */
export function csvField(cell: Cell): string {
  if (cell === null || cell === undefined) return "";
  if (typeof cell === "number") return Number.isFinite(cell) ? String(cell) : "";
  const text = cell instanceof Date ? utcText(cell) : neutraliseFormula(cell);
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, with its CRLF. */
export function csvRecord(cells: readonly Cell[]): string {
  let line = "";
  for (let i = 0; i < cells.length; i += 1) {
    if (i > 0) line += ",";
    line += csvField(cells[i]);
  }
  return line + RECORD_END;
}

export class CsvWriter implements TableWriter {
  private readonly text: TextChunks;

  constructor(private readonly sink: ByteSink) {
    this.text = new TextChunks((bytes) => sink.write(bytes));
  }

  async header(names: readonly string[]): Promise<void> {
    await this.text.add(BOM + csvRecord(names));
  }

  async row(cells: readonly Cell[]): Promise<void> {
    await this.text.add(csvRecord(cells));
  }

  async end(): Promise<void> {
    await this.text.flush();
    await this.sink.end();
  }
}
