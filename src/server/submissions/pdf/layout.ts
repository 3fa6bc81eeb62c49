import {
  beginText,
  endText,
  moveText,
  nextLine,
  PageSizes,
  type PDFDocument,
  type PDFName,
  type PDFPage,
  popGraphicsState,
  pushGraphicsState,
  type RGB,
  rgb,
  setFillingColor,
  setFontAndSize,
  setLineHeight,
  showText,
} from "pdf-lib";
import type { EmbeddedFont, FontStyle } from "./fonts";

/**
 * A small flow layout on top of pdf-lib: text blocks wrapped to the page width, page breaks with the
 * same margins, tables drawn as grids that continue (header repeated) on the next page, and a footer
 * on every page. Coordinates are PDF points, origin at the bottom left.
 */

export const COLORS = {
  text: rgb(0.11, 0.11, 0.13),
  muted: rgb(0.42, 0.42, 0.45),
  rule: rgb(0.78, 0.78, 0.8),
  tableBorder: rgb(0.6, 0.6, 0.63),
  tableHeader: rgb(0.93, 0.93, 0.95),
};

export interface TextStyle {
  font: FontStyle;
  size: number;
  color: RGB;
  /** Distance between baselines, in points. */
  lineHeight: number;
}

const [PAGE_WIDTH, PAGE_HEIGHT] = PageSizes.A4;
const MARGIN = { top: 56, bottom: 64, left: 56, right: 56 };
const PAGE_CONTENT_HEIGHT = PAGE_HEIGHT - MARGIN.top - MARGIN.bottom;
/** The top of the footer line. */
const FOOTER_TOP = 44;
const CELL_PADDING = 4;

/** Measures text (already cleaned for its font) in points. */
export type Measure = (text: string) => number;

/**
 * Lines of at most `maxWidth`: breaks at spaces, keeps the text's line breaks (an empty line stays
 * a blank line), and cuts words longer than a line wherever they must be cut.
 */
export function wrapText(text: string, measure: Measure, maxWidth: number): string[] {
  const lines: string[] = [];
  const spaceWidth = measure(" ");
  for (const paragraph of text.split("\n")) {
    let line = "";
    let lineWidth = 0;
    for (const word of paragraph.split(" ")) {
      if (word === "") continue;
      const wordWidth = measure(word);
      if (line !== "" && lineWidth + spaceWidth + wordWidth <= maxWidth) {
        line += ` ${word}`;
        lineWidth += spaceWidth + wordWidth;
        continue;
      }
      if (line !== "") lines.push(line);
      if (wordWidth <= maxWidth) {
        line = word;
        lineWidth = wordWidth;
        continue;
      }
      const pieces = breakWord(word, measure, maxWidth);
      line = pieces.pop() ?? "";
      lineWidth = measure(line);
      lines.push(...pieces);
    }
    lines.push(line);
  }
  return lines;
}

/** A word cut into pieces that each fit `maxWidth` (at least one character per piece). */
function breakWord(word: string, measure: Measure, maxWidth: number): string[] {
  const pieces: string[] = [];
  let piece = "";
  let pieceWidth = 0;
  for (const char of word) {
    const charWidth = measure(char);
    if (piece !== "" && pieceWidth + charWidth > maxWidth) {
      pieces.push(piece);
      piece = "";
      pieceWidth = 0;
    }
    piece += char;
    pieceWidth += charWidth;
  }
  pieces.push(piece);
  return pieces;
}

export interface BlockOptions {
  /** Indent from the left margin of every line. */
  indent?: number;
  /** Drawn at the indent on the first line, the text then hangs after it (bullets, numbers). */
  marker?: string;
  /** Points of the following content that must stay on the same page as this block's first line. */
  keepWithNext?: number;
}

export class PdfLayout {
  readonly contentWidth = PAGE_WIDTH - MARGIN.left - MARGIN.right;
  private page!: PDFPage;
  private readonly fontKeys = new WeakMap<PDFPage, Partial<Record<FontStyle, PDFName>>>();
  /** The top of the next line. */
  private y = 0;

  constructor(
    private readonly doc: PDFDocument,
    private readonly fonts: Record<FontStyle, EmbeddedFont>,
  ) {
    this.newPage();
  }

  /** Text cleaned of what the style's font cannot draw. */
  clean(text: string, style: TextStyle): string {
    return this.fonts[style.font].face.clean(text);
  }

  measure(style: TextStyle): Measure {
    const face = this.fonts[style.font].face;
    return (text) => face.width(text, style.size);
  }

  wrap(text: string, style: TextStyle, maxWidth = this.contentWidth): string[] {
    return wrapText(this.clean(text, style), this.measure(style), maxWidth);
  }

  newPage(): void {
    this.page = this.doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    this.y = PAGE_HEIGHT - MARGIN.top;
  }

  /** Room left on this page, in points. */
  private get room(): number {
    return this.y - MARGIN.bottom;
  }

  /** Starts a new page unless `height` points still fit on this one. */
  ensure(height: number): void {
    if (height > this.room && this.y < PAGE_HEIGHT - MARGIN.top) this.newPage();
  }

