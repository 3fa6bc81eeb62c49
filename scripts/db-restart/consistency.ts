import pg from "pg";
import type { ForceSubmitOutcome } from "./force-submits";

/**
 * After the run, straight from the database: no multi-step write is half there. Each of these writes
 * is one transaction of several statements; a restart in the middle must leave all of it or none.
 *
 * - A decision: the candidate's status and amount, and its "candidate.decided" event with the fields
 *   before and after. The events of a candidate must chain (each one's "before" is the previous one's
 *   "after") and end at what the candidate holds: a decision stored without its event, or an event
 *   whose decision was rolled back, breaks the chain.
 * - A force submit: the draft's submission date, and its "submission.force_submitted" event: each
 *   draft has both or neither, never two events; one answered 200 has both; one never sent has neither.
 */

type DecisionFields = { status?: unknown; amount?: unknown };
type Change = { before: unknown; after: unknown };

export interface ConsistencyFigures {
  decisionEvents: number;
  candidatesDecided: number;
  /** Acknowledged decisions (200): at most as many events can be missing as that — none must be. */
  decisionsAcked: number;
  forceSubmits: Record<ForceSubmitOutcome, number>;
  /** Force submits stored (date and event), of those that failed: committed before the connection died. */
  forceSubmitsStoredAnyway: number;
  problems: string[];
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

async function checkDecisions(client: pg.Client, figures: ConsistencyFigures): Promise<void> {
  const events = await client.query<{ subject_id: string; details: Record<string, Change> }>(
    `select subject_id, details from audit_events where action = 'candidate.decided'
     order by subject_id, created_at, id`,
  );
  figures.decisionEvents = events.rowCount ?? 0;
  const chains = new Map<string, Record<string, Change>[]>();
  for (const row of events.rows) {
    const chain = chains.get(row.subject_id) ?? [];
    chain.push(row.details);
    chains.set(row.subject_id, chain);
  }
  figures.candidatesDecided = chains.size;
  if (figures.decisionEvents < figures.decisionsAcked) {
    figures.problems.push(
      `${figures.decisionsAcked} decisions were acknowledged but only ${figures.decisionEvents} are in the audit log`,
    );
  }
  const stored = await client.query<{ id: string; status: string; amount_cents: string | null }>(
    "select id, status, amount_cents from submissions where id = any($1::uuid[])",
    [[...chains.keys()]],
  );
  const holds = new Map(stored.rows.map((r) => [r.id, r]));
  for (const [id, chain] of chains) {
    const state: DecisionFields = {};
    chain.forEach((details, n) => {
      for (const field of ["status", "amount"] as const) {
        const change = details[field];
        if (!change) continue;
        if (field in state && !same(state[field], change.before)) {
          figures.problems.push(
            `candidate ${id}: decision event ${n + 1} says ${field} was ${JSON.stringify(change.before)}, the one before left ${JSON.stringify(state[field])}`,
          );
        }
        state[field] = change.after;
      }
    });
    const row = holds.get(id);
    if (!row) {
      figures.problems.push(`candidate ${id} has decision events but no row`);
      continue;
    }
    const amount = row.amount_cents === null ? null : Number(row.amount_cents) / 100;
    if ("status" in state && state.status !== row.status) {
      figures.problems.push(
        `candidate ${id}: status ${row.status}, the last event says ${JSON.stringify(state.status)}`,
      );
    }
    if ("amount" in state && !same(state.amount, amount)) {
      figures.problems.push(
        `candidate ${id}: amount ${amount}, the last event says ${JSON.stringify(state.amount)}`,
      );
    }
  }
}

async function checkForceSubmits(
  client: pg.Client,
  outcomes: ReadonlyMap<string, ForceSubmitOutcome>,
  figures: ConsistencyFigures,
): Promise<void> {
  const ids = [...outcomes.keys()];
  const rows = await client.query<{ id: string; submitted: boolean; events: string }>(
    `select s.id, s.submission_date is not null as submitted,
       (select count(*) from audit_events a
         where a.action = 'submission.force_submitted' and a.subject_id = s.id::text) as events
     from submissions s where s.id = any($1::uuid[])`,
    [ids],
  );
  const found = new Map(rows.rows.map((r) => [r.id, { submitted: r.submitted, events: Number(r.events) }]));
  for (const [id, outcome] of outcomes) {
    figures.forceSubmits[outcome]++;
    const draft = found.get(id);
    if (!draft) {
      figures.problems.push(`draft ${id} (${outcome}) is gone`);
      continue;
    }
    if (draft.events > 1) figures.problems.push(`draft ${id}: ${draft.events} force-submit events`);
    if (draft.submitted !== draft.events > 0) {
      figures.problems.push(
        `draft ${id} (${outcome}): half a force submit — submitted ${draft.submitted}, ${draft.events} audit events`,
      );
    }
    if (outcome === "acked" && !draft.submitted) {
      figures.problems.push(`draft ${id}: force submit answered 200 but the draft is not submitted`);
    }
    if (outcome === "not tried" && draft.submitted) {
      figures.problems.push(`draft ${id}: submitted without a force submit`);
    }
    if (outcome === "failed" && draft.submitted) figures.forceSubmitsStoredAnyway++;
  }
}

export async function checkConsistency(
  databaseUrl: string,
  decisionsAcked: number,
  forceSubmits: ReadonlyMap<string, ForceSubmitOutcome>,
): Promise<ConsistencyFigures> {
  const figures: ConsistencyFigures = {
    decisionEvents: 0,
    candidatesDecided: 0,
    decisionsAcked,
    forceSubmits: { acked: 0, failed: 0, "not tried": 0 },
    forceSubmitsStoredAnyway: 0,
    problems: [],
  };
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await checkDecisions(client, figures);
    await checkForceSubmits(client, forceSubmits, figures);
  } finally {
    await client.end();
  }
  return figures;
}
