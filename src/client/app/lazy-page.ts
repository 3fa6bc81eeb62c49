import { type ComponentType, type LazyExoticComponent, lazy } from "react";

/** React.lazy for a module's named page export, so each page is its own chunk. */
export function lazyPage<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
): LazyExoticComponent<ComponentType> {
  return lazy(async () => ({ default: pick(await load()) }));
}
