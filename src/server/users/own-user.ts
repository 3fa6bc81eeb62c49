import { eq } from "drizzle-orm";
import type { Language } from "../../shared/i18n/catalog";
import { users } from "../db/schema";
import type { AppContext } from "../http/context";
import { authorize } from "../http/door";

/** A change the user makes to their own account (their name, their language): them only, else 404. */
export async function updateOwnUser(
  c: AppContext,
  userId: string,
  values: { name?: string; language?: Language },
): Promise<void> {
  authorize(c, "user:update", { userId });
  await c
    .get("deps")
    .db.update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, userId));
}
