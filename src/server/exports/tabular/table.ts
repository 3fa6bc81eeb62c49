import type { Writable } from "node:stream";
import type { ExportFormat } from "../../../shared/schemas/exports";
import type { TableWriter } from "./cell";
import { CsvWriter } from "./csv";
import { ByteSink } from "./sink";
import { XlsxWriter } from "./xlsx";

/**
 * One table written row by row, as CSV or as an XLSX workbook of one sheet: the data, matrix and
 * comment exports describe their rows once and get both formats.
 */

export type { Cell, TableWriter } from "./cell";

export const TABLE_CONTENT_TYPES = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
} as const;

type TableFormat = keyof typeof TABLE_CONTENT_TYPES;

function tableFormat(format: ExportFormat): TableFormat {
  if (format !== "csv" && format !== "xlsx") throw new Error(`A table is not written as ${format}.`);
  return format;
}

export function tableContentType(format: ExportFormat): string {
  return TABLE_CONTENT_TYPES[tableFormat(format)];
}

export function openTable(
  format: ExportFormat,
  output: Writable,
  signal: AbortSignal,
  sheetName: string,
): TableWriter {
  const sink = new ByteSink(output, signal);
  return tableFormat(format) === "csv" ? new CsvWriter(sink) : new XlsxWriter(sink, sheetName);
}
