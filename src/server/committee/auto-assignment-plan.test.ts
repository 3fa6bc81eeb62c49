import { describe, expect, it } from "vitest";
import { type AssignmentPlan, type AssignmentProblem, planAssignment } from "./auto-assignment-plan";

/** A seeded generator for the instances (the plan has its own). */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

function randomProblem(seed: number, size: { reviewers: number; candidates: number }): AssignmentProblem {
  const next = random(seed);
  const reviewers = Array.from({ length: size.reviewers }, (_, i) => ({
    id: `r${i}`,
    load: Math.floor(next() * 3),
  }));
  const candidates = Array.from({ length: size.candidates }, (_, c) => {
    const kept = reviewers.filter(() => next() < 0.15).map((r) => r.id);
    const conflicts = reviewers.filter((r) => !kept.includes(r.id) && next() < 0.25).map((r) => r.id);
    return { id: `c${c}`, kept, conflicts };
  });
  return {
    reviewers,
    candidates,
    reviewsPerCandidate: 1 + Math.floor(next() * 3),
    maxPerReviewer: next() < 0.5 ? 2 + Math.floor(next() * 3) : undefined,
    seed,
  };
}

/** Loads after the plan, and checks every rule a plan must keep whatever else it does. */
function checkRules(problem: AssignmentProblem, plan: AssignmentPlan): number[] {
  const loads = new Map(problem.reviewers.map((r) => [r.id, r.load]));
  const byId = new Map(problem.candidates.map((c) => [c.id, c]));
  for (const { candidateId, reviewerIds } of plan.added) {
    const candidate = byId.get(candidateId)!;
    expect(new Set(reviewerIds).size).toBe(reviewerIds.length);
    for (const r of reviewerIds) {
      expect(candidate.conflicts, `${r} is conflicted on ${candidateId}`).not.toContain(r);
      expect(candidate.kept, `${r} already reviews ${candidateId}`).not.toContain(r);
      expect(loads.has(r), `${r} is outside the pool`).toBe(true);
      loads.set(r, loads.get(r)! + 1);
    }
    expect(reviewerIds.length + candidate.kept.length).toBeLessThanOrEqual(problem.reviewsPerCandidate);
  }
  for (const r of problem.reviewers) {
    const added = loads.get(r.id)! - r.load;
    if (problem.maxPerReviewer !== undefined && added > 0) {
      expect(loads.get(r.id)!).toBeLessThanOrEqual(problem.maxPerReviewer);
    }
  }
  expect(plan.loads.map((l) => l.after)).toEqual(problem.reviewers.map((r) => loads.get(r.id)));
  return problem.reviewers.map((r) => loads.get(r.id)!);
}

const spread = (loads: number[]) => Math.max(...loads) - Math.min(...loads);
const total = (plan: AssignmentPlan) => plan.added.reduce((n, a) => n + a.reviewerIds.length, 0);

/** Every way to add reviewers: the most reviews the rules allow, and the smallest spread among those. */
function bestByExhaustiveSearch(problem: AssignmentProblem): { reviews: number; spread: number } {
  const cap = problem.maxPerReviewer ?? Number.POSITIVE_INFINITY;
  let best = { reviews: -1, spread: Number.POSITIVE_INFINITY };
  const loads = problem.reviewers.map((r) => r.load);
  const visit = (c: number, reviews: number) => {
    if (c === problem.candidates.length) {
      const s = spread(loads);
      if (reviews > best.reviews || (reviews === best.reviews && s < best.spread))
        best = { reviews, spread: s };
      return;
    }
    const candidate = problem.candidates[c]!;
    const need = Math.max(0, problem.reviewsPerCandidate - candidate.kept.length);
    const eligible = problem.reviewers
      .map((r, i) => ({ r, i }))
      .filter(({ r }) => !candidate.kept.includes(r.id) && !candidate.conflicts.includes(r.id));
    const choose = (from: number, left: number, taken: number) => {
      visit(c + 1, reviews + taken);
      if (left === 0) return;
      for (let k = from; k < eligible.length; k++) {
        const i = eligible[k]!.i;
        if (loads[i]! >= cap) continue;
        loads[i]! += 1;
        choose(k + 1, left - 1, taken + 1);
        loads[i]! -= 1;
      }
    };
    choose(0, need, 0);
  };
  visit(0, 0);
  return best;
}

