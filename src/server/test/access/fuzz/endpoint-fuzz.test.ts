import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../harness";
import type { Caller } from "../actors";
import { buildWorld, type World } from "../world";
import { fuzzCallers } from "./callers";
import { fuzzConfig } from "./config";
import { endpointOf, FUZZED_ROUTES, NOT_ENDPOINTS, type OpenApiDocument } from "./endpoints";
import { type FuzzContext, fuzzEndpoint } from "./fuzzer";
import { emptyTally, figuresReport, sumOf, type Tally } from "./tally";
import { installWriteJournal } from "./write-journal";

/**
 * Bad input (docs/reliability.md): every endpoint of the app fuzzed from its schema with hostile bodies,
 * query strings and headers, each request sent as organization A's admin and as an anonymous caller. No
 * answer may be a 5xx (but the known findings, known-findings.ts), every refusal must be in the error
 * shape and write nothing. The figure — requests tried per endpoint — is printed at the end.
 *
 * Deeper: `FUZZ_RUNS=500 npx vitest run --project server src/server/test/access/fuzz/endpoint-fuzz.test.ts`;
 * other inputs: `FUZZ_SEED=…`; on PostgreSQL: with `DATABASE_URL`.
 */

const config = fuzzConfig();
let world: World;
let doc: OpenApiDocument;
let admin: Caller;
let context: FuzzContext;
const tallies = new Map<string, Tally>();
const started = performance.now();

beforeAll(async () => {
  const t = await createTestApp();
  world = await buildWorld(t);
  // The mailer delivers what a request queued in the background, after the answer: its writes would be
  // counted against the next request. Delivery is the outbox's business, not what is fuzzed here.
  await t.deps.mailer.stop();
  const journal = await installWriteJournal(t.deps.db);
  doc = (await (await t.request("/api/openapi.json")).json()) as OpenApiDocument;
  const callers = await fuzzCallers(world);
  admin = callers.admin;
  context = { world, journal, ...callers };
});

afterAll(async () => {
  console.info(figuresReport(tallies, config, (performance.now() - started) / 1000));
  await world?.t.close();
});

describe("the endpoints fuzzed", () => {
  it("are every route the app serves", () => {
    const served = new Set(world.t.app.routes.map((r) => `${r.method} ${r.path}`));
    const fuzzed = new Set([...FUZZED_ROUTES, ...NOT_ENDPOINTS]);
    expect([...served].filter((r) => !fuzzed.has(r)).sort(), "routes not fuzzed").toEqual([]);
    expect([...fuzzed].filter((r) => !served.has(r)).sort(), "fuzzed routes that are gone").toEqual([]);
  });

  it("take their schemas from the OpenAPI document, all but better-auth's and the catch-alls", () => {
    const undocumented = FUZZED_ROUTES.filter(
      (route) => !endpointOf(route, doc, world.t.app.routes).documented,
    );
    expect(undocumented.sort()).toEqual([
      "ALL /api/*",
      "GET /api/auth/*",
      "GET /api/files/public/*",
      "GET /api/openapi.json",
      "POST /api/auth/*",
    ]);
  });
});

describe(`fuzzing every endpoint: ${config.runs} requests each, as admin and anonymous (seed ${config.seed})`, () => {
  for (const route of FUZZED_ROUTES) {
    it(
      route,
      async () => {
        const tally = emptyTally();
        tallies.set(route, tally);
        await fuzzEndpoint(context, endpointOf(route, doc, world.t.app.routes), config, tally);
      },
      Math.max(30_000, config.runs * 3_000),
    );
  }
});

describe("the fuzzing is not vacuous", () => {
  it("got past validation to changes, and the journal saw them", () => {
    expect(sumOf(tallies.values(), "wrote")).toBeGreaterThan(0);
  });

  it("searched answers that held private text, for what their caller may not read", () => {
    expect(sumOf(tallies.values(), "readPrivate")).toBeGreaterThan(0);
  });

  it("sent the admin's requests as the admin to the end (no fuzzed request ended that session)", async () => {
    const res = await world.t.request("/api/auth/get-session", { cookie: admin.cookie! });
    expect(((await res.json()) as { user?: { id: string } } | null)?.user?.id).toBe(admin.user!.id);
  });
});
