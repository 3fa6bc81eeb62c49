import { randomUUID } from "node:crypto";
import { readFile, rm } from "node:fs/promises";
import { createRoute } from "@hono/zod-openapi";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { FORM_MESSAGES } from "../../shared/forms/publish-check";
import { errorBodySchema, okSchema } from "../../shared/schemas/common";
import {
  FILE_MESSAGES,
  HEADER_IMAGE_MAX_BYTES,
  HEADER_IMAGE_MIN,
  type HeaderImageUploadRequest,
  headerImageUploadBodySchema,
  publicFileAddressSchema,
  publicFileQuerySchema,
  uploadGrantResultSchema,
  uploadResultSchema,
} from "../../shared/schemas/files";
import {
  fileDownloadGrantSchema,
  fileDownloadQuerySchema,
  fileUploadGrantSchema,
  fileUploadQuerySchema,
  SUBMISSION_TOKEN_HEADER,
  submissionFileSchema,
} from "../../shared/schemas/submissions";
import { organizations, plans } from "../db/schema";
import type { AppContext } from "../http/context";
import { accessibleSubmission, authorize, requireActor } from "../http/door";
import { AppError, notFound } from "../http/errors";
import { createRouter, errorResponses, jsonBody, jsonResponse } from "../http/router";
import { findProgram } from "../programs/service";
import { mayDownloadAsReviewer } from "../reviewing/candidate-view";
import { deleteFile, findFile, grantUpload, safeName, storeUpload } from "../submissions/files";
import { findSubmissionRef, holdsToken } from "../submissions/service";
import { forgetPendingUpload, notePendingUpload } from "./abandoned-uploads";
import { imageInfo } from "./image-size";
import { attachment, isValidKey, signedDownloadOf } from "./storage";
import { HEAD_BYTES, receiveUpload } from "./upload-body";
import {
  type PrivateUploadGrant,
  type PublicUploadGrant,
  signDownloadGrant,
  signUploadGrant,
  type UploadGrant,
  verifyDownloadGrant,
  verifyUploadGrant,
} from "./upload-grants";

const tags = ["files"];
const UPLOAD_MINUTES = 15;
const CONTENT_TYPES = { png: "image/png", jpeg: "image/jpeg" } as const;

const DOWNLOAD_MINUTES = 5;
const tokenHeader = z.object({ [SUBMISSION_TOKEN_HEADER]: z.string().max(200).optional() });
const refusedResponse = jsonResponse(
  z.object({ error: z.object({ code: z.string(), message: z.string() }) }),
  "Refused: the application cannot change now",
);
const tooLargeResponse = jsonResponse(
  errorBodySchema,
  "A body sent without its length (streamed) passed the address's size: reading stopped there",
);

/** A header image's upload address: program admins, on plans with logo branding. */
async function headerImageUpload(c: AppContext, request: HeaderImageUploadRequest) {
  const { programId, filename } = request;
  const { db } = c.get("deps");
  const program = await findProgram(db, programId);
  const actor = authorize(c, "program:administer", {
    programId: program.id,
    organizationId: program.organizationId,
  })!;
  const [plan] = await db
    .select({ logoBranding: plans.logoBranding })
    .from(organizations)
    .innerJoin(plans, eq(plans.id, organizations.planId))
    .where(eq(organizations.id, program.organizationId));
  if (!plan?.logoBranding) throw new AppError("PLAN_LIMIT", FORM_MESSAGES.customizationNeedsUpgrade);
  const key = `programs/${program.id}/${randomUUID()}-${safeName(filename, "image")}`;
  const grant: PublicUploadGrant = {
    bucket: "public",
    key,
    userId: actor.userId,
    maxBytes: HEADER_IMAGE_MAX_BYTES,
    expiresAt: Date.now() + UPLOAD_MINUTES * 60_000,
    contentType: /\.png$/i.test(filename) ? CONTENT_TYPES.png : CONTENT_TYPES.jpeg,
  };
  return { ...(await uploadAddress(c, grant)), url: publicUrlOf(key) };
}

const headerImageUploadSummary =
  "An upload address for a form's header image (program admins, plans with logo branding); public once uploaded";

