import { type ComponentType, type LazyExoticComponent, lazy } from "react";

/**
 * React.lazy for a module's named component export: the module becomes a chunk of its own, fetched the
 * first time the component renders (or earlier, by calling `load` to prefetch it).
 */
export function lazyComponent<M, P extends object>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(async () => ({ default: pick(await load()) }));
}
