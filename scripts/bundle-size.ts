import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

/**
 * The JavaScript a route downloads (gzipped): the entry and the route's page module, with every
 * chunk they import statically — what the browser must fetch before the page can run. Lazy chunks
 * (other pages, dialogs loaded on demand) are not counted. Needs `npm run build` first.
 */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

const DIST = path.resolve("dist/client");

export function routeJavaScriptBytes(pageModules: readonly string[]): {
  raw: number;
  gzip: number;
  files: string[];
} {
  const manifest = JSON.parse(readFileSync(path.join(DIST, ".vite/manifest.json"), "utf8")) as Record<
    string,
    ManifestChunk
  >;
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
  for (const page of pageModules) visit(page);
  const files = [...seen].map((key) => manifest[key]!.file).filter((file) => file.endsWith(".js"));
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    const bytes = readFileSync(path.join(DIST, file));
    raw += bytes.byteLength;
    gzip += gzipSync(bytes, { level: 9 }).byteLength;
  }
  return { raw, gzip, files };
}

export const ROUTE_BUNDLES = {
  "applicant form (/form/:linkId/:submissionId)": [
    "features/form-filling/form-link-page.tsx",
    "features/form-filling/submission-page.tsx",
  ],
  "applicant portal (/portal/applicant)": [
    "features/applicant/applicant-portal-page.tsx",
    "app/shell/protected-shell.tsx",
  ],
  "form builder (/admin/form/:programId)": [
    "features/form-builder/form-builder-page.tsx",
    "app/shell/protected-shell.tsx",
  ],
  "candidate list (/applications)": [
    "features/reviewing/candidate-list-page.tsx",
    "app/shell/protected-shell.tsx",
  ],
  "submission view (/submissions/:programId/:id)": [
    "features/reviewing/submission-view-page.tsx",
    "app/shell/protected-shell.tsx",
  ],
  "stacked rankings (/rankings)": ["features/reviewing/rankings-page.tsx", "app/shell/protected-shell.tsx"],
} as const;

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const [route, modules] of Object.entries(ROUTE_BUNDLES)) {
    const { raw, gzip } = routeJavaScriptBytes(modules);
    console.log(
      `${route.padEnd(48)} ${(gzip / 1024).toFixed(1).padStart(7)} KB gzipped (${(raw / 1024).toFixed(0)} KB)`,
    );
  }
}
