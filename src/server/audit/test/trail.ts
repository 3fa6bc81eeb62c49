import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { auditEvents } from "../../db/schema";

/**
 * For tests of the services that record changes: each call answers the organization's events written
 * since the previous call, oldest first, as the fields a test compares (so it can assert that a change
 * wrote exactly one expected event, and a refused change none).
 */
export function auditTrail(db: Db, organizationId: string) {
  const seen = new Set<string>();
  return async function newEvents() {
    const rows = await db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.organizationId, organizationId))
      .orderBy(asc(auditEvents.createdAt), asc(auditEvents.id));
    const fresh = rows.filter((row) => !seen.has(row.id));
    for (const row of fresh) seen.add(row.id);
    return fresh.map((row) => ({
      action: row.action,
      actorUserId: row.actorUserId,
      subjectType: row.subjectType,
      subjectId: row.subjectId,
      subjectLabel: row.subjectLabel,
      programId: row.programId,
      details: row.details,
    }));
  };
}
