import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { ProgramRole } from "../../shared/authz/roles";
import { defaultFormContent } from "../../shared/forms/defaults";
import {
  AUTO_ASSIGNMENT_MESSAGES,
  type AutoAssignmentProposal,
  type AutoAssignmentResult,
} from "../../shared/schemas/auto-assignment";
import { COMMITTEE_MESSAGES } from "../../shared/schemas/committee";
import { auditTrail } from "../audit/test/trail";
import { autoAssignments, submissionReviewers } from "../db/schema";
import {
  buildProgram,
  buildPublishedForm,
  type Cast,
  callApi,
  signedInMember,
  withCastTestApp,
} from "../test/factories";
import type { TestApp } from "../test/harness";
import {
  assignGroup,
  assignReviewer,
  buildCandidate,
  buildGroup,
  insertReview,
} from "../test/review-factories";

let t: TestApp;
let cast: Cast;
let cookies: Record<string, string>;
withCastTestApp((app) => {
  ({ t, cast, cookies } = app);
});

type ProgramRef = { id: string; organizationId: string; name: string };
type ErrorAnswer = { error: { code: string; message: string; fields?: Record<string, string[]> } };

const member = (program: ProgramRef, name: string, role: ProgramRole = "REVIEWER") =>
  signedInMember(t, program, name, role);

const forms = new Map<string, string>();
async function candidates(program: ProgramRef, names: string[], opts: { submitted?: boolean } = {}) {
  let formId = forms.get(program.id);
  if (formId === undefined) {
    const content = defaultFormContent(`${program.name} form`);
    formId = (await buildPublishedForm(t.deps.db, program, content)).formId;
    forms.set(program.id, formId);
  }
  const ids: string[] = [];
  for (const identifier of names) {
    ids.push((await buildCandidate(t.deps.db, { program, formId, identifier, ...opts })).id);
  }
  return ids;
}

const call = <T = unknown>(method: string, path: string, cookie: string | undefined, body?: unknown) =>
  callApi<T>(t, method, path, cookie, body);
const autoPath = (programId: string, rest = "") => `/api/programs/${programId}/assignments/auto${rest}`;

/** Each candidate's direct reviewers, by candidate id. */
async function directReviewers(programId: string) {
  const rows = await t.deps.db
    .select()
    .from(submissionReviewers)
    .where(eq(submissionReviewers.programId, programId));
  const by = new Map<string, string[]>();
  for (const r of rows) by.set(r.submissionId, [...(by.get(r.submissionId) ?? []), r.userId].sort());
  return by;
}

async function committee(name: string, size: number) {
  const program = await buildProgram(t.deps.db, cast.org.id, { name });
  const people = [];
  for (let i = 0; i < size; i++) people.push(await member(program, `${name} member ${i + 1}`));
  return { program, people };
}