  /** Vertical space; none at the top of a page. */
  space(height: number): void {
    if (this.y >= PAGE_HEIGHT - MARGIN.top) return;
    this.y = Math.max(this.y - height, MARGIN.bottom);
  }

  /** The name of `style`'s font in `page`'s resources. */
  private fontKey(page: PDFPage, style: TextStyle): PDFName {
    let keys = this.fontKeys.get(page);
    if (!keys) {
      keys = {};
      this.fontKeys.set(page, keys);
    }
    let key = keys[style.font];
    if (!key) {
      const { pdf } = this.fonts[style.font];
      key = page.node.newFontDictionary(pdf.name, pdf.ref);
      keys[style.font] = key;
    }
    return key;
  }

  /**
   * Lines of cleaned text, one below the other from `top`, in one text object. Written as operators
   * rather than with `drawText`, which costs a dozen operators per line; this is two (show, next line).
   */
  private drawLines(page: PDFPage, lines: readonly string[], x: number, top: number, style: TextStyle): void {
    const { face, pdf } = this.fonts[style.font];
    // Each line's glyph box (ascent to descent) centred in its line height.
    const glyphHeight = (face.ascent - face.descent) * style.size;
    const firstBaseline = top - (style.lineHeight - glyphHeight) / 2 - face.ascent * style.size;
    const operators = [
      pushGraphicsState(),
      beginText(),
      setFontAndSize(this.fontKey(page, style), style.size),
      setFillingColor(style.color),
      setLineHeight(style.lineHeight),
      moveText(x, firstBaseline),
    ];
    lines.forEach((line, index) => {
      if (index > 0) operators.push(nextLine());
      if (line !== "") operators.push(showText(pdf.encodeText(line)));
    });
    operators.push(endText(), popGraphicsState());
    page.pushOperators(...operators);
  }

  /** Wrapped text, continuing on new pages as needed. */
  text(text: string, style: TextStyle, options: BlockOptions = {}): void {
    const indent = options.indent ?? 0;
    const marker = options.marker ? this.clean(options.marker, style) : "";
    const hang = marker ? this.measure(style)(`${marker} `) : 0;
    const lines = this.wrap(text, style, this.contentWidth - indent - hang);
    // A short block that must stay with what follows moves whole; otherwise its first line does.
    const height = lines.length * style.lineHeight;
    const keep = options.keepWithNext;
    if (keep !== undefined && height + keep <= PAGE_CONTENT_HEIGHT / 3) this.ensure(height + keep);
    else this.ensure(style.lineHeight + (keep ?? 0));
    const x = MARGIN.left + indent;
    for (let from = 0; from < lines.length; ) {
      if (style.lineHeight > this.room) this.newPage();
      const count = Math.min(lines.length - from, Math.max(1, Math.floor(this.room / style.lineHeight)));
      if (from === 0 && marker) this.drawLines(this.page, [marker], x, this.y, style);
      this.drawLines(this.page, lines.slice(from, from + count), x + hang, this.y, style);
      this.y -= count * style.lineHeight;
      from += count;
    }
  }

  /** A horizontal rule across the content width. */
  rule(color: RGB = COLORS.rule, thickness = 0.75): void {
    this.page.drawLine({
      start: { x: MARGIN.left, y: this.y },
      end: { x: MARGIN.left + this.contentWidth, y: this.y },
      thickness,
      color,
    });
  }

  /**
   * A grid with a header row. Cells wrap; a row moves whole to the next page when it fits there,
   * and a row taller than a page is split. The header is repeated on every page the table spans.
   */
  table(
    header: readonly string[],
    rows: readonly (readonly string[])[],
    cell: TextStyle,
    head: TextStyle,
  ): void {
    const columns = header.length;
    if (columns === 0) return;
    const headerCells = header.map((text) => this.clean(text, head));
    const bodyCells = rows.map((row) => header.map((_, c) => this.clean(row[c] ?? "", cell)));
    const widths = this.columnWidths(headerCells, bodyCells, cell, head);
    const wrapCells = (cells: readonly string[], style: TextStyle) =>
      cells.map((text, c) => wrapText(text, this.measure(style), widths[c]! - 2 * CELL_PADDING));
    const headerLines = wrapCells(headerCells, head);
    const rowHeight = (lines: string[][], style: TextStyle, from = 0, count = Number.POSITIVE_INFINITY) =>
      Math.min(count, Math.max(...lines.map((l) => l.length - from))) * style.lineHeight + 2 * CELL_PADDING;
    const headerHeight = rowHeight(headerLines, head);

    const drawRow = (
      lines: string[][],
      style: TextStyle,
      fill: RGB | undefined,
      from: number,
      count: number,
    ) => {
      const height = rowHeight(lines, style, from, count);
      let x = MARGIN.left;
      lines.forEach((cellLines, c) => {
        const width = widths[c]!;
        this.page.drawRectangle({
          x,
          y: this.y - height,
          width,
          height,
          borderColor: COLORS.tableBorder,
          borderWidth: 0.5,
          ...(fill ? { color: fill } : {}),
        });
        const shown = cellLines.slice(from, from + count);
        if (shown.some((line) => line !== "")) {
          this.drawLines(this.page, shown, x + CELL_PADDING, this.y - CELL_PADDING, style);
        }
        x += width;
      });
      this.y -= height;
    };
    const drawHeader = () => drawRow(headerLines, head, COLORS.tableHeader, 0, Number.POSITIVE_INFINITY);

    // The header and the first line of the first row start together.
    this.ensure(headerHeight + cell.lineHeight + 2 * CELL_PADDING);
    drawHeader();
    for (const row of bodyCells) {
      const lines = wrapCells(row, cell);
      const total = Math.max(1, ...lines.map((l) => l.length));
      const height = rowHeight(lines, cell);
      if (height > this.room && height <= PAGE_CONTENT_HEIGHT - headerHeight) {
        this.newPage();
        drawHeader();
      }
      let from = 0;
      while (from < total) {
        let fit = Math.floor((this.room - 2 * CELL_PADDING) / cell.lineHeight);
        if (fit < 1) {
          this.newPage();
          drawHeader();
          fit = Math.max(1, Math.floor((this.room - 2 * CELL_PADDING) / cell.lineHeight));
        }
        const count = Math.min(fit, total - from);
        drawRow(lines, cell, undefined, from, count);
        from += count;
      }
    }
  }

