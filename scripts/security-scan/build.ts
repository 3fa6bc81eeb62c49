import { type ApiTarget, call } from "./api";
import type { Demo } from "./demo";
import { exampleFor, type Named, OMIT } from "./examples";
import type { Fresh } from "./fresh";
import type { Operation } from "./operations";
import type { ProxiedRequest, Refresh } from "./refresh-proxy";
import { RULES, type Rule, type RuleInput } from "./rules";
import type { Actor, Session, Sessions } from "./sessions";

/**
 * One valid request per endpoint, as a browser of the demo organization would send it: real ids in
 * the path, example query and body from the operation's schemas, the session of someone allowed to
 * make the call. This is what the scanners start from.
 */

export interface ScanContext {
  target: ApiTarget;
  demo: Demo;
  sessions: Sessions;
  fresh: Fresh;
  /** The demo accounts' password (better-auth's sign-in is scanned with a working one). */
  password: string;
}

export interface Segment {
  text: string;
  /** A path parameter's value: an input the scanners bend. */
  param?: string;
}

export type Body = { kind: "json"; value: unknown } | { kind: "raw"; text: string; contentType: string };

export interface BuiltRequest {
  op: Operation;
  actor: Actor;
  cookie: string | undefined;
  segments: Segment[];
  query: [string, string][];
  /** The operation's declared header parameters (inputs the scanners bend). */
  headers: [string, string][];
  body?: Body;
  /** Gives a request fresh single-use values (refresh-proxy.ts), for the calls that use them up. */
  refresh?: Refresh;
}

/** Signed in first (the organization admin reaches most), then the committee, the applicant, nobody. */
export const DEFAULT_ACTORS: readonly Actor[] = ["orgAdmin", "adminReviewer", "applicant", "anonymous"];

export const actorsOf = (op: Operation): readonly Actor[] => RULES[op.key]?.actors ?? DEFAULT_ACTORS;

/** `{id}` means what the path around it says. */
function defaultId(template: string, demo: Demo): string | undefined {
  if (template.startsWith("/api/programs/")) return demo.programId;
  if (template.startsWith("/api/submissions/")) return demo.candidates.open;
  return undefined;
}

/** The values fields of these names take wherever they appear (path, query, body), for `me`. */
function defaultValues(ctx: ScanContext, op: Operation, me: Session | undefined): Record<string, unknown> {
  const { demo, sessions } = ctx;
  return {
    id: defaultId(op.template, demo),
    programId: demo.programId,
    program: demo.programId,
    orgId: demo.orgId,
    organizationId: demo.orgId,
    organization: demo.orgId,
    userId: me?.userId,
    user: me?.userId,
    createdByUserId: me?.userId,
    actor: me?.userId,
    submissionId: demo.candidates.open,
    applicationId: demo.candidates.open,
    sectionId: demo.sectionId,
    questionId: demo.fileQuestionId,
    formId: demo.formId,
    linkId: demo.linkId,
    planId: demo.plans.enterprise,
    organizationPlan: demo.plans.enterprise,
    reviewers: [sessions.reviewer.userId],
    reviewerGroups: [demo.groupId],
    submissionIds: [demo.candidates.open],
    fileId: demo.fileId,
    email: ctx.fresh.email(),
    password: "a-scan-password-2026",
    filename: "scan.pdf",
    search: "Harbour",
    // The long lists' page anchors (src/server/reviewing/list-paging.ts): a row of the list, one anchor.
    after: demo.candidates.open,
    before: OMIT,
    // What the client last saw, for the edits that refuse to overwrite a newer change (decision 016).
    // Optional: without it the edit overwrites, so every payload reaches the write instead of a 409
    // after the first request has changed the stored value. (It is a copy of the stored fields, which
    // the handler compares; the fields themselves are scanned where they are written.)
    expected: OMIT,
  };
}

/** The fuzzer's address of its admin, in better-auth's example bodies (fuzz/auth-calls.ts). */
const FUZZ_ADMIN_EMAIL = "a-orgadmin@matrix.test";

/** better-auth's example bodies name the fuzzer's accounts: here, the caller and a new address. */
function exampleBody(body: unknown, ctx: ScanContext, me: Session | undefined): unknown {
  return JSON.parse(JSON.stringify(body), (_key, value) => {
    if (value === "{newEmail}") return ctx.fresh.email();
    if (value === FUZZ_ADMIN_EMAIL) return me?.email ?? ctx.sessions.applicant.email;
    return value;
  });
}

export async function buildRequest(ctx: ScanContext, op: Operation, actor: Actor): Promise<BuiltRequest> {
  const rule: Rule = RULES[op.key] ?? {};
  const me = actor === "anonymous" ? undefined : ctx.sessions[actor];
  const input = { ctx, op, me, actor };
  const values = { ...defaultValues(ctx, op, me), ...(await rule.values?.(input)) };
  const named: Named = (name) => values[name];

  const segments: Segment[] = op.template
    .split(/(\{[^}]+\})/)
    .filter(Boolean)
    .map((part) => {
      const match = /^\{(.+)\}$/.exec(part);
      if (!match) return { text: part };
      const value = named(match[1]!);
      if (value === undefined) throw new Error(`${op.key}: no value for the path parameter ${part}.`);
      return { text: String(value), param: match[1]! };
    });

  const query: [string, string][] = op.example?.query
    ? op.example.query
    : op.query.flatMap((p) => {
        const value = exampleFor(p.schema, p.name, named);
        return value === undefined ? [] : [[p.name, String(value)] as [string, string]];
      });

  const declared = [...op.headers, ...(rule.headers ?? []).map((name) => ({ name, schema: undefined }))];
  const headers: [string, string][] = declared.flatMap((p) => {
    const value = exampleFor(p.schema, p.name, named);
    return value === undefined ? [] : [[p.name, String(value)] as [string, string]];
  });

  let body: Body | undefined;
  if (rule.raw) body = { kind: "raw", ...rule.raw };
  else if (rule.body) body = { kind: "json", value: await rule.body(input, values) };
  else if (op.example?.body !== undefined)
    body = { kind: "json", value: exampleBody(op.example.body, ctx, me) };
  else if (op.body) body = { kind: "json", value: exampleFor(op.body, undefined, named) };

  const request: BuiltRequest = { op, actor, cookie: me?.cookie, segments, query, headers };
  if (body) request.body = body;
  const refresh = rule.renew ? refreshFor(rule.renew, input, values, request) : undefined;
  if (refresh) request.refresh = refresh;
  return request;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value);

