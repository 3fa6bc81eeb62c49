import { z } from "zod";

// Without Zod, so a page can use them before Zod has loaded (docs/decisions/043-zod-off-the-first-paint.md).
import { EDIT_CONFLICT_MESSAGES } from "./edit-conflict-constants";

export { EDIT_CONFLICT_MESSAGES };

/**
 * Concurrent edits (docs/decisions/016-concurrent-edits.md): a write that replaces a value carries what its
 * client last saw (`expected`); the server writes only while the stored value still is that, else it answers
 * 409 CONFLICT with the message below and the stored value as `error.current`, so that the person can take
 * theirs (reload) or keep theirs (send again with `expected` set to the value now stored).
 */

export type EditConflictKind = keyof typeof EDIT_CONFLICT_MESSAGES;

/** A 409 of a stale write: the usual error shape with the value stored now. */
export function editConflictBodySchema<T extends z.ZodType>(current: T) {
  return z.object({
    error: z.object({ code: z.literal("CONFLICT"), message: z.string(), current }),
  });
}

/** An id list as a client last saw it: the order does not matter, nor a repeat. */
export const expectedIdsSchema = z.array(z.string().min(1).max(64)).max(1_000);
