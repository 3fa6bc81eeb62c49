/**
 * Automatic assignment, the computation alone: which committee members to add to which candidates so that
 * every candidate has the reviews wanted where possible, nobody conflicted or outside the pool is chosen, a
 * reviewer's maximum is respected, and the work is spread as evenly as the constraints allow.
 *
 * It is a min-cost flow (`../shared/design/review-science.md`, "Assignment"): source → candidate (capacity: the
 * reviews still wanted), candidate → eligible reviewer (capacity 1), reviewer → sink with a convex cost on the
 * reviewer's load (the l-th review costs 2l − 1, so the total is the sum of squared loads). The network is
 * bipartite with costs only on the reviewers' side, which lets the flow be found without building its
 * millions of arcs:
 * 1. a greedy pass gives each candidate its least-loaded eligible reviewers (most constrained candidates first);
 * 2. augmenting paths fill the candidates the greedy pass left short, so the number of reviews is the most
 *    the constraints allow (a candidate that finds no path never will: Kuhn's argument);
 * 3. load shifts move one review at a time along an alternating path from a reviewer to one with at least two
 *    fewer, until none exists. That is the optimality condition of the flow (no negative cycle in the residual
 *    network), and for this kind of set, the sum of squares at its minimum also minimises the highest load and
 *    maximises the lowest (Frank and Murota, "Discrete decreasing minimization"): the spread is the smallest
 *    possible, within 1 whenever the constraints allow.
 */

export interface PoolReviewer {
  id: string;
  /** Reviews the reviewer keeps in this program whatever the plan does (outside it, or kept inside it). */
  load: number;
}

export interface CandidateToAssign {
  id: string;
  /** Reviewers who stay assigned; they count towards the reviews wanted. */
  kept: readonly string[];
  /** Reviewers who declared a conflict of interest on this candidate (or were declared so by an admin). */
  conflicts: readonly string[];
}

export interface AssignmentProblem {
  reviewers: readonly PoolReviewer[];
  candidates: readonly CandidateToAssign[];
  reviewsPerCandidate: number;
  maxPerReviewer?: number;
  /** Ties are broken by a generator seeded with this number: the same problem gives the same plan. */
  seed?: number;
}

export type ShortReason = "too-few-eligible" | "reviewers-at-maximum";

export interface AssignmentPlan {
  /** Reviewers to add, per candidate (only candidates that get someone). */
  added: { candidateId: string; reviewerIds: string[] }[];
  loads: { reviewerId: string; before: number; after: number }[];
  /** Candidates that end with fewer than the reviews wanted, and why. */
  short: { candidateId: string; reviewers: number; reason: ShortReason }[];
}

