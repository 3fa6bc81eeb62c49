/**
 * What the applicant page's HTML costs the server now that it carries the link (form-page-data.ts,
 * docs/decisions/044-form-data-in-its-page.md): the server time of `/form/{linkId}` in brotli, beside the
 * same page before (built once per route: `/form/{linkId}/{id}` now stands for it, carrying only a preload)
 * and the API read it replaces (`GET /api/forms/link/{linkId}`, compressed as the API does), alternated,
 * in one process on the test harness's database (no network). Medians and p90 in ms.
 *
 *   npm run build && npx tsx bench/frontend/form-page-cost.ts [--rounds 200]
 */
import path from "node:path";
import { Hono } from "hono";
import { CLIENT_DIST } from "../../src/server/app";
import { clientFiles } from "../../src/server/http/client-files";
import type { AppEnv } from "../../src/server/http/context";
import { formPageExtras } from "../../src/server/http/form-page-data";
import { buildOrg, buildProgram, buildPublishedForm } from "../../src/server/test/factories";
import { createTestApp } from "../../src/server/test/harness";
import { ourFormContent } from "./peer/our-form";

const args = process.argv.slice(2);
const roundsAt = args.indexOf("--rounds");
const rounds = roundsAt === -1 ? 200 : Number(args[roundsAt + 1]);

const t = await createTestApp();
try {
  const org = await buildOrg(t.deps.db);
  const program = await buildProgram(t.deps.db, org.id);
  // The SurveyJS comparison's form: 40 questions in 5 sections.
  const form = await buildPublishedForm(t.deps.db, program, ourFormContent());
  const page = new Hono<AppEnv>();
  page.use("*", async (c, next) => {
    c.set("deps", t.deps);
    await next();
  });
  page.use("*", clientFiles(path.resolve(CLIENT_DIST), formPageExtras));
  const headers = { "accept-encoding": "br, gzip" };
  const cases = {
    "HTML /form/{linkId}, with the link (now)": () => page.request(`/form/${form.linkId}`, { headers }),
    "HTML of a page built once per route": () => page.request("/login", { headers }),
    "GET /api/forms/link/{linkId} (the read it replaces)": () =>
      t.request(`/api/forms/link/${form.linkId}`, { headers }),
  };
  const times = new Map<string, number[]>(Object.keys(cases).map((k) => [k, []]));
  const sizes = new Map<string, number>();
  for (let round = 0; round < rounds + 20; round++) {
    for (const [name, run] of Object.entries(cases)) {
      const start = performance.now();
      const res = await run();
      const body = await res.arrayBuffer();
      const ms = performance.now() - start;
      if (res.status !== 200) throw new Error(`${name}: ${res.status}`);
      if (round >= 20) times.get(name)!.push(ms);
      sizes.set(name, body.byteLength);
    }
  }
  const at = (sorted: number[], q: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))]!;
  for (const [name, list] of times) {
    const sorted = [...list].sort((a, b) => a - b);
    console.log(
      `${name.padEnd(55)} median ${at(sorted, 0.5).toFixed(2)} ms, p90 ${at(sorted, 0.9).toFixed(2)} ms, ${sizes.get(name)} bytes sent`,
    );
  }
} finally {
  await t.close();
}
