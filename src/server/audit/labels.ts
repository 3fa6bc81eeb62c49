import { asc, inArray, sql } from "drizzle-orm";
import type { Tx } from "../db/client";
import { reviewerGroups, users } from "../db/schema";

/**
 * How people and groups are named in an event's details: copied as they are when the event is
 * written, since either may be renamed or deleted later. One query for any number of ids.
 */

/** "Name (email)", or the email alone for someone without a name yet (a pending invitation). */
export const personLabel = (person: { name: string; email: string }) =>
  person.name ? `${person.name} (${person.email})` : person.email;

export async function personLabels(tx: Tx, userIds: readonly string[]): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await tx
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(inArray(users.id, [...userIds]))
    .orderBy(asc(sql`lower(${users.name})`), asc(users.email));
  return rows.map(personLabel);
}

export async function groupLabels(tx: Tx, groupIds: readonly string[]): Promise<string[]> {
  if (groupIds.length === 0) return [];
  const rows = await tx
    .select({ name: reviewerGroups.name })
    .from(reviewerGroups)
    .where(inArray(reviewerGroups.id, [...groupIds]))
    .orderBy(asc(sql`lower(${reviewerGroups.name})`));
  return rows.map((r) => r.name);
}

/** The lists of who or what was added and removed, leaving out an empty side. */
export function addedAndRemoved(added: string[], removed: string[]) {
  return { ...(added.length > 0 ? { added } : {}), ...(removed.length > 0 ? { removed } : {}) };
}
