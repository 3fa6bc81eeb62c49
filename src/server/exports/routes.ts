import { Readable } from "node:stream";
import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { okSchema } from "../../shared/schemas/common";
import {
  createExportBodySchema,
  exportDownloadQuerySchema,
  exportJobSchema,
  exportListQuerySchema,
  exportListSchema,
  FORMATS_OF,
} from "../../shared/schemas/exports";
import { attachment, signedDownloadOf } from "../files/storage";
import type { AppContext } from "../http/context";
import { authorize, requireActor } from "../http/door";
import { notFound } from "../http/errors";
import { createRouter, errorResponses, jsonBody, jsonResponse } from "../http/router";
import { findProgram } from "../programs/service";
import { checkExportLink, exportDownloadUrl } from "./download-link";
import {
  createExportJob,
  deleteExportJob,
  type ExportJobRow,
  findOwnExportJob,
  jobFolder,
  listOwnExportJobs,
  presentExportJob,
} from "./job-store";

/**
 * Exports as background jobs (docs/decisions/011-exports.md), mounted at /api/exports. Every route asks the
 * matrix for `export:run` on the program (its ADMIN and ADMIN_REVIEWER members and the organization admin),
 * and a job is seen, downloaded and deleted only by the admin who asked for it: anyone else gets 404.
 */
const tags = ["exports"];
const jobParams = z.object({ id: z.string().min(1).max(64) });

/** The program, if the caller may export from it; 404 otherwise (401 signed out, before any lookup). */
async function exportingProgram(c: AppContext, programId: string) {
  requireActor(c);
  const program = await findProgram(c.get("deps").db, programId);
  const actor = authorize(c, "export:run", {
    programId: program.id,
    organizationId: program.organizationId,
  })!;
  return { program, actor };
}

/**
 * One of the caller's own exports, while they still may export from its program: an admin who lost the
 * role no longer sees (or downloads) what they exported before.
 */
async function ownJob(c: AppContext, jobId: string): Promise<ExportJobRow> {
  const actor = requireActor(c);
  const job = await findOwnExportJob(c.get("deps").db, jobId, actor.userId);
  authorize(c, "export:run", { programId: job.programId, organizationId: job.organizationId });
  return job;
}

/** The job as its requester sees it: a fresh signed link when it is ready. */
function present(c: AppContext, job: ExportJobRow) {
  const { config, exports } = c.get("deps");
  const url =
    job.status === "ready" ? exportDownloadUrl(exports.linkSecret, job, config.EXPORT_LINK_MINUTES) : null;
  return presentExportJob(job, url);
}

/** How long the bucket's own address (a redirect from our signed link) lives. */
const BUCKET_LINK_SECONDS = 5 * 60;

export const exportRoutes = createRouter()
  .openapi(
    createRoute({
      method: "post",
      path: "/",
      tags,
      summary:
        "Start an export of the program (admins): queued at once and run in the background; poll the job for its progress",
      request: { body: jsonBody(createExportBodySchema) },
      responses: { 202: jsonResponse(exportJobSchema, "Queued"), ...errorResponses },
    }),
    async (c) => {
      const body = c.req.valid("json");
      const { program, actor } = await exportingProgram(c, body.programId);
      const { db, exports } = c.get("deps");
      const job = await createExportJob(db, program, actor.userId, {
        ...body,
        format: body.format ?? FORMATS_OF[body.kind][0]!,
      });
      exports.runner.kick();
      return c.json(present(c, job), 202);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/",
      tags,
      summary: `The caller's own exports of the program, newest first (the last 50), each finished one with a fresh download link`,
      request: { query: exportListQuerySchema },
      responses: { 200: jsonResponse(exportListSchema, "The caller's recent exports"), ...errorResponses },
    }),
    async (c) => {
      const { program, actor } = await exportingProgram(c, c.req.valid("query").programId);
      const jobs = await listOwnExportJobs(c.get("deps").db, program.id, actor.userId);
      return c.json({ exports: jobs.map((job) => present(c, job)) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/{id}",
      tags,
      summary:
        "One of the caller's exports: status, progress, restarts, the failure's message, the download link",
      request: { params: jobParams },
      responses: { 200: jsonResponse(exportJobSchema, "The export"), ...errorResponses },
    }),
    async (c) => {
      const job = await ownJob(c, c.req.valid("param").id);
      return c.json(present(c, job), 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/{id}/download",
      tags,
      summary:
        "Download a finished export through its signed link: only before it expires, and only in the session of the admin who asked for it",
      request: { params: jobParams, query: exportDownloadQuerySchema },
      responses: { 200: { description: "The file, as an attachment" }, ...errorResponses },
    }),
    async (c) => {
      const actor = requireActor(c);
      const { id } = c.req.valid("param");
      const { expires, signature } = c.req.valid("query");
      const { exports, files } = c.get("deps");
      // Made for this job and this user, untampered and in time — or nothing to say about it.
      const link = { jobId: id, userId: actor.userId, expires };
      if (checkExportLink(exports.linkSecret, link, signature) !== "valid") throw notFound();
      const job = await ownJob(c, id);
      if (job.status !== "ready" || job.fileKey === null) throw notFound();
      // On a bucket: its own address, followed at once (a download only has to start in time).
      const signed = await signedDownloadOf(files.storage, job.fileKey, {
        expiresInSeconds: BUCKET_LINK_SECONDS,
        fileName: job.fileName,
        contentType: exports.runner.contentTypeOf(job.kind, job.format),
      });
      if (signed) return c.redirect(signed, 302);
      const file = await files.storage.readStream("private", job.fileKey);
      if (!file) throw notFound();
      // Streamed: a zip of every attachment never sits in memory.
      const body = Readable.toWeb(file) as ReadableStream<Uint8Array>;
      return c.body(body, 200, {
        "content-type": exports.runner.contentTypeOf(job.kind, job.format),
        // The result never changes once ready: its size was measured when it was.
        ...(job.size === null ? {} : { "content-length": String(job.size) }),
        "content-disposition": attachment(job.fileName),
        "cache-control": "private, no-store",
        "x-content-type-options": "nosniff",
      });
    },
  )
  .openapi(
    createRoute({
      method: "delete",
      path: "/{id}",
      tags,
      summary:
        "Delete one of the caller's exports and its file (a queued or running one is cancelled: its runner stops)",
      request: { params: jobParams },
      responses: { 200: jsonResponse(okSchema, "Deleted"), ...errorResponses },
    }),
    async (c) => {
      const job = await ownJob(c, c.req.valid("param").id);
      const { db, files } = c.get("deps");
      await deleteExportJob(db, job, requireActor(c).userId);
      await files.storage.removeTree("private", jobFolder(job.id));
      return c.json({ ok: true as const }, 200);
    },
  );
