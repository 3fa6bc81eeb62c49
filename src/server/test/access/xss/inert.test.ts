import { PDFDocument, PDFName, PDFString } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { escapeHtml } from "../../../email/templates";
import {
  activePdfContent,
  cellShows,
  foreignMarkup,
  liveFormulas,
  nameProblems,
  pdfText,
  showsLiterally,
  visibleText,
} from "./inert";

/** The judges judged: each must catch what it looks for, or the suites that use it prove nothing. */

const page = (body: string) =>
  `<!doctype html><html><body style="font-family:sans-serif">${body}</body></html>`;

describe("foreignMarkup", () => {
  it("passes the templates' own markup and escaped text", () => {
    const html = page(
      `<p>${escapeHtml('<img src=x onerror="x()">')}</p><br><p><a href="http://localhost:3000/x">Go</a></p>`,
    );
    expect(foreignMarkup(html)).toEqual([]);
  });

  it("finds tags, event handlers and links elsewhere", () => {
    expect(foreignMarkup(page('<p><img src=x onerror="x()"></p>'))).toEqual([
      'tag <img src=x onerror="x()">',
    ]);
    expect(foreignMarkup(page('<p onclick="x()">a</p>'))).toEqual(['attribute onclick in <p onclick="x()">']);
    expect(foreignMarkup(page('<a href="javascript:x()">a</a>'))).toEqual(["link javascript:x()"]);
    // An unclosed tag runs to the next ">", as a browser reads it.
    expect(foreignMarkup(page("<svg onload=x()"))).toEqual(["tag <svg onload=x()</body>"]);
  });
});

describe("visibleText and showsLiterally", () => {
  it("read escaped HTML back as the text typed", () => {
    const typed = '&lt;b&gt; <script>"x"</script>';
    expect(showsLiterally(visibleText(page(`<p>${escapeHtml(typed)}</p>`)), typed)).toBe(true);
    expect(showsLiterally(visibleText(page(`<p>${typed}</p>`)), typed)).toBe(false);
  });

  it("ignore line breaks, control and direction characters", () => {
    expect(showsLiterally("Hi Bcc: x", "Hi\r\nBcc: x")).toBe(true);
    expect(showsLiterally("invoicefdp.exe", "invoice\u202efdp.exe")).toBe(true);
    expect(showsLiterally("=1+1", "\t=1+1")).toBe(true);
  });
});

describe("liveFormulas and cellShows", () => {
  it("find text cells a spreadsheet would run, not numbers or neutralised text", () => {
    expect(
      liveFormulas([["=1+1", "'=1+1", "-5", "-1+1", "@SUM(A1)", "\t=1", "\r=1", "1e5", "plain"]]),
    ).toEqual(["=1+1", "-1+1", "@SUM(A1)", "\t=1", "\r=1"]);
  });

  it("read a neutralised cell as its text, and keep a leading quote that is the text's own", () => {
    expect(cellShows(["'=1+1"], "=1+1")).toBe(true);
    expect(cellShows(["' x='"], "' x='")).toBe(true);
    expect(cellShows(["x"], "' x='")).toBe(false);
  });
});

describe("nameProblems", () => {
  it("finds places, separators, control and direction characters", () => {
    expect(nameProblems("cv.pdf")).toEqual([]);
    expect(nameProblems("..")).toEqual(["a place, not a name"]);
    expect(nameProblems("a\\b")).toEqual(["a path separator"]);
    expect(nameProblems("a\u0000b")).toEqual(["a control character"]);
    expect(nameProblems("invoice\u202efdp.exe")).toEqual(["a direction override"]);
  });
});

describe("activePdfContent and pdfText", () => {
  async function pdf(active: boolean): Promise<Uint8Array> {
    const document = await PDFDocument.create();
    const page = document.addPage();
    page.drawText("<script>window.__xss=1</script>", { x: 20, y: 700, size: 12 });
    if (active) {
      const action = document.context.obj({
        Type: "Action",
        S: "JavaScript",
        JS: PDFString.of("app.alert(1)"),
      });
      document.catalog.set(PDFName.of("OpenAction"), document.context.register(action));
    }
    return document.save();
  }

  it("finds a script run on opening, even inside compressed object streams", async () => {
    expect(activePdfContent(await pdf(false))).toEqual([]);
    expect(activePdfContent(await pdf(true))).toEqual(["/JavaScript", "/JS", "/OpenAction"]);
  });

  it("reads the drawn text back", async () => {
    expect(pdfText(await pdf(false))).toContain("<script>window.__xss=1</script>");
  });
});
