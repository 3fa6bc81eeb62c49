import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { defaultFormContent, newQuestion } from "../../../shared/forms/defaults";
import type { FileType } from "../../../shared/forms/model";
import { MAX_UPLOAD_BYTES } from "../../../shared/limits";
import { FILE_MESSAGES } from "../../../shared/schemas/files";
import { submissionFiles } from "../../db/schema";
import {
  buildPublishedForm,
  buildUser,
  type Cast,
  callApi,
  type ParsedAnswer,
  withCastTestApp,
} from "../factories";
import type { TestApp } from "../harness";
import { nameProblems } from "./xss/inert";
import { askUpload, putBytes } from "./xss/surfaces";

/**
 * Hostile uploads (docs/reliability.md, "Bad input"), through the real flow — an upload address for a file
 * question, the bytes PUT to it, the download through a signed address: the type is judged by the
 * bytes, the size is enforced, names never choose where a file goes, and downloads are attachments
 * the browser may not sniff. No endpoint unpacks archives, so a zip bomb has nothing to explode: a
 * zip is refused where the question wants a PDF, and kept as opaque bytes where it takes any file.
 */

let t: TestApp;
let cast: Cast;
withCastTestApp((app) => {
  ({ t, cast } = app);
});

const MB = 1_048_576;
/** The cast's organization is on the Foundation plan: files up to 50 MB. */
const PLAN_LIMIT = 50 * MB;
const encode = (text: string) => new TextEncoder().encode(text);
const BYTES = {
  pdf: encode("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n"),
  html: encode(
    '<!doctype html><html><body><script>window.__xss=1</script><img src=x onerror="window.__xss=1">',
  ),
  svg: encode(
    '<svg xmlns="http://www.w3.org/2000/svg" onload="window.__xss=1"><script>window.__xss=1</script></svg>',
  ),
  exe: new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00, 0xff, 0xff]),
  zip: new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00, 0x08, 0x00, ...new Array(20).fill(0)]),
};

let form: Awaited<ReturnType<typeof buildPublishedForm>>;
/** The form's file questions by the type they take. */
const questionFor = {} as Record<"pdf" | "any", string>;

beforeAll(async () => {
  const content = defaultFormContent("Uploads");
  const fileQuestion = (fileType: FileType) => ({
    ...newQuestion("FILE_UPLOAD", `Files (${fileType})`),
    files: { maxFiles: 4 as const, fileType },
  });
  const pdf = fileQuestion("pdf");
  const any = fileQuestion("any");
  questionFor.pdf = pdf._id;
  questionFor.any = any._id;
  content.sections[0]!.questions.push(pdf, any);
  form = await buildPublishedForm(t.deps.db, cast.program, content);
});

/** A new applicant's draft (one per person and form), so that no test meets another's file count. */
async function applicantDraft(): Promise<{ submissionId: string; cookie: string }> {
  const person = await buildUser(t.deps.db, { applicant: true });
  const cookie = await t.signIn(person.email);
  const opened = await callApi<{ submissionId: string }>(t, "POST", "/api/submissions", cookie, {
    linkId: form.linkId,
  });
  return { submissionId: opened.body.submissionId, cookie };
}

/** Through the whole flow, on a new draft: the address for `filename`, then `bytes` sent to it. */
async function upload(question: "pdf" | "any", filename: string, bytes: Uint8Array) {
  const draft = await applicantDraft();
  const grant = await askUpload(t, draft.cookie, {
    submissionId: draft.submissionId,
    questionId: questionFor[question],
    filename,
    size: bytes.byteLength,
  });
  const stored = grant.status === 200 ? await putBytes(t, grant.body.uploadUrl, draft.cookie, bytes) : null;
  return { ...draft, grant, stored };
}

/** A granted address for a PDF of `size` bytes on the PDF question, and whose it is. */
async function pdfAddress(size = BYTES.pdf.byteLength) {
  const draft = await applicantDraft();
  const grant = await askUpload(t, draft.cookie, {
    submissionId: draft.submissionId,
    questionId: questionFor.pdf,
    filename: "big.pdf",
    size,
  });
  expect(grant.status, grant.text).toBe(200);
  return { ...draft, uploadUrl: grant.body.uploadUrl };
}

