import { describe, expect, it } from "vitest";
import { signedInFirstPaint, themeVariables } from "./signed-in-shell";

const count = (html: string, pattern: RegExp) => html.match(new RegExp(pattern, "g"))?.length ?? 0;
/** The text the screen shows (tags and style sheets left out). */
const text = (html: string) => html.replace(/<style[^>]*>[^<]*<\/style>/g, "").replace(/<[^>]+>/g, "");

describe("a signed-in page's first screen (docs/decisions/042-signed-in-first-paint.md)", () => {
  it("is the top bar with the logo and the page's loader: no names, nothing to click", () => {
    const html = signedInFirstPaint(true);
    expect(count(html, /<header\b/)).toBe(1);
    expect(count(html, /<main\b/)).toBe(1);
    expect(text(html)).toBe("DecisionHubLoading…");
    expect(html).toMatch(/role="status"/);
    expect(count(html, /<(a|button|input|select|textarea|h1)\b/)).toBe(0);
  });

  it("takes the theme's colours from index.html's head, where the build writes them once for every page", () => {
    // The logo's darker blue and the darker dimmed grey, before any script.
    expect(themeVariables()).toContain("--mantine-color-anchor: var(--mantine-color-blue-8)");
    expect(themeVariables()).toContain("--mantine-color-dimmed: var(--mantine-color-gray-7)");
    expect(signedInFirstPaint(true)).not.toContain("--mantine-color-anchor");
  });

  it("shows the page's heading when it is known without data", () => {
    const html = signedInFirstPaint(true, "Candidate Statistics");
    expect(html).toMatch(/<main\b.*<h1\b[^>]*>Candidate Statistics<\/h1>/);
    expect(text(html)).toBe("DecisionHubCandidate StatisticsLoading…");
  });

  it("holds a phone's top bar and the wide one for a page that folds its bar, one shown by the screen's width", () => {
    const html = signedInFirstPaint(false, "Candidate Submissions");
    expect(count(html, /<header\b/)).toBe(2);
    expect(html).toMatch(
      /<div class="first-paint-compact">.*<header\b.*<div class="first-paint-wide">.*<header\b/,
    );
    expect(html).toContain("@media (max-width: 959.98px){.first-paint-wide{display:none}}");
    expect(html).toContain("@media not (max-width: 959.98px){.first-paint-compact{display:none}}");
  });
});
