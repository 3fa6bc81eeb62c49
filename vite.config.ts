import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, gzip, constants as zlib } from "node:zlib";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { FORM_FIRST_SCREEN_FILE, type FormFirstScreenTemplates } from "./src/shared/first-screen";
import { LANGUAGES, type MessageKey, translate } from "./src/shared/i18n/catalog";
import { WIDE_TOP_BAR_GROUPS } from "./src/shared/limits";

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

/** A page of the route table, with the chunks and style sheets it loads beyond the entry's. */
export interface RoutePreload {
  path: string;
  scripts: string[];
  styles: string[];
  /** What the page shows before its scripts have run (src/client/first-paint), if it has such a copy. */
  firstPaint?: string;
  /** The same by language, for a first screen with a translated heading (the server picks the browser's). */
  firstPaintByLanguage?: Record<string, string>;
  /** API calls the page makes first whatever the user, started from the HTML (`<link rel="preload" as="fetch">`). */
  fetches?: string[];
}

/**
 * What every signed-in page asks first: who is signed in (src/client/lib/auth-requests.ts). The same for
 * everyone (the cookie says who), so the HTML can name it (docs/decisions/042-signed-in-first-paint.md).
 */
const SIGNED_IN_FETCHES = ["/api/auth/get-session"];

/**
 * A module of src/client/first-paint/ (React components rendered to static HTML at build time), loaded with
 * tsx as the bench and scripts run TypeScript.
 */
async function firstPaintModule<M>(file: string): Promise<M> {
  const { tsImport } = await import("tsx/esm/api");
  const url = pathToFileURL(path.resolve("src/client/first-paint", file)).href;
  return (await tsImport(url, import.meta.url)) as M;
}

/**
 * A signed-in page's first screen (the top bar with the logo, the page's loader), rendered from the React
 * component the page shows until the session is in (src/client/first-paint/signed-in-shell.tsx); with the
 * page's title as its heading when the row says `headingIsTitle: true`.
 */
async function signedInFirstPaintRenderer(): Promise<(staffPage: boolean, heading?: string) => string> {
  const { signedInFirstPaint } = await firstPaintModule<{
    signedInFirstPaint: (staffPage: boolean, heading?: string) => string;
  }>("signed-in-shell.tsx");
  return signedInFirstPaint;
}

/**
 * The theme's CSS variables in index.html's head, written once at build time, for every page: the app's
 * provider then does not compute them and add them as the page starts (`withCssVariables={false}` in
 * src/client/app/app.tsx), and the pages' first screens are drawn in the theme's colours
 * (docs/decisions/054-intl-formats-on-first-use.md, "Also kept: the theme's CSS variables").
 */
function themeVariablesInHead(): Plugin {
  let variables: Promise<string> | undefined;
  return {
    name: "theme-variables-in-head",
    transformIndexHtml(html) {
      variables ??= firstPaintModule<{ themeVariables: () => string }>("signed-in-shell.tsx").then((m) =>
        m.themeVariables(),
      );
      return variables.then((style) => html.replace("</head>", `${style}</head>`));
    },
  };
}

/**
 * Pages whose first screen is written in static HTML (src/client/first-paint/): what the browser paints as
 * soon as index.html and the base style sheet are in, before any script has run; React replaces it when it
 * mounts. Only Mantine classes of the `ui` chunk's sheet (loaded by index.html) are used, so it looks as the
 * page does (docs/decisions/041-first-paint.md).
 */
const FIRST_PAINTS: Record<string, string> = { "/login": "sign-in.html" };

/**
 * dist/client/.vite/route-preloads.json: for each page of src/client/app/route-table.ts, the chunks its lazy
 * module needs (with the signed-in shell's for a guarded page) and their style sheets, beyond those that
 * index.html already names. The server names them in the index.html it sends for that page
 * (src/server/http/client-files.ts), so the browser fetches them beside the entry instead of after it has
 * run (docs/decisions/041-first-paint.md).
 */
