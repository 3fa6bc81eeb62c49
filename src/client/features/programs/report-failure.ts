import { notifyFailure } from "../../lib/notify";

/**
 * The spec's "Program create, rename, duplicate fail: logged; dialog re-enabled": the failure goes to the
 * console and, with the server's message (a plan limit, say), to a red notification. The caller keeps its
 * dialog open with its buttons enabled again.
 */
export function reportProgramFailure(title: string, error: unknown): void {
  console.error(title, error);
  notifyFailure(title, error instanceof Error ? error.message : String(error));
}
