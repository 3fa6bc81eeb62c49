import { randomUUID } from "node:crypto";
import { createRoute } from "@hono/zod-openapi";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { FORM_MESSAGES } from "../../shared/forms/publish-check";
import {
  FILE_MESSAGES,
  HEADER_IMAGE_MAX_BYTES,
  HEADER_IMAGE_MIN,
  headerImageUploadBodySchema,
  uploadGrantResultSchema,
  uploadResultSchema,
} from "../../shared/schemas/files";
import { organizations, plans } from "../db/schema";
import { authorize, requireActor } from "../http/context";
import { AppError, notFound } from "../http/errors";
import { createRouter, errorResponses, jsonBody, jsonResponse } from "../http/router";
import { findProgram } from "../programs/service";
import { imageInfo } from "./image-size";
import { isValidKey } from "./storage";
import { signUploadGrant, verifyUploadGrant } from "./upload-grants";

const tags = ["files"];
const UPLOAD_MINUTES = 15;
const CONTENT_TYPES = { png: "image/png", jpeg: "image/jpeg" } as const;

/** A file name safe for a storage key: letters, digits, dot, dash, underscore; at most 80 characters. */
function safeName(filename: string): string {
  const cleaned = filename.replace(/[^A-Za-z0-9._-]+/g, "-").replace(/^[.-]+/, "");
  return (cleaned || "image").slice(-80);
}

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
      const key = `programs/${program.id}/${randomUUID()}-${safeName(filename)}`;
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
        "Upload the bytes to a signed address (only by the user it was made for, before it expires); images are checked by their content",
      request: { params: z.object({ token: z.string().min(1).max(2000) }) },
      responses: { 200: jsonResponse(uploadResultSchema, "Stored"), ...errorResponses },
    }),
    async (c) => {
      const actor = requireActor(c);
      const { files } = c.get("deps");
      const grant = verifyUploadGrant(files.secret, c.req.valid("param").token);
      // Another user's address, a forged or an expired one: nothing to say about it.
      if (!grant || grant.userId !== actor.userId || !isValidKey(grant.key)) throw notFound();
      const declared = Number(c.req.header("content-length") ?? "0");
      if (declared > grant.maxBytes) {
        throw new AppError("VALIDATION", FILE_MESSAGES.tooLarge(grant.maxBytes / 1048576));
      }
      const bytes = new Uint8Array(await c.req.arrayBuffer());
      if (bytes.byteLength > grant.maxBytes) {
        throw new AppError("VALIDATION", FILE_MESSAGES.tooLarge(grant.maxBytes / 1048576));
      }
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
      await files.storage.write(grant.bucket, grant.key, bytes);
      return c.json({ url: `/api/files/public/${grant.key}` }, 200);
    },
  );

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
