import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The signed download link of a finished export (docs/decisions/011-exports.md:
 * "the download link is signed, expires, and works only for the admin who asked"). The signature covers the
 * job, the user it was made for and the expiry, so changing any of them — or presenting it in another user's
 * session — makes it worthless.
 */

/** The key that signs export links: derived from the app's secret, so it signs nothing else. */
export function exportLinkSecret(appSecret: string): string {
  return createHmac("sha256", appSecret).update("decisionhub export downloads").digest("hex");
}

export interface ExportLink {
  jobId: string;
  userId: string;
  /** Unix time in seconds after which the link no longer works. */
  expires: number;
}

export function signExportLink(secret: string, link: ExportLink): string {
  return createHmac("sha256", secret)
    .update(`export-download\n${link.jobId}\n${link.userId}\n${link.expires}`)
    .digest("base64url");
}

/**
 * "valid", or why not: "forged" when the signature does not match (tampered, made for someone else, or
 * not ours), "expired" when it does but its time is past. Only an authentic link can be "expired".
 */
export function checkExportLink(
  secret: string,
  link: ExportLink,
  signature: string,
  now = Date.now(),
): "valid" | "forged" | "expired" {
  const expected = Buffer.from(signExportLink(secret, link));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return "forged";
  return link.expires * 1000 > now ? "valid" : "expired";
}

/**
 * The address the job's requester downloads it from: valid for `minutes`, and never past the moment the
 * result is deleted. A fresh one comes with every look at the job.
 */
export function exportDownloadUrl(
  secret: string,
  job: { id: string; requestedBy: string; expiresAt: Date | null },
  minutes: number,
  now = Date.now(),
): string {
  let expiresMs = now + minutes * 60_000;
  if (job.expiresAt !== null) expiresMs = Math.min(expiresMs, job.expiresAt.getTime());
  const expires = Math.floor(expiresMs / 1000);
  const signature = signExportLink(secret, { jobId: job.id, userId: job.requestedBy, expires });
  return `/api/exports/${job.id}/download?expires=${expires}&signature=${signature}`;
}
