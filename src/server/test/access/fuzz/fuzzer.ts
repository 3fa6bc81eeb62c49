import fc from "fast-check";
import type { Caller } from "../actors";
import type { World } from "../world";
import { isCountOfRefusedCode } from "./auth-calls";
import { type Outcome, problemsOf } from "./check";
import { endpointSeed, type FuzzConfig } from "./config";
import { type Endpoint, isAuthEndpoint } from "./endpoints";
import { knownFindingOf } from "./known-findings";
import { recipeFor } from "./recipe";
import { buildRequest, describeRequest, type FuzzRequest } from "./request";
import { count, type Tally } from "./tally";
import type { WriteJournal } from "./write-journal";

export interface PrivateText {
  readable: readonly string[];
  forbidden: readonly string[];
}

export interface FuzzContext {
  world: World;
  journal: WriteJournal;
  /** The callers each generated request is sent as, in this order. */
  callersFor(endpoint: Endpoint): Promise<Caller[]>;
  /** Told of each answer to a caller (one whose session or sign-in a request ended starts again). */
  afterRequest(endpoint: Endpoint, outcome: Outcome, caller: Caller): Promise<void>;
  /** The private text of the world an answer to this request may hold, and the text it may not. */
  privateTextFor(caller: Caller, request: FuzzRequest, endpoint: Endpoint): PrivateText;
}

/** Sends one request to the app and notes what it answered and what it wrote. */
export async function send(world: World, journal: WriteJournal, request: FuzzRequest): Promise<Outcome> {
  await journal.clear();
  const started = performance.now();
  const res = await world.t.app.request(`http://localhost${request.url}`, {
    method: request.method,
    headers: request.headers,
    ...(request.body === undefined ? {} : { body: request.body as BodyInit }),
  });
  const text = await res.text();
  const ms = performance.now() - started;
  return {
    request,
    status: res.status,
    contentType: res.headers.get("content-type"),
    location: res.headers.get("location"),
    text,
    writes: await journal.writes(),
    ms,
  };
}

/**
 * Fuzzes one endpoint: `config.runs` generated requests, each sent as every caller. The first one that
 * gets a 5xx, a refusal in the wrong shape, a refusal that wrote or a redirect away from the app fails
 * the run, unless it is a known finding; fast-check shrinks it to a smallest request that still fails,
 * and the error names the seed and path to replay it with.
 */
export async function fuzzEndpoint(
  ctx: FuzzContext,
  endpoint: Endpoint,
  config: FuzzConfig,
  tally: Tally,
): Promise<void> {
  const property = fc.asyncProperty(recipeFor(endpoint), async (recipe) => {
    for (const caller of await ctx.callersFor(endpoint)) {
      const request = await buildRequest(ctx.world, endpoint, recipe, caller);
      const outcome = await send(ctx.world, ctx.journal, request);
      await ctx.afterRequest(endpoint, outcome, caller);
      const text = ctx.privateTextFor(caller, request, endpoint);
      if (text.readable.some((t) => outcome.text.includes(t))) tally.readPrivate += 1;
      const auth = isAuthEndpoint(endpoint);
      const problems = problemsOf(outcome, {
        auth,
        forbidden: text.forbidden,
        ...(auth ? { refusalMayWrite: (write) => isCountOfRefusedCode(request, write) } : {}),
      });
      const known = problems.length > 0 && knownFindingOf(endpoint.route, outcome) !== undefined;
      count(tally, outcome, known);
      if (problems.length > 0 && !known) {
        throw new Error(
          `${problems.join("\n")}\nas ${caller.label ?? caller.name}: ${describeRequest(request)}`,
        );
      }
    }
  });
  const seed = endpointSeed(config.seed, endpoint.route);
  const details = await fc.check(property, { numRuns: config.runs, seed });
  if (details.failed) {
    const error =
      details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
    throw new Error(
      `${endpoint.route}: ${error}\n(after ${details.numRuns} runs and ${details.numShrinks} shrinks; ` +
        `replay with FUZZ_SEED=${config.seed}, or fc seed ${details.seed} path "${details.counterexamplePath}")`,
    );
  }
}
