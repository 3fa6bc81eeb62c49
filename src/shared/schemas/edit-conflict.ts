import { z } from "zod";

/**
 * Concurrent edits (docs/decisions/016-concurrent-edits.md): a write that replaces a value carries what its
 * client last saw (`expected`); the server writes only while the stored value still is that, else it answers
 * 409 CONFLICT with the message below and the stored value as `error.current`, so that the person can take
 * theirs (reload) or keep theirs (send again with `expected` set to the value now stored).
 */

const NOTHING_SAVED =
  "Your change was not saved: reload to take the newer version, or keep yours to save it over that one.";

export const EDIT_CONFLICT_MESSAGES = {
  decision: `Someone else changed this decision while you were editing. ${NOTHING_SAVED}`,
  review: `This review was changed in another tab or window while you were editing. ${NOTHING_SAVED}`,
  comment: `This comment was changed in another tab or window while you were editing. ${NOTHING_SAVED}`,
  reviewerGroup: `Someone else changed this group while you were editing. ${NOTHING_SAVED}`,
  reviewers: `Someone else changed this candidate's reviewers while you were editing. ${NOTHING_SAVED}`,
  reviewerGroups: `Someone else changed this candidate's reviewer groups while you were editing. ${NOTHING_SAVED}`,
  programName: `Someone else renamed this program while you were editing. ${NOTHING_SAVED}`,
  organization: `Someone else changed the organization settings while you were editing. ${NOTHING_SAVED}`,
  role: `Someone else changed this person's role while you were editing. ${NOTHING_SAVED}`,
  reviewSettings: `Someone else changed this program's review settings while you were editing. ${NOTHING_SAVED}`,
  reviewTemplate: `Someone else changed this review template while you were editing. ${NOTHING_SAVED}`,
} as const;
export type EditConflictKind = keyof typeof EDIT_CONFLICT_MESSAGES;

/** A 409 of a stale write: the usual error shape with the value stored now. */
export function editConflictBodySchema<T extends z.ZodType>(current: T) {
  return z.object({
    error: z.object({ code: z.literal("CONFLICT"), message: z.string(), current }),
  });
}

/** An id list as a client last saw it: the order does not matter, nor a repeat. */
export const expectedIdsSchema = z.array(z.string().min(1).max(64)).max(1_000);
