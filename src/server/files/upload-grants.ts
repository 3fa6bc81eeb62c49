import { createHmac, timingSafeEqual } from "node:crypto";

/** Permission to PUT a form's header image: where it goes, who may send it, how big, until when. */
export interface PublicUploadGrant {
  bucket: "public";
  key: string;
  userId: string;
  maxBytes: number;
  expiresAt: number;
  /** The type a bucket upload must declare (its signed policy fixes it). */
  contentType?: string;
}

/**
 * Permission to PUT one applicant file for one question of one submission. `userId` null: a guest's
 * draft, whose token must come with the upload.
 */
export interface PrivateUploadGrant {
  bucket: "private";
  key: string;
  userId: string | null;
  submissionId: string;
  questionId: string;
  name: string;
  maxBytes: number;
  expiresAt: number;
  /** The type a bucket upload must declare: the question's file type, or any bytes. */
  contentType?: string;
}

export type UploadGrant = PublicUploadGrant | PrivateUploadGrant;

/** Permission to GET one stored applicant file, for a few minutes (bound to the user when signed in). */
export interface DownloadGrant {
  fileId: string;
  userId: string | null;
  expiresAt: number;
}

type Purpose = "upload" | "download";

const encode = (data: string) => Buffer.from(data, "utf8").toString("base64url");
const mac = (secret: string, purpose: Purpose, payload: string) =>
  createHmac("sha256", secret).update(`${purpose}.${payload}`).digest("base64url");

/** A signed, expiring token: the grant itself plus an HMAC that also names its purpose. */
function sign(secret: string, purpose: Purpose, grant: { expiresAt: number }): string {
  const payload = encode(JSON.stringify(grant));
  return `${payload}.${mac(secret, purpose, payload)}`;
}

function verify<T extends { expiresAt: number }>(
  secret: string,
  purpose: Purpose,
  token: string,
  now: number,
): T | null {
  const [payload, signature, extra] = token.split(".");
  if (!payload || !signature || extra !== undefined) return null;
  const expected = Buffer.from(mac(secret, purpose, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const grant = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as T;
    return grant.expiresAt > now ? grant : null;
  } catch {
    return null;
  }
}

export const signUploadGrant = (secret: string, grant: UploadGrant) => sign(secret, "upload", grant);
/** The grant, if the token is ours, for uploading, untampered and not expired; null otherwise. */
export const verifyUploadGrant = (secret: string, token: string, now = Date.now()) =>
  verify<UploadGrant>(secret, "upload", token, now);

export const signDownloadGrant = (secret: string, grant: DownloadGrant) => sign(secret, "download", grant);
export const verifyDownloadGrant = (secret: string, token: string, now = Date.now()) =>
  verify<DownloadGrant>(secret, "download", token, now);
