import type { EditConflictKind } from "../../shared/schemas/edit-conflict";
import { EDIT_CONFLICT_MESSAGES } from "../../shared/schemas/edit-conflict-constants";
import { ApiError } from "./api-client";
import { type SchemaSource, schemaOf } from "./lazy-schema";

/**
 * Stale saves (decision 016): every save that replaces a value sends what it last saw as `expected`;
 * the server refuses it with 409 when someone else (or another tab) changed it meanwhile. The page then
 * shows both versions and lets the person reload (take the other one) or keep theirs (send it again,
 * based on the stored one).
 */

/** Whether a failed save was refused because what it replaced had changed (not for another reason). */
export function isEditConflict(error: unknown, kind: EditConflictKind): error is ApiError {
  return (
    error instanceof ApiError &&
    error.status === 409 &&
    error.code === "CONFLICT" &&
    error.message === EDIT_CONFLICT_MESSAGES[kind]
  );
}

/**
 * The value stored now: the refusal carries it as `error.current`, and where the error the client kept
 * does not hold it, `read` fetches it (the same value, or an even newer one).
 */
export async function storedValueOf<T>(
  error: ApiError,
  schema: SchemaSource<T>,
  read: () => Promise<T>,
): Promise<T> {
  const carried = (await schemaOf(schema)).safeParse(error.current);
  return carried.success ? carried.data : read();
}
