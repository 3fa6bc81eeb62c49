import type { ComponentType, LazyExoticComponent } from "react";
import { lazyComponent } from "../lib/lazy-component";

/** A page (no props) loaded on demand, so each page is its own chunk. */
export function lazyPage<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
): LazyExoticComponent<ComponentType> {
  return lazyComponent(load, pick);
}