function routePreloads(): Plugin {
  return {
    name: "route-preloads",
    apply: "build",
    async generateBundle(_options, bundle) {
      const appDir = path.resolve("src/client/app");
      const table = await readFile(path.join(appDir, "route-table.ts"), "utf8");
      const chunks = Object.values(bundle).filter((o) => o.type === "chunk");
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const entry = chunks.find((c) => c.isEntry);
      if (!entry) return;
      const inIndex = new Set([entry.fileName, ...entry.imports]);
      const chunkOfModule = (specifier: string) => {
        const base = path.resolve(appDir, specifier);
        // A page in a named chunk (the applicant form's) is one module of it, not its facade.
        return chunks.find((c) => c.moduleIds.some((id) => id.replace(/\.tsx?$/, "") === base));
      };
      const shell = chunkOfModule("./shell/protected-shell");
      // What the entry asks for a guarded page before its first render (src/client/app/signed-in-prefetch.ts).
      const signedInPrefetch = chunkOfModule("./signed-in-prefetch");
      const signedInFirstPaint = await signedInFirstPaintRenderer();
      const routes: RoutePreload[] = [];
      // A row of the table: its path, its group, and the module its lazyPage imports.
      for (const row of table.split(/\n {2}\{\n/).slice(1)) {
        const routePath = row.match(/^\s*path: "([^"]+)"/m)?.[1];
        const group = row.match(/^\s*group: "([^"]+)"/m)?.[1];
        const title = row.match(/^\s*title: "([^"]+)"/m)?.[1];
        const headingIsTitle = /^\s*headingIsTitle: true,/m.test(row);
        const headingKey = row.match(/^\s*firstScreenHeading: "([^"]+)",/m)?.[1];
        const specifier = row.match(/import\("([^"]+)"\)/)?.[1];
        const page = specifier ? chunkOfModule(specifier) : undefined;
        if (!routePath || !group || !page)
          throw new Error(`route-preloads: cannot read a row of the route table:\n${row}`);
        const seen = new Set<string>();
        const visit = (file: string) => {
          if (seen.has(file) || inIndex.has(file)) return;
          seen.add(file);
          for (const imported of byFile.get(file)?.imports ?? []) visit(imported);
        };
        if (group !== "PUBLIC" && shell) visit(shell.fileName);
        if (group !== "PUBLIC" && signedInPrefetch) visit(signedInPrefetch.fileName);
        visit(page.fileName);
        const scripts = [...seen];
        const styles = scripts.flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])]);
        const firstPaintFile = FIRST_PAINTS[routePath];
        const signedIn = group !== "PUBLIC";
        const firstPaint = firstPaintFile
          ? (await readFile(path.resolve("src/client/first-paint", firstPaintFile), "utf8")).trim()
          : signedIn
            ? signedInFirstPaint(WIDE_TOP_BAR_GROUPS.has(group), headingIsTitle ? title : undefined)
            : undefined;
        // A translated heading: the first screen in each language (the server picks the browser's).
        const firstPaintByLanguage =
          signedIn && headingKey
            ? Object.fromEntries(
                LANGUAGES.map((language) => [
                  language,
                  signedInFirstPaint(
                    WIDE_TOP_BAR_GROUPS.has(group),
                    translate(language, headingKey as MessageKey),
                  ),
                ]),
              )
            : undefined;
        routes.push({
          path: routePath,
          scripts,
          styles,
          ...(firstPaint ? { firstPaint } : {}),
          ...(firstPaintByLanguage ? { firstPaintByLanguage } : {}),
          ...(signedIn ? { fetches: SIGNED_IN_FETCHES } : {}),
        });
      }
      this.emitFile({
        type: "asset",
        fileName: ".vite/route-preloads.json",
        source: JSON.stringify(routes, null, 1),
      });
      this.emitFile({
        type: "asset",
        fileName: FORM_FIRST_SCREEN_FILE,
        source: JSON.stringify(await formFirstScreenTemplates()),
      });
    },
  };
}

