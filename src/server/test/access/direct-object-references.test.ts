import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SUBMISSION_TOKEN_HEADER } from "../../../shared/schemas/submissions";
import { callApi } from "../factories";
import { createTestApp } from "../harness";
import { ACTORS, type ActorName, type Caller, signInActors } from "./actors";
import { KNOWN_GAPS } from "./known-gaps";
import { forbiddenFor, type Marker, markersOf } from "./markers";
import { PLACEHOLDERS, placeholdersIn, placeholderValue, type Scope, swappedValueOf } from "./placeholders";
import { caseName, type RouteCase } from "./route-case";
import { callAs, eachActor, gotThrough, markersIn } from "./run-case";
import { ROUTE_CASES } from "./table";
import { buildWorld, type World } from "./world";

/**
 * Direct object references (docs/reliability.md, "Access"): every id, user id, file and signed address a call
 * names is tried with the other organization's value (or, for one's own user id, another user's), by every
 * actor the original call let through. They must get 404 and no data, unless the table says why not.
 */

let world: World;
let callers: Record<ActorName, Caller>;
let markers: Marker[];
let tried = 0;

beforeAll(async () => {
  const t = await createTestApp();
  world = await buildWorld(t);
  callers = await signInActors(world);
  markers = markersOf(world);
});
afterAll(async () => {
  console.info(`direct object references: ${tried} calls with another organization's or user's value`);
  await world?.t.close();
});

const references = (c: RouteCase) =>
  placeholdersIn(c.call, c.body).filter((name) => PLACEHOLDERS[name]?.reference !== undefined);

/** What `actor` must get when `reference` names someone else's: 404, unless the case says otherwise. */
function expectedFor(c: RouteCase, reference: string, actor: ActorName): number {
  const exception = c.idor && "except" in c.idor ? c.idor.except[reference] : undefined;
  if (exception === undefined) return 404;
  if (typeof exception.status === "number") return exception.status;
  return exception.status[actor] ?? 404;
}

/** The case's call as `actor`, with `reference` naming the other organization's object (or another user). */
async function callSwapped(c: RouteCase, actor: ActorName, reference: string) {
  const me = callers[actor];
  const scope: Scope = { world, o: world.A, me };
  const answer = await callAs(world, me, c, (name) =>
    name === reference ? swappedValueOf(name, scope, world.B)! : placeholderValue(name, scope),
  );
  tried += 1;
  return { ...answer, leaked: markersIn(answer.text, forbiddenFor(markers, me.reader)) };
}

describe("every reference a call names, swapped for someone else's", () => {
  for (const c of ROUTE_CASES) {
    const swept = references(c);
    if (swept.length === 0 || (c.idor && "skip" in c.idor)) continue;
    const through = ACTORS.filter((actor) => gotThrough(c.expect[actor]));
    const gaps = KNOWN_GAPS.filter((g) => g.case === caseName(c) && g.reference !== undefined);
    const isGap = (actor: ActorName, reference: string) =>
      gaps.some((g) => g.actor === actor && g.reference === reference);
    it(`${caseName(c)}: ${swept.map((r) => `{${r}}`).join(", ")}`, async () => {
      const statuses: Record<string, number> = {};
      const expected: Record<string, number> = {};
      const leaks: string[] = [];
      for (const reference of swept) {
        const actors = through.filter((actor) => !isGap(actor, reference));
        const answers = await eachActor(c, actors, (actor) => callSwapped(c, actor, reference));
        actors.forEach((actor, i) => {
          const answer = answers[i]!;
          statuses[`${actor} {${reference}}`] = answer.status;
          expected[`${actor} {${reference}}`] = expectedFor(c, reference, actor);
          leaks.push(...answer.leaked.map((m) => `${actor} read ${m} in ${answer.request}`));
        });
      }
      expect(statuses).toEqual(expected);
      expect(leaks).toEqual([]);
    });
    for (const gap of gaps) {
      const reference = gap.reference!;
      it.fails(`KNOWN GAP ${caseName(c)}: ${gap.actor} with {${reference}} of someone else's should get 404 (today: ${gap.today})`, async () => {
        const answer = await callSwapped(c, gap.actor, reference);
        expect(answer.leaked).toEqual([]);
        expect(answer.status).toBe(expectedFor(c, reference, gap.actor));
      });
    }
  }
});

