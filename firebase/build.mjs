// The Cloud Functions source folder, dist/firebase/functions (firebase.json's functions.source): the
// functions entry bundled from the same sources as `npm start`'s server (scripts/server-bundle.mjs), the
// migrations, and a package.json naming exactly the packages the bundle leaves to Node, at the versions
// the root lock file holds. `firebase deploy` uploads this folder; Cloud Build installs its package.json.
// Plain JavaScript, like server-bundle.mjs: it runs before anything compiles TypeScript.
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { EXTERNAL, REQUIRE_BANNER, ROOT } from "../scripts/server-bundle.mjs";

export const FUNCTIONS_DIR = path.join(ROOT, "dist/firebase/functions");
/** The runtime the functions deploy on (firebase.json says the same; Node 20 is retired). */
export const NODE_MAJOR = 24;

/**
 * What the bundle leaves to Node: the server's own externals, except the embedded database, which a
 * function refuses (its JavaScript is bundled so that the shared database module loads; its WebAssembly
 * is never read), and except what only the client build uses; plus the Firebase SDKs, which the
 * Functions runtime and `firebase deploy` load from node_modules themselves.
 */
const NOT_DEPLOYED = new Set([
  "@electric-sql/pglite",
  "@electric-sql/pglite/*",
  "vite",
  "@vitejs/plugin-react",
]);
const FIREBASE_SDKS = ["firebase-functions", "firebase-admin"];
export const FUNCTION_EXTERNALS = [...EXTERNAL.filter((name) => !NOT_DEPLOYED.has(name)), ...FIREBASE_SDKS];

/** The version the root lock file installed, exactly. */
function lockedVersion(lock, name) {
  const version = lock.packages[`node_modules/${name}`]?.version;
  if (!version) throw new Error(`${name} is not in package-lock.json`);
  return version;
}

/** The deployment's package.json: its externals that are packages (not `pg-native`, an optional add-on of pg). */
export function functionsPackageJson() {
  const lock = JSON.parse(readFileSync(path.join(ROOT, "package-lock.json"), "utf8"));
  const packages = FUNCTION_EXTERNALS.filter((name) => name !== "pg-native" && !name.endsWith("/*")).sort();
  return {
    name: "decisionhub-functions",
    private: true,
    type: "module",
    main: "index.mjs",
    engines: { node: String(NODE_MAJOR) },
    dependencies: Object.fromEntries(packages.map((name) => [name, lockedVersion(lock, name)])),
  };
}

export async function buildFunctions() {
  const { build } = await import("esbuild");
  // node_modules (installed by the test from this package.json) stays; everything else is rebuilt.
  mkdirSync(FUNCTIONS_DIR, { recursive: true });
  for (const stale of ["index.mjs", "index.mjs.map", "migrations"]) {
    rmSync(path.join(FUNCTIONS_DIR, stale), { recursive: true, force: true });
  }
  await build({
    entryPoints: { index: path.join(ROOT, "firebase/functions.ts") },
    outdir: FUNCTIONS_DIR,
    outExtension: { ".js": ".mjs" },
    bundle: true,
    platform: "node",
    format: "esm",
    target: `node${NODE_MAJOR - 2}`,
    external: FUNCTION_EXTERNALS,
    sourcemap: "linked",
    logLevel: "warning",
    banner: REQUIRE_BANNER,
  });
  cpSync(path.join(ROOT, "migrations"), path.join(FUNCTIONS_DIR, "migrations"), { recursive: true });
  // A deployment's params (.env, .env.<project id>: docs/deploy/firebase.md) are kept in firebase/ and
  // go beside the bundle, where `firebase deploy` reads them.
  for (const file of readdirSync(path.join(ROOT, "firebase")).filter((f) => /^\.env(\.[\w-]+)?$/.test(f))) {
    cpSync(path.join(ROOT, "firebase", file), path.join(FUNCTIONS_DIR, file));
  }
  writeFileSync(
    path.join(FUNCTIONS_DIR, "package.json"),
    `${JSON.stringify(functionsPackageJson(), null, 2)}\n`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildFunctions();
  console.log(`Cloud Functions source written to ${path.relative(ROOT, FUNCTIONS_DIR)}`);
}
