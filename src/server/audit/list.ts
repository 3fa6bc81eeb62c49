import { and, desc, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import type { AuditEvent, AuditListQuery, AuditListResult } from "../../shared/schemas/audit";
import type { Db } from "../db/client";
import { auditEvents } from "../db/schema";

/**
 * The organization's audit log, newest first, a keyset page at a time: a page after the first starts
 * where the previous one stopped (its last event's time and id), so it costs the same however deep it
 * is and an event written meanwhile never shifts a page. The walk is the index on
 * (organization_id, created_at desc, id desc); the filters are checked on the rows it passes.
 */

/** The time with its microseconds (a JavaScript Date would drop them, and two events could tie). */
const cursorTime = sql<string>`to_char(${auditEvents.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

function after(cursor: string): SQL {
  const split = cursor.lastIndexOf("_");
  const at = cursor.slice(0, split);
  const id = cursor.slice(split + 1);
  return sql`(${auditEvents.createdAt}, ${auditEvents.id}) < (${at}::timestamptz, ${id}::uuid)`;
}

export async function listAuditEvents(
  db: Db,
  organizationId: string,
  query: AuditListQuery,
): Promise<AuditListResult> {
  const rows = await db
    .select({ event: auditEvents, cursorTime })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.organizationId, organizationId),
        query.action === undefined ? undefined : eq(auditEvents.action, query.action),
        query.actor === undefined ? undefined : sql`lower(${auditEvents.actorEmail}) = ${query.actor}`,
        query.programId === undefined ? undefined : eq(auditEvents.programId, query.programId),
        query.from === undefined ? undefined : gte(auditEvents.createdAt, new Date(query.from)),
        query.before === undefined ? undefined : lt(auditEvents.createdAt, new Date(query.before)),
        query.cursor === undefined ? undefined : after(query.cursor),
      ),
    )
    .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
    // One more than the page: whether there is a next page, without counting.
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    events: page.map(({ event }) => presentAuditEvent(event)),
    nextCursor: rows.length > query.limit && last ? `${last.cursorTime}_${last.event.id}` : null,
  };
}

export function presentAuditEvent(row: typeof auditEvents.$inferSelect): AuditEvent {
  return {
    _id: row.id,
    createdAt: row.createdAt.toISOString(),
    action: row.action,
    actor: { userId: row.actorUserId, email: row.actorEmail, name: row.actorName },
    subjectType: row.subjectType,
    subjectId: row.subjectId,
    subjectLabel: row.subjectLabel,
    programId: row.programId,
    programName: row.programName,
    details: row.details,
  };
}
