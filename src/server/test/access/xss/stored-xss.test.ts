import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FormContent, HEADER_IMAGE_MESSAGE } from "../../../../shared/forms/model";
import { LINE_BREAK } from "../../../../shared/schemas/common";
import type { FormResult } from "../../../../shared/schemas/forms";
import { parseCsv, readXlsx } from "../../../exports/tabular/test/read-back";
import { callApi } from "../../factories";
import { createTestApp, type TestApp } from "../../harness";
import { buildHostileWorlds, FIELDS, type Field, type HostileWorld, standIn } from "./hostile-world";
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
import { type HostilePayload, STORABLE_PAYLOADS } from "./payloads";
import { type Download, runExport, submissionPdf, zipEntries } from "./surfaces";

/**
 * Stored XSS (docs/reliability.md, "Bad input"): every hostile payload typed into every free-text field
 * through the API, then read back where it comes out — the emails in the outbox, the application's PDF and
 * the exports (CSV, XLSX, zips). Each must show the text as text and nothing more: no markup in an
 * email's HTML, no formula a spreadsheet would run, nothing active in a PDF.
 */

let t: TestApp;
const worlds = new Map<string, HostileWorld>();

beforeAll(async () => {
  t = await createTestApp({ OPERATOR_EMAILS: "operator@example.test" });
  for (const world of await buildHostileWorlds(t, STORABLE_PAYLOADS)) worlds.set(world.payload.id, world);
}, 600_000);
afterAll(async () => {
  const refused = [...worlds.values()].reduce((n, w) => n + w.refused.size, 0);
  console.info(
    `stored XSS: ${STORABLE_PAYLOADS.length} payloads × ${FIELDS.length} fields sent through the API ` +
      `(${refused} refused: line breaks in names); ` +
      `${readBacks.size} (payload, field, surface) read-backs checked`,
  );
  await t?.close();
});

const worldOf = (payload: HostilePayload) => worlds.get(payload.id)!;
/** What the field holds: the payload, or the stand-in when it refused the payload. */
const heldIn = (world: HostileWorld, field: Field) =>
  world.refused.has(field) ? standIn(world.payload) : world.payload.text;
const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

/** One test per storable payload. */
function eachPayload(title: string, run: (payload: HostilePayload) => void | Promise<void>): void {
  for (const payload of STORABLE_PAYLOADS) it(`${title} (${payload.id})`, () => run(payload));
}

/**
 * The names, which must be on one line (they are in lists, headings and email subjects): each refuses
 * a payload holding a line break — after trimming its ends where the name is trimmed.
 */
const ONE_LINE_NAMES: Partial<Record<Field, { trimmed: boolean }>> = {
  "orgAdmin.name": { trimmed: true },
  "applicant.name": { trimmed: true },
  "reviewer.name": { trimmed: true },
  "program.name": { trimmed: true },
  "form.name": { trimmed: false },
};
/** The fields that refuse `payload`: the one-line names, when it holds a line break. */
function refusedFieldsOf(payload: HostilePayload): Field[] {
  return FIELDS.filter((field) => {
    const rule = ONE_LINE_NAMES[field];
    return rule !== undefined && LINE_BREAK.test(rule.trimmed ? payload.text.trim() : payload.text);
  });
}

/** Each (payload, field, surface) whose text was found where it comes out: the suite's figure. */
const readBacks = new Set<string>();
/** The field's text is in what `surface` shows (`judge` reads it), counted in the figure. */
function expectShown(
  world: HostileWorld,
  field: Field,
  surface: string,
  shown: string | string[],
  judge: (shown: never, typed: string) => boolean = showsLiterally,
) {
  expect(judge(shown as never, heldIn(world, field)), `${field} in ${surface}`).toBe(true);
  readBacks.add(`${world.payload.id}|${field}|${surface}`);
}

