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
  headerImageUploadBodySchema,
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
import { type AppContext, authorize, requireActor } from "../http/context";
import { AppError, notFound } from "../http/errors";
import { createRouter, errorResponses, jsonBody, jsonResponse } from "../http/router";
import { findProgram } from "../programs/service";
import { mayDownloadAsReviewer } from "../reviewing/candidate-view";
import { deleteFile, findFile, grantUpload, safeName, storeUpload } from "../submissions/files";
import { accessibleSubmission } from "../submissions/routes";
import { findSubmissionRef, holdsToken } from "../submissions/service";
import { imageInfo } from "./image-size";
import { isValidKey } from "./storage";
import { receiveUpload } from "./upload-body";
import {
  type PrivateUploadGrant,
  signDownloadGrant,
  signUploadGrant,
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
/** A header-safe fallback name for old clients; `filename*` carries the real one. */
const asciiName = (name: string) => name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");

export const fileRoutes = createRouter()
  .openapi(
    createRoute({
      method: "post",
      path: "/signedUrl/public/putObject",
      tags,
      summary:
        "An upload address for a form's header image (program admins, plans with logo branding); public once uploaded",
      request: { body: jsonBody(headerImageUploadBodySchema) },
      responses: { 200: jsonResponse(uploadGrantResultSchema, "Where to upload"), ...errorResponses },
    }),
    async (c) => {
      const { programId, filename } = c.req.valid("json");
      const { db, files } = c.get("deps");
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
      const expiresAt = Date.now() + UPLOAD_MINUTES * 60_000;
      const token = signUploadGrant(files.secret, {
        bucket: "public",
        key,
        userId: actor.userId,
        maxBytes: HEADER_IMAGE_MAX_BYTES,
        expiresAt,
      });
      return c.json(
        {
          uploadUrl: `/api/files/upload/${token}`,
          url: `/api/files/public/${key}`,
          expiresAt: new Date(expiresAt).toISOString(),
        },
        200,
      );
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
      const grant = verifyUploadGrant(files.secret, c.req.valid("param").token);
      if (!grant || !isValidKey(grant.key)) throw notFound();
      if (grant.bucket === "private") await requireUploader(c, grant);
      else if (grant.userId !== requireActor(c).userId) throw notFound();
      refuseDeclaredLength(c, grant.maxBytes);
      const partial = await files.storage.partialPathFor(grant.bucket, grant.key);
      try {
        const received = await receiveUpload(c.req.raw.body, partial, grant.maxBytes);
        if (!received) return c.json(tooLarge(grant.maxBytes, "BODY_TOO_LARGE").toBody(), 413);
        if (grant.bucket === "private") {
          return c.json(await storeUpload(db, files.storage, grant, received), 200);
        }
        // A header image is at most HEADER_IMAGE_MAX_BYTES (its address's size): read back whole.
        const image = imageInfo(await readFile(received.path));
        if (!image)
          throw new AppError("VALIDATION", FILE_MESSAGES.headerImageType, {
            file: [FILE_MESSAGES.headerImageType],
          });
        if (image.width < HEADER_IMAGE_MIN.width || image.height < HEADER_IMAGE_MIN.height) {
          throw new AppError("VALIDATION", FILE_MESSAGES.headerImageSize, {
            file: [FILE_MESSAGES.headerImageSize],
          });
        }
        await files.storage.moveIntoPlace(received.path, grant.bucket, grant.key);
        return c.json({ url: `/api/files/public/${grant.key}` }, 200);
      } finally {
        // Gone already once moved into place; otherwise (refused, too large, failed) removed here.
        await rm(partial, { force: true });
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
      const { db, files } = c.get("deps");
      const owner = access === "owner" ? ref.userId : (c.get("actor")?.userId ?? null);
      const grant = await grantUpload(db, ref, access, request, owner);
      return c.json(
        {
          uploadUrl: `/api/files/upload/${signUploadGrant(files.secret, grant)}`,
          expiresAt: new Date(grant.expiresAt).toISOString(),
        },
        200,
      );
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
      const bytes = await files.storage.read("private", file.key);
      if (!bytes) throw notFound();
      return c.body(new Uint8Array(bytes), 200, {
        "content-type": file.contentType,
        "content-disposition": `attachment; filename="${asciiName(file.name)}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
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

/** Only the user the address was made for, or the guest draft's token holder, may send its bytes. */
async function requireUploader(c: AppContext, grant: PrivateUploadGrant) {
  if (grant.userId !== null) {
    if (c.get("actor")?.userId !== grant.userId) throw notFound();
    return;
  }
  const ref = await findSubmissionRef(c.get("deps").db, grant.submissionId);
  if (!holdsToken(ref, c.req.header(SUBMISSION_TOKEN_HEADER))) throw notFound();
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
