import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { BuiltRequest } from "./build";
import { track } from "./children";
import type { RefreshProxy } from "./refresh-proxy";

/**
 * sqlmap, once per endpoint, from a request file (-r) that carries the session cookie and marks with
 * `*` every input it must try: path parameters, query parameters and declared headers (sqlmap finds
 * the fields of a JSON body by itself and tries each string, number and array element).
 *
 * The options, and why (README.md has the measurements):
 *   --level=1 --risk=1   the default tests; level 2 is ~4× the requests (566 against 152 for a 4-field
 *                        body), level 3 with risk 2 ~17×: the whole scan would take hours on 2 cores.
 *                        Risk 3 adds OR-based payloads, which on an UPDATE can change every row.
 *   --dbms=PostgreSQL    the database is PostgreSQL (PGlite is PostgreSQL compiled to WebAssembly):
 *                        only its payloads, a third of the requests of trying every DBMS.
 *   no --smart           --smart runs the real tests only where a quote makes the page show a DBMS
 *                        error, which our API never does (one error handler, "There was a problem
 *                        internally."): it would skip every parameter and prove nothing.
 *   --threads=1          2 shared cores; the server needs one.
 *   --batch              the default answer to every question (process the JSON body: yes; update
 *                        the session cookie as an anti-CSRF token: no).
 *   --ignore-stdin       sqlmap reads targets from stdin when it is not a terminal.
 *   --drop-set-cookie    the scan keeps its own session: a sign-in scanned does not replace it.
 *   --skip-waf           no WAF in front of the local server: one probe less.
 *   --ignore-code=401,404  sqlmap stops at the first 401 (a sign-in with a bent address is one) and
 *                        when the call itself is a 404 (the Stripe webhook with billing off): here both
 *                        are ordinary refusals, and the other inputs must still be tested.
 *   -t FILE              every request and answer, to count the requests and to look at a finding
 *                        (kept only for an endpoint with a finding).
 */

export const SQLMAP_OPTIONS = [
  "--batch",
  "--ignore-stdin",
  "--threads=1",
  "--dbms=PostgreSQL",
  "--drop-set-cookie",
  "--skip-waf",
  "--disable-coloring",
  "--ignore-code=401,404",
];

export interface SqlmapSettings {
  level: number;
  risk: number;
  /** Longest run for one endpoint before it is stopped (and reported as incomplete). */
  timeoutMs: number;
  /** Keeps single-use values fresh (refresh-proxy.ts), for the calls that use them up. */
  proxy: RefreshProxy;
}

export interface SqlmapResult {
  /** Lines where sqlmap reports an injection point or a positive heuristic. */
  findings: string[];
  /** Candidates sqlmap's own false-positive check rejected (not findings; counted in the report). */
  rejected: string[];
  /** Answers 5xx to sqlmap's requests ("500 (Internal Server Error) - 3 times"). */
  serverErrors: string[];
  /** Inputs sqlmap tested ("PATCH parameter 'JSON name'"). */
  tested: string[];
  requests: number;
  /** Why the run does not vouch for the endpoint (sqlmap stopped on an error, a timeout). */
  problems: string[];
  seconds: number;
  /** The sqlmap command lines, for the report. */
  commands: string[];
  /** Requests the proxy gave fresh single-use values (a new program to delete, the current revision). */
  refreshed: number;
}

/** `*` is sqlmap's injection mark: a literal one in a value must not be taken for one. */
const escapeStarInUrl = (text: string) => text.replaceAll("*", "%2A");
const escapeStarInJson = (text: string) => text.replaceAll("*", "\\u002a");

/** Header names sqlmap leaves alone below --level 4 (session-like): they get a pass of their own. */
const SESSION_LIKE = /csrf|xsrf|token/i;

interface RequestFile {
  text: string;
  /** -p for a pass that tests one header only. */
  only?: string;
}

/** Which inputs a request file marks: all of them (sqlmap's JSON fields too), one header, or none. */
type Marks = { kind: "all" } | { kind: "header"; name: string } | { kind: "none" };

function requestLine(r: BuiltRequest, marks: Marks): string {
  const mark = marks.kind === "all" ? "*" : "";
  const pathText = r.segments
    .map((s) => (s.param ? `${escapeStarInUrl(encodeURIComponent(s.text))}${mark}` : s.text))
    .join("");
  const query = r.query
    .map(([k, v]) => `${encodeURIComponent(k)}=${escapeStarInUrl(encodeURIComponent(v))}${mark}`)
    .join("&");
  return `${r.op.method} ${query ? `${pathText}?${query}` : pathText} HTTP/1.1`;
}

