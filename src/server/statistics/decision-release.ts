import { eq } from "drizzle-orm";
import {
  DECISION_RELEASE_MESSAGES,
  type DecisionRelease,
  type DecisionReleaseBody,
  type PortalOutcome,
} from "../../shared/schemas/decision-release";
import type { DecisionStatus } from "../../shared/schemas/reviews";
import { recordAudit } from "../audit/record";
import type { Db } from "../db/client";
import { programs } from "../db/schema";
import { AppError, notFound } from "../http/errors";
import { type ProgramRow, programScope } from "../programs/service";

/**
 * Releasing a program's decisions to applicants (docs/decisions/038-decision-release-and-portal.md): the
 * program's admins choose when — now, or a date ahead — and until then an applicant's portal says nothing of
 * the decision. Once released it stays released: applicants may have read it, and what they read cannot be
 * taken back; a release still ahead can be moved or cancelled.
 */

export const isReleased = (releaseAt: Date | null, now: Date) => releaseAt !== null && releaseAt <= now;

export function presentDecisionRelease(releaseAt: Date | null, now = new Date()): DecisionRelease {
  return { releaseAt: releaseAt?.toISOString() ?? null, released: isReleased(releaseAt, now) };
}

export async function setDecisionRelease(
  db: Db,
  program: ProgramRow,
  body: DecisionReleaseBody,
  actorUserId: string,
  now = new Date(),
): Promise<DecisionRelease> {
  const wanted = "release" in body ? now : body.releaseAt === null ? null : new Date(body.releaseAt);
  if (wanted !== null && wanted < now && !("release" in body)) {
    throw new AppError("VALIDATION", DECISION_RELEASE_MESSAGES.future, {
      releaseAt: [DECISION_RELEASE_MESSAGES.future],
    });
  }
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ releaseAt: programs.decisionsReleaseAt })
      .from(programs)
      .where(eq(programs.id, program.id))
      .for("update");
    if (!locked) throw notFound();
    const before = locked.releaseAt;
    if (isReleased(before, now)) {
      // Releasing again is a no-op; anything else would take back what applicants were told.
      if ("release" in body) return presentDecisionRelease(before, now);
      throw new AppError("CONFLICT", DECISION_RELEASE_MESSAGES.alreadyReleased);
    }
    if ((before?.getTime() ?? null) === (wanted?.getTime() ?? null))
      return presentDecisionRelease(before, now);
    await tx
      .update(programs)
      .set({ decisionsReleaseAt: wanted, updatedAt: now })
      .where(eq(programs.id, program.id));
    await recordAudit(tx, {
      ...programScope(program, actorUserId),
      action: "program.decisions_release_changed",
      details: {
        releaseAt: { before: before?.toISOString() ?? null, after: wanted?.toISOString() ?? null },
      },
    });
    return presentDecisionRelease(wanted, now);
  });
}

/** What the portal shows of one submission: nothing for a draft, "under review" until the release. */
export function portalOutcome(
  submitted: boolean,
  releaseAt: Date | null,
  status: DecisionStatus,
  amountCents: number | null,
  now: Date,
): PortalOutcome | null {
  if (!submitted) return null;
  if (!isReleased(releaseAt, now)) return { kind: "underReview" };
  if (status === "approved") return { kind: "approved", amountCents };
  if (status === "disapproved") return { kind: "notFunded" };
  return { kind: "underReview" };
}