/**
 * The applicant form's first-screen templates, rendered from the form's header with markers where the
 * form's text goes (src/client/first-paint/form-first-screen.tsx; docs/decisions/047-form-first-screen.md).
 */
async function formFirstScreenTemplates(): Promise<FormFirstScreenTemplates> {
  const module = await firstPaintModule<{ formFirstScreenTemplates: () => FormFirstScreenTemplates }>(
    "form-first-screen.tsx",
  );
  return module.formFirstScreenTemplates();
}

/** What is worth compressing: text. Images and fonts of the build are compressed formats already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;
/** Under this, a compressed copy saves less than its own headers cost. */
const COMPRESS_FROM_BYTES = 512;

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every text file of the build, at the highest
 * levels: done once here, not per request, so the server only picks the copy the browser accepts
 * (src/server/http/client-files.ts; docs/decisions/033-compressed-assets-and-route-css.md). A copy
 * not smaller than the file is not written.
 */
function precompress(): Plugin {
  const brotli = promisify(brotliCompress);
  const gzipped = promisify(gzip);
  let outDir = "";
  return {
    name: "precompress",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const files = Object.keys(bundle).filter((file) => COMPRESSIBLE.test(file) && !file.startsWith("."));
      await Promise.all(
        files.map(async (file) => {
          const full = path.join(outDir, file);
          const bytes = await readFile(full);
          if (bytes.byteLength < COMPRESS_FROM_BYTES) return;
          const [br, gz] = await Promise.all([
            brotli(bytes, {
              params: {
                [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
                [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
                [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
              },
            }),
            gzipped(bytes, { level: zlib.Z_BEST_COMPRESSION }),
          ]);
          if (br.byteLength < bytes.byteLength) await writeFile(`${full}.br`, br);
          if (gz.byteLength < bytes.byteLength) await writeFile(`${full}.gz`, gz);
        }),
      );
    },
  };
}

/** A module of Mantine's core (its ES build), and the class names of a component it imports. */
const MANTINE_CORE_MODULE = /[\\/]node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/].*(?<!\.module)\.mjs$/;
const MANTINE_CLASSES_IMPORT = /from\s*"[^"]*?([A-Za-z]+)\.module\.mjs"/g;

/**
 * Each page gets the styles of the Mantine components it uses, not Mantine's whole sheet (250 KB, most of
 * it for components a page never shows): a component's module of Mantine's core that uses the class names
 * of `X` also imports `@mantine/core/styles/X.css`, the sheet Mantine ships for that component alone. The
 * sheet then lands in the chunk the component lands in, and the page's chunks bring the styles they need
 * (docs/decisions/033-compressed-assets-and-route-css.md). The import goes last in the module, after the
 * components it builds on, so their styles come first as Mantine's own order has them.
 */
function mantineStylesPerComponent(): Plugin {
  return {
    name: "mantine-styles-per-component",
    enforce: "pre",
    transform(code, id) {
      if (!MANTINE_CORE_MODULE.test(id)) return null;
      const sheets = new Set([...code.matchAll(MANTINE_CLASSES_IMPORT)].map((m) => m[1]!));
      if (sheets.size === 0) return null;
      const imports = [...sheets].map((name) => `import "@mantine/core/styles/${name}.css";`).join("\n");
      // Appended: the lines above stay where they were, the module's source map with them.
      return { code: `${code}\n${imports}\n`, map: null };
    },
  };
}

/**
 * Zod builds each object schema's fast parser with `new Function` when it can, and asks whether it can by
 * calling it once, as the schema is made. Our Content-Security-Policy has no 'unsafe-eval'
 * (src/server/app.ts), so the browser refuses it, and reports each refusal as a CSP violation (Chrome's Issues
 * panel; Lighthouse's best-practices audit "inspector-issues") though Zod then parses without it. Its
 * `jitless` setting skips the probe, and must be set before the first schema is made: our shared schemas are
 * made as their modules load, before any of our code could call `z.config()`. Zod reads its configuration
 * from `globalThis.__zod_globalConfig` (creating it when absent), so the first line of Zod's chunk sets it.
 * Parsing is the same as before: under our policy it never had the compiled parser.
 */
