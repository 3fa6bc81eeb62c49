/**
 * A value built on its first use instead of when its module is evaluated. Meant for `Intl` formats: the first
 * one a page builds loads the browser's locale data, 110–210 ms on a phone-speed CPU
 * (docs/decisions/054-intl-formats-on-first-use.md), which a page showing no amount or date before its first
 * paint should not pay while its modules load.
 */
export function onFirstUse<T>(build: () => T): () => T {
  let built: T | undefined;
  return () => {
    built ??= build();
    return built;
  };
}