export const fileRoutes = createRouter()
  .openapi(
    createRoute({
      method: "post",
      path: "/signedUrl/public/putObject",
      tags,
      summary: headerImageUploadSummary,
      request: { body: jsonBody(headerImageUploadBodySchema) },
      responses: { 200: jsonResponse(uploadGrantResultSchema, "Where to upload"), ...errorResponses },
    }),
    async (c) => c.json(await headerImageUpload(c, c.req.valid("json")), 200),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/signedUrl/public/putObject",
      tags,
      summary: `${headerImageUploadSummary}: the spec's call table form, the file name in the query`,
      request: { query: headerImageUploadBodySchema },
      responses: { 200: jsonResponse(uploadGrantResultSchema, "Where to upload"), ...errorResponses },
    }),
    async (c) => c.json(await headerImageUpload(c, c.req.valid("query")), 200),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/signedUrl/public/getObject",
      tags,
      summary:
        "The read address of a file of the public bucket (a form's header image, programs/{programId}/{name}): anyone, as the form pages show it",
      request: { query: publicFileQuerySchema },
      responses: { 200: jsonResponse(publicFileAddressSchema, "Where to read it"), ...errorResponses },
    }),
    async (c) => {
      authorize(c, "publicFile:read", null);
      const { filename } = c.req.valid("query");
      if (!isValidKey(filename)) throw notFound();
      const stored = await c.get("deps").files.storage.stat("public", filename);
      if (!stored) throw notFound();
      return c.json({ url: publicUrlOf(filename) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "put",
      path: "/upload/{token}",
      tags,
      summary:
        "Upload the bytes to a signed address (only by the user it was made for, before it expires), read as they stream in and stopped past the address's size; types are checked by the content",
      request: { params: z.object({ token: z.string().min(1).max(2000) }) },
      responses: {
        200: jsonResponse(
          z.union([uploadResultSchema, submissionFileSchema]),
          "Stored: the header image's address, or the applicant file's record",
        ),
        413: tooLargeResponse,
        ...errorResponses,
      },
    }),
    async (c) => {
      const { files, db } = c.get("deps");
      // The address and who sends it are checked before a byte of the body is read: a forged or
      // expired address, or someone else's, gets nothing read and nothing said about it.
      // On a bucket the browser sends the bytes there itself (then POST /complete): never through here.
      if (files.storage.driver !== "disk") throw notFound();
      const grant = await verifiedGrant(c, c.req.valid("param").token);
      refuseDeclaredLength(c, grant.maxBytes);
      const partial = await files.storage.partialPathFor(grant.bucket, grant.key);
      try {
        const received = await receiveUpload(c.req.raw.body, partial, grant.maxBytes);
        if (!received) return c.json(tooLarge(grant.maxBytes, "BODY_TOO_LARGE").toBody(), 413);
        if (grant.bucket === "private") {
          return c.json(await storeUpload(db, files.storage, grant, received), 200);
        }
        // A header image is at most HEADER_IMAGE_MAX_BYTES (its address's size): read back whole.
        checkHeaderImage(await readFile(received.path));
        await files.storage.moveIntoPlace(received.path, grant.bucket, grant.key);
        return c.json({ url: publicUrlOf(grant.key) }, 200);
      } finally {
        // Gone already once moved into place; otherwise (refused, too large, failed) removed here.
        await rm(partial, { force: true });
      }
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/complete/{token}",
      tags,
      summary:
        "After the browser has sent a file to the bucket through its signed address: check it where it lies (size, count, the first bytes' type) and attach it; one that fails is deleted",
      request: { params: z.object({ token: z.string().min(1).max(2000) }) },
      responses: {
        200: jsonResponse(
          z.union([uploadResultSchema, submissionFileSchema]),
          "Attached: the header image's address, or the applicant file's record",
        ),
        ...errorResponses,
      },
    }),
    async (c) => {
      const { files, db } = c.get("deps");
      const grant = await verifiedGrant(c, c.req.valid("param").token);
      const stored = await files.storage.stat(grant.bucket, grant.key);
      if (!stored) throw notFound();
      try {
        const attached = await attachStoredUpload(c, grant, stored.size);
        await forgetPendingUpload(db, grant);
        return c.json(attached, 200);
      } catch (error) {
        // A check refused it and removed the object: nothing is left to sweep.
        if (error instanceof AppError) await forgetPendingUpload(db, grant);
        throw error;
      }
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/signedUrl/private/putObject",
      tags,
      summary:
        "An upload address for an applicant's file (owner, guest token holder or admin edit): the question's count and type and the plan's size are checked first",
      request: { query: fileUploadQuerySchema, headers: tokenHeader },
      responses: {
        200: jsonResponse(fileUploadGrantSchema, "Where to upload"),
        409: refusedResponse,
        ...errorResponses,
      },
    }),
    async (c) => {
      const { submissionId, ...request } = c.req.valid("query");
      const { ref, access } = await accessibleSubmission(c, submissionId);
      const { db } = c.get("deps");
      const owner = access === "owner" ? ref.userId : (c.get("actor")?.userId ?? null);
      const grant = await grantUpload(db, ref, access, request, owner);
      return c.json(await uploadAddress(c, grant), 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/signedUrl/private/getObject",
      tags,
      summary:
        "A download address for an applicant's file, valid for a few minutes, for whoever may read the submission (reviewers: not for anonymized questions)",
      request: { query: fileDownloadQuerySchema, headers: tokenHeader },
      responses: { 200: jsonResponse(fileDownloadGrantSchema, "Where to download"), ...errorResponses },
    }),
    async (c) => {
      const { db, files } = c.get("deps");
      const file = await findFile(db, c.req.valid("query").fileId);
      // Reviewers read files through the review rules; owners, token holders and admin edit as before.
      const actor = c.get("actor");
      if (actor === null || !(await mayDownloadAsReviewer(db, actor, file))) {
        await accessibleSubmission(c, file.submissionId);
      }
      const expiresAt = Date.now() + DOWNLOAD_MINUTES * 60_000;
      const token = signDownloadGrant(files.secret, {
        fileId: file.id,
        userId: c.get("actor")?.userId ?? null,
        expiresAt,
      });
      return c.json(
        { url: `/api/files/download/${token}`, expiresAt: new Date(expiresAt).toISOString() },
        200,
      );
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/download/{token}",
      tags,
      summary: "Download a file through a signed address (always as an attachment)",
      request: { params: z.object({ token: z.string().min(1).max(2000) }) },
      responses: { 200: { description: "The file" }, ...errorResponses },
    }),
    async (c) => {
      const { db, files } = c.get("deps");
      const grant = verifyDownloadGrant(files.secret, c.req.valid("param").token);
      if (!grant) throw notFound();
      // An address made for a signed-in user works only in their session.
      if (grant.userId !== null && c.get("actor")?.userId !== grant.userId) throw notFound();
      const file = await findFile(db, grant.fileId);
      // On a bucket: the same checks, then the bucket's own address, living as long as ours.
      const signed = await signedDownloadOf(files.storage, file.key, {
        expiresInSeconds: DOWNLOAD_MINUTES * 60,
        fileName: file.name,
        contentType: file.contentType,
      });
      if (signed) return c.redirect(signed, 302);
      const bytes = await files.storage.read("private", file.key);
      if (!bytes) throw notFound();
      return c.body(new Uint8Array(bytes), 200, {
        "content-type": file.contentType,
        "content-disposition": attachment(file.name),
        "cache-control": "private, no-store",
        "x-content-type-options": "nosniff",
      });
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/delete/{name}",
      tags,
      summary: "Remove an applicant's file (deleted from storage too)",
      request: { params: z.object({ name: z.string().min(1).max(64) }), headers: tokenHeader },
      responses: { 200: jsonResponse(okSchema, "Removed"), 409: refusedResponse, ...errorResponses },
    }),
    async (c) => {
      const { db, files } = c.get("deps");
      const file = await findFile(db, c.req.valid("param").name);
      const { ref, access } = await accessibleSubmission(c, file.submissionId);
      await deleteFile(db, files.storage, ref, access, file.id, c.get("actor")?.userId ?? null);
      return c.json({ ok: true as const }, 200);
    },
  );

