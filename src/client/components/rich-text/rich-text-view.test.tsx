import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { RichText } from "../../../shared/forms/model";
import { render as renderInApp } from "../../test/render";
import { RichTextView } from "./rich-text-view";

const render = (value: RichText) => renderInApp(<RichTextView value={value} />);

/** The markup without Mantine's class names and styles, to compare structure. */
const structure = (html: string) => html.replace(/ (class|style|data-[a-z-]+)="[^"]*"/g, "");

describe("RichTextView", () => {
  it("renders hostile text as text", () => {
    const html = render({
      blocks: [{ type: "paragraph", children: [{ text: "<img src=x onerror=alert(1)>", bold: true }] }],
    });
    expect(html).not.toContain("<img");
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(render("<script>alert(1)</script>")).toContain("&lt;script&gt;");
  });

  it("renders blocks as paragraphs, headings and lists, runs as strong, em, u and links", () => {
    const html = structure(
      render({
        blocks: [
          { type: "heading", children: [{ text: "Title" }] },
          {
            type: "paragraph",
            children: [
              { text: "a", bold: true, italic: true, underline: true },
              { text: "site", link: "https://example.org" },
            ],
          },
          { type: "bullet", children: [{ text: "b1" }] },
          { type: "bullet", children: [{ text: "b2" }] },
          { type: "number", children: [{ text: "n1\nn2" }] },
        ],
      }),
    );
    expect(html).toContain("<h3>Title</h3>");
    expect(html).toContain("<p><u><em><strong>a</strong></em></u>");
    expect(html).toMatch(
      /<a href="https:\/\/example.org" target="_blank" rel="noopener noreferrer"[^>]*>site<\/a>/,
    );
    expect(html).toContain("<ul><li>b1</li><li>b2</li></ul>");
    expect(html).toContain("<ol><li>n1<br/>n2</li></ol>");
  });

  it("renders plain text of old forms a paragraph per line, and nothing when empty", () => {
    expect(structure(render("One\nTwo"))).toContain("<p>One</p><p>Two</p>");
    expect(render("")).toBe("");
  });

  it("does not load Lexical (the applicant pages use it)", () => {
    for (const file of ["rich-text-view.tsx", "rich-text-blocks.ts"]) {
      expect(readFileSync(new URL(file, import.meta.url), "utf8")).not.toMatch(/from "(lexical|@lexical\/)/);
    }
  });
});