describe("every field", () => {
  eachPayload("stores the payload or refuses it with field errors, never a server error", (payload) => {
    const world = worldOf(payload);
    expect([...world.crashed]).toEqual([]);
    // Markup is text here: it is stored, never refused for looking like markup.
    if (payload.threat === "markup") expect([...world.refused]).toEqual([]);
  });

  eachPayload("is refused by exactly the names when it holds a line break", (payload) => {
    expect([...worldOf(payload).refused].sort()).toEqual(refusedFieldsOf(payload).sort());
  });

  it("stores every payload in every field as text, but line breaks in names", () => {
    const stored = [...worlds.values()].reduce(
      (n, w) => n + FIELDS.length - w.crashed.size - w.refused.size,
      0,
    );
    const refused = STORABLE_PAYLOADS.reduce((n, p) => n + refusedFieldsOf(p).length, 0);
    // header-injection in the four trimmed names and the form's; cr-formula ("\r=1+1") in the form's.
    expect(refused).toBe(6);
    expect(stored).toBe(STORABLE_PAYLOADS.length * FIELDS.length - refused);
  });
});

/** The fields each kind of email shows, in its subject or body. */
const EMAIL_FIELDS: Record<string, Field[]> = {
  "submission-receipt": ["applicant.name", "form.name", "form.confirmationMessage"],
  "program-access": ["orgAdmin.name", "program.name", "organization.name"],
  invitation: ["orgAdmin.name", "program.name", "organization.name"],
  "committee-email": ["email.subject", "email.body", "applicant.name", "answer.identifier"],
  "reviewer-reminder": ["reviewer.name", "orgAdmin.name", "program.name"],
  "password-reset": ["applicant.name"],
  feedback: ["feedback.comment", "applicant.name"],
  "error-report": ["errorReport.message"],
};

describe("emails", () => {
  eachPayload("escape the payload in the HTML part and keep it as plain text in the text part", (payload) => {
    const world = worldOf(payload);
    expect(world.mail.map((m) => m.kind).sort()).toEqual(Object.keys(EMAIL_FIELDS).sort());
    for (const mail of world.mail) {
      expect(foreignMarkup(mail.html), `${mail.kind} HTML`).toEqual([]);
      for (const field of EMAIL_FIELDS[mail.kind]!) {
        expectShown(world, field, `${mail.kind} email (HTML)`, `${mail.subject} ${visibleText(mail.html)}`);
        expectShown(world, field, `${mail.kind} email (text)`, `${mail.subject} ${mail.text}`);
      }
    }
  });

  eachPayload("keep every subject on one line", (payload) => {
    const broken = worldOf(payload).mail.filter((mail) => /[\r\n]/.test(mail.subject));
    expect(broken.map((mail) => mail.kind)).toEqual([]);
  });
});

/** The fields the application's PDF shows: the form's text and the applicant's answers. */
const PDF_FIELDS: Field[] = [
  "form.name",
  "section.name",
  "question.name",
  "option.value",
  "tableColumn.value",
  "answer.identifier",
  "answer.shortText",
  "answer.paragraphs",
  "answer.tableCell",
];

function expectReadOnlyPdf(bytes: Uint8Array, world: HostileWorld, surface: string) {
  expect(decode(bytes.subarray(0, 5))).toBe("%PDF-");
  expect(activePdfContent(bytes)).toEqual([]);
  const text = pdfText(bytes);
  for (const field of PDF_FIELDS) expectShown(world, field, surface, text);
}

describe("PDFs", () => {
  eachPayload("show the payload as text in the application's PDF, with nothing active", async (payload) => {
    const world = worldOf(payload);
    const pdf = await submissionPdf(t, world);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("content-disposition")).toMatch(/^attachment; filename="[A-Za-z0-9_-]+\.pdf"$/);
    expectReadOnlyPdf(pdf.bytes, world, "application PDF");
  });

  eachPayload("show the payload as text in the PDFs export, under a safe entry name", async (payload) => {
    const world = worldOf(payload);
    const zip = await runExport(t, world, "pdfs", "zip");
    const entries = Object.entries(zipEntries(zip.bytes));
    expect(entries).toHaveLength(1);
    for (const [name, bytes] of entries) {
      expect(name).toMatch(/^[A-Za-z0-9_-]+\.pdf$/);
      expectReadOnlyPdf(bytes, world, "PDFs export");
    }
  });
});