  /**
   * Column widths filling the content width: every column gets what its longest line needs when
   * that fits; otherwise the narrow columns keep their width and the wide ones share the rest equally.
   */
  private columnWidths(
    header: readonly string[],
    rows: readonly (readonly string[])[],
    cell: TextStyle,
    head: TextStyle,
  ): number[] {
    const available = this.contentWidth;
    const longestLine = (text: string, style: TextStyle) =>
      Math.max(0, ...text.split("\n").map((line) => this.measure(style)(line)));
    const natural = header.map((text, c) =>
      Math.min(
        available,
        2 * CELL_PADDING +
          Math.max(longestLine(text, head), ...rows.map((row) => longestLine(row[c] ?? "", cell)), 12),
      ),
    );
    const total = natural.reduce((a, b) => a + b, 0);
    if (total <= available) return natural.map((w) => (w * available) / total);
    const widths: (number | undefined)[] = natural.map(() => undefined);
    let remaining = available;
    let open = natural.length;
    for (let changed = true; changed && open > 0; ) {
      changed = false;
      const share = remaining / open;
      natural.forEach((w, c) => {
        if (widths[c] === undefined && w <= share) {
          widths[c] = w;
          remaining -= w;
          open--;
          changed = true;
        }
      });
    }
    const share = open > 0 ? remaining / open : 0;
    return widths.map((w) => w ?? share);
  }

  /**
   * Draws "n / N" at the right of every page's footer and `left` beside it, wrapped on at most two lines (a
   * program's whole name fits; a longer text is shortened at a word, with an ellipsis).
   */
  footer(left: string, style: TextStyle): void {
    const pages = this.doc.getPages();
    const measure = this.measure(style);
    const widest = measure(`${pages.length} / ${pages.length}`);
    const lines = footerLines(this.clean(left, style), measure, this.contentWidth - widest - 24);
    pages.forEach((page, index) => {
      const number = `${index + 1} / ${pages.length}`;
      this.drawLines(page, [number], MARGIN.left + this.contentWidth - measure(number), FOOTER_TOP, style);
      if (lines.length > 0) this.drawLines(page, lines, MARGIN.left, FOOTER_TOP, style);
    });
  }
}

/** The footer's text in lines of `maxWidth`: at most two, the second shortened at a word when it must be. */
export function footerLines(text: string, measure: Measure, maxWidth: number): string[] {
  const lines = wrapText(text.replace(/\s+/g, " ").trim(), measure, maxWidth);
  if (lines.length <= 2) return lines;
  return [lines[0]!, fitWords(lines.slice(1).join(" "), measure, maxWidth)];
}

/** The text cut with an ellipsis to fit `maxWidth` on one line, between words when a word boundary is in reach. */
export function fitWords(text: string, measure: Measure, maxWidth: number): string {
  const cut = fitText(text, measure, maxWidth);
  if (!cut.endsWith("…")) return cut;
  const kept = cut.slice(0, -1);
  const next = text.replace(/\s+/g, " ").trim().charAt(kept.length);
  if (next === " " || next === "") return cut;
  const lastSpace = kept.lastIndexOf(" ");
  return lastSpace > 0 ? `${kept.slice(0, lastSpace).trimEnd()}…` : cut;
}

/** The text cut with an ellipsis to fit `maxWidth`, on one line. */
export function fitText(text: string, measure: Measure, maxWidth: number): string {
  const line = text.replace(/\s+/g, " ").trim();
  if (measure(line) <= maxWidth) return line;
  const room = maxWidth - measure("…");
  let cut = "";
  let width = 0;
  for (const char of line) {
    width += measure(char);
    if (width > room) break;
    cut += char;
  }
  return cut.trim() ? `${cut.trimEnd()}…` : "";
}
