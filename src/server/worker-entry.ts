import { Worker } from "node:worker_threads";

/**
 * Starts the worker thread whose entry is the module `name` beside the caller (`callerUrl`, the caller's
 * import.meta.url). Bundled, every entry is an .mjs beside dist/server/start.mjs (scripts/server-bundle.mjs
 * lists them); from the TypeScript source (tests, scripts) the .ts is loaded through tsx, because Node
 * cannot start a .ts worker itself.
 */
export function startWorkerEntry(callerUrl: string, name: string, workerData?: unknown): Worker {
  if (!callerUrl.endsWith(".ts")) return new Worker(new URL(`./${name}.mjs`, callerUrl), { workerData });
  const entry = new URL(`./${name}.ts`, callerUrl).href;
  const tsx = import.meta.resolve("tsx/esm/api");
  const boot = `import(${JSON.stringify(tsx)}).then((tsx) => tsx.tsImport(${JSON.stringify(entry)}, ${JSON.stringify(callerUrl)}))`;
  return new Worker(boot, { eval: true, workerData });
}
