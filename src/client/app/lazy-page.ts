import type { ComponentType } from "react";
import { lazyComponent, type PreloadableComponent } from "../lib/lazy-component";

/** A page (no props) loaded on demand, so each page is its own chunk. */
export function lazyPage<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
): PreloadableComponent {
  return lazyComponent(load, pick);
}