/** A small, seeded generator (mulberry32): the plan must not change between the preview and the apply. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function planAssignment(problem: AssignmentProblem): AssignmentPlan {
  const R = problem.reviewers.length;
  const C = problem.candidates.length;
  const cap = problem.maxPerReviewer ?? Number.POSITIVE_INFINITY;
  const random = generator(problem.seed ?? 1);
  const indexOf = new Map(problem.reviewers.map((r, i) => [r.id, i]));
  const load = problem.reviewers.map((r) => r.load);

  // Per candidate: reviewers it may not get (conflicted or already on it), and how many it still wants.
  const blocked: Set<number>[] = [];
  const need: number[] = [];
  const eligibleCount: number[] = [];
  for (const c of problem.candidates) {
    const ids = new Set<number>();
    for (const id of [...c.kept, ...c.conflicts]) {
      const i = indexOf.get(id);
      if (i !== undefined) ids.add(i);
    }
    blocked.push(ids);
    need.push(Math.max(0, problem.reviewsPerCandidate - new Set(c.kept).size));
    eligibleCount.push(R - ids.size);
  }
  /** New assignments: per candidate its added reviewers, per reviewer its added candidates (both movable). */
  const addedTo: Set<number>[] = Array.from({ length: C }, () => new Set());
  const addedOf: Set<number>[] = Array.from({ length: R }, () => new Set());
  const canTake = (c: number, r: number) => !blocked[c]!.has(r) && !addedTo[c]!.has(r);
  const assign = (c: number, r: number) => {
    addedTo[c]!.add(r);
    addedOf[r]!.add(c);
    load[r]! += 1;
  };
  const release = (c: number, r: number) => {
    addedTo[c]!.delete(r);
    addedOf[r]!.delete(c);
    load[r]! -= 1;
  };

  // 1. Greedy, most constrained candidates first, least-loaded reviewers first (ties from a random start).
  const order = [...Array(C).keys()]
    .map((c) => ({ c, tie: random() }))
    .sort((a, b) => eligibleCount[a.c]! - eligibleCount[b.c]! || a.tie - b.tie)
    .map((x) => x.c);
  for (const c of order) {
    for (let slot = 0; slot < need[c]!; slot++) {
      const start = Math.floor(random() * R);
      let best = -1;
      for (let k = 0; k < R; k++) {
        const r = (start + k) % R;
        if (load[r]! >= cap || !canTake(c, r)) continue;
        if (best < 0 || load[r]! < load[best]!) best = r;
      }
      if (best < 0) break;
      assign(c, best);
    }
  }

  /**
   * Breadth-first search over alternating paths: from reviewers who would take one more review (`starts`, each
   * reached "from" the given candidate), through a candidate they hold to another reviewer who can take that
   * candidate instead. Returns the shortest path to a reviewer for whom `accepts` holds, or the reviewers it
   * reached without finding one. The path never passes through `root` (the reviewer giving a review up), the
   * candidates it starts from, or the `dead` reviewers.
   */
  const search = (
    starts: { r: number; from: number }[],
    accepts: (r: number) => boolean,
    root: { reviewer?: number; candidates: Iterable<number>; dead?: ReadonlySet<number> },
  ): { path: { r: number; from: number }[] } | { reached: Iterable<number> } => {
    const parent = new Map<number, { prev: number; candidate: number }>();
    const seenCandidate = new Set<number>(root.candidates);
    if (root.reviewer !== undefined) parent.set(root.reviewer, { prev: -1, candidate: -1 });
    for (const r of root.dead ?? []) parent.set(r, { prev: -1, candidate: -1 });
    const queue: number[] = [];
    for (const s of starts) {
      if (parent.has(s.r)) continue;
      parent.set(s.r, { prev: -1, candidate: s.from });
      queue.push(s.r);
    }
    let found = -1;
    for (let head = 0; head < queue.length && found < 0; head++) {
      const r = queue[head]!;
      if (accepts(r)) {
        found = r;
        break;
      }
      for (const c of addedOf[r]!) {
        if (seenCandidate.has(c)) continue;
        seenCandidate.add(c);
        for (let next = 0; next < R; next++) {
          if (parent.has(next) || !canTake(c, next)) continue;
          parent.set(next, { prev: r, candidate: c });
          queue.push(next);
        }
      }
    }
    if (found < 0) return { reached: queue };
    const path: { r: number; from: number }[] = [];
    for (let r = found; r >= 0; ) {
      const step = parent.get(r)!;
      path.push({ r, from: step.candidate });
      r = step.prev;
    }
    return { path: path.reverse() };
  };
  /** Moves along a path: each reviewer takes the candidate it was reached from and gives up the next one's. */
  const shift = (path: { r: number; from: number }[], releasedBy?: number) => {
    for (let i = path.length - 1; i >= 0; i--) {
      const { r, from } = path[i]!;
      const giver = i > 0 ? path[i - 1]!.r : releasedBy;
      if (giver !== undefined) release(from, giver);
      assign(from, r);
    }
  };

  // 2. Fill what the greedy pass left short, while a path to a reviewer below the maximum exists. Reviewers a
  //    failed search reached cannot lead anywhere until a path is found and moved (Kuhn's argument again).
  const dead = new Set<number>();
  for (const c of order) {
    while (need[c]! > addedTo[c]!.size) {
      const starts: { r: number; from: number }[] = [];
      for (let r = 0; r < R; r++) if (canTake(c, r)) starts.push({ r, from: c });
      const found = search(starts, (r) => load[r]! < cap, { candidates: [c], dead });
      if ("reached" in found) {
        for (const r of found.reached) dead.add(r);
        break;
      }
      shift(found.path);
      dead.clear();
    }
  }

  // 3. Shift one review at a time from a reviewer to one with at least two fewer, until no such path exists.
  for (let moved = true; moved; ) {
    moved = false;
    const byLoad = [...Array(R).keys()].sort((a, b) => load[b]! - load[a]!);
    let lowestOpen = Number.POSITIVE_INFINITY;
    for (let r = 0; r < R; r++) if (load[r]! < cap) lowestOpen = Math.min(lowestOpen, load[r]!);
    for (const a of byLoad) {
      // Nobody below the maximum has two fewer than this reviewer, nor than anyone after it.
      if (load[a]! - 2 < lowestOpen) break;
      if (addedOf[a]!.size === 0) continue;
      const starts: { r: number; from: number }[] = [];
      for (const c of addedOf[a]!) {
        for (let r = 0; r < R; r++) if (canTake(c, r)) starts.push({ r, from: c });
      }
      const from = load[a]!;
      const found = search(starts, (r) => load[r]! <= from - 2 && load[r]! < cap, {
        reviewer: a,
        candidates: addedOf[a]!,
      });
      if ("reached" in found) continue;
      shift(found.path, a);
      moved = true;
    }
  }

  const ids = problem.reviewers.map((r) => r.id);
  const added: AssignmentPlan["added"] = [];
  const short: AssignmentPlan["short"] = [];
  problem.candidates.forEach((candidate, c) => {
    const chosen = [...addedTo[c]!].map((r) => ids[r]!);
    if (chosen.length > 0) added.push({ candidateId: candidate.id, reviewerIds: chosen.sort() });
    if (chosen.length < need[c]!) {
      const reviewers = problem.reviewsPerCandidate - need[c]! + chosen.length;
      const reason = eligibleCount[c]! < need[c]! ? "too-few-eligible" : "reviewers-at-maximum";
      short.push({ candidateId: candidate.id, reviewers, reason });
    }
  });
  return {
    added,
    loads: problem.reviewers.map((r, i) => ({ reviewerId: r.id, before: r.load, after: load[i]! })),
    short,
  };
}
