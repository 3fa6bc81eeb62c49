import { describe, expect, it } from "vitest";
import { MAX_SEGMENT_LENGTH, safeSegment, UniqueNames } from "./entry-names";

describe("safeSegment: a name someone typed as one safe path segment", () => {
  it("keeps an ordinary name, accents and all", () => {
    expect(safeSegment("Budget 2026 (final).pdf")).toBe("Budget 2026 (final).pdf");
    expect(safeSegment("Présentation équipe.docx")).toBe("Présentation équipe.docx");
  });

  it("never climbs out of its folder or names an absolute path", () => {
    expect(safeSegment("../../etc/passwd")).toBe("passwd");
    expect(safeSegment("/etc/passwd")).toBe("passwd");
    expect(safeSegment("..\\..\\Windows\\win.ini")).toBe("win.ini");
    expect(safeSegment("C:\\Users\\me\\cv.pdf")).toBe("cv.pdf");
    expect(safeSegment("folder/")).toBe("folder");
    for (const name of ["..", ".", "../..", "/", "", "   ", "...", "\u0000"]) {
      expect(safeSegment(name)).toBe("file");
    }
  });

  it("removes control characters and what Windows refuses, and trailing dots and spaces", () => {
    expect(safeSegment("a\u0000b\u001fc\u007f.txt")).toBe("abc.txt");
    expect(safeSegment('what? "really" <yes>|no*:.pdf')).toBe("what_ _really_ _yes__no__.pdf");
    expect(safeSegment("notes.txt. . ")).toBe("notes.txt");
  });

  it("removes direction controls, which would hide a name's real extension", () => {
    // Shown as "invoiceexe.pdf" with the override: the file is a program.
    expect(safeSegment("invoice\u202Efdp.exe")).toBe("invoicefdp.exe");
    const every = ["\u200e", "\u200f", "\u202a", "\u202b", "\u202c", "\u202d", "\u202e"]
      .concat(["\u2066", "\u2067", "\u2068", "\u2069"])
      .map((control, i) => `${control}${i}`)
      .join("");
    expect(safeSegment(`${every}.txt`)).toBe("012345678910.txt");
    // Only the controls: Arabic and Hebrew letters stay, as the names of real files.
    expect(safeSegment("تقرير מסמך.pdf")).toBe("تقرير מסמך.pdf");
    expect(safeSegment("\u202E\u2066")).toBe("file");
  });

  it("renames Windows device names", () => {
    expect(safeSegment("CON")).toBe("_CON");
    expect(safeSegment("nul.txt")).toBe("_nul.txt");
    expect(safeSegment("console.txt")).toBe("console.txt");
  });

  it("cuts a long name to the limit, keeping its extension and whole characters", () => {
    const long = `${"é".repeat(150)}${"😀".repeat(100)}.pdf`;
    const cut = safeSegment(long);
    expect(Array.from(cut)).toHaveLength(MAX_SEGMENT_LENGTH);
    expect(cut.endsWith("😀.pdf")).toBe(true);
    // No half surrogate pair: UTF-8 round trip would turn one into U+FFFD.
    expect(Buffer.from(cut, "utf8").toString("utf8")).toBe(cut);
  });
});

describe("UniqueNames", () => {
  it("numbers repeated names before the extension: name.pdf, name-2.pdf, name-3.pdf", () => {
    const names = new UniqueNames();
    expect(["a.pdf", "a.pdf", "a.pdf", "b.pdf", "a"].map((n) => names.claim(n))).toEqual([
      "a.pdf",
      "a-2.pdf",
      "a-3.pdf",
      "b.pdf",
      "a",
    ]);
  });

  it("compares without case, as Windows and macOS folders do", () => {
    const names = new UniqueNames();
    expect(names.claim("Report.PDF")).toBe("Report.PDF");
    expect(names.claim("report.pdf")).toBe("report-2.pdf");
  });

  it("skips a number a real name already took", () => {
    const names = new UniqueNames();
    expect(["x.pdf", "x-2.pdf", "x.pdf", "x.pdf", "x-2.pdf"].map((n) => names.claim(n))).toEqual([
      "x.pdf",
      "x-2.pdf",
      "x-3.pdf",
      "x-4.pdf",
      "x-2-2.pdf",
    ]);
  });

  it("gives a thousand equal names a thousand distinct ones, quickly", () => {
    const names = new UniqueNames();
    const given = Array.from({ length: 1000 }, () => names.claim("same.pdf"));
    expect(new Set(given).size).toBe(1000);
    expect(given[999]).toBe("same-1000.pdf");
  });

  it("keeps a leading-dot name whole (no extension to number before)", () => {
    const names = new UniqueNames();
    expect(names.claim(".env")).toBe(".env");
    expect(names.claim(".env")).toBe(".env-2");
  });
});
