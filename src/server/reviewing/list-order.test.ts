import { beforeAll, describe, expect, it } from "vitest";
import { defaultFormContent } from "../../shared/forms/defaults";
import type { ProgramReviewSettings } from "../../shared/schemas/programs";
import type { CandidateListResult, CandidateView } from "../../shared/schemas/reviews";
import {
  buildProgram,
  buildPublishedForm,
  callApi,
  signedInMember,
  withCastTestApp,
} from "../test/factories";
import type { TestApp } from "../test/harness";
import { assignGroup, assignReviewer, buildCandidate, buildGroup } from "../test/review-factories";
import { KEY_RANGE, md5Key } from "./list-order";

/**
 * The order of a committee member's list (docs/decisions/037-per-reviewer-order.md): by default a shuffle of
 * their own, stable across calls and pages, different between members; name order when the program's admins
 * choose it. The expected orders are computed here from md5 on their own, as the decision defines them.
 */

let t: TestApp;
let organizationId: string;
withCastTestApp((app) => {
  t = app.t;
  organizationId = app.cast.org.id;
});

type Person = { id: string; cookie: string };
const NAMES = ["Ada", "ada", "Bea", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kit", "Lu", "Max"];

let program: { id: string; organizationId: string; name: string };
let admin: Person;
let ann: Person;
let bob: Person;
const ids: string[] = [];
/** Each candidate's identifier, by id. */
const nameOf = new Map<string, string>();
/** Ann's assigned candidates (directly or through her group); Bob's. The rest are open to all. */
const annAssigned = new Set<string>();
const bobAssigned = new Set<string>();

beforeAll(async () => {
  const { db } = t.deps;
  program = await buildProgram(db, organizationId, { name: "Order" });
  const { formId } = await buildPublishedForm(db, program, defaultFormContent("Order form"));
  admin = await signedInMember(t, program, "Order Admin", "ADMIN");
  ann = await signedInMember(t, program, "Ann Order");
  bob = await signedInMember(t, program, "Bob Order");
  for (const identifier of NAMES) {
    const row = await buildCandidate(db, { program, formId, identifier });
    ids.push(row.id);
    nameOf.set(row.id, identifier);
  }
  // Eight candidates assigned to both, one more to each (Ann's through her group); four open to all.
  for (const id of ids.slice(0, 8)) {
    await assignReviewer(db, id, ann.id, program.id);
    await assignReviewer(db, id, bob.id, program.id);
    annAssigned.add(id);
    bobAssigned.add(id);
  }
  const group = await buildGroup(db, program, "Order group", [ann.id]);
  await assignGroup(db, ids[9]!, group.id, program.id);
  await assignReviewer(db, ids[12]!, bob.id, program.id);
  annAssigned.add(ids[9]!);
  bobAssigned.add(ids[12]!);
});

/** Name order: the name without regard to case, then the id. */
const inNameOrder = (list: string[]) =>
  [...list].sort(
    (a, b) => nameOf.get(a)!.toLowerCase().localeCompare(nameOf.get(b)!.toLowerCase()) || (a < b ? -1 : 1),
  );

/** A member's list as the decision defines it: assigned ones by md5(member:candidate), open ones walked from md5(member:program). */
function expectedShuffle(person: Person, assigned: Set<string>) {
  const assignedElsewhere = new Set([...annAssigned, ...bobAssigned].filter((id) => !assigned.has(id)));
  const start = md5Key(`${person.id}:${program.id}`);
  return ids
    .filter((id) => !assignedElsewhere.has(id))
    .map((id) => ({
      id,
      key: assigned.has(id) ? md5Key(`${person.id}:${id}`) : (md5Key(id) - start + KEY_RANGE) % KEY_RANGE,
    }))
    .sort((a, b) => a.key - b.key || (a.id < b.id ? -1 : 1))
    .map((entry) => entry.id);
}

async function list(person: Person, query = "") {
  const answer = await callApi<CandidateListResult>(
    t,
    "GET",
    `/api/applications?programId=${program.id}${query}`,
    person.cookie,
  );
  expect(answer.status, answer.text).toBe(200);
  return answer.body;
}
const idsOf = (result: CandidateListResult) => result.rows.map((r) => r._id);
const whole = async (person: Person) => idsOf(await list(person, "&pageSize=100"));

async function setOrder(candidateOrder: "shuffled" | "name") {
  const path = `/api/programs/${program.id}/reviewSettings`;
  const current = await callApi<ProgramReviewSettings>(t, "GET", path, admin.cookie);
  const body = { ...current.body, reviewSettings: { ...current.body.reviewSettings, candidateOrder } };
  const saved = await callApi<ProgramReviewSettings>(t, "PATCH", path, admin.cookie, body);
  expect(saved.status, saved.text).toBe(200);
  expect(saved.body.reviewSettings.candidateOrder).toBe(candidateOrder);
}

/** Next and Previous of the submission view, for each candidate of the list. */
async function neighbours(person: Person, order: string[]) {
  const found: [string | null, string | null][] = [];
  for (const id of order) {
    const answer = await callApi<CandidateView>(
      t,
      "GET",
      `/api/applications/${program.id}/${id}`,
      person.cookie,
    );
    expect(answer.status, answer.text).toBe(200);
    found.push([answer.body.previousId, answer.body.nextId]);
  }
  return found;
}
const adjacent = (order: string[]) => order.map((_, i) => [order[i - 1] ?? null, order[i + 1] ?? null]);

describe("a committee member's list order", () => {
  it("is shuffled by default: each member's own, stable across calls, and not name order", async () => {
    const current = await callApi<ProgramReviewSettings>(
      t,
      "GET",
      `/api/programs/${program.id}/reviewSettings`,
      admin.cookie,
    );
    expect(current.body.reviewSettings.candidateOrder).toBe("shuffled");
    const annOrder = await whole(ann);
    expect(annOrder).toEqual(expectedShuffle(ann, annAssigned));
    expect(await whole(ann)).toEqual(annOrder);
    const bobOrder = await whole(bob);
    expect(bobOrder).toEqual(expectedShuffle(bob, bobAssigned));
    // The eight candidates assigned to both come in an order of each one's own (the same order by chance:
    // 1 in 40,320).
    const shared = ids.slice(0, 8);
    const sharedOf = (order: string[]) => order.filter((id) => shared.includes(id));
    expect(sharedOf(bobOrder)).not.toEqual(sharedOf(annOrder));
    expect(annOrder).not.toEqual(inNameOrder(annOrder));
  });

  it("pages, Next and Previous, and the submission view's neighbours all follow it", async () => {
    const order = await whole(ann);
    const pageSize = 3;
    const forward: string[][] = [idsOf(await list(ann, `&pageSize=${pageSize}`))];
    for (let page = 2; (page - 1) * pageSize < order.length; page += 1) {
      const last = forward.at(-1)!.at(-1)!;
      forward.push(idsOf(await list(ann, `&pageSize=${pageSize}&page=${page}&after=${last}`)));
    }
    expect(forward.flat()).toEqual(order);
    const backward = idsOf(await list(ann, `&pageSize=${pageSize}&page=2&before=${forward[2]![0]}`));
    expect(backward).toEqual(forward[1]);
    for (let page = 1; (page - 1) * pageSize < order.length; page += 1) {
      const byNumber = idsOf(await list(ann, `&pageSize=${pageSize}&page=${page}`));
      expect(byNumber).toEqual(order.slice((page - 1) * pageSize, page * pageSize));
    }
    expect(await neighbours(ann, order)).toEqual(adjacent(order));
  });

  it("keeps the admins' own list in name order", async () => {
    const order = await whole(admin);
    expect(order).toEqual(inNameOrder(ids));
  });

  it("is name order for every member when the program's admins choose it, pages and neighbours alike", async () => {
    await setOrder("name");
    try {
      const byName = inNameOrder(expectedShuffle(ann, annAssigned));
      expect(await whole(ann)).toEqual(byName);
      const pages = [
        idsOf(await list(ann, "&pageSize=4")),
        idsOf(await list(ann, `&pageSize=4&page=2&after=${byName[3]}`)),
      ];
      expect(pages.flat()).toEqual(byName.slice(0, 8));
      expect(await neighbours(ann, byName)).toEqual(adjacent(byName));
    } finally {
      await setOrder("shuffled");
    }
    expect(await whole(ann)).toEqual(expectedShuffle(ann, annAssigned));
  });

  it("refuses an order the product does not know (400), and changes nothing", async () => {
    const path = `/api/programs/${program.id}/reviewSettings`;
    const current = await callApi<ProgramReviewSettings>(t, "GET", path, admin.cookie);
    const body = {
      ...current.body,
      reviewSettings: { ...current.body.reviewSettings, candidateOrder: "rating" },
    };
    const refused = await callApi(t, "PATCH", path, admin.cookie, body);
    expect(refused.status).toBe(400);
    expect(refused.text).toContain("candidateOrder");
    const after = await callApi<ProgramReviewSettings>(t, "GET", path, admin.cookie);
    expect(after.body.reviewSettings.candidateOrder).toBe("shuffled");
  });
});
