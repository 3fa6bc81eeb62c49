import { PassThrough } from "node:stream";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Cell } from "./cell";
import { openTable } from "./table";
import { collectingOutput, slowOutput } from "./test/collect";
import { readXlsx } from "./test/read-back";
import { columnName, excelSerial, sheetNameOf, XLSX_CELL_LIMIT, XLSX_TRUNCATED } from "./xlsx";

async function xlsxOf(header: readonly string[], rows: readonly (readonly Cell[])[], sheet = "Data") {
  const { output, bytes } = collectingOutput();
  const table = openTable("xlsx", output, new AbortController().signal, sheet);
  await table.header(header);
  for (const row of rows) await table.row(row);
  await table.end();
  return bytes();
}

describe("an XLSX workbook", () => {
  it("is a valid package: content types, relationships, workbook, styles and the sheet", async () => {
    const book = readXlsx(await xlsxOf(["A"], [["x"]], "Matrix"));
    expect(Object.keys(book.parts).sort()).toEqual([
      "[Content_Types].xml",
      "_rels/.rels",
      "xl/_rels/workbook.xml.rels",
      "xl/styles.xml",
      "xl/workbook.xml",
      "xl/worksheets/sheet1.xml",
    ]);
    const types = book.parts["[Content_Types].xml"]!;
    expect(types).toContain(
      '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>',
    );
    expect(types).toContain('PartName="/xl/workbook.xml"');
    expect(types).toContain('PartName="/xl/styles.xml"');
    expect(book.parts["_rels/.rels"]).toContain('Target="xl/workbook.xml"');
    expect(book.parts["xl/_rels/workbook.xml.rels"]).toContain('Target="worksheets/sheet1.xml"');
    expect(book.parts["xl/workbook.xml"]).toContain('<sheet name="Matrix" sheetId="1" r:id="rId1"/>');
    // Every part declares itself UTF-8 XML.
    for (const text of Object.values(book.parts)) {
      expect(text.startsWith('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>')).toBe(true);
    }
  });

  it("reads back: text as text, numbers as numbers, dates as dates, the header bold", async () => {
    const when = new Date("2026-01-02T12:00:00Z");
    const book = readXlsx(
      await xlsxOf(
        ["Identifier", "Amount", "Submitted", "Note"],
        [
          ["Café & <Co>", 1250.5, when, "line 1\nline 2\r\nline 3"],
          ["=1+1", -5, null, "  spaced  "],
          [null, null, null, null],
        ],
      ),
    );
    expect(book.rows).toEqual([
      ["Identifier", "Amount", "Submitted", "Note"],
      ["Café & <Co>", 1250.5, excelSerial(when), "line 1\nline 2\r\nline 3"],
      ["=1+1", -5, null, "  spaced  "],
      [],
    ]);
    // Styles: 1 is bold (the header), 2 a date format, 0 plain.
    expect(book.styles[0]).toEqual([1, 1, 1, 1]);
    expect(book.styles[1]).toEqual([0, 0, 2, 0]);
    expect(book.parts["xl/styles.xml"]).toContain("<font><b/>");
    expect(book.parts["xl/styles.xml"]).toContain('formatCode="yyyy-mm-dd hh:mm:ss"');
    // 2026-01-02 12:00 UTC is day 46024 and a half in Excel's count.
    expect(excelSerial(when)).toBe(46024.5);
    // Wide enough for the header, and for a whole date and time in the date column.
    expect(book.parts["xl/worksheets/sheet1.xml"]).toContain(
      '<cols><col min="1" max="1" width="12" customWidth="1"/><col min="2" max="2" width="10" customWidth="1"/><col min="3" max="3" width="20" customWidth="1"/><col min="4" max="4" width="10" customWidth="1"/></cols>',
    );
  });

  it("keeps a formula-looking answer as inline text, never as a formula", async () => {
    const sheet = readXlsx(await xlsxOf(["A"], [['=HYPERLINK("x")']])).parts["xl/worksheets/sheet1.xml"]!;
    expect(sheet).not.toContain("<f>");
    expect(sheet).toContain('t="inlineStr"><is><t xml:space="preserve">=HYPERLINK("x")</t></is>');
  });

  it("writes control characters and literal _xHHHH_ so that they read back as themselves", async () => {
    const tricky = [
      "a\u0001b\u0008c\u000Bd\u001Fe",
      "_x0041_ stays",
      "\uFFFE\uFFFF",
      "lone \uD800 half",
      "x_x00",
    ];
    const book = readXlsx(
      await xlsxOf(
        ["A"],
        tricky.map((t) => [t]),
      ),
    );
    expect(book.rows.slice(1).map((r) => r[0])).toEqual(tricky);
  });

  it("cuts a cell longer than Excel's 32,767 characters, never inside an emoji", async () => {
    const long = "a".repeat(XLSX_CELL_LIMIT - XLSX_TRUNCATED.length - 1) + "😀".repeat(10);
    const book = readXlsx(await xlsxOf(["A"], [[long], ["b".repeat(XLSX_CELL_LIMIT)]]));
    const cut = book.rows[1]![0] as string;
    expect(cut.length).toBeLessThanOrEqual(XLSX_CELL_LIMIT);
    expect(cut.endsWith(`a${XLSX_TRUNCATED}`)).toBe(true);
    expect(book.rows[2]![0]).toBe("b".repeat(XLSX_CELL_LIMIT));
  });

  it("leaves empty cells out and places the others by reference", async () => {
    const row: Cell[] = new Array(30).fill(null);
    row[0] = "first";
    row[27] = 3;
    const book = readXlsx(await xlsxOf(["A"], [row]));
    expect(book.rows[1]).toEqual(["first", ...new Array(26).fill(null), 3]);
    expect(book.parts["xl/worksheets/sheet1.xml"]).toContain('<c r="AB2"><v>3</v></c>');
  });

  it("is a header alone, or an empty sheet, when there is nothing else", async () => {
    expect(readXlsx(await xlsxOf(["A", "B"], [])).rows).toEqual([["A", "B"]]);
    const { output, bytes } = collectingOutput();
    await openTable("xlsx", output, new AbortController().signal, "Empty").end();
    expect(readXlsx(await bytes()).rows).toEqual([]);
  });

  it("streams: bytes reach the output while rows are still being written, and it waits for drains", async () => {
    const output = new PassThrough();
    let received = 0;
    output.on("data", (chunk: Buffer) => {
      received += chunk.length;
    });
    const table = openTable("xlsx", output, new AbortController().signal, "Big");
    await table.header(["Text", "Number"]);
    for (let i = 0; i < 20_000; i += 1) await table.row([`row ${i} ${"lorem ipsum ".repeat(10)}`, i]);
    expect(received).toBeGreaterThan(10_000);
    await table.end();

    const slow = slowOutput();
    const slowTable = openTable("xlsx", slow.output, new AbortController().signal, "Slow");
    await slowTable.header(["Text"]);
    for (let i = 0; i < 3000; i += 1) await slowTable.row([`${i} ${Math.random()} ${"z".repeat(50)}`]);
    await slowTable.end();
    expect(slow.stats.refused).toBeGreaterThan(0);
    expect(slow.stats.early).toBe(0);
    expect(readXlsx(slow.bytes()).rows).toHaveLength(3001);
  });
});