/** The fields each table export shows. */
const TABLE_FIELDS: Record<"data" | "matrix" | "comments", Field[]> = {
  data: ["question.name", "answer.identifier", "answer.shortText", "answer.paragraphs", "answer.tableCell"],
  matrix: ["answer.identifier", "reviewer.name"],
  comments: ["answer.identifier", "section.name", "reviewer.name", "comment.value"],
};
const TABLE_KINDS = Object.keys(TABLE_FIELDS) as (keyof typeof TABLE_FIELDS)[];

function tableOf(download: Download, format: "csv" | "xlsx"): string[][] {
  if (format === "csv") return parseCsv(decode(download.bytes).replace(/^\uFEFF/, ""));
  const sheet = readXlsx(download.bytes);
  // Inline strings are values: a formula would be an <f> element, which the reader refuses to read.
  expect(sheet.parts["xl/worksheets/sheet1.xml"]).not.toMatch(/<f[ >]/);
  return sheet.rows.map((row) => row.map((cell) => (cell === null ? "" : String(cell))));
}

describe("exports", () => {
  for (const format of ["csv", "xlsx"] as const) {
    eachPayload(`neutralise the payload in every ${format} cell and show it as typed`, async (payload) => {
      const world = worldOf(payload);
      for (const kind of TABLE_KINDS) {
        const cells = tableOf(await runExport(t, world, kind, format), format).flat();
        // In XLSX every text cell is a string value: a formula sign first is harmless there.
        if (format === "csv") expect(liveFormulas([cells]), `${kind} ${format}`).toEqual([]);
        for (const field of TABLE_FIELDS[kind]) {
          expectShown(world, field, `${kind} export (${format})`, cells, cellShows);
        }
      }
    });
  }

  eachPayload("name the attachment with safe path segments, nothing hidden", async (payload) => {
    const world = worldOf(payload);
    const names = Object.keys(zipEntries((await runExport(t, world, "attachments", "zip")).bytes));
    expect(names).toHaveLength(1);
    const [folder, file, ...more] = names[0]!.split("/");
    expect(more).toEqual([]);
    for (const segment of [folder!, file!]) expect(nameProblems(segment), segment).toEqual([]);
  });
});

/** The API reads that return the stored text, each as someone who may read it, with a field it shows. */
function jsonReads(w: HostileWorld): [cookie: string | undefined, path: string, field: Field][] {
  const admin = w.orgAdmin.cookie;
  const program = `programId=${w.programId}`;
  return [
    [admin, `/api/organizations/${w.orgId}`, "organization.name"],
    [admin, `/api/organizations/${w.orgId}/audit-events`, "group.name"],
    [admin, `/api/programs/${w.programId}`, "program.name"],
    [admin, `/api/programs/${w.programId}/users`, "reviewer.name"],
    [admin, `/api/forms/program/${w.programId}`, "question.description"],
    [undefined, `/api/forms/link/${w.linkId}`, "form.name"],
    [w.applicant.cookie, `/api/submissions/${w.submissionId}`, "answer.tableCell"],
    [w.applicant.cookie, `/api/submissions/applicant/${w.applicant.id}`, "answer.identifier"],
    [w.reviewer.cookie, `/api/users/${w.reviewer.id}`, "reviewer.name"],
    [w.reviewer.cookie, `/api/applications?${program}`, "answer.identifier"],
    [w.reviewer.cookie, `/api/applications/${w.programId}/${w.submissionId}`, "answer.paragraphs"],
    [w.reviewer.cookie, `/api/reviews/comments/${w.submissionId}`, "comment.value"],
    [admin, `/api/reviewerGroups/${w.programId}`, "group.description"],
    [admin, `/api/admin/assignments?${program}`, "answer.identifier"],
    [admin, `/api/admin/candidate-submissions?${program}`, "answer.identifier"],
    [admin, `/api/admin/reviewer-stats?${program}`, "reviewer.name"],
  ];
}

