import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { track } from "./children";

/**
 * wapiti over the whole site: the SPA (crawled from /) and every GET endpoint of the API as a start
 * URL with its real ids and example query, in the organization admin's session.
 *
 * wapiti 3.0.4 (Debian's) attacks query strings and HTML forms (urlencoded or multipart): it has no
 * JSON bodies and no path segments to bend. Those are sqlmap's part of this scan (and the fuzzer's).
 *
 * No -x (exclusion): Debian's wapiti 3.0.4 fails on it under Python 3.11 (crawler.py wildcard_translate
 * builds a regex with its flags at the end), and none is needed: wapiti only GETs (the SPA has no HTML
 * form), and better-auth's endpoints that end a session are POST-only. run.ts checks afterwards that
 * wapiti's session is still there.
 */

/**
 * The attack modules that send bad input, and why not the others:
 *   sql, blindsql          SQL injection, by error messages and by time
 *   xss, permanentxss      reflected and stored cross-site scripting
 *   exec                   command and code execution
 *   file                   path traversal and file inclusion
 *   crlf                   header injection
 *   redirect               open redirects
 * Not: ssrf and xxe (they detect through wapiti's public endpoint, out of reach here), nikto, buster,
 * backup, htaccess, methods, shellshock, brute_login_form, wapp (server and file probes, not bad
 * input), http_headers, csp, cookieflags, csrf (configuration checks of a plain-http local server: its
 * HSTS and Secure cookie are only on for an https PUBLIC_URL; the headers have their own tests).
 */
export const WAPITI_MODULES = ["sql", "blindsql", "xss", "permanentxss", "exec", "file", "crlf", "redirect"];

export interface WapitiSettings {
  /** --max-scan-time: the whole run. */
  maxScanSeconds: number;
  /** --max-attack-time: each module. */
  maxAttackSeconds: number;
}

export interface WapitiFinding {
  category: string;
  method: string;
  path: string;
  parameter: string;
  info: string;
}

export interface WapitiResult {
  findings: WapitiFinding[];
  /** Attack requests wapiti printed (-v 2 prints each one). */
  attacks: number;
  startUrls: number;
  seconds: number;
  command: string;
  problems: string[];
}

interface WapitiEntry {
  method?: string;
  path?: string;
  parameter?: string;
  info?: string;
}
interface WapitiReport {
  vulnerabilities?: Record<string, WapitiEntry[]>;
  anomalies?: Record<string, WapitiEntry[]>;
}

/** wapiti's cookie jar format (wapitiCore/net/jsoncookie.py): domain → path → name → attributes. */
function cookieFile(cookie: string): string {
  const at = cookie.indexOf("=");
  const name = cookie.slice(0, at);
  const value = cookie.slice(at + 1);
  return JSON.stringify({
    "127.0.0.1": { "/": { [name]: { value, version: 0, expires: null, secure: false, port: null } } },
  });
}

/** Every vulnerability and every anomaly (a 500, a request that timed out) is a finding. */
export function parseWapitiReport(report: WapitiReport): WapitiFinding[] {
  const findings: WapitiFinding[] = [];
  for (const group of [report.vulnerabilities ?? {}, report.anomalies ?? {}]) {
    for (const [category, entries] of Object.entries(group)) {
      for (const e of entries) {
        findings.push({
          category,
          method: e.method ?? "",
          path: e.path ?? "",
          parameter: e.parameter ?? "",
          info: e.info ?? "",
        });
      }
    }
  }
  return findings;
}

export async function scanWithWapiti(opts: {
  baseUrl: string;
  cookie: string;
  startUrls: string[];
  dir: string;
  settings: WapitiSettings;
}): Promise<WapitiResult> {
  mkdirSync(opts.dir, { recursive: true });
  const cookies = path.join(opts.dir, "cookies.json");
  writeFileSync(cookies, cookieFile(opts.cookie));
  const reportPath = path.join(opts.dir, "report.json");
  const args = [
    "-u",
    `${opts.baseUrl}/`,
    "--scope",
    "folder",
    "-c",
    cookies,
    "-m",
    WAPITI_MODULES.join(","),
    "--max-scan-time",
    String(opts.settings.maxScanSeconds),
    "--max-attack-time",
    String(opts.settings.maxAttackSeconds),
    "-t",
    "10",
    "-f",
    "json",
    "-o",
    reportPath,
    "--flush-session",
    "--store-session",
    path.join(opts.dir, "session"),
    "--no-bugreport",
    "-v",
    "2",
    ...opts.startUrls.flatMap((url) => ["-s", url]),
  ];
  const started = performance.now();
  const output = await new Promise<string>((resolve, reject) => {
    const child = track(spawn("wapiti", args, { stdio: ["ignore", "pipe", "pipe"] }));
    const chunks: Buffer[] = [];
    child.stdout.on("data", (c: Buffer) => chunks.push(c));
    child.stderr.on("data", (c: Buffer) => chunks.push(c));
    child.on("error", reject);
    child.on("close", () => resolve(Buffer.concat(chunks).toString("utf8")));
  });
  writeFileSync(path.join(opts.dir, "wapiti.out.txt"), output);
  const problems: string[] = [];
  let findings: WapitiFinding[] = [];
  if (existsSync(reportPath)) {
    findings = parseWapitiReport(JSON.parse(readFileSync(reportPath, "utf8")) as WapitiReport);
  } else {
    problems.push("wapiti wrote no report (see wapiti.out.txt)");
  }
  if (/Traceback \(most recent call last\)/.test(output)) problems.push("wapiti stopped on a Python error");
  const shown = [
    ...args.slice(0, args.indexOf("-s") < 0 ? args.length : args.indexOf("-s")),
    `-s URL ×${opts.startUrls.length}`,
  ];
  return {
    findings,
    // -v 2 prints each attack request: "[¨] GET http://…", and the crlf module's as "+ http://…".
    attacks: output.match(/^(\[¨\] [A-Z]+ |\+ https?:\/\/)/gm)?.length ?? 0,
    startUrls: opts.startUrls.length,
    seconds: (performance.now() - started) / 1000,
    command: `wapiti ${shown.join(" ")}`,
    problems,
  };
}