function requestText(r: BuiltRequest, host: string, origin: string, marks: Marks): string {
  const lines = [requestLine(r, marks), `Host: ${host}`, "Accept: application/json"];
  if (r.op.method !== "GET") lines.push(`Origin: ${origin}`);
  if (r.cookie) lines.push(`Cookie: ${r.cookie}`);
  for (const [name, value] of r.headers) {
    const marked =
      marks.kind === "all" ? !SESSION_LIKE.test(name) : marks.kind === "header" && marks.name === name;
    lines.push(`${name}: ${value}${marked ? "*" : ""}`);
  }
  let body = "";
  if (r.body?.kind === "json") {
    body = escapeStarInJson(JSON.stringify(r.body.value));
    lines.push("Content-Type: application/json");
  } else if (r.body?.kind === "raw") {
    body = r.body.text;
    lines.push(`Content-Type: ${r.body.contentType}`);
  }
  return `${lines.join("\r\n")}\r\n\r\n${body}`;
}

/** Keys of a JSON value, at any depth. */
function jsonKeys(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(jsonKeys);
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([k, v]) => [k, ...jsonKeys(v)]);
}

/**
 * The request files for one endpoint: everything, then one pass per session-like input (a header, a
 * body field), which sqlmap otherwise leaves alone below --level 4 ("ignoring parameter").
 */
export function requestFiles(r: BuiltRequest, host: string, origin: string): RequestFile[] {
  const files: RequestFile[] = [{ text: requestText(r, host, origin, { kind: "all" }) }];
  for (const [name] of r.headers) {
    if (!SESSION_LIKE.test(name)) continue;
    // sqlmap names a marked header's input "<header> #1*".
    files.push({ text: requestText(r, host, origin, { kind: "header", name }), only: `${name} #1*` });
  }
  const keys = r.body?.kind === "json" ? new Set(jsonKeys(r.body.value)) : new Set<string>();
  for (const key of keys) {
    // -p names the JSON field: sqlmap then marks that field alone.
    if (SESSION_LIKE.test(key))
      files.push({ text: requestText(r, host, origin, { kind: "none" }), only: key });
  }
  return files;
}

/** sqlmap's report of an injection it confirmed. */
const CONFIRMED = [/identified the following injection point/i, /\bis vulnerable\b/i];
/** Heuristics that are findings on their own: a DBMS error shown, a quote reflected, a file included. */
const HEURISTIC = [
  /heuristic \(basic\) test shows that .* might be injectable/i,
  /heuristic \(XSS\) test shows that .* might be vulnerable/i,
  /heuristic \(FI\) test shows that .* might be vulnerable/i,
];
/** A technique that seemed to work, before sqlmap's own false-positive check. */
const CANDIDATE = /appears to be .* injectable/i;
const REJECTED = /false positive or unexploitable injection point detected|does not seem to be injectable/i;
const NEXT_INPUT = /testing if .* is dynamic|testing for SQL injection on/i;

/**
 * Injection reports in sqlmap's console output. A candidate ("parameter 'x' appears to be '…'
 * injectable", "target URL appears to be UNION injectable with 1 columns") is a finding unless
 * sqlmap's own conclusion on that input rejects it ("false positive or unexploitable injection point
 * detected", "parameter 'x' does not seem to be injectable"): then it is only counted.
 */
function injections(lines: string[]): { findings: string[]; rejected: string[] } {
  const findings: string[] = [];
  const rejected: string[] = [];
  let candidate: string | null = null;
  for (const line of lines) {
    if (/might not be/i.test(line)) continue;
    if (CONFIRMED.some((re) => re.test(line)) || HEURISTIC.some((re) => re.test(line))) {
      findings.push(line);
    } else if (CANDIDATE.test(line)) {
      if (candidate) findings.push(candidate);
      candidate = line;
    } else if (candidate && REJECTED.test(line)) {
      rejected.push(candidate);
      candidate = null;
    } else if (candidate && NEXT_INPUT.test(line)) {
      // sqlmap moved on to the next input without rejecting it: the candidate stands.
      findings.push(candidate);
      candidate = null;
    }
  }
  if (candidate) findings.push(candidate);
  return { findings, rejected };
}

