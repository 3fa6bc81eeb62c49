import { it } from "vitest";
import { type HostilePayload, STORABLE_PAYLOADS } from "./payloads";

/**
 * What the stored-XSS and upload suites found and is not fixed yet. A check listed here for a payload
 * runs as `it.fails`: it passes while the weakness is there, and fails — so that the entry is removed
 * here — once it is fixed. Each says where, what happens, and the fix suggested.
 */
export interface XssFinding {
  check: Check;
  /** The payloads (by id), or the fields, the check fails for. */
  cases: readonly string[];
  what: string;
}

export type Check =
  | "email subject on one line"
  | "attachment name without direction overrides"
  | "NUL byte refused or stored"
  | "upload size while streaming"
  | "header image is the program's own file";

export const XSS_FINDINGS: readonly XssFinding[] = [
  {
    check: "email subject on one line",
    cases: ["header-injection", "cr-formula"],
    what:
      "Subjects carry line breaks typed into names: the applicant's receipt (submission-receipt) puts the " +
      "form's name in it as typed, and program-access, invitation and reviewer-reminder the program's name " +
      "(programNameSchema trims the ends, not the middle), so the outbox row's subject holds CR/LF " +
      "(payloads header-injection and, for the form name, cr-formula). SMTP is safe (nodemailer folds line " +
      "breaks in headers into spaces) but the subject should be one line before any provider sees it. Fix: " +
      "once for every kind in src/server/email/outbox.ts rowOf, as committeeEmail already does: " +
      "subject.replace(/[\\r\\n]+/g, ' ').trim(); and refuse line breaks in names (nameSchema, " +
      "programNameSchema, the form's name).",
  },
  {
    check: "attachment name without direction overrides",
    cases: ["rtl-override"],
    what:
      "A file uploaded as 'invoice\\u202Efdp.exe' keeps its RIGHT-TO-LEFT OVERRIDE: the attachments " +
      "export's entry is named so, and a file manager shows it as 'invoiceexe.pdf' (the real extension " +
      "hidden). safeSegment (src/server/exports/zip/entry-names.ts) removes control characters but not " +
      "the bidirectional controls. Fix: also remove U+200E, U+200F, U+202A–U+202E and U+2066–U+2069 " +
      "there, and in displayName (src/server/submissions/files.ts) so that the stored name is clean too.",
  },

  {
    check: "upload size while streaming",
    cases: ["over the address's size", "a forged address"],
    what:
      "An upload sent without Content-Length (chunked, as a streaming client sends it) is read whole into " +
      "memory before anything is checked: the bodyLimit middleware on /api/files/upload/* " +
      "(src/server/app.ts) buffers up to MAX_UPLOAD_BYTES (100 MB) — for a forged or expired address and " +
      "for anyone, signed in or not — and only then does the route verify the address and compare the " +
      "size with the address's own limit (the plan's, 20–100 MB; readUpload in src/server/files/routes.ts " +
      "calls c.req.arrayBuffer()). A few parallel requests hold hundreds of MB. Declared lengths are " +
      "refused at once. Fix: drop the generic bodyLimit for this route; in the route, verify the address " +
      "first (before touching the body), then read c.req.raw.body with a reader that stops and answers " +
      "413 as soon as grant.maxBytes is passed (and write to a temporary file rather than memory).",
  },
  {
    check: "header image is the program's own file",
    cases: ["javascript:window.__xss=1", "https://evil.example/pixel.png"],
    what:
      "A form's settings.headerImage takes any string up to 2,000 characters (src/shared/forms/model.ts, " +
      "formSettingsSchema): a javascript: address or another site's image is saved, and every applicant " +
      "page renders it as <img src> (form-header.tsx). Inert today — browsers never run javascript: in an " +
      "image, and the Content-Security-Policy (img-src 'self' data: blob:) blocks other sites, so no " +
      "tracking pixel loads either — but it rests on the policy alone. Fix: accept only null or the " +
      "address the upload route hands out, /api/files/public/programs/{this program's id}/… (a regex in " +
      "the schema, and the program checked on save).",
  },
];

export const findingFor = (check: Check, name: string) =>
  XSS_FINDINGS.find((f) => f.check === check && f.cases.includes(name));

/** One test per storable payload: `it.fails` where a finding above makes the check fail today. */
export function eachPayload(
  check: Check | null,
  title: string,
  run: (payload: HostilePayload) => void | Promise<void>,
): void {
  for (const payload of STORABLE_PAYLOADS) {
    const test = check && findingFor(check, payload.id) ? it.fails : it;
    test(`${title} (${payload.id})`, () => run(payload));
  }
}