const ZOD_JITLESS_BANNER = "globalThis.__zod_globalConfig={...globalThis.__zod_globalConfig,jitless:true};";

const APPLICANT_FORM_MODULES = new RegExp(
  [
    String.raw`src[\\/]client[\\/]features[\\/]form-filling[\\/]`,
    String.raw`src[\\/]client[\\/]components[\\/]rich-text[\\/]rich-text-(view|blocks)`,
  ].join("|"),
);
/**
 * What the applicant form shares with the signed-in pages: the translations (the account menu's language, the
 * portal), the form rules the review schemas import, and the Mantine inputs that forms and review tables both
 * use. In the form's chunk, they brought the whole form (its script and its style sheet) to every reviewer's
 * and admin's page.
 */
const FORM_COMMON_MODULES = new RegExp(
  [
    String.raw`src[\\/]client[\\/]lib[\\/]i18n\.`,
    String.raw`src[\\/]shared[\\/](forms|i18n)[\\/]`,
    String.raw`src[\\/]shared[\\/]schemas[\\/]submission-constants\.`,
    String.raw`src[\\/]client[\\/]components[\\/]growing-textarea`,
    String.raw`node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/](components[\\/](Checkbox|Radio|Textarea|Progress|Image|FileButton|Typography)|utils[\\/](InlineInput|InputsGroupFieldset))[\\/]`,
    // Their styles too (mantineStylesPerComponent): one sheet with the chunk, not one per component.
    String.raw`node_modules[\\/]@mantine[\\/]core[\\/]styles[\\/](Checkbox|Radio|Progress|Image|Typography|InlineInput)\w*\.css$`,
  ].join("|"),
);
/**
 * The signed-in shell (top bar, page menu, account menu, feedback) with what only it and the signed-in pages
 * use: the Mantine menus, popovers and focus traps, the current program. Not the portal or floating-ui: the
 * notifications' container (on every page, after its first paint) and the form's lazy parts use them. Left to
 * automatic splitting these came as some twenty files under 6 KB on every signed-in page, each a request and a
 * task of its own for the browser (docs/decisions/048-signed-in-data-before-render.md). Nothing here is
 * imported by the sign-in card or the applicant form, nor by what they load later (e2e/auth.e2e.ts checks it).
 */
const SIGNED_IN_SHELL_MODULES = new RegExp(
  [
    // Not the frame and placeholder every page's root layout draws while a page loads (shell-frame).
    String.raw`src[\\/]client[\\/]app[\\/]shell[\\/](protected-shell|top-bar|page-menu|account-menu|program-picker)\.`,
    String.raw`src[\\/]client[\\/]app[\\/]signed-in-prefetch\.`,
    String.raw`src[\\/]client[\\/]lib[\\/]current-program\.`,
    String.raw`src[\\/]shared[\\/]authz[\\/]route-groups\.`,
    String.raw`node_modules[\\/]@mantine[\\/]hooks[\\/]esm[\\/]use-(collapse|disclosure|click-outside|long-press|focus-return|focus-trap|delayed-hover)[\\/]`,
    String.raw`node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/](components[\\/](Avatar|Burger|Collapse|NativeSelect|Popover|FocusTrap|Overlay|Menu|Accordion[\\/]AccordionChevron|Combobox[\\/](ComboboxChevron|get-parsed-combobox-data|Combobox\.module)))[\\/.]`,
    String.raw`node_modules[\\/]@mantine[\\/]core[\\/]styles[\\/](Avatar|Burger|Popover|Overlay|Menu|Combobox)\.css$`,
  ].join("|"),
);
/**
 * The shared modules that make Zod schemas (or import those that do). None may share a chunk with what a page
 * paints first: a chunk that holds one imports Zod's, and the page would wait for it. The client loads them
 * when it needs them (src/client/lib/lazy-schema.ts; docs/decisions/043-zod-off-the-first-paint.md).
 */
