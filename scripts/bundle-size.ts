import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

/**
 * The JavaScript a route downloads (gzipped): the entry and the route's page module, with every
 * chunk they import statically — what the browser must fetch before the page can run. Lazy chunks
 * (other pages, dialogs loaded on demand) are not counted. The style sheets of those chunks too (each
 * Mantine component's styles come with the chunk that uses it: vite.config.ts). Needs `npm run build`
 * first.
 */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

const DIST = path.resolve("dist/client");
const KB = 1024;

export function routeJavaScriptBytes(
  pageModules: readonly string[],
  distDir: string = DIST,
): {
  raw: number;
  gzip: number;
  files: string[];
  cssGzip: number;
  cssFiles: string[];
} {
  const manifest = JSON.parse(readFileSync(path.join(distDir, ".vite/manifest.json"), "utf8")) as Record<
    string,
    ManifestChunk
  >;
  // A page placed in a named chunk (vite.config.ts) has no manifest entry of its own: its chunk's has.
  const chunkOfModule = JSON.parse(
    readFileSync(path.join(distDir, ".vite/module-chunks.json"), "utf8"),
  ) as Record<string, string>;
  const manifestKeyOfFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  const manifestKey = (module: string) => {
    if (manifest[module]) return module;
    const file = chunkOfModule[module];
    return (file && manifestKeyOfFile.get(file)) ?? module;
  };
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error("The build has no entry chunk.");
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`Not in the build manifest: ${key}`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entry);
  for (const page of pageModules) visit(manifestKey(page));
  const files = [...seen].map((key) => manifest[key]!.file).filter((file) => file.endsWith(".js"));
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    const bytes = readFileSync(path.join(distDir, file));
    raw += bytes.byteLength;
    gzip += gzipSync(bytes, { level: 9 }).byteLength;
  }
  const cssFiles = [...new Set([...seen].flatMap((key) => manifest[key]!.css ?? []))];
  let cssGzip = 0;
  for (const file of cssFiles)
    cssGzip += gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).byteLength;
  return { raw, gzip, files, cssGzip, cssFiles };
}

export interface RouteBundle {
  route: string;
  /** The modules (under src/client) the route renders besides the entry: its page and its layout. */
  modules: readonly string[];
  /**
   * The budget (docs/decisions/014-declarative-router.md) for the route's gzipped JavaScript (KB of 1,024
   * bytes); null: no budget.
   */
  budgetKb: number | null;
  /** The budget for its style sheets, gzipped (KB); null: none. */
  cssBudgetKb?: number | null;
}

/**
 * The budgets: "applicant route JS < 200 KB gzipped, reviewer routes < 300 KB". Style sheets: Mantine's
 * whole sheet was 35 KB gzipped on every route; with each component's styles in its chunk the applicant
 * form needs 12.5 KB and a reviewer's routes 17–23 KB (docs/decisions/033-compressed-assets-and-route-css.md).
 * The sign-in page: 164 KB of scripts, 10.5 KB of style sheets once it no longer loaded the applicant form's
 * chunk (docs/decisions/041-first-paint.md). Zod off every first paint (decision 043): sign-in 164 → 136 KB,
 * the applicant form 188 → 162 KB, the reviewer routes 242–245 KB (were 265–275 KB).
 */
export const ROUTE_BUNDLES: readonly RouteBundle[] = [
  {
    // 202 KB before the applicant form's chunk left it (docs/decisions/041-first-paint.md).
    route: "sign-in (/login)",
    modules: ["features/auth/login-page.tsx"],
    budgetKb: 150,
    cssBudgetKb: 12,
  },
  {
    route: "applicant form (/form/:linkId/:submissionId)",
    modules: ["features/form-filling/form-link-page.tsx", "features/form-filling/submission-page.tsx"],
    budgetKb: 175,
    cssBudgetKb: 16,
  },
  {
    route: "applicant portal (/portal/applicant)",
    modules: ["features/applicant/applicant-portal-page.tsx", "app/shell/protected-shell.tsx"],
    budgetKb: null,
  },
  {
    route: "form builder (/admin/form/:programId)",
    modules: ["features/form-builder/form-builder-page.tsx", "app/shell/protected-shell.tsx"],
    budgetKb: null,
  },
  {
    route: "candidate list (/applications)",
    modules: ["features/reviewing/candidate-list-page.tsx", "app/shell/protected-shell.tsx"],
    budgetKb: 260,
    cssBudgetKb: 28,
  },
  {
    route: "submission view (/submissions/:programId/:id)",
    modules: ["features/reviewing/submission-view-page.tsx", "app/shell/protected-shell.tsx"],
    budgetKb: 260,
    cssBudgetKb: 28,
  },
  {
    route: "stacked rankings (/rankings)",
    modules: ["features/reviewing/rankings-page.tsx", "app/shell/protected-shell.tsx"],
    budgetKb: 260,
    cssBudgetKb: 28,
  },
];

export interface RouteBundleFigures {
  route: string;
  gzipBytes: number;
  rawBytes: number;
  /** JavaScript files fetched before the page runs. */
  files: number;
  budgetKb: number | null;
  /** Its style sheets, gzipped, and how many. */
  cssGzipBytes: number;
  cssFiles: number;
  cssBudgetKb: number | null;
  /** Under budget, JavaScript and style sheets (true when the route has none). */
  pass: boolean;
}

/** Every route of ROUTE_BUNDLES measured in the build at `distDir`. */
export function measureRouteBundles(distDir: string = DIST): RouteBundleFigures[] {
  return ROUTE_BUNDLES.map(({ route, modules, budgetKb, cssBudgetKb = null }) => {
    const { raw, gzip, files, cssGzip, cssFiles } = routeJavaScriptBytes(modules, distDir);
    return {
      route,
      gzipBytes: gzip,
      rawBytes: raw,
      files: files.length,
      budgetKb,
      cssGzipBytes: cssGzip,
      cssFiles: cssFiles.length,
      cssBudgetKb,
      pass:
        (budgetKb === null || gzip < budgetKb * KB) && (cssBudgetKb === null || cssGzip < cssBudgetKb * KB),
    };
  });
}

export function formatRouteBundles(figures: readonly RouteBundleFigures[]): string {
  return figures
    .map(({ route, gzipBytes, rawBytes, files, budgetKb, cssGzipBytes, cssFiles, cssBudgetKb, pass }) => {
      const budgets = [
        budgetKb === null ? null : `JS < ${budgetKb} KB`,
        cssBudgetKb ? `CSS < ${cssBudgetKb} KB` : null,
      ]
        .filter(Boolean)
        .join(", ");
      const budget = budgets === "" ? "" : `  budget ${budgets}: ${pass ? "pass" : "FAIL"}`;
      return (
        `${route.padEnd(48)} ${(gzipBytes / KB).toFixed(1).padStart(7)} KB gzipped` +
        ` (${(rawBytes / KB).toFixed(0)} KB, ${files} files); CSS ${(cssGzipBytes / KB).toFixed(1)} KB` +
        ` (${cssFiles} files)${budget}`
      );
    })
    .join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // Another build folder may be given (e.g. one built with sourcemaps to study it).
  const distDir = process.argv[2] ? path.resolve(process.argv[2]) : DIST;
  const figures = measureRouteBundles(distDir);
  console.log(formatRouteBundles(figures));
  if (figures.some((f) => !f.pass)) process.exitCode = 1;
}
