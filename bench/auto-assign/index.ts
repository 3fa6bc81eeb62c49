import { writeFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { planAssignment } from "../../src/server/committee/auto-assignment-plan";
import {
  applyAutoAssignment,
  proposeAutoAssignment,
} from "../../src/server/committee/auto-assignment-service";
import {
  addMember,
  buildOrg,
  buildProgram,
  buildPublishedForm,
  buildUser,
} from "../../src/server/test/factories";
import { createTestApp } from "../../src/server/test/harness";
import { defaultFormContent } from "../../src/shared/forms/defaults";
import { BENCH_DIR } from "../lib/target";

/**
 * Automatic assignment at the size the committee tools are sold for (docs/decisions/034-automatic-assignment.md):
 * 10,000 candidates, 200 reviewers, k = 5. Two figures, each against its budget:
 * - the computation alone, with 2 % of (candidate, reviewer) pairs in conflict: under 10 s;
 * - through the service on a real database (PGlite unless DATABASE_URL): the proposal (reading the committee,
 *   the candidates and the assignments, computing, storing) under 10 s, and applying it (50,000 rows in one
 *   transaction) under 5 s.
 */
export const AUTO_ASSIGN = {
  name: "auto-assign",
  candidates: 10_000,
  reviewers: 200,
  k: 5,
  conflictRate: 0.02,
};
export const AUTO_ASSIGN_BUDGETS = { computeSeconds: 10, proposeSeconds: 10, applySeconds: 5 };

export interface AutoAssignFigures {
  computeSeconds: number;
  computeSpread: number;
  proposeSeconds: number;
  applySeconds: number;
  /** This process's CPU time during the apply: the database's too with PGlite, which runs in it. */
  applyCpuSeconds: number;
  added: number;
  rssMb: number;
}

const seconds = (since: number) => Math.round((performance.now() - since) / 10) / 100;
/** CPU seconds (user and system) since `since`: on a shared machine, what the wall clock cannot tell. */
const cpuSeconds = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return Math.round((used.user + used.system) / 10_000) / 100;
};

function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

function computeAlone() {
  const next = random(1);
  const reviewers = Array.from({ length: AUTO_ASSIGN.reviewers }, (_, i) => ({ id: `r${i}`, load: 0 }));
  const candidates = Array.from({ length: AUTO_ASSIGN.candidates }, (_, c) => ({
    id: `c${c}`,
    kept: [],
    conflicts: reviewers.filter(() => next() < AUTO_ASSIGN.conflictRate).map((r) => r.id),
  }));
  const started = performance.now();
  const plan = planAssignment({ reviewers, candidates, reviewsPerCandidate: AUTO_ASSIGN.k });
  const loads = plan.loads.map((l) => l.after);
  return { computeSeconds: seconds(started), computeSpread: Math.max(...loads) - Math.min(...loads) };
}

async function throughTheService(log: (line: string) => void) {
  const t = await createTestApp();
  try {
    const db = t.deps.db;
    const org = await buildOrg(db, { name: "Bench Foundation" });
    const program = await buildProgram(db, org.id, { name: "Bench auto-assign" });
    const admin = await buildUser(db, { adminOrganizationId: org.id, name: "Bench Admin" });
    for (let i = 0; i < AUTO_ASSIGN.reviewers; i++) {
      const user = await buildUser(db, { name: `Reviewer ${i}` });
      await addMember(db, program, user.id, "REVIEWER");
    }
    const { formId } = await buildPublishedForm(db, program, defaultFormContent("Bench form"));
    await db.execute(sql`
      insert into submissions (organization_id, program_id, form_id, form_version, answers, identifier, submission_date)
      select ${org.id}, ${program.id}, ${formId}, 1, '[]'::json, 'Candidate ' || n, now()
      from generate_series(1, ${AUTO_ASSIGN.candidates}) n`);
    log(`  ${AUTO_ASSIGN.candidates} candidates and ${AUTO_ASSIGN.reviewers} reviewers ready`);
    const proposing = performance.now();
    const proposal = await proposeAutoAssignment(
      db,
      program,
      { reviewsPerCandidate: AUTO_ASSIGN.k, candidates: "unassigned" },
      admin.id,
    );
    const proposeSeconds = seconds(proposing);
    const applying = performance.now();
    const cpu = process.cpuUsage();
    const applied = await applyAutoAssignment(db, program, proposal.id, admin.id);
    return {
      proposeSeconds,
      applySeconds: seconds(applying),
      applyCpuSeconds: cpuSeconds(cpu),
      added: applied.added,
    };
  } finally {
    await t.close();
  }
}

export async function runAutoAssign(log: (line: string) => void): Promise<AutoAssignFigures> {
  log("\nautomatic assignment (bench/auto-assign)");
  const alone = computeAlone();
  log(`  computation alone: ${alone.computeSeconds} s, load spread ${alone.computeSpread}`);
  const service = await throughTheService(log);
  log(
    `  proposal ${service.proposeSeconds} s, apply ${service.applySeconds} s (${service.applyCpuSeconds} s of CPU in this process; ${service.added} reviews)`,
  );
  const figures = { ...alone, ...service, rssMb: Math.round(process.memoryUsage().rss / 1e6) };
  writeFileSync(
    path.join(BENCH_DIR, "auto-assign-results.json"),
    `${JSON.stringify({ figures, budgets: AUTO_ASSIGN_BUDGETS, at: new Date().toISOString() }, null, 2)}\n`,
  );
  return figures;
}
