import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../harness";
import { ACTORS, type ActorName, type Caller, signInActors } from "./actors";
import { KNOWN_GAPS } from "./known-gaps";
import { forbiddenFor, type Marker, markersOf } from "./markers";
import { placeholderValue } from "./placeholders";
import { caseName, type RouteCase } from "./route-case";
import { callAs, eachActor, markersIn } from "./run-case";
import { MIDDLEWARE, ROUTE_CASES } from "./table";
import { buildWorld, type World } from "./world";

/**
 * The whole matrix (docs/reliability.md, "Access"): every route of the app × every actor, each answer's
 * status as the table says, and no answer holding a marker its reader may not see.
 */

let world: World;
let callers: Record<ActorName, Caller>;
let markers: Marker[];
let checked = 0;
/** Markers found in answers to their own readers: proof that the search looks where the data is. */
const foundByReaders = new Set<string>();

beforeAll(async () => {
  const t = await createTestApp();
  world = await buildWorld(t);
  callers = await signInActors(world);
  markers = markersOf(world);
});
afterAll(async () => {
  console.info(
    `access matrix: ${checked} route × actor calls checked (${ROUTE_CASES.length} calls to ${new Set(ROUTE_CASES.map((c) => c.route)).size} routes × ${ACTORS.length} actors)`,
  );
  await world?.t.close();
});

/** One call of a case as one actor, in organization A: its status and the markers it should not hold. */
async function check(c: RouteCase, actor: ActorName) {
  const me = callers[actor];
  const answer = await callAs(world, me, c, (name) => placeholderValue(name, { world, o: world.A, me }));
  checked += 1;
  if (c.noMarkerSearch) return { ...answer, leaked: [] };
  const forbidden = forbiddenFor(markers, me.reader);
  for (const m of markers) {
    if (answer.text.includes(m.text) && !forbidden.includes(m.text)) foundByReaders.add(m.text);
  }
  return { ...answer, leaked: markersIn(answer.text, forbidden) };
}

describe("the route list", () => {
  it("has an expectation for every route the app serves, and none for a route that is gone", () => {
    const served = new Set(world.t.app.routes.map((r) => `${r.method} ${r.path}`));
    const expected = new Set([...ROUTE_CASES.map((c) => c.route), ...Object.keys(MIDDLEWARE)]);
    expect([...served].filter((r) => !expected.has(r)).sort(), "routes without an expectation").toEqual([]);
    expect([...expected].filter((r) => !served.has(r)).sort(), "expectations of no route").toEqual([]);
  });
});

describe("every route × every actor: the status, and nothing they may not see", () => {
  for (const c of ROUTE_CASES) {
    const name = caseName(c);
    const gaps = KNOWN_GAPS.filter((g) => g.case === name && g.reference === undefined);
    it(name, async () => {
      const actors = ACTORS.filter((actor) => !gaps.some((g) => g.actor === actor));
      const answers = await eachActor(c, actors, (actor) => check(c, actor));
      const statuses = Object.fromEntries(actors.map((actor, i) => [actor, answers[i]!.status]));
      expect(statuses).toEqual(Object.fromEntries(actors.map((actor) => [actor, c.expect[actor]])));
      // No API answer may be kept by a browser or proxy (decision 021), whoever asked and whatever came back.
      const cached = answers.flatMap((a, i) =>
        a.request.includes(" /api/files/public/") || /\bno-store\b/.test(a.cacheControl ?? "")
          ? []
          : [`${actors[i]}: ${a.request} Cache-Control ${a.cacheControl}`],
      );
      expect(cached).toEqual([]);
      const leaks = answers.flatMap((a, i) => a.leaked.map((m) => `${actors[i]} read ${m} in ${a.request}`));
      expect(leaks).toEqual([]);
    });
    for (const gap of gaps) {
      it.fails(`KNOWN GAP ${name}: ${gap.actor} should get ${c.expect[gap.actor]} (today: ${gap.today})`, async () => {
        const answer = await check(c, gap.actor);
        expect(answer.leaked).toEqual([]);
        expect(answer.status).toBe(c.expect[gap.actor]);
      });
    }
  }
});

describe("the search for markers is not vacuous", () => {
  it("found every marker of organization A in an answer to one of its readers", () => {
    const missing = markers.filter((m) => m.org === "A" && !foundByReaders.has(m.text)).map((m) => m.text);
    expect(missing).toEqual([]);
  });
});
