import { randomBytes } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import { contactEmailOf } from "../../shared/forms/contact-email";
import type { Language } from "../../shared/i18n/catalog";
import { translate } from "../../shared/i18n/catalog";
import {
  CONTINUE_LINK_HOURS,
  CONTINUE_PATH,
  type ContinueLinkResult,
  type RedeemContinueLinkResult,
} from "../../shared/schemas/applicant-emails";
import type { Db, Tx } from "../db/client";
import { guestContinueLinks, submissions } from "../db/schema";
import { enqueueEmail } from "../email/outbox";
import { continueLinkEmail } from "../email/templates";
import { versionContent } from "../forms/versions";
import { AppError, notFound } from "../http/errors";
import { hashToken, type SubmissionRef } from "./service";

/**
 * A guest's way back to their application from another browser (docs/decisions/028): a single-use link,
 * valid CONTINUE_LINK_HOURS, sent only to the contact email the application gives. Opening it gives the new
 * browser a fresh guest token; the old token stops working, so the application is in one browser at a time.
 */

const newToken = () => randomBytes(32).toString("base64url");

/** A new link to the guest's application, stored hashed; its address carries the token after `#`. */
export async function issueContinueLink(
  tx: Tx,
  submissionId: string,
  publicUrl: string,
  now = new Date(),
): Promise<string> {
  const token = newToken();
  await tx.insert(guestContinueLinks).values({
    submissionId,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + CONTINUE_LINK_HOURS * 3_600_000),
  });
  return `${publicUrl}${CONTINUE_PATH}#${token}`;
}

/**
 * "Email me a link to continue": for a guest's application (the caller holds its token), to the contact
 * email saved in its answers. An application that belongs to an account is continued by signing in.
 */
export async function sendContinueLink(
  db: Db,
  ref: SubmissionRef,
  options: { language: Language; publicUrl: string },
  now = new Date(),
): Promise<ContinueLinkResult> {
  if (ref.userId !== null) {
    throw new AppError("CONFLICT", "This application belongs to an account: sign in to continue it.");
  }
  const [row] = await db
    .select({ answers: submissions.answers })
    .from(submissions)
    .where(eq(submissions.id, ref.id));
  if (!row) throw notFound();
  const content = await versionContent(db, ref.formId, ref.formVersion);
  const email = contactEmailOf(content, row.answers);
  if (email === null) throw new AppError("CONFLICT", translate(options.language, "continue.noEmail"));
  await db.transaction(async (tx) => {
    const url = await issueContinueLink(tx, ref.id, options.publicUrl, now);
    await enqueueEmail(tx, {
      kind: "guest-continue-link",
      to: [email],
      organizationId: ref.organizationId,
      ...continueLinkEmail({
        language: options.language,
        formName: content.name,
        url,
        hours: CONTINUE_LINK_HOURS,
      }),
    });
  });
  return { email, hours: CONTINUE_LINK_HOURS };
}

/**
 * Opening the link: once, before it expires, and only while the application is still a guest's (once an
 * account has claimed it, its owner signs in). An unknown, used or expired link is the same 404, so the
 * answer says nothing about which. The application gets a new guest token, returned to this browser.
 */
export async function redeemContinueLink(
  db: Db,
  token: string,
  now = new Date(),
): Promise<RedeemContinueLinkResult> {
  return db
    .transaction(async (tx) => {
      const [link] = await tx
        .update(guestContinueLinks)
        .set({ usedAt: now })
        .where(
          and(
            eq(guestContinueLinks.tokenHash, hashToken(token)),
            isNull(guestContinueLinks.usedAt),
            gt(guestContinueLinks.expiresAt, now),
          ),
        )
        .returning({ submissionId: guestContinueLinks.submissionId });
      if (!link) throw notFound();
      const guestToken = newToken();
      const [submission] = await tx
        .update(submissions)
        .set({ guestTokenHash: hashToken(guestToken) })
        .where(and(eq(submissions.id, link.submissionId), isNull(submissions.userId)))
        .returning({ id: submissions.id, linkId: submissions.linkId });
      // Claimed by an account since: its owner signs in. The link is spent either way.
      if (!submission) return null;
      return { submissionId: submission.id, linkId: submission.linkId, token: guestToken };
    })
    .then((result) => {
      if (result === null) throw notFound();
      return result;
    });
}