/**
 * The proxy's refresh for a call that uses up some of its inputs: a request that still carries the
 * example's value of one (a path segment, a header, a top-level body field) gets fresh values for
 * those; a request whose payload is in one of them is left as it is.
 */
function refreshFor(
  renewal: NonNullable<Rule["renew"]>,
  input: RuleInput,
  values: Record<string, unknown>,
  built: BuiltRequest,
): Refresh {
  const inPath = new Map(
    built.segments.flatMap((s) => (s.param ? [[s.param, encodeURIComponent(s.text)]] : [])),
  );
  const inHeaders = new Map(built.headers.map(([name, value]) => [name.toLowerCase(), value]));
  const inBody = built.body?.kind === "json" && isRecord(built.body.value) ? built.body.value : {};
  return async (request: ProxiedRequest) => {
    const [pathname = "", search] = request.path.split(/\?(.*)/s);
    const segments = pathname.split("/");
    const hits = renewal.names.filter((name) => {
      const segment = inPath.get(name);
      if (segment !== undefined) return segments.includes(segment);
      const header = inHeaders.get(name.toLowerCase());
      if (header !== undefined) return request.headers[name.toLowerCase()] === header;
      return isRecord(request.json) && name in inBody && request.json[name] === inBody[name];
    });
    if (hits.length === 0) return null;
    const fresh = await renewal.fresh(input, values);
    const headers = { ...request.headers };
    let json = request.json;
    for (const name of hits) {
      const value = fresh[name];
      if (value === undefined) continue;
      const segment = inPath.get(name);
      if (segment !== undefined) {
        const at = segments.indexOf(segment);
        segments[at] = encodeURIComponent(String(value));
      } else if (inHeaders.has(name.toLowerCase())) {
        headers[name.toLowerCase()] = String(value);
      } else if (isRecord(json)) {
        json = { ...json, [name]: value };
      }
    }
    return { path: `${segments.join("/")}${search ? `?${search}` : ""}`, headers, json };
  };
}

/** The path with its parameters' values percent-encoded. */
export const pathOf = (r: Pick<BuiltRequest, "segments">) =>
  r.segments.map((s) => (s.param ? encodeURIComponent(s.text) : s.text)).join("");

export function urlOf(r: Pick<BuiltRequest, "segments" | "query">): string {
  const query = new URLSearchParams(r.query).toString();
  return query ? `${pathOf(r)}?${query}` : pathOf(r);
}

/** Sends the request once as it is (no payload): its status says whether it is a valid call. */
export async function sendAsIs(
  target: ApiTarget,
  r: BuiltRequest,
): Promise<{ status: number; body: unknown }> {
  const headers = Object.fromEntries(r.headers);
  if (r.body?.kind === "raw") {
    return call(target, r.cookie, r.op.method, urlOf(r), {
      raw: { bytes: new TextEncoder().encode(r.body.text), contentType: r.body.contentType },
      headers,
    });
  }
  return call(target, r.cookie, r.op.method, urlOf(r), { json: r.body?.value, headers });
}

export interface Refusal {
  actor: Actor;
  status: number;
  message: string;
}

const excerpt = (body: unknown) => (typeof body === "string" ? body : JSON.stringify(body)).slice(0, 300);

export interface Chosen {
  request: BuiltRequest;
  /** The status of the valid call as the chosen actor sent it (2xx when one was allowed). */
  baselineStatus: number;
  /** The actors tried before (refused), for the report: status and the answer's start. */
  tried: Refusal[];
}

/**
 * Finds who may make the call: each actor in turn sends it once; the first one answered 2xx is the
 * one the scanners use (or, when none is, the first actor: the call is then scanned as refused, and the
 * report says so). The request is built again for the scan, so that objects a call uses up (a program
 * it deletes, a revision it moves on) are fresh for the scanner too.
 */
export async function chooseActor(ctx: ScanContext, op: Operation): Promise<Chosen> {
  const tried: Refusal[] = [];
  let firstBuilt: BuiltRequest | undefined;
  for (const actor of actorsOf(op)) {
    let request: BuiltRequest;
    try {
      request = await buildRequest(ctx, op, actor);
    } catch (error) {
      // Nothing to send as this actor (anonymous has no own id for a path that names the caller).
      tried.push({ actor, status: 0, message: error instanceof Error ? error.message : String(error) });
      continue;
    }
    firstBuilt ??= request;
    const answer = await sendAsIs(ctx.target, request);
    if (answer.status >= 200 && answer.status < 300) {
      return { request: await buildRequest(ctx, op, actor), baselineStatus: answer.status, tried };
    }
    tried.push({ actor, status: answer.status, message: excerpt(answer.body) });
  }
  if (!firstBuilt) throw new Error(`no actor could build a call: ${tried.map((t) => t.message).join("; ")}`);
  const request = await buildRequest(ctx, op, firstBuilt.actor);
  const refusal = tried.find((t) => t.actor === firstBuilt.actor)!;
  return { request, baselineStatus: refusal.status, tried };
}