/** A signed address whose signed part is kept but whose content is changed to name another object. */
function withPayload(token: string, change: (grant: Record<string, unknown>) => void): string {
  const [payload, signature] = token.split(".") as [string, string];
  const grant = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as Record<string, unknown>;
  change(grant);
  return `${Buffer.from(JSON.stringify(grant), "utf8").toString("base64url")}.${signature}`;
}

describe("signed addresses and tokens cannot be pointed at someone else's", () => {
  const scopeOf = (actor: ActorName): Scope => ({ world, o: world.A, me: callers[actor] });

  it("a download address re-pointed at another organization's file is refused", async () => {
    const token = String(await placeholderValue("ownerDownload", scopeOf("owner")));
    const forged = withPayload(token, (g) => {
      g.fileId = world.B.files.plain;
    });
    const answer = await callApi(world.t, "GET", `/api/files/download/${forged}`, callers.owner.cookie);
    expect(answer.status).toBe(404);
    expect(answer.text).not.toContain("stored file");
  });

  it("an upload address re-pointed at another organization's application is refused", async () => {
    const token = String(await placeholderValue("ownerUpload", scopeOf("owner")));
    const forged = withPayload(token, (g) => {
      g.submissionId = world.B.candidates.owned;
    });
    const res = await world.t.request(`/api/files/upload/${forged}`, {
      method: "PUT",
      body: "%PDF-1.4 forged",
      cookie: callers.owner.cookie!,
    });
    expect(res.status).toBe(404);
  });

  it("an export's signed link presented for another export, or in another admin's session, is refused", async () => {
    const link = String(await placeholderValue("exportLink", scopeOf("programAdmin")));
    const otherJob = link.replace(world.A.exportJob.id, world.B.exportJob.id);
    for (const [path, actor] of [
      [otherJob, "programAdmin"],
      [link, "adminReviewer"],
      [link, "otherOrgAdmin"],
    ] as const) {
      const answer = await callApi(world.t, "GET", path, callers[actor].cookie);
      expect(answer.status, `${actor} ${path}`).toBe(404);
      expect(answer.text).not.toContain("MARK-");
    }
  });

  it("a guest draft's token opens that draft only, and a signed-in holder cannot claim another organization's", async () => {
    const headers = { [SUBMISSION_TOKEN_HEADER]: world.A.draftToken };
    for (const id of [world.B.candidates.draft, world.A.candidates.owned]) {
      const res = await world.t.request(`/api/submissions/${id}`, { headers });
      expect(res.status).toBeOneOf([401, 404]);
      expect(await res.text()).not.toContain("MARK-");
    }
    const claim = await world.t.request(`/api/submissions/${world.B.candidates.draft}/claim`, {
      method: "POST",
      headers,
      cookie: callers.otherApplicant.cookie!,
    });
    expect(claim.status).toBe(404);
  });

  it("better-auth's profile update sets the name only: never an organization, a role or the applicant flag", async () => {
    const before = await callApi<{
      adminOrganization: string | null;
      applicant: boolean;
      programs: unknown[];
    }>(world.t, "GET", `/api/users/${world.A.people.otherApplicant.id}`, callers.otherApplicant.cookie);
    await world.t.request("/api/auth/update-user", {
      method: "POST",
      cookie: callers.otherApplicant.cookie!,
      body: {
        name: "A otherApplicant",
        adminOrganizationId: world.B.org.id,
        applicant: false,
        emailVerified: true,
        email: "taken-over@matrix.test",
      },
    });
    const after = await callApi<typeof before.body & { email: string }>(
      world.t,
      "GET",
      `/api/users/${world.A.people.otherApplicant.id}`,
      callers.otherApplicant.cookie,
    );
    expect(after.body).toMatchObject({
      adminOrganization: before.body.adminOrganization,
      applicant: true,
      email: world.A.people.otherApplicant.email,
      programs: before.body.programs,
    });
    const foreign = await callApi(
      world.t,
      "GET",
      `/api/organizations/${world.B.org.id}`,
      callers.otherApplicant.cookie,
    );
    expect(foreign.status).toBe(404);
  });
});
