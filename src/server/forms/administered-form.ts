import type { AppContext } from "../http/context";
import { authorize } from "../http/door";
import { findFormRef } from "./service";

/** The form (without its content), if the caller administers its program (ADMIN, ADMIN_REVIEWER or the organization admin); 404 otherwise. */
export async function administeredForm(c: AppContext, formId: string) {
  const row = await findFormRef(c.get("deps").db, formId);
  const actor = authorize(c, "program:administer", {
    programId: row.programId,
    organizationId: row.organizationId,
  })!;
  return { row, actor };
}
