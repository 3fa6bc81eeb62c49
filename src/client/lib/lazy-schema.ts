import { useEffect, useState } from "react";
import type { z } from "zod";

/**
 * A shared Zod schema (src/shared) that the client loads when it first needs it, not before a page's first
 * paint: a module that imports a schema module statically brings Zod's chunk (26 KB gzipped, and its
 * evaluation) onto the critical path of every page that imports it. The schema is the same the server uses;
 * only the moment it is loaded changes (docs/decisions/043-zod-off-the-first-paint.md).
 *
 *     const profileSchema = lazySchema(() => import("../../shared/schemas/users").then((m) => m.userProfileSchema));
 *
 * `load()` starts loading once (later calls share it); `loaded` is the schema once it has resolved.
 */
export interface LazySchema<S> {
  load(): Promise<S>;
  readonly loaded: S | undefined;
}

export function lazySchema<S>(importSchema: () => Promise<S>): LazySchema<S> {
  let loading: Promise<S> | undefined;
  let loaded: S | undefined;
  return {
    load() {
      loading ??= importSchema().then(
        (schema) => {
          loaded = schema;
          return schema;
        },
        (error: unknown) => {
          // A failed chunk load (the network dropped) is tried again on the next call.
          loading = undefined;
          throw error;
        },
      );
      return loading;
    },
    get loaded() {
      return loaded;
    },
  };
}

/** What an API call checks its answer with: a schema at hand, or one loaded with the call. */
export type SchemaSource<T> = z.ZodType<T> | LazySchema<z.ZodType<T>>;

/** The schema itself: at once when it is at hand or loaded, else once it has loaded. */
export function schemaOf<T>(source: SchemaSource<T>): z.ZodType<T> | Promise<z.ZodType<T>> {
  if (!("load" in source)) return source;
  return source.loaded ?? source.load();
}

/**
 * The schemas of one shared module, each lazy: `const users = lazySchemasOf(() => import(".../users"))`, then
 * `apiGet(path, users("userProfileSchema"))`. The module is loaded once, with the first call that needs it.
 */
export function lazySchemasOf<M>(
  importModule: () => Promise<M>,
): <K extends keyof M>(name: K) => LazySchema<M[K]> {
  const module = lazySchema(importModule);
  const schemas = new Map<keyof M, LazySchema<unknown>>();
  return <K extends keyof M>(name: K) => {
    let schema = schemas.get(name);
    if (!schema) {
      schema = lazySchema(() => module.load().then((loaded) => loaded[name]));
      schemas.set(name, schema);
    }
    return schema as LazySchema<M[K]>;
  };
}

/**
 * A lazy schema for a component that checks as the user types (a form's completeness): undefined until
 * loaded, which starts when the component mounts.
 */
export function useLoadedSchema<S>(schema: LazySchema<S>): S | undefined {
  const [loaded, setLoaded] = useState(() => schema.loaded);
  useEffect(() => {
    if (loaded !== undefined) return;
    let mounted = true;
    schema.load().then(
      (value) => {
        if (mounted) setLoaded(() => value);
      },
      () => undefined,
    );
    return () => {
      mounted = false;
    };
  }, [schema, loaded]);
  return loaded;
}
