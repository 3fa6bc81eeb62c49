import { eq, sql } from "drizzle-orm";
import type { AuditAction, AuditDetails, AuditSubjectType } from "../../shared/schemas/audit";
import type { Db } from "../db/client";
import { auditEvents, programs, users } from "../db/schema";

/**
 * A transaction, never the database itself: an event is written in the transaction of the change it
 * records, so the two land together or not at all.
 */
export type Transaction = Parameters<Parameters<Db["transaction"]>[0]>[0];

export interface AuditEntry {
  organizationId: string;
  /** The program the change is in; its name is copied at write time (record before deleting it). */
  programId?: string | null;
  /** Who did it; null for the product itself (a Stripe payment applied by the webhook). */
  actorUserId: string | null;
  action: AuditAction;
  subject: { type: AuditSubjectType; id: string; label?: string };
  /** The changed fields (before and after), names and counts — never answers' text, never secrets. */
  details?: AuditDetails;
}

/** Lists and strings in details are cut to these, so one event stays a small row whatever the change. */
export const MAX_DETAIL_ITEMS = 50;
export const MAX_DETAIL_TEXT = 300;

const cut = (text: string) =>
  text.length > MAX_DETAIL_TEXT ? `${text.slice(0, MAX_DETAIL_TEXT - 1)}…` : text;

function boundedDetails(details: AuditDetails): AuditDetails {
  const bounded: AuditDetails = {};
  for (const [key, value] of Object.entries(details)) {
    if (typeof value === "string") bounded[key] = cut(value);
    else if (Array.isArray(value)) {
      const kept = value.slice(0, MAX_DETAIL_ITEMS).map(cut);
      const more = value.length - kept.length;
      bounded[key] = more > 0 ? [...kept, `and ${more} more`] : kept;
    } else if (value !== null && typeof value === "object") {
      const side = (v: typeof value.before) => (typeof v === "string" ? cut(v) : v);
      bounded[key] = { before: side(value.before), after: side(value.after) };
    } else bounded[key] = value;
  }
  return bounded;
}

/**
 * Appends one event to the audit log, inside the caller's transaction. The actor's email and name
 * and the program's name are copied by the same INSERT (one round trip), as they are at this moment.
 */
export async function recordAudit(tx: Transaction, entry: AuditEntry): Promise<void> {
  const { actorUserId } = entry;
  const programId = entry.programId ?? null;
  const actorColumn = (column: typeof users.email | typeof users.name) =>
    actorUserId === null
      ? null
      : sql`(${tx.select({ value: column }).from(users).where(eq(users.id, actorUserId))})`;
  await tx.insert(auditEvents).values({
    organizationId: entry.organizationId,
    programId,
    programName:
      programId === null
        ? null
        : sql`(${tx.select({ name: programs.name }).from(programs).where(eq(programs.id, programId))})`,
    actorUserId,
    actorEmail: actorColumn(users.email),
    actorName: actorColumn(users.name),
    action: entry.action,
    subjectType: entry.subject.type,
    subjectId: entry.subject.id,
    subjectLabel: cut(entry.subject.label ?? ""),
    details: boundedDetails(entry.details ?? {}),
  });
}