/** Reads sqlmap's console output (what its log file keeps only when something is found). */
export function parseSqlmapOutput(
  output: string,
): Omit<SqlmapResult, "requests" | "seconds" | "commands" | "refreshed"> {
  const lines = output.split(/[\r\n]+/);
  const { findings, rejected } = injections(lines);
  const tested = [
    ...new Set(
      lines.flatMap((l) => {
        const m = /testing for SQL injection on (.+)$/.exec(l);
        return m ? [m[1]!.replace(/^\(custom\) /, "")] : [];
      }),
    ),
  ];
  const errorCodes = lines.findIndex((l) => /HTTP error codes detected during run/.test(l));
  const serverErrors =
    errorCodes >= 0
      ? (lines[errorCodes + 1] ?? "")
          .split(",")
          .map((s) => s.trim())
          .filter((s) => /^5\d\d\b/.test(s))
      : [];
  // sqlmap's CRITICAL lines that are not about the run failing: "nothing found", and answers that
  // change between two identical requests (a save's timestamp), after which it goes on.
  const problems = lines.filter(
    (l) =>
      /\[CRITICAL\]/.test(l) &&
      !/all tested parameters do not appear to be injectable|content appears to be heavily dynamic/.test(l),
  );
  return { findings, rejected, serverErrors, tested, problems };
}

const countRequests = (trafficFile: string) =>
  existsSync(trafficFile)
    ? (readFileSync(trafficFile, "utf8").match(/^HTTP request \[#\d+\]/gm)?.length ?? 0)
    : 0;

function runProcess(args: string[], outputFile: string, timeoutMs: number): Promise<{ timedOut: boolean }> {
  return new Promise((resolve, reject) => {
    const child = track(spawn("sqlmap", args, { stdio: ["ignore", "pipe", "pipe"] }));
    const chunks: Buffer[] = [];
    child.stdout.on("data", (c: Buffer) => chunks.push(c));
    child.stderr.on("data", (c: Buffer) => chunks.push(c));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill("SIGTERM");
    }, timeoutMs);
    child.on("error", reject);
    child.on("close", () => {
      clearTimeout(timer);
      writeFileSync(outputFile, Buffer.concat(chunks));
      resolve({ timedOut });
    });
  });
}

/** Runs sqlmap on one endpoint's request; its files go to `dir`. */
export async function scanWithSqlmap(
  r: BuiltRequest,
  target: { host: string; origin: string },
  dir: string,
  settings: SqlmapSettings,
): Promise<SqlmapResult> {
  mkdirSync(dir, { recursive: true });
  const started = performance.now();
  const result: SqlmapResult = {
    findings: [],
    rejected: [],
    serverErrors: [],
    tested: [],
    requests: 0,
    problems: [],
    seconds: 0,
    commands: [],
    refreshed: 0,
  };
  const files = requestFiles(r, target.host, target.origin);
  for (const [i, file] of files.entries()) {
    const name = i === 0 ? "request" : `request-header-${i}`;
    const requestPath = path.join(dir, `${name}.txt`);
    const trafficPath = path.join(dir, `${name}.traffic.txt`);
    writeFileSync(requestPath, file.text);
    const args = [
      "-r",
      requestPath,
      ...SQLMAP_OPTIONS,
      `--level=${settings.level}`,
      `--risk=${settings.risk}`,
      `--output-dir=${path.join(dir, `${name}.sqlmap`)}`,
      "-t",
      trafficPath,
      ...(file.only ? ["-p", file.only] : []),
      ...(r.refresh ? [`--proxy=${settings.proxy.url}`] : []),
    ];
    result.commands.push(`sqlmap ${args.join(" ")}`);
    const outputPath = path.join(dir, `${name}.out.txt`);
    settings.proxy.use(r.refresh ?? null);
    let timedOut: boolean;
    try {
      ({ timedOut } = await runProcess(args, outputPath, settings.timeoutMs));
    } finally {
      result.refreshed += settings.proxy.refreshed();
      result.problems.push(...settings.proxy.failures().map((f) => `refresh proxy: ${f}`));
      result.problems = [...new Set(result.problems)];
      settings.proxy.use(null);
    }
    const parsed = parseSqlmapOutput(readFileSync(outputPath, "utf8"));
    result.findings.push(...parsed.findings);
    result.rejected.push(...parsed.rejected);
    result.serverErrors.push(...parsed.serverErrors);
    result.tested.push(...parsed.tested);
    result.problems.push(...parsed.problems);
    if (timedOut) result.problems.push(`stopped after ${settings.timeoutMs / 1000} s`);
    result.requests += countRequests(trafficPath);
    // Every request and answer (tens of MB for the form editor's): kept only when there is something
    // to look at.
    if (parsed.findings.length === 0 && parsed.serverErrors.length === 0)
      rmSync(trafficPath, { force: true });
  }
  result.seconds = (performance.now() - started) / 1000;
  return result;
}