describe("automatic assignment, the computation", () => {
  it("gives each candidate its reviews and spreads the work within one when nothing stands in the way", () => {
    const reviewers = Array.from({ length: 7 }, (_, i) => ({ id: `r${i}`, load: 0 }));
    const candidates = Array.from({ length: 20 }, (_, i) => ({ id: `c${i}`, kept: [], conflicts: [] }));
    const plan = planAssignment({ reviewers, candidates, reviewsPerCandidate: 3 });
    const problem = { reviewers, candidates, reviewsPerCandidate: 3 };
    const loads = checkRules(problem, plan);
    expect(total(plan)).toBe(60);
    expect(spread(loads)).toBeLessThanOrEqual(1);
    expect(plan.short).toEqual([]);
  });

  it("counts kept reviewers towards the reviews wanted and the load a reviewer already carries", () => {
    const problem: AssignmentProblem = {
      reviewers: [
        { id: "busy", load: 4 },
        { id: "free", load: 0 },
        { id: "other", load: 0 },
      ],
      candidates: [
        { id: "a", kept: ["busy"], conflicts: [] },
        { id: "b", kept: [], conflicts: [] },
      ],
      reviewsPerCandidate: 2,
    };
    const plan = planAssignment(problem);
    expect(plan.added).toEqual([
      { candidateId: "a", reviewerIds: ["free"] },
      { candidateId: "b", reviewerIds: ["free", "other"] },
    ]);
    expect(plan.loads).toEqual([
      { reviewerId: "busy", before: 4, after: 4 },
      { reviewerId: "free", before: 0, after: 2 },
      { reviewerId: "other", before: 0, after: 1 },
    ]);
  });

  it("never chooses a conflicted reviewer, and says which candidates fall short and why", () => {
    const problem: AssignmentProblem = {
      reviewers: [
        { id: "r1", load: 0 },
        { id: "r2", load: 0 },
        { id: "r3", load: 0 },
      ],
      candidates: [
        { id: "conflicted", kept: [], conflicts: ["r1", "r2"] },
        { id: "capped-1", kept: [], conflicts: [] },
        { id: "capped-2", kept: [], conflicts: [] },
      ],
      reviewsPerCandidate: 2,
      maxPerReviewer: 1,
    };
    const plan = planAssignment(problem);
    checkRules(problem, plan);
    expect(plan.added.find((a) => a.candidateId === "conflicted")?.reviewerIds).toEqual(["r3"]);
    const [conflicted, ...capped] = plan.short;
    expect(conflicted).toEqual({ candidateId: "conflicted", reviewers: 1, reason: "too-few-eligible" });
    // r1 and r2 have room for one review each: two of the four wanted, however they are shared.
    expect(capped.map((s) => s.reason)).toEqual(capped.map(() => "reviewers-at-maximum"));
    expect(capped.reduce((n, s) => n + s.reviewers, 0)).toBe(capped.length * 2 - 2);
  });

  it("fills a candidate only one reviewer may take, whatever the ties", () => {
    // Whatever order the ties fall in, "only-r1" gets r1 and "either" goes to r2, with room for one each.
    const problem: AssignmentProblem = {
      reviewers: [
        { id: "r1", load: 0 },
        { id: "r2", load: 0 },
      ],
      candidates: [
        { id: "either", kept: [], conflicts: [] },
        { id: "only-r1", kept: [], conflicts: ["r2"] },
      ],
      reviewsPerCandidate: 1,
      maxPerReviewer: 1,
    };
    for (let seed = 1; seed <= 20; seed++) {
      expect(planAssignment({ ...problem, seed }).added).toEqual([
        { candidateId: "either", reviewerIds: ["r2"] },
        { candidateId: "only-r1", reviewerIds: ["r1"] },
      ]);
    }
  });

  it("gives the same plan for the same problem and seed", () => {
    const problem = randomProblem(7, { reviewers: 12, candidates: 40 });
    expect(planAssignment(problem)).toEqual(planAssignment(problem));
  });

  it("matches an exhaustive search on small instances: as many reviews, and as small a spread", () => {
    for (let seed = 1; seed <= 400; seed++) {
      const problem = randomProblem(seed, { reviewers: 2 + (seed % 3), candidates: 2 + (seed % 4) });
      const plan = planAssignment(problem);
      const loads = checkRules(problem, plan);
      const best = bestByExhaustiveSearch(problem);
      expect({ seed, reviews: total(plan), spread: spread(loads) }).toEqual({ seed, ...best });
    }
  });

  it("on larger instances keeps every rule and gives every candidate min(k, eligible) when nobody is capped", () => {
    for (let seed = 1; seed <= 20; seed++) {
      const problem = {
        ...randomProblem(seed, { reviewers: 25, candidates: 150 }),
        maxPerReviewer: undefined,
      };
      const plan = planAssignment(problem);
      checkRules(problem, plan);
      const got = new Map(plan.added.map((a) => [a.candidateId, a.reviewerIds.length]));
      for (const c of problem.candidates) {
        const eligible = problem.reviewers.filter(
          (r) => !c.kept.includes(r.id) && !c.conflicts.includes(r.id),
        );
        const need = Math.max(0, problem.reviewsPerCandidate - c.kept.length);
        expect(got.get(c.id) ?? 0).toBe(Math.min(need, eligible.length));
      }
    }
  });
});
