import { ApiError } from "../../lib/api-client";
import { ASSIGN_TEXT } from "./assign-messages";

/**
 * What to tell the person about a failed save. A refused body ("Some fields are not valid.") carries
 * the useful words in its field errors (e.g. "Choose members of this program's committee."): the first
 * of them is the reason where the page has no field to show it on.
 */
export function failureReason(error: unknown): string {
  if (error instanceof ApiError && error.fields !== undefined) {
    const first = Object.values(error.fields).flat()[0]?.trim();
    if (first) return first;
  }
  const message = error instanceof Error ? error.message.trim() : "";
  return message === "" ? ASSIGN_TEXT.unknownFailure : message;
}
