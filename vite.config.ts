import path from "node:path";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

/**
 * dist/client/.vite/module-chunks.json: the chunk each of the app's modules landed in. Vite's manifest names
 * a page by its module only while the page has a chunk of its own; a page placed in a named chunk (below) is
 * found here. scripts/bundle-size.ts reads both.
 */
function moduleChunks(): Plugin {
  return {
    name: "module-chunks",
    apply: "build",
    generateBundle(_options, bundle) {
      const root = path.resolve("src/client");
      const chunkOf: Record<string, string> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== "chunk") continue;
        for (const id of output.moduleIds) {
          if (id.startsWith(root)) chunkOf[path.relative(root, id)] = output.fileName;
        }
      }
      this.emitFile({
        type: "asset",
        fileName: ".vite/module-chunks.json",
        source: JSON.stringify(chunkOf, null, 1),
      });
    },
  };
}

const APPLICANT_FORM_MODULES = new RegExp(
  [
    String.raw`src[\\/]client[\\/]features[\\/]form-filling[\\/]`,
    String.raw`src[\\/]client[\\/]components[\\/]rich-text[\\/]rich-text-(view|blocks)`,
    String.raw`src[\\/]client[\\/]lib[\\/]i18n\.`,
    String.raw`src[\\/]shared[\\/](forms|i18n)[\\/]`,
    String.raw`src[\\/]shared[\\/]schemas[\\/]submissions\.`,
    String.raw`node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/](components[\\/](Checkbox|Radio|Textarea|Progress|Image|FileButton|Typography)|utils[\\/](InlineInput|InputsGroupFieldset))[\\/]`,
    String.raw`node_modules[\\/]@mantine[\\/]hooks[\\/]esm[\\/]use-(uncontrolled|merged-ref)[\\/]`,
  ].join("|"),
);
/** Who is signed in, asked by nearly every page (the applicant form too, to offer the portal). */
const SESSION_MODULES =
  /src[\\/](client[\\/]lib[\\/](session|actor|auth-requests)|shared[\\/](schemas[\\/]users|authz[\\/]roles))\./;
const APPLICANT_FORM_LATER_PARTS = /(submit-dialog|table-question|applicant-sign-up)\.tsx?$/;

// The SPA lives in src/client and is served by the API server from dist/client in production.
export default defineConfig({
  root: "src/client",
  plugins: [react(), moduleChunks()],
  build: {
    outDir: "../../dist/client",
    emptyOutDir: true,
    // dist/client/.vite/manifest.json: which chunks each page needs (scripts/bundle-size.ts reads it).
    manifest: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            // The query client and Mantine's core with the components nearly every page shows, in one
            // chunk fetched with the entry. Left to automatic splitting they came as some twenty tiny
            // chunks per page, requested only once the page's chunk was asked for (six at a time over
            // HTTP/1.1), and gzipped one by one they weighed 7 KB more on the applicant form.
            // Components only some pages use (tables, menus, dialogs) stay in chunks of their own.
            {
              name: "ui",
              test: /node_modules[\\/](@tanstack[\\/]|@mantine[\\/]core[\\/]esm[\\/](core|components[\\/](Box|Stack|Group|Text|Title|Button|UnstyledButton|Paper|Card|Container|Center|Alert|Divider|Loader|VisuallyHidden|Anchor|Input|InputBase|TextInput|CloseButton)[\\/]))/,
              priority: 1,
            },
            // Zod and who is signed in: the applicant form's chunk below and most pages need them.
            { name: "zod", test: /node_modules[\\/]zod[\\/]/, priority: 2 },
            { name: "session", test: SESSION_MODULES, priority: 2, includeDependenciesRecursively: false },
            // The applicant form in one chunk: its two pages, the renderer, the shared form rules they run, and
            // the Mantine inputs only forms use. Left to automatic splitting it came as 25 files under 7 KB,
            // each costing the browser about as much to take in as to run (issue 9's first paint). Parts the
            // form loads after its first paint (the Submit dialog, tables, signing up) stay chunks of their own.
            {
              name: "applicant-form",
              test: (id: string) => APPLICANT_FORM_MODULES.test(id) && !APPLICANT_FORM_LATER_PARTS.test(id),
              priority: 1,
              // Only the modules named: the libraries they use stay in the chunks above, the app's own in the entry.
              includeDependenciesRecursively: false,
            },
            {
              name: "react",
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              priority: 3,
            },
          ],
        },
      },
    },
  },
  server: {
    // In development the Vite server forwards API calls so cookies stay same-origin.
    proxy: {
      "/api": "http://localhost:3000",
    },
  },
});
