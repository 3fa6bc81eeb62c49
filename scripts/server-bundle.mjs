// The server bundled into dist/server/start.mjs (with the PGlite worker's entry, pglite-worker.mjs,
// beside it), which `npm start` runs with plain Node.
// Why: under tsx every module import crosses tsx's loader thread, and the server imports hundreds;
// the bundle halves the CPU time of a cold start (the cold-start budget of bench/README.md,
// "Budgets (the final table)": healthy in under 3 s). Plain JavaScript, because it must run before anything
// can compile TypeScript.
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const OUT_DIR = path.join(ROOT, "dist/server");
export const SERVER_BUNDLE = path.join(OUT_DIR, "start.mjs");
/**
 * The entry points, by their output's name. pglite-worker runs PGlite in a worker thread (PGLITE_WORKER):
 * the bundled server starts it from beside itself (see src/server/db/pglite-remote.ts).
 */
const ENTRIES = {
  start: path.join(ROOT, "src/server/start.ts"),
  "pglite-worker": path.join(ROOT, "src/server/db/pglite-worker.ts"),
};
const OUTPUTS = Object.keys(ENTRIES).map((name) => path.join(OUT_DIR, `${name}.mjs`));
const SOURCES = ["src/server", "src/shared", "package-lock.json", "scripts/server-bundle.mjs"];

/**
 * Left to Node's own loading: PGlite finds its WASM and data files beside its module; `pg` may ask for
 * pg-native; the rest load on first use only (billing, PDFs and their fonts, mail providers), so a
 * start never parses them.
 */
export const EXTERNAL = [
  "@electric-sql/pglite",
  "@electric-sql/pglite/*",
  "pg",
  "pg-native",
  "stripe",
  "pdf-lib",
  "@pdf-lib/fontkit",
  "dejavu-fonts-ttf",
  "nodemailer",
  "@sendgrid/mail",
  // Google's client libraries read their protos and package files beside their own modules (__dirname):
  // loaded by Node on first use (a configured bucket or translation), never bundled.
  "@google-cloud/storage",
  "@google-cloud/translate",
  // Only the client build and the tests use these.
  "vite",
  "@vitejs/plugin-react",
];

/** Bundled CommonJS packages call require(); an ES module has none of its own. */
export const REQUIRE_BANNER = {
  js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
};

function newestMtime(p) {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

/** True when the bundle is missing or older than any server source (or the installed packages). */
export function serverBundleIsStale() {
  if (!OUTPUTS.every((output) => existsSync(output))) return true;
  const builtAt = Math.min(...OUTPUTS.map((output) => statSync(output).mtimeMs));
  return SOURCES.some((s) => newestMtime(path.join(ROOT, s)) > builtAt);
}

export async function buildServerBundle() {
  const { build } = await import("esbuild");
  await build({
    entryPoints: ENTRIES,
    outdir: OUT_DIR,
    outExtension: { ".js": ".mjs" },
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    external: EXTERNAL,
    sourcemap: "linked",
    logLevel: "warning",
    banner: REQUIRE_BANNER,
  });
}