/**
 * Where the browser sends a granted file: the bucket's own signed address when the store has one (the
 * policy fixes the key, the type and the size; `completeUrl` attaches it), else the app's upload route.
 */
async function uploadAddress(c: AppContext, grant: UploadGrant) {
  const { files } = c.get("deps");
  const token = signUploadGrant(files.secret, grant);
  const expiresAt = new Date(grant.expiresAt).toISOString();
  const direct = await files.storage.signedUpload(grant.bucket, grant.key, {
    contentType: grant.contentType ?? "application/octet-stream",
    maxBytes: grant.maxBytes,
    expiresInSeconds: Math.max(1, Math.round((grant.expiresAt - Date.now()) / 1000)),
  });
  if (!direct) return { uploadUrl: `/api/files/upload/${token}`, expiresAt };
  await notePendingUpload(c.get("deps").db, grant);
  return {
    uploadUrl: direct.url,
    fields: direct.fields,
    completeUrl: `/api/files/complete/${token}`,
    expiresAt,
  };
}

/**
 * A file the browser sent to the bucket, checked where it lies (size, then the first bytes' type) and
 * attached; one that fails a check is deleted.
 */
async function attachStoredUpload(c: AppContext, grant: UploadGrant, size: number) {
  const { files, db } = c.get("deps");
  if (size > grant.maxBytes) {
    await files.storage.remove(grant.bucket, grant.key);
    throw tooLarge(grant.maxBytes);
  }
  if (grant.bucket === "private") {
    const head = (await files.storage.readHead("private", grant.key, HEAD_BYTES)) ?? new Uint8Array(0);
    return storeUpload(db, files.storage, grant, { stored: true, size, head });
  }
  try {
    checkHeaderImage((await files.storage.read("public", grant.key)) ?? new Uint8Array(0));
  } catch (error) {
    await files.storage.remove("public", grant.key);
    throw error;
  }
  return { url: publicUrlOf(grant.key) };
}

