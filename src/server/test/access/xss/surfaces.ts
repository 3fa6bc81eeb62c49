import { unzipSync } from "fflate";
import type { ExportFormat, ExportJob, ExportKind } from "../../../../shared/schemas/exports";
import type { SubmissionFile } from "../../../../shared/schemas/submissions";
import { callApi, type ParsedAnswer } from "../../factories";
import type { TestApp } from "../../harness";
import type { HostileWorld } from "./hostile-world";

/**
 * The ways in and out the suites take, as the SPA takes them: an applicant's upload, the
 * application's PDF and the program's exports.
 */

/** An upload address for one file of a file question (GET …/signedUrl/private/putObject). */
export function askUpload(
  t: TestApp,
  cookie: string,
  file: { submissionId: string; questionId: string; filename: string; size: number },
): Promise<ParsedAnswer<{ uploadUrl: string }>> {
  const query = new URLSearchParams({ ...file, size: String(file.size) });
  return callApi(t, "GET", `/api/files/signedUrl/private/putObject?${query}`, cookie);
}

/** The bytes PUT to an upload address, as the browser sends them. */
export async function putBytes(
  t: TestApp,
  uploadUrl: string,
  cookie: string,
  body: Uint8Array | ReadableStream<Uint8Array>,
  headers: Record<string, string> = {},
): Promise<ParsedAnswer<SubmissionFile>> {
  const res = await t.app.request(uploadUrl, {
    method: "PUT",
    headers: {
      origin: "http://localhost:3000",
      cookie,
      "content-type": "application/octet-stream",
      ...headers,
    },
    body: body as BodyInit,
    ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
  } as RequestInit);
  const text = await res.text();
  return { status: res.status, body: (text === "" ? null : JSON.parse(text)) as SubmissionFile, text };
}

export interface Download {
  status: number;
  headers: Headers;
  bytes: Uint8Array;
}

async function download(t: TestApp, path: string, cookie: string): Promise<Download> {
  const res = await t.request(path, { cookie });
  return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
}

/** The application's PDF as the organization admin downloads it. */
export function submissionPdf(t: TestApp, world: HostileWorld): Promise<Download> {
  return download(t, `/api/submissions/${world.submissionId}/pdf`, world.orgAdmin.cookie);
}

/** One export of the world's program, run to the end by the job runner, then downloaded. */
export async function runExport(
  t: TestApp,
  world: HostileWorld,
  kind: ExportKind,
  format: ExportFormat,
): Promise<Download> {
  const cookie = world.orgAdmin.cookie;
  const started = await callApi<ExportJob>(t, "POST", "/api/exports", cookie, {
    programId: world.programId,
    kind,
    format,
  });
  if (started.status !== 202) throw new Error(`export ${kind}: ${started.status} ${started.text}`);
  await t.deps.exports.runner.runDue();
  const job = await callApi<ExportJob>(t, "GET", `/api/exports/${started.body._id}`, cookie);
  if (job.body.status !== "ready" || !job.body.downloadUrl) {
    throw new Error(`export ${kind} ${format}: ${job.body.status} ${job.body.error ?? ""}`);
  }
  return download(t, job.body.downloadUrl, cookie);
}

/** A zip's entries by name. */
export const zipEntries = (bytes: Uint8Array): Record<string, Uint8Array> => unzipSync(bytes);
