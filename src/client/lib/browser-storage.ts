/** The part of `Storage` the stores use, so tests (and browsers that refuse storage) can stand in. */
export type KeyValueStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/** `localStorage`, or nothing when the browser refuses it (private mode, disabled storage). */
export function browserStorage(): KeyValueStorage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}