describe("automatic assignment: propose, apply, undo", () => {
  it("proposes k reviewers per candidate with the load balanced, and changes nothing until applied", async () => {
    const { program, people } = await committee("Auto 2026", 4);
    await member(program, "Only reads", "GUEST");
    const ids = await candidates(program, ["A", "B", "C", "D", "E", "F"]);
    await candidates(program, ["Draft"], { submitted: false });

    const proposal = await call<AutoAssignmentProposal>("POST", autoPath(program.id), cookies.orgAdmin, {
      reviewsPerCandidate: 2,
      candidates: "unassigned",
    });
    expect(proposal.status, proposal.text).toBe(200);
    expect(proposal.body).toMatchObject({ candidates: 6, added: 12, removed: 0, short: [] });
    // Guests only read: the four rating members share the twelve reviews, three each.
    expect(proposal.body.loads.map((l) => [l.reviewer.name, l.before, l.after]).sort()).toEqual(
      people.map((p) => [p.name, 0, 3]).sort(),
    );
    expect((await directReviewers(program.id)).size).toBe(0);

    const events = auditTrail(t.deps.db, cast.org.id);
    await events();
    const applied = await call<AutoAssignmentResult>(
      "POST",
      autoPath(program.id, "/apply"),
      cookies.orgAdmin,
      { proposalId: proposal.body.id },
    );
    expect(applied.status, applied.text).toBe(200);
    expect(applied.body).toEqual({ proposalId: proposal.body.id, added: 12, removed: 0 });
    const stored = await directReviewers(program.id);
    expect([...stored.keys()].sort()).toEqual([...ids].sort());
    for (const reviewers of stored.values()) expect(reviewers).toHaveLength(2);
    expect((await events()).map((e) => e.action)).toEqual(["assignment.auto_applied"]);

    // A proposal is applied once.
    const again = await call("POST", autoPath(program.id, "/apply"), cookies.orgAdmin, {
      proposalId: proposal.body.id,
    });
    expect(again.status).toBe(404);

    const undoPath = autoPath(program.id, `/${proposal.body.id}/undo`);
    const undone = await call<AutoAssignmentResult>("POST", undoPath, cookies.orgAdmin);
    expect(undone.status, undone.text).toBe(200);
    expect((await events()).map((e) => e.action)).toEqual(["assignment.auto_undone"]);
    expect((await directReviewers(program.id)).size).toBe(0);
    const nothing = await call<ErrorAnswer>("POST", undoPath, cookies.orgAdmin);
    expect(nothing.status).toBe(404);
    expect(nothing.body.error.message).toBe(AUTO_ASSIGNMENT_MESSAGES.nothingToUndo);
  });

  it("keeps what is assigned, counts group members, and rebalances only reviewers who have not started", async () => {
    const { program, people } = await committee("Keep 2026", 3);
    const [ann, ben, cy] = people as [(typeof people)[0], (typeof people)[0], (typeof people)[0]];
    const [a, b, c] = (await candidates(program, ["A", "B", "C"])) as [string, string, string];
    await assignReviewer(t.deps.db, a, ann.id, program.id);
    await assignReviewer(t.deps.db, b, ann.id, program.id);
    await insertReview(t.deps.db, { program, submissionId: b, userId: ann.id, rating: 4 });
    const panel = await buildGroup(t.deps.db, program, "Panel", [ben.id]);
    await assignGroup(t.deps.db, c, panel.id, program.id);

    const keep = await call<AutoAssignmentProposal>("POST", autoPath(program.id), cookies.orgAdmin, {
      reviewsPerCandidate: 1,
      candidates: "all",
    });
    expect(keep.body).toMatchObject({ candidates: 3, added: 0, removed: 0 });

    const rebalance = await call<AutoAssignmentProposal>("POST", autoPath(program.id), cookies.orgAdmin, {
      reviewsPerCandidate: 1,
      candidates: "all",
      rebalance: true,
    });
    // Ann's review of B has started: she stays. Her assignment to A is released and goes to Cy, who had none.
    expect(rebalance.body).toMatchObject({ added: 1, removed: 1 });
    const applied = await call("POST", autoPath(program.id, "/apply"), cookies.orgAdmin, {
      proposalId: rebalance.body.id,
    });
    expect(applied.status, applied.text).toBe(200);
    expect(Object.fromEntries(await directReviewers(program.id))).toEqual({ [a]: [cy.id], [b]: [ann.id] });
  });

  it("refuses a proposal made on assignments that changed since, and an undo after a later change", async () => {
    const { program, people } = await committee("Stale 2026", 2);
    const [a, b] = (await candidates(program, ["A", "B"])) as [string, string];
    const propose = () =>
      call<AutoAssignmentProposal>("POST", autoPath(program.id), cookies.orgAdmin, {
        reviewsPerCandidate: 1,
        candidates: [a],
      });
    const stale = await propose();
    await assignReviewer(t.deps.db, b, people[0]!.id, program.id);
    const refused = await call<ErrorAnswer>("POST", autoPath(program.id, "/apply"), cookies.orgAdmin, {
      proposalId: stale.body.id,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(AUTO_ASSIGNMENT_MESSAGES.stale);
    expect((await directReviewers(program.id)).get(a)).toBeUndefined();

    const fresh = await propose();
    expect(
      (await call("POST", autoPath(program.id, "/apply"), cookies.orgAdmin, { proposalId: fresh.body.id }))
        .status,
    ).toBe(200);
    await assignReviewer(t.deps.db, b, people[1]!.id, program.id);
    const late = await call<ErrorAnswer>(
      "POST",
      autoPath(program.id, `/${fresh.body.id}/undo`),
      cookies.orgAdmin,
    );
    expect(late.status).toBe(409);
    expect(late.body.error.message).toBe(AUTO_ASSIGNMENT_MESSAGES.undoStale);
    expect((await directReviewers(program.id)).get(a)).toHaveLength(1);
  });

  it("draws from the chosen groups only, and refuses a group of another program", async () => {
    const { program, people } = await committee("Groups 2026", 3);
    await candidates(program, ["A", "B"]);
    const panel = await buildGroup(t.deps.db, program, "Panel", [people[2]!.id]);
    const proposal = await call<AutoAssignmentProposal>("POST", autoPath(program.id), cookies.orgAdmin, {
      reviewsPerCandidate: 2,
      candidates: "all",
      groups: [panel.id],
    });
    expect(proposal.body.loads.map((l) => l.reviewer._id)).toEqual([people[2]!.id]);
    expect(proposal.body.short.map((s) => [s.identifier, s.reviewers, s.reason])).toEqual([
      ["A", 1, "too-few-eligible"],
      ["B", 1, "too-few-eligible"],
    ]);

    const elsewhere = await buildGroup(t.deps.db, cast.otherProgram, "Their panel", []);
    const refused = await call<ErrorAnswer>("POST", autoPath(program.id), cookies.orgAdmin, {
      reviewsPerCandidate: 1,
      candidates: "all",
      groups: [elsewhere.id],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toEqual({ groups: [COMMITTEE_MESSAGES.notAGroupOfProgram] });
  });

  it("answers bad input with field errors and stores no proposal", async () => {
    const { program } = await committee("Bad 2026", 1);
    const [a] = await candidates(program, ["A"]);
    const before = (await t.deps.db.select().from(autoAssignments)).length;
    for (const body of [
      { reviewsPerCandidate: 0, candidates: "all" },
      { reviewsPerCandidate: 51, candidates: "all" },
      { reviewsPerCandidate: 1.5, candidates: "all" },
      { reviewsPerCandidate: 1, candidates: "some" },
      { reviewsPerCandidate: 1, candidates: [] },
      { reviewsPerCandidate: 1, candidates: "all", maxPerReviewer: 0 },
      { reviewsPerCandidate: 1, candidates: "all", extra: true },
      { candidates: "all" },
    ]) {
      const answer = await call<ErrorAnswer>("POST", autoPath(program.id), cookies.orgAdmin, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error.code).toBe("VALIDATION");
    }
    // A candidate of another program is not found, as everywhere else.
    const [theirs] = await candidates(cast.otherProgram as ProgramRef, ["Theirs"]);
    const foreign = await call("POST", autoPath(program.id), cookies.orgAdmin, {
      reviewsPerCandidate: 1,
      candidates: [a, theirs],
    });
    expect(foreign.status).toBe(404);
    expect((await t.deps.db.select().from(autoAssignments)).length).toBe(before);
  });

  it("is for the program's admins only: everyone else gets 404 or 401 and nothing changes", async () => {
    const { program } = await committee("Who 2026", 2);
    await candidates(program, ["A"]);
    const proposal = await call<AutoAssignmentProposal>("POST", autoPath(program.id), cookies.orgAdmin, {
      reviewsPerCandidate: 1,
      candidates: "all",
    });
    const body = { reviewsPerCandidate: 1, candidates: "all" };
    const outsiders = ["admin", "adminReviewer", "reviewer", "guest", "applicant", "otherOrgAdmin"] as const;
    // The cast's program members belong to "Arts 2026"; in this program only the organization admin administers.
    for (const who of outsiders) {
      expect((await call("POST", autoPath(program.id), cookies[who], body)).status, who).toBe(404);
      const apply = await call("POST", autoPath(program.id, "/apply"), cookies[who], {
        proposalId: proposal.body.id,
      });
      expect(apply.status, who).toBe(404);
    }
    expect((await call("POST", autoPath(program.id), undefined, body)).status).toBe(401);
    // Another program's admin path cannot apply this program's proposal.
    const other = await call("POST", autoPath(cast.program.id, "/apply"), cookies.orgAdmin, {
      proposalId: proposal.body.id,
    });
    expect(other.status).toBe(404);
    expect((await directReviewers(program.id)).size).toBe(0);

    const applied = await call("POST", autoPath(program.id, "/apply"), cookies.orgAdmin, {
      proposalId: proposal.body.id,
    });
    expect(applied.status).toBe(200);
    for (const who of outsiders) {
      const undo = await call("POST", autoPath(program.id, `/${proposal.body.id}/undo`), cookies[who]);
      expect(undo.status, who).toBe(404);
    }
    expect((await directReviewers(program.id)).size).toBe(1);
    expect(proposal.body.loads).not.toEqual([]);
  });
});