/**
 * The upload address's grant, checked before a byte of a body is read: a forged or expired address,
 * or someone else's, gets nothing read and nothing said about it.
 */
async function verifiedGrant(c: AppContext, token: string): Promise<UploadGrant> {
  const grant = verifyUploadGrant(c.get("deps").files.secret, token);
  if (!grant || !isValidKey(grant.key)) throw notFound();
  if (grant.bucket === "private") await requireUploader(c, grant);
  else if (grant.userId !== requireActor(c).userId) throw notFound();
  return grant;
}

/** A header image's bytes: a PNG or JPEG of at least HEADER_IMAGE_MIN, or the spec's message. */
function checkHeaderImage(bytes: Uint8Array): void {
  const image = imageInfo(bytes);
  if (!image)
    throw new AppError("VALIDATION", FILE_MESSAGES.headerImageType, {
      file: [FILE_MESSAGES.headerImageType],
    });
  if (image.width < HEADER_IMAGE_MIN.width || image.height < HEADER_IMAGE_MIN.height) {
    throw new AppError("VALIDATION", FILE_MESSAGES.headerImageSize, {
      file: [FILE_MESSAGES.headerImageSize],
    });
  }
}

/** Only the user the address was made for, or the guest draft's token holder, may send its bytes. */
async function requireUploader(c: AppContext, grant: PrivateUploadGrant) {
  if (grant.userId !== null) {
    if (c.get("actor")?.userId !== grant.userId) throw notFound();
    return;
  }
  const ref = await findSubmissionRef(c.get("deps").db, grant.submissionId);
  if (!holdsToken(ref, c.req.header(SUBMISSION_TOKEN_HEADER))) throw notFound();
}

/** Where a public file is read (GET /api/files/public/{key}, below). */
function publicUrlOf(key: string): string {
  return `/api/files/public/${key}`;
}

/** The address's size passed: the plan's (applicant files) or the header image cap, in MB. */
function tooLarge(maxBytes: number, code: "VALIDATION" | "BODY_TOO_LARGE" = "VALIDATION"): AppError {
  const message = FILE_MESSAGES.tooLarge(Math.round(maxBytes / 1048576));
  return new AppError(code, message, { file: [message] });
}

/** A declared length over the address's size is refused at once, the body unread. */
function refuseDeclaredLength(c: AppContext, maxBytes: number): void {
  if (Number(c.req.header("content-length") ?? "0") > maxBytes) throw tooLarge(maxBytes);
}

/**
 * GET /api/files/public/{key}: public files (header images shown on public form pages). The type is
 * taken from the bytes, and `nosniff` keeps the browser from guessing another one.
 */
export const publicFileRoutes = createRouter().get("/*", async (c) => {
  const key = c.req.path.replace(/^\/api\/files\/public\//, "");
  const bytes = await c.get("deps").files.storage.read("public", key);
  const image = bytes ? imageInfo(bytes) : null;
  if (!bytes || !image) throw notFound();
  return c.body(new Uint8Array(bytes), 200, {
    "content-type": CONTENT_TYPES[image.kind],
    "cache-control": "public, max-age=31536000, immutable",
    "x-content-type-options": "nosniff",
  });
});