const fieldErrors = (answer: ParsedAnswer<unknown> | null) =>
  (answer?.body as { error?: { fields?: unknown } } | undefined)?.error?.fields;

const filesRoot = () => path.join(t.deps.config.DATA_DIR, "files");
/** Every file on disk under `folder`, as paths relative to it. */
function filesUnder(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)));
}
const rowsOf = async (submissionId: string) =>
  t.deps.db.select().from(submissionFiles).where(eq(submissionFiles.submissionId, submissionId));

/** The stored file's download, through a signed address, as its owner. */
async function download(fileId: string, cookie: string) {
  const address = await callApi<{ url: string }>(
    t,
    "GET",
    `/api/files/signedUrl/private/getObject?fileId=${fileId}`,
    cookie,
  );
  expect(address.status).toBe(200);
  const res = await t.request(address.body.url, { cookie });
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
}

const refusedType = (type: string) => ({ file: [`You may only upload the file type: ${type}`] });

/**
 * A request body that counts what the server reads of it: `total` bytes in 1 MB chunks, made only when
 * asked for, so `pulled` says how far the server read before it answered.
 */
function countingBody(total: number) {
  const chunk = new Uint8Array(MB).fill(0x41);
  const counter = { pulled: 0 };
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (counter.pulled >= total) return controller.close();
        const size = Math.min(chunk.byteLength, total - counter.pulled);
        counter.pulled += size;
        controller.enqueue(chunk.subarray(0, size));
      },
    },
    { highWaterMark: 0 },
  );
  return { body, counter };
}