/** Every string in a JSON value. */
const stringsIn = (value: unknown): string[] =>
  typeof value === "string"
    ? [value]
    : value !== null && typeof value === "object"
      ? Object.values(value).flatMap(stringsIn)
      : [];

describe("the JSON API", () => {
  eachPayload("returns the payload as data, never as a page a browser would render", async (payload) => {
    const world = worldOf(payload);
    for (const [cookie, path, field] of jsonReads(world)) {
      const res = await t.request(path, cookie === undefined ? {} : { cookie });
      expect(res.status, path).toBe(200);
      expect(res.headers.get("content-type"), path).toMatch(/^application\/json\b/);
      expect(res.headers.get("x-content-type-options"), path).toBe("nosniff");
      const route = path.replace(/[0-9a-f-]{32,36}/g, ":id").replace(/\?.*$/, "");
      expectShown(world, field, `GET ${route}`, stringsIn(await res.json()), cellShows);
    }
  });

  it("answers hostile paths with JSON errors, not pages", async () => {
    for (const path of [
      `/api/${encodeURIComponent("<script>window.__xss=1</script>")}`,
      `/api/files/public/${encodeURIComponent('<svg onload="window.__xss=1">')}.svg`,
      `/api/forms/link/${encodeURIComponent("<img src=x onerror=1>")}`,
    ]) {
      const res = await t.request(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get("content-type"), path).toMatch(/^application\/json\b/);
      expect(await res.text(), path).not.toContain("<");
    }
  });
});

describe("links and images in a form", () => {
  /** A whole-form save of the world's form with `change` applied, as its admin. */
  async function saveForm(world: HostileWorld, change: (content: FormContent) => FormContent) {
    const { form } = (
      await callApi<FormResult>(t, "GET", `/api/forms/program/${world.programId}`, world.orgAdmin.cookie)
    ).body;
    const { name, description, sections, settings } = form;
    const content = change({ name, description, sections, settings });
    return callApi(t, "PUT", `/api/forms/${form._id}`, world.orgAdmin.cookie, {
      revision: form.revision,
      content,
    });
  }
  const linked =
    (link: string) =>
    (content: FormContent): FormContent => ({
      ...content,
      description: { blocks: [{ type: "paragraph", children: [{ text: "Read the rules", link }] }] },
    });

  it.each([
    "javascript:window.__xss=1",
    "JaVaScRiPt:window.__xss=1",
    " javascript:window.__xss=1",
    "data:text/html,<script>window.__xss=1</script>",
    "vbscript:msgbox(1)",
    "//evil.example/",
  ])("refuses the rich-text link %j with a field error", async (link) => {
    const saved = await saveForm(worldOf(STORABLE_PAYLOADS[0]!), linked(link));
    expect(saved.status).toBe(400);
    expect(saved.text).toContain("Links must start with http://, https:// or mailto:");
  });

  it("keeps an http(s) or mailto link", async () => {
    const world = worldOf(STORABLE_PAYLOADS[0]!);
    expect((await saveForm(world, linked("https://example.org/rules"))).status).toBe(200);
    expect((await saveForm(world, linked("mailto:grants@example.org"))).status).toBe(200);
  });

  it.each([
    "javascript:window.__xss=1",
    "https://evil.example/pixel.png",
    "//evil.example/pixel.png",
    "/api/files/public/programs/../../../etc/passwd",
  ])("refuses %j as the header image: only the program's own public files", async (image) => {
    const world = worldOf(STORABLE_PAYLOADS[0]!);
    const saved = await saveForm(world, (content) => ({
      ...content,
      settings: { ...content.settings, headerImage: image },
    }));
    expect(saved.status).toBe(400);
    expect(saved.body).toMatchObject({
      error: { fields: { "content.settings.headerImage": [HEADER_IMAGE_MESSAGE] } },
    });
  });
});
