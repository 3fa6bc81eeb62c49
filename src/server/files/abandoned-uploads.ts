import { and, eq, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { forms, pendingUploads, submissionFiles } from "../db/schema";
import type { FileStorage } from "./storage";
import type { UploadGrant } from "./upload-grants";

/**
 * Objects a browser posted to the bucket itself and never completed (a closed tab, a lost network)
 * would stay in the bucket for ever: nothing refers to them. Each signed upload address is noted
 * when it is issued and forgotten when its upload is completed; the sweep removes what is left once
 * the address (and the grant that completes it) has expired (docs/decisions/023-object-storage.md,
 * "Abandoned uploads"). Only bucket drivers note anything: on disk the bytes come through the app,
 * which never leaves an unfinished file in place.
 */

/** Past expiry, a completion already under way (the grant was checked just before) has time to finish. */
const GRACE_MS = 10 * 60_000;
const SWEEP_BATCH = 200;

export async function notePendingUpload(db: Db, grant: UploadGrant): Promise<void> {
  await db
    .insert(pendingUploads)
    .values({ bucket: grant.bucket, key: grant.key, expiresAt: new Date(grant.expiresAt) })
    .onConflictDoNothing();
}

/** The upload became part of a submission or a form: it is no longer pending. */
export async function forgetPendingUpload(db: Db, grant: Pick<UploadGrant, "bucket" | "key">): Promise<void> {
  await db
    .delete(pendingUploads)
    .where(and(eq(pendingUploads.bucket, grant.bucket), eq(pendingUploads.key, grant.key)));
}

/**
 * Removes the objects of uploads never completed, and forgets them; an object something refers to (a
 * completion whose "forget" was lost to a crash) is kept. Answers how many objects it removed.
 */
export async function sweepAbandonedUploads(db: Db, storage: FileStorage, now = new Date()): Promise<number> {
  const expired = await db
    .select({ bucket: pendingUploads.bucket, key: pendingUploads.key })
    .from(pendingUploads)
    .where(lt(pendingUploads.expiresAt, new Date(now.getTime() - GRACE_MS)))
    .limit(SWEEP_BATCH);
  if (expired.length === 0) return 0;
  const referenced = new Set(await referencedKeys(db, expired));
  let removed = 0;
  for (const upload of expired) {
    // The object first: a crash in between leaves a row whose next sweep removes nothing more.
    if (!referenced.has(`${upload.bucket}/${upload.key}`)) {
      await storage.remove(upload.bucket, upload.key);
      removed++;
    }
    await forgetPendingUpload(db, upload);
  }
  return removed;
}

/** Of these uploads, the ones an applicant's file or a form's header image refers to, as `bucket/key`. */
async function referencedKeys(db: Db, uploads: { bucket: "public" | "private"; key: string }[]) {
  const privateKeys = uploads.filter((u) => u.bucket === "private").map((u) => u.key);
  const publicAddresses = uploads
    .filter((u) => u.bucket === "public")
    .map((u) => `/api/files/public/${u.key}`);
  const files =
    privateKeys.length === 0
      ? []
      : await db
          .select({ key: submissionFiles.key })
          .from(submissionFiles)
          .where(inArray(submissionFiles.key, privateKeys));
  const headerImage = sql<string>`${forms.content}->'settings'->>'headerImage'`;
  const images =
    publicAddresses.length === 0
      ? []
      : await db.select({ address: headerImage }).from(forms).where(inArray(headerImage, publicAddresses));
  return [
    ...files.map((f) => `private/${f.key}`),
    ...images.map((i) => `public/${i.address.replace("/api/files/public/", "")}`),
  ];
}
