import { z } from "zod";

export const HEADER_IMAGE_MIN = { width: 640, height: 160 } as const;
/** Header images are small: this cap holds whatever the plan's file size limit is. */
export const HEADER_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

export const FILE_MESSAGES = {
  headerImageType: "Please choose a .jpg, .jpeg or .png image.",
  headerImageSize: `The header image must be at least ${HEADER_IMAGE_MIN.width} × ${HEADER_IMAGE_MIN.height} pixels.`,
  tooLarge: (mb: number) => `The maximum file size supported is ${mb}mb`,
  uploadExpired: "This upload address has expired. Please try again.",
} as const;

/** POST /api/files/signedUrl/public/putObject — an address to upload a form's header image to. */
export const headerImageUploadBodySchema = z.strictObject({
  programId: z.string().min(1).max(64),
  filename: z.string().trim().min(1).max(200),
});

export type HeaderImageUploadRequest = z.infer<typeof headerImageUploadBodySchema>;

/**
 * GET /api/files/signedUrl/public/getObject — a public file's read address by its path in the public
 * bucket: programs/{programId}/{name}.
 */
export const publicFileQuerySchema = z.strictObject({
  filename: z
    .string()
    .max(400)
    .regex(/^programs\/[0-9a-f-]{36}\/[^/]+$/, "A public file's path is programs/{programId}/{name}"),
});
export const publicFileAddressSchema = z.object({ url: z.string() });

export const uploadGrantResultSchema = z.object({
  /**
   * PUT the file's bytes here (same origin, with the session), before it expires; or, with `fields` (a
   * bucket), POST a form of `fields` then the file as `file` here, then POST `completeUrl`.
   */
  uploadUrl: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
  completeUrl: z.string().optional(),
  /** Where the file will be readable once uploaded. */
  url: z.string(),
  expiresAt: z.string(),
});

export const uploadResultSchema = z.object({ url: z.string() });
