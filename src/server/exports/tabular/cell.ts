/** A cell: text, a number (written as a number), a moment (UTC), or nothing. */
export type Cell = string | number | Date | null | undefined;

/** One table written row by row (see table.ts). */
export interface TableWriter {
  /** The header row: first, once (bold in XLSX). */
  header(names: readonly string[]): Promise<void>;
  row(cells: readonly Cell[]): Promise<void>;
  /** Writes what is left and ends the output. */
  end(): Promise<void>;
}

/** "2025-03-14 16:05:09": UTC, what spreadsheet programs read as a date and time. */
export function utcText(date: Date): string {
  const iso = date.toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
}
