import type { ComponentType } from "react";
import { lazyComponent, type PreloadableComponent } from "../lib/lazy-component";
import type { PageFirstReads } from "../lib/page-first-reads";

export type LazyPage = PreloadableComponent & {
  /** The page's first reads, if it names them: loads the page's chunk (already on its way, in its HTML). */
  firstReads(): Promise<PageFirstReads | undefined>;
};

/** A page (no props) loaded on demand, so each page is its own chunk. */
export function lazyPage<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
  pickFirstReads?: (module: M) => PageFirstReads,
): LazyPage {
  const firstReads = async () => (pickFirstReads ? pickFirstReads(await load()) : undefined);
  return Object.assign(lazyComponent(load, pick), { firstReads });
}
