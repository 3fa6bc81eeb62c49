/**
 * Grant amounts are stored in exact cents (submissions.amount_cents, decision 010); the screens show
 * currency units. Its own module, free of drizzle and zod, so that the figures of Candidate Statistics
 * (statistics/candidate-figures.ts) load without them and the benchmark's bare baseline server runs that code.
 */
export const amountOf = (cents: number | null): number | null => (cents === null ? null : cents / 100);
