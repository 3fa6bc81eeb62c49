import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Cell } from "./cell";
import { BOM, csvField, csvRecord, neutraliseFormula } from "./csv";
import { openTable } from "./table";
import { collectingOutput, slowOutput } from "./test/collect";
import { parseCsv } from "./test/read-back";

/** Writes a table as CSV through the real writer and returns the file's text (BOM included). */
async function csvOf(header: readonly string[], rows: readonly (readonly Cell[])[]): Promise<string> {
  const { output, bytes } = collectingOutput();
  const table = openTable("csv", output, new AbortController().signal, "Test");
  await table.header(header);
  for (const row of rows) await table.row(row);
  await table.end();
  return (await bytes()).toString("utf8");
}

/** The file without its BOM, which every file must start with. */
function withoutBom(text: string): string {
  expect(text.startsWith(BOM)).toBe(true);
  return text.slice(BOM.length);
}

/** The injection rule, stated independently of the code: these first characters get an apostrophe. */
const expectedCell = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

describe("CSV fields (RFC 4180)", () => {
  it("quotes a field holding a quote, a comma, a CR or an LF, and doubles the quotes", () => {
    expect(csvField("plain")).toBe("plain");
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField("a,b")).toBe('"a,b"');
    expect(csvField("line\nbreak")).toBe('"line\nbreak"');
    expect(csvField("carriage\rreturn")).toBe('"carriage\rreturn"');
    expect(csvField("windows\r\nline")).toBe('"windows\r\nline"');
    expect(csvField(" spaced ")).toBe(" spaced ");
    expect(csvField("")).toBe("");
  });

  it("writes numbers as numbers, dates in UTC, nothing as an empty field", () => {
    expect(csvField(4.5)).toBe("4.5");
    expect(csvField(-5)).toBe("-5");
    expect(csvField(0)).toBe("0");
    expect(csvField(Number.NaN)).toBe("");
    expect(csvField(new Date("2025-03-14T16:05:09.123Z"))).toBe("2025-03-14 16:05:09");
    expect(csvField(null)).toBe("");
    expect(csvField(undefined)).toBe("");
  });

  it("ends every record with CRLF", () => {
    expect(csvRecord(["a", null, 3])).toBe("a,,3\r\n");
  });
});

describe("formula injection", () => {
  it("puts an apostrophe before a text cell starting with = + - @, a tab or a CR", () => {
    expect(neutraliseFormula('=HYPERLINK("http://evil","x")')).toBe('\'=HYPERLINK("http://evil","x")');
    expect(neutraliseFormula("+1 555 0100")).toBe("'+1 555 0100");
    expect(neutraliseFormula("-2+3")).toBe("'-2+3");
    expect(neutraliseFormula("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(neutraliseFormula("\t=1+1")).toBe("'\t=1+1");
    expect(neutraliseFormula("\r=1+1")).toBe("'\r=1+1");
  });

  it("leaves other text alone, signs after the start included", () => {
    for (const text of ["a=b", "1+1", "x@y.org", " =1", "'=1", "", "日本", "é=1"]) {
      expect(neutraliseFormula(text)).toBe(text);
    }
  });

  it("never escapes a number, even a negative one", () => {
    expect(csvRecord([-5, "-5"])).toBe("-5,'-5\r\n");
  });

  it("applies to the cells of a written file, quoted when they need it", async () => {
    const text = withoutBom(await csvOf(["Answer"], [["=1+1"], ['=A1&","&B1'], ["\r\nx"]]));
    expect(text).toBe(`Answer\r\n'=1+1\r\n"'=A1&"",""&B1"\r\n"'\r\nx"\r\n`);
    expect(parseCsv(text)).toEqual([["Answer"], ["'=1+1"], ['\'=A1&","&B1'], ["'\r\nx"]]);
  });
});

describe("a CSV file", () => {
  it("starts with the UTF-8 byte order mark and reads back exactly", async () => {
    const { output, bytes } = collectingOutput();
    const table = openTable("csv", output, new AbortController().signal, "Test");
    await table.header(["Identifier", "Amount", "Submitted"]);
    await table.row(['Café Ünïcode, "Ltd"', 1250.5, new Date("2026-01-02T03:04:05Z")]);
    await table.row(["", null, null]);
    await table.end();
    const file = await bytes();
    expect([...file.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(parseCsv(withoutBom(file.toString("utf8")))).toEqual([
      ["Identifier", "Amount", "Submitted"],
      ['Café Ünïcode, "Ltd"', "1250.5", "2026-01-02 03:04:05"],
      ["", "", ""],
    ]);
  });

  it("is a header alone when there are no rows", async () => {
    expect(withoutBom(await csvOf(["A", "B"], []))).toBe("A,B\r\n");
  });

  it("waits for a slow output to drain instead of piling the file up in memory", async () => {
    const { output, bytes, stats } = slowOutput();
    const table = openTable("csv", output, new AbortController().signal, "Test");
    await table.header(["Text"]);
    const paragraph = "x".repeat(10_000);
    for (let i = 0; i < 100; i += 1) await table.row([`${i} ${paragraph}`]);
    await table.end();
    expect(stats.refused).toBeGreaterThan(5);
    expect(stats.early).toBe(0);
    const rows = parseCsv(withoutBom(bytes().toString("utf8")));
    expect(rows).toHaveLength(101);
    expect(rows[100]).toEqual([`99 ${paragraph}`]);
  });

  it("stops when the job is aborted", async () => {
    const { output } = slowOutput();
    const controller = new AbortController();
    const table = openTable("csv", output, controller.signal, "Test");
    await table.header(["Text"]);
    const writing = (async () => {
      for (let i = 0; i < 1000; i += 1) await table.row(["y".repeat(10_000)]);
    })();
    setTimeout(() => controller.abort(new Error("Stopped by the test")), 5);
    await expect(writing).rejects.toThrow("Stopped by the test");
  });
});

describe("the CSV round trip (property)", () => {
  const special = fc.constantFrom(
    '"',
    ",",
    "\n",
    "\r",
    "\r\n",
    " ",
    "a",
    "😀",
    "שלום עולם",
    "\u202E",
    "é",
    "=",
    "+",
    "-",
    "@",
    "\t",
    "'",
  );
  const answer = fc.oneof(
    fc.string({ unit: "binary" }),
    fc.string({ unit: special, maxLength: 40 }),
    fc.string({ unit: "grapheme", maxLength: 30 }),
    // A 10,000-character paragraph of letters, punctuation, line breaks, emoji and right-to-left text
    // (cut between characters: half an emoji is not text, and UTF-8 cannot carry it).
    fc
      .string({ unit: special, minLength: 200, maxLength: 400 })
      .map((s) =>
        Array.from(`${s}lorem ipsum, "dolor"\r\nsit amet 😀 مرحبا `.repeat(200)).slice(0, 10_000).join(""),
      ),
  );

  it("gives back every answer exactly (after the BOM and the apostrophe rule)", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(answer, { minLength: 1, maxLength: 5 }), { maxLength: 4 }),
        async (rows) => {
          const header = ["One", "Two", "Three", "Four", "Five"];
          const parsed = parseCsv(withoutBom(await csvOf(header, rows)));
          expect(parsed).toEqual([header, ...rows.map((row) => row.map(expectedCell))]);
        },
      ),
      { numRuns: 500 },
    );
  });
});
