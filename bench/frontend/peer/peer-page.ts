import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, gzipSync, constants as zlib } from "node:zlib";
import { build } from "esbuild";
import { freePort } from "../../runner/server-process";
import { PEER_FORM_TITLE } from "./form-shape";

/**
 * The SurveyJS page, built and served by the bench: page.ts bundled by esbuild (minified, React's
 * production build, hashed file names), each file compressed at build time as our build does (brotli at its
 * highest quality and gzip -9, decision 033) and sent by a small static server on 127.0.0.1 by
 * Accept-Encoding, with `Vary`, hashed files cached as immutable and the page itself `no-cache`, as our
 * server sends its own (src/server/http/client-files.ts). Not our server: nothing of the peer goes into the
 * product.
 */
export interface PeerPage {
  url: string;
  /** The files as built: name, raw bytes, gzipped bytes. */
  files: { name: string; rawBytes: number; gzipBytes: number }[];
  stop: () => Promise<void>;
}

interface ServedFile {
  type: string;
  raw: Buffer;
  gzip: Buffer;
  br: Buffer;
  immutable: boolean;
}

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
};

function html(scripts: string[], styles: string[]): string {
  return [
    "<!doctype html>",
    '<html lang="en">',
    "<head>",
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${PEER_FORM_TITLE}</title>`,
    ...styles.map((href) => `<link rel="stylesheet" href="/${href}">`),
    ...scripts.map((src) => `<script type="module" src="/${src}"></script>`),
    "</head>",
    '<body><div id="root"></div></body>',
    "</html>",
  ].join("\n");
}

function compressed(raw: Buffer, type: string, immutable: boolean): ServedFile {
  return {
    type,
    raw,
    immutable,
    gzip: gzipSync(raw, { level: 9 }),
    br: brotliCompressSync(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
  };
}

async function buildPeerPage(): Promise<Map<string, ServedFile>> {
  const outdir = mkdtempSync(path.join(tmpdir(), "decisionhub-peer-"));
  try {
    await build({
      entryPoints: [path.join(import.meta.dirname, "page.ts")],
      bundle: true,
      minify: true,
      format: "esm",
      target: "es2022",
      entryNames: "[name]-[hash]",
      assetNames: "[name]-[hash]",
      define: { "process.env.NODE_ENV": '"production"' },
      loader: { ".woff": "file", ".woff2": "file", ".svg": "file" },
      outdir,
      logLevel: "error",
    });
    const files = new Map<string, ServedFile>();
    const built = readdirSync(outdir);
    for (const name of built) {
      const type = TYPES[path.extname(name)] ?? "application/octet-stream";
      files.set(`/${name}`, compressed(readFileSync(path.join(outdir, name)), type, true));
    }
    const page = html(
      built.filter((n) => n.endsWith(".js")),
      built.filter((n) => n.endsWith(".css")),
    );
    files.set("/", compressed(Buffer.from(page), TYPES[".html"]!, false));
    return files;
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}

function serve(files: Map<string, ServedFile>, port: number): Promise<Server> {
  const server = createServer((request, response) => {
    const file = files.get(new URL(request.url ?? "/", "http://127.0.0.1").pathname);
    if (!file) {
      response.writeHead(404).end();
      return;
    }
    const accepted = String(request.headers["accept-encoding"] ?? "");
    const [encoding, body] = /\bbr\b/.test(accepted)
      ? ["br", file.br]
      : /\bgzip\b/.test(accepted)
        ? ["gzip", file.gzip]
        : [null, file.raw];
    response.writeHead(200, {
      "content-type": file.type,
      "content-length": body.length,
      vary: "Accept-Encoding",
      "cache-control": file.immutable ? "public, max-age=31536000, immutable" : "no-cache",
      ...(encoding ? { "content-encoding": encoding } : {}),
    });
    response.end(request.method === "HEAD" ? undefined : body);
  });
  return new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve(server)));
}

/** Builds the SurveyJS page and serves it on a free port of 127.0.0.1 until `stop`. */
export async function startPeerPage(): Promise<PeerPage> {
  const files = await buildPeerPage();
  const port = await freePort();
  const server = await serve(files, port);
  return {
    url: `http://127.0.0.1:${port}/`,
    files: [...files].map(([name, f]) => ({ name, rawBytes: f.raw.length, gzipBytes: f.gzip.length })),
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** `npx tsx bench/frontend/peer/peer-page.ts [folder]`: serves the page until Ctrl-C, or writes it to a folder. */
if (import.meta.url === `file://${process.argv[1]}`) {
  const folder = process.argv[2];
  if (folder) {
    for (const [name, file] of await buildPeerPage())
      writeFileSync(path.join(folder, name === "/" ? "index.html" : name), file.raw);
  } else {
    const page = await startPeerPage();
    console.log(page.url, page.files);
  }
}