describe("XLSX names", () => {
  it("names columns A … Z, AA … ZZ, AAA", () => {
    expect([0, 1, 25, 26, 27, 51, 52, 701, 702, 16383].map(columnName)).toEqual([
      "A",
      "B",
      "Z",
      "AA",
      "AB",
      "AZ",
      "BA",
      "ZZ",
      "AAA",
      "XFD",
    ]);
  });

  it("makes a sheet name Excel accepts", () => {
    expect(sheetNameOf("Data")).toBe("Data");
    expect(sheetNameOf("a/b\\c:d*e?f[g]")).toBe("a b c d e f g");
    expect(sheetNameOf("x".repeat(40))).toBe("x".repeat(31));
    expect(sheetNameOf("  ")).toBe("Sheet1");
  });
});

describe("the XLSX round trip (property)", () => {
  it("gives back every text exactly, whatever its characters", async () => {
    const text = fc.oneof(
      fc.string({ unit: "binary" }),
      fc.string({ unit: "binary-ascii" }),
      fc.string({
        unit: fc.constantFrom("_x", "0041", "_", "&", "<", "]]>", "\r", "\n", "😀", "שלום", "\u202E"),
      }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(text, { minLength: 1, maxLength: 4 }), { maxLength: 3 }),
        async (rows) => {
          const book = readXlsx(await xlsxOf(["One", "Two", "Three", "Four"], rows));
          // An empty text is an empty cell: it reads back as nothing.
          const expected = rows.map((row) => {
            const cells = row.map((cell) => (cell === "" ? null : cell));
            while (cells.length > 0 && cells[cells.length - 1] === null) cells.pop();
            return cells;
          });
          expect(book.rows.slice(1)).toEqual(expected);
        },
      ),
      { numRuns: 200 },
    );
  });
});
