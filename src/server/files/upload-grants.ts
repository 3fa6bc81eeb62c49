import { createHmac, timingSafeEqual } from "node:crypto";

/** Permission to PUT one file: where it goes, who may send it, how big, until when. */
export interface UploadGrant {
  bucket: "public";
  key: string;
  userId: string;
  maxBytes: number;
  expiresAt: number;
}

const encode = (data: string) => Buffer.from(data, "utf8").toString("base64url");
const mac = (secret: string, payload: string) =>
  createHmac("sha256", secret).update(payload).digest("base64url");

/** A signed, expiring upload address token: the grant itself plus its HMAC. */
export function signUploadGrant(secret: string, grant: UploadGrant): string {
  const payload = encode(JSON.stringify(grant));
  return `${payload}.${mac(secret, payload)}`;
}

/** The grant, if the token is ours, untampered and not expired; null otherwise. */
export function verifyUploadGrant(secret: string, token: string, now = Date.now()): UploadGrant | null {
  const [payload, signature, extra] = token.split(".");
  if (!payload || !signature || extra !== undefined) return null;
  const expected = Buffer.from(mac(secret, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const grant = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as UploadGrant;
    return grant.expiresAt > now ? grant : null;
  } catch {
    return null;
  }
}
