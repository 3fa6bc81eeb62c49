import { type ComponentType, type LazyExoticComponent, lazy } from "react";

/** A lazy component whose chunk can be fetched before it first renders. */
export type PreloadableComponent<P extends object = object> = LazyExoticComponent<ComponentType<P>> & {
  /** Fetches the chunk; once it is in, the component's first render does not suspend. */
  preload(): Promise<void>;
};

/**
 * React.lazy for a module's named component export: the module becomes a chunk of its own, fetched the
 * first time the component renders, or earlier by `preload()`. A component whose chunk is already in renders
 * at once: React suspends only on a promise that is not settled when it asks, so the loaded module is handed
 * over by a thenable that answers synchronously (React's `lazyInitializer` then takes it without suspending,
 * and no fallback is committed).
 */
export function lazyComponent<M, P extends object>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
): PreloadableComponent<P> {
  let loaded: { default: ComponentType<P> } | undefined;
  let loading: Promise<void> | undefined;
  const preload = () => {
    loading ??= load().then(
      (module) => {
        loaded = { default: pick(module) };
      },
      (error: unknown) => {
        // A chunk that failed to load (the network dropped) is asked for again by the next call.
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const component = lazy(() => {
    if (loaded === undefined) return preload().then(() => loaded as { default: ComponentType<P> });
    const module = loaded;
    // biome-ignore lint/suspicious/noThenProperty: a thenable that answers at once is the point (see above).
    return { then: (onLoaded: (value: typeof module) => void) => onLoaded(module) } as Promise<typeof module>;
  });
  return Object.assign(component, { preload });
}