const ZOD_SCHEMA_MODULES =
  /src[\\/]shared[\\/](schemas[\\/](?![\w-]+-constants\.)|forms[\\/](model|answers|address|contact-email)\.)/;
/** Who is signed in, asked by nearly every page (the applicant form too, to offer the portal). */
const SESSION_MODULES =
  /src[\\/](client[\\/]lib[\\/](session|actor|auth-requests)|shared[\\/]authz[\\/]roles)\./;
// The local copy's schema is Zod's: in the chunk, it would bring Zod before the form's first paint.
const APPLICANT_FORM_LATER_PARTS =
  /(submit-dialog|table-question|applicant-sign-up|local-copy-schema)\.tsx?$/;

// The SPA lives in src/client and is served by the API server from dist/client in production.
export default defineConfig({
  root: "src/client",
  plugins: [
    mantineStylesPerComponent(),
    react(),
    themeVariablesInHead(),
    moduleChunks(),
    routePreloads(),
    precompress(),
  ],
  build: {
    outDir: "../../dist/client",
    emptyOutDir: true,
    // dist/client/.vite/manifest.json: which chunks each page needs (scripts/bundle-size.ts reads it).
    manifest: true,
    rolldownOptions: {
      output: {
        banner: (chunk) => (chunk.name === "zod" ? ZOD_JITLESS_BANNER : ""),
        // Libraries change less often than the app: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            // The query client and Mantine's core with the components nearly every page shows, in one
            // chunk fetched with the entry. Left to automatic splitting they came as some twenty tiny
            // chunks per page, requested only once the page's chunk was asked for (six at a time over
            // HTTP/1.1), and gzipped one by one they weighed 7 KB more on the applicant form.
            // Components only some pages use (tables, menus, dialogs) stay in chunks of their own.
            // Mantine's base styles (main.tsx) come with it, first: the sheet before every component's.
            {
              name: "ui",
              test: /node_modules[\\/](@tanstack[\\/]|@mantine[\\/]hooks[\\/]esm[\\/]use-(uncontrolled|merged-ref)[\\/]|@mantine[\\/]core[\\/](styles[\\/](baseline|default-css-variables|global)\.css|esm[\\/](core|components[\\/](Box|Stack|Group|Text|Title|Button|UnstyledButton|Paper|Card|Container|Center|Alert|Divider|Loader|VisuallyHidden|Anchor|Input|InputBase|TextInput|CloseButton)[\\/])))/,
              priority: 1,
            },
            // Zod and who is signed in: the applicant form's chunk below and most pages need them.
            { name: "zod", test: /node_modules[\\/]zod[\\/]/, priority: 2 },
            { name: "session", test: SESSION_MODULES, priority: 2, includeDependenciesRecursively: false },
            // The applicant form in one chunk: its two pages, the renderer, the shared form rules they run, and
            // the Mantine inputs only forms use. Left to automatic splitting it came as 25 files under 7 KB,
            // each costing the browser about as much to take in as to run (docs/decisions/041-first-paint.md).
            // Parts the form loads after its first paint (the Submit dialog, tables, signing up) stay chunks of
            // their own.
            {
              name: "applicant-form",
              test: (id: string) =>
                APPLICANT_FORM_MODULES.test(id) &&
                !APPLICANT_FORM_LATER_PARTS.test(id) &&
                !ZOD_SCHEMA_MODULES.test(id),
              priority: 1,
              // Only the modules named: the libraries they use stay in the chunks above, the app's own in the entry.
              includeDependenciesRecursively: false,
            },
            {
              name: "forms-common",
              test: (id: string) => FORM_COMMON_MODULES.test(id) && !ZOD_SCHEMA_MODULES.test(id),
              priority: 1,
              includeDependenciesRecursively: false,
            },
            {
              name: "signed-in-shell",
              test: SIGNED_IN_SHELL_MODULES,
              priority: 1,
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
