import { markdownTable } from "../lib/markdown";
import type { GrowthEndpointResult, GrowthPlans, GrowthResult } from "./index";
import type { StatementPlan } from "./plans";

const ms = (n: number | null) => (n === null ? "-" : n < 10 ? n.toFixed(1) : n.toFixed(0));
const thousands = (n: number) => n.toLocaleString("en-US");
const short = (size: number) => (size >= 1000 ? `${size / 1000}k` : String(size));

function verdictCell(e: GrowthEndpointResult): string {
  if (e.verdict === "error") {
    const failures = e.bySize.flatMap((s) =>
      Object.entries(s.statusCounts).map(([status, n]) => `${short(s.size)}: ${n} × ${status}`),
    );
    return `error (${failures.join(", ")})`;
  }
  if (e.verdict !== "linear by design") return e.verdict;
  return `linear by design (${ms(e.bySize.at(-1)?.p50Ms ?? null)} ms at ${short(e.bySize.at(-1)?.size ?? 0)}): ${e.why}`;
}

function growthTable(result: GrowthResult): string[] {
  const header = [
    "endpoint",
    ...result.sizes.map((size) => `${short(size)} p50/p99 ms`),
    `growth (${short(result.sizes.at(-1)!)} ÷ ${short(result.sizes[0]!)} p50)`,
    "flat?",
  ];
  const rows = result.endpoints.map((e) => [
    e.name,
    ...e.bySize.map((s) => `${ms(s.p50Ms)} / ${ms(s.p99Ms)}`),
    e.growthRatio === null ? "-" : `${e.growthRatio.toFixed(1)}×`,
    verdictCell(e),
  ]);
  return markdownTable(header, rows);
}

const oneLine = (sql: string, max = 110) => {
  const flat = sql.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

function planLines(plans: GrowthPlans): string[] {
  const withFindings = plans.statements.filter((s) => s.findings.length > 0);
  const failed = plans.statements.filter((s) => s.error !== null);
  const lines = [
    `Query plans at ${thousands(plans.size)} submissions (${plans.database}; the program is ` +
      `${Math.round(plans.tableShare * 100)} % of the submissions table): ${plans.statements.length} distinct ` +
      `statements, ${plans.findings} full scans of a large table (≥ 10,000 rows: ` +
      `${Object.entries(plans.tableRows)
        .filter(([, n]) => n >= 10_000)
        .map(([table, n]) => `${table} ${thousands(n)}`)
        .join(", ")}).`,
  ];
  if (withFindings.length > 0) {
    lines.push(
      "",
      ...markdownTable(
        ["endpoints", "table (index)", "kind", "rows read", "removed by filter", "statement ms", "statement"],
        withFindings.flatMap((s) =>
          s.findings.map((f) => [
            s.endpoints.join(", "),
            f.index ? `${f.table} (${f.index})` : f.table,
            f.kind,
            f.rowsReturned === null ? "-" : thousands(f.rowsReturned + (f.rowsRemoved ?? 0)),
            f.rowsRemoved === null ? "-" : thousands(f.rowsRemoved),
            ms(s.executionMs),
            oneLine(s.sql),
          ]),
        ),
      ),
    );
  }
  const slowest = [...plans.statements]
    .filter((s) => s.executionMs !== null)
    .sort((a, b) => b.executionMs! - a.executionMs!)
    .slice(0, 8);
  lines.push(
    "",
    "Slowest statements (EXPLAIN ANALYZE execution time):",
    "",
    ...markdownTable(
      ["ms", "endpoints", "indexes", "statement"],
      slowest.map((s: StatementPlan) => [
        ms(s.executionMs),
        s.endpoints.join(", "),
        s.indexes.join(" ") || "-",
        oneLine(s.sql, 90),
      ]),
    ),
  );
  for (const s of failed)
    lines.push(`EXPLAIN failed (${s.endpoints.join(", ")}): ${s.error} — ${oneLine(s.sql)}`);
  return lines;
}

/** The growth table, then the plans: Markdown, so it can be pasted into a note as is. */
export function formatGrowth(result: GrowthResult): string {
  const programs = result.dataset.programs
    .map(
      (p) =>
        `${p.name}: ${thousands(p.rows.applications)} applications, ${thousands(p.rows.reviews)} reviews, ` +
        `${thousands(p.rows.comments)} comments`,
    )
    .join("; ");
  return [
    `Growth (${result.database}, ${result.target}): ${result.samples} requests per endpoint and program ` +
      `(${result.linearSamples} for those linear by design), one at a time on an idle server, after 2 unmeasured; ` +
      `flat = the ${short(result.sizes.at(-1)!)} median at most ${result.flatRatio}× the ${short(result.sizes[0]!)} one.`,
    programs,
    "",
    ...growthTable(result),
    ...result.plans.flatMap((plans) => ["", ...planLines(plans)]),
    ...(result.plans.length > 0
      ? [
          "",
          "kind: filter = a sequential scan that threw most of what it read away (an index would read less); " +
            "bulk = one that kept most of it (the statement reads the whole program: the reading, not the scan, " +
            "grows); whole index = an index walked from end to end, its condition not on the index's first column.",
        ]
      : []),
  ].join("\n");
}