describe("content sniffing", () => {
  it.each([
    ["HTML", BYTES.html],
    ["SVG with script", BYTES.svg],
    ["a Windows program", BYTES.exe],
    ["a zip", BYTES.zip],
  ] as const)("refuses %s named .pdf for a PDF question, storing nothing", async (_what, bytes) => {
    const before = filesUnder(filesRoot());
    const { submissionId, grant, stored } = await upload("pdf", "cv.pdf", bytes);
    expect(grant.status).toBe(200);
    expect(stored?.status).toBe(400);
    expect(fieldErrors(stored)).toEqual(refusedType("pdf"));
    expect(await rowsOf(submissionId)).toEqual([]);
    expect(filesUnder(filesRoot())).toEqual(before);
  });

  it("refuses a .zip by its name before the upload, for a question that wants a PDF", async () => {
    const { grant, stored } = await upload("pdf", "archive.zip", BYTES.zip);
    expect(grant.status).toBe(400);
    expect(fieldErrors(grant)).toEqual(refusedType("pdf"));
    expect(stored).toBeNull();
  });

  it.each([
    ["an SVG with script", "drawing.svg", BYTES.svg],
    ["an HTML page", "page.html", BYTES.html],
    ["a zip (never unpacked)", "archive.zip", BYTES.zip],
  ] as const)(
    "keeps %s for an any-type question as opaque bytes, downloaded as an attachment never sniffed",
    async (_what, name, bytes) => {
      const { stored, cookie } = await upload("any", name, bytes);
      expect(stored?.status).toBe(200);
      expect(stored?.body).toMatchObject({
        name,
        contentType: "application/octet-stream",
        size: bytes.byteLength,
      });
      const { res, bytes: back } = await download(stored!.body._id, cookie);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/octet-stream");
      expect(res.headers.get("content-disposition")).toMatch(/^attachment; /);
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("cache-control")).toBe("private, no-store");
      expect(back).toEqual(bytes);
    },
  );

  it("serves a real PDF as application/pdf, still as an attachment", async () => {
    const { stored, cookie } = await upload("pdf", "cv.pdf", BYTES.pdf);
    const { res } = await download(stored!.body._id, cookie);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="cv.pdf"; filename*=UTF-8''cv.pdf`,
    );
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });
});

describe("size limits", () => {
  it("refuses an address for a file over the plan's size", async () => {
    const { cookie, submissionId } = await applicantDraft();
    const grant = await askUpload(t, cookie, {
      submissionId,
      questionId: questionFor.pdf,
      filename: "huge.pdf",
      size: PLAN_LIMIT + 1,
    });
    expect(grant.status).toBe(400);
    expect(fieldErrors(grant)).toEqual({ file: [FILE_MESSAGES.tooLarge(50)] });
  });

  it("refuses a declared length over the address's size without reading the body, storing nothing", async () => {
    const before = filesUnder(filesRoot());
    const { uploadUrl, cookie, submissionId } = await pdfAddress();
    const { body, counter } = countingBody(PLAN_LIMIT + MB);
    const stored = await putBytes(t, uploadUrl, cookie, body, { "content-length": String(PLAN_LIMIT + MB) });
    expect(stored.status).toBe(400);
    expect(fieldErrors(stored)).toEqual({ file: [FILE_MESSAGES.tooLarge(50)] });
    expect(counter.pulled).toBe(0);
    expect(await rowsOf(submissionId)).toEqual([]);
    expect(filesUnder(filesRoot())).toEqual(before);
  });

  it("refuses a declared length far over any upload, without reading the body", async () => {
    const { uploadUrl, cookie } = await pdfAddress();
    const { body, counter } = countingBody(4 * MB);
    const stored = await putBytes(t, uploadUrl, cookie, body, {
      "content-length": String(10 * MAX_UPLOAD_BYTES),
    });
    expect(stored.status).toBe(400);
    expect((stored.body as unknown as { error: { code: string } }).error.code).toBe("BODY_TOO_LARGE");
    expect(counter.pulled).toBe(0);
  });

  it("stops reading a streamed body as soon as it passes the address's size (the plan's), storing nothing", async () => {
    const before = filesUnder(filesRoot());
    const { uploadUrl, cookie, submissionId } = await pdfAddress();
    const { body, counter } = countingBody(PLAN_LIMIT + 10 * MB);
    const stored = await putBytes(t, uploadUrl, cookie, body);
    expect(stored.status).toBe(413);
    expect(stored.body).toEqual({
      error: {
        code: "BODY_TOO_LARGE",
        message: FILE_MESSAGES.tooLarge(50),
        fields: { file: [FILE_MESSAGES.tooLarge(50)] },
      },
    });
    // The chunk that passed the size is the last one read (1 MB chunks: 51 of the 60 sent).
    expect(counter.pulled).toBe(PLAN_LIMIT + MB);
    expect(await rowsOf(submissionId)).toEqual([]);
    expect(filesUnder(filesRoot())).toEqual(before);
  });

  it("stores a streamed body within the address's size whole, as sent", async () => {
    const { uploadUrl, cookie, submissionId } = await pdfAddress();
    const pdf = new Uint8Array(3 * MB).fill(0x20);
    pdf.set(BYTES.pdf);
    const chunks = [pdf.subarray(0, 5), pdf.subarray(5, MB + 7), pdf.subarray(MB + 7)];
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = chunks.shift();
        if (next) controller.enqueue(next);
        else controller.close();
      },
    });
    const stored = await putBytes(t, uploadUrl, cookie, body);
    expect(stored.status, stored.text).toBe(200);
    expect(stored.body).toMatchObject({ contentType: "application/pdf", size: 3 * MB });
    expect((await rowsOf(submissionId)).map((row) => row.size)).toEqual([3 * MB]);
    const { bytes } = await download(stored.body._id, cookie);
    // Compared as buffers: a deep equality of 3 million elements takes seconds.
    expect(Buffer.from(bytes).equals(Buffer.from(pdf))).toBe(true);
  });

  it("reads nothing of a streamed body sent to a forged address", async () => {
    const { body, counter } = countingBody(24 * MB);
    const stored = await putBytes(t, "/api/files/upload/forged.token", "", body);
    expect(stored.status).toBe(404);
    expect(counter.pulled).toBe(0);
  });

  it("reads nothing of a streamed body sent to someone else's address", async () => {
    const { uploadUrl, submissionId } = await pdfAddress();
    const stranger = await t.signIn((await buildUser(t.deps.db, { applicant: true })).email);
    const { body, counter } = countingBody(24 * MB);
    const stored = await putBytes(t, uploadUrl, stranger, body);
    expect(stored.status).toBe(404);
    expect(counter.pulled).toBe(0);
    expect(await rowsOf(submissionId)).toEqual([]);
  });
});

describe("names that try to choose a place", () => {
  const HOSTILE_NAMES = [
    ["../../escape.pdf", "escape.pdf"],
    ["..\\..\\escape.pdf", "escape.pdf"],
    ["/etc/escape.pdf", "escape.pdf"],
    ["C:\\Windows\\escape.pdf", "escape.pdf"],
    ["....//....//escape.pdf", "escape.pdf"],
    ["%2e%2e%2fescape.pdf", "%2e%2e%2fescape.pdf"],
    ["line\r\nbreak.pdf", "linebreak.pdf"],
  ] as const;

  it.each(HOSTILE_NAMES)(
    "keeps %j as the plain name %j, stored under the submission's folder",
    async (typed, shown) => {
      const { stored, submissionId, cookie } = await upload("pdf", typed, BYTES.pdf);
      expect(stored?.status).toBe(200);
      expect(stored?.body.name).toBe(shown);
      const [row] = await rowsOf(submissionId);
      expect(row!.key).toMatch(new RegExp(`^submissions/${submissionId}/[0-9a-f-]{36}-[A-Za-z0-9._-]+$`));
      const { res } = await download(stored!.body._id, cookie);
      const disposition = res.headers.get("content-disposition")!;
      const fallback = /filename="([^"]*)"/.exec(disposition)![1]!;
      const full = decodeURIComponent(/filename\*=UTF-8''(.*)$/.exec(disposition)![1]!);
      for (const name of [fallback, full]) expect(nameProblems(name), name).toEqual([]);
    },
  );

  it("refuses a name holding a NUL with the field at fault, and stores nothing", async () => {
    const { grant, stored, submissionId } = await upload("pdf", "nul\u0000byte.pdf", BYTES.pdf);
    expect(grant.status).toBe(400);
    expect(fieldErrors(grant)).toHaveProperty("filename");
    expect(stored).toBeNull();
    expect(await rowsOf(submissionId)).toEqual([]);
  });

  it("never writes outside the storage folder: every file on disk is a stored file's key", async () => {
    const keys = (await t.deps.db.select({ key: submissionFiles.key }).from(submissionFiles)).map((r) =>
      path.join("private", ...r.key.split("/")),
    );
    expect(filesUnder(filesRoot()).sort()).toEqual(keys.sort());
    const dataDir = t.deps.config.DATA_DIR;
    expect(filesUnder(dataDir).filter((f) => !f.startsWith(`files${path.sep}`))).toEqual([]);
    for (const escaped of ["../escape.pdf", "../../escape.pdf", "escape.pdf"]) {
      expect(existsSync(path.resolve(dataDir, "files", "private", escaped))).toBe(false);
    }
  });

  it.each([
    ["invoice\u202efdp.exe", "invoicefdp.exe"],
    ["\u2067photo\u2069\u200f.exe", "photo.exe"],
    ["\u202aa\u202bb\u202cc\u202dd\u2066e\u2068f\u200e.exe", "abcdef.exe"],
  ])(
    "drops direction controls from %j (which would show 'invoice\\u202efdp.exe' as 'invoiceexe.pdf'): %j",
    async (typed, shown) => {
      const { stored, cookie } = await upload("any", typed, BYTES.exe);
      expect(stored?.status).toBe(200);
      expect(stored!.body.name).toBe(shown);
      expect(nameProblems(stored!.body.name)).toEqual([]);
      const { res } = await download(stored!.body._id, cookie);
      expect(res.headers.get("content-disposition")).toBe(
        `attachment; filename="${shown}"; filename*=UTF-8''${shown}`,
      );
    },
  );
});
