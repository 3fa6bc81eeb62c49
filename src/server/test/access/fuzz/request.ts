import { SUBMISSION_TOKEN_HEADER } from "../../../../shared/schemas/submissions";
import { TEST_ORIGIN } from "../../harness";
import type { Caller } from "../actors";
import { fill, placeholderValue } from "../placeholders";
import type { World } from "../world";
import type { Endpoint } from "./endpoints";
import { jsonText, POLLUTION_MARK, PROTOTYPE_KEYS, RawJson, withOwnKey } from "./hostile";
import type { BodyEdit, HeaderEdit, Path, QueryEdit, Recipe } from "./recipe";

/** A request ready to send, and a short description of it for failure messages. */
export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | Uint8Array | undefined;
}

/** A JSON body one byte over `limit` (made once per limit: they are megabytes). */
const overLimitBodies = new Map<number, string>();
const overLimitBody = (limit: number) => {
  if (!overLimitBodies.has(limit)) overLimitBodies.set(limit, `{"x":"${"x".repeat(limit - 7)}"}`);
  return overLimitBodies.get(limit)!;
};

/** Percent-encoded as a client would send it: a lone surrogate goes as U+FFFD (encodeURIComponent throws). */
export const encodeLoosely = (text: string): string =>
  encodeURIComponent(text.replace(LONE_SURROGATE, "\ufffd"));
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** One character of `text` changed (a signature or token that is almost right). */
export function tamper(text: string, at: number): string {
  if (text === "") return "x";
  const i = at % text.length;
  const c = text[i] === "A" ? "B" : "A";
  return text.slice(0, i) + c + text.slice(i + 1);
}

export function editPath(path: string, pattern: string, edits: Recipe["path"]): string {
  if (edits.length === 0) return path;
  const patternParts = pattern.split("/");
  const slots = patternParts.flatMap((p, i) => (p.startsWith(":") || p === "*" ? [i] : []));
  if (slots.length === 0) return path;
  const parts = path.split("/");
  for (const edit of edits) {
    const slot = slots[edit.param % slots.length]!;
    const value = edit.raw ? edit.value : encodeLoosely(edit.value);
    // A wildcard takes the rest of the path.
    if (patternParts[slot] === "*") parts.splice(slot, parts.length - slot, value);
    else parts[slot] = value;
  }
  return parts.join("/");
}

export function editQuery(query: string, edits: QueryEdit[]): string {
  const pairs: [string, string][] =
    query === ""
      ? []
      : query.split("&").map((p) => {
          const at = p.indexOf("=");
          return at < 0 ? [p, ""] : [p.slice(0, at), p.slice(at + 1)];
        });
  let raw = "";
  for (const edit of edits) {
    if (edit.op === "drop") {
      if (pairs.length > 0) pairs.splice(edit.index % pairs.length, 1);
    } else if (edit.op === "set") {
      const key = encodeLoosely(edit.name);
      const kept = pairs.filter(([k]) => k !== key);
      pairs.splice(0, pairs.length, ...kept, [key, encodeLoosely(edit.value)]);
    } else if (edit.op === "repeat") {
      for (const value of edit.values) pairs.push([encodeLoosely(edit.name), encodeLoosely(value)]);
    } else if (edit.op === "add") {
      pairs.push([encodeLoosely(edit.key), encodeLoosely(edit.value)]);
    } else if (edit.op === "many") {
      for (let i = 0; i < edit.count; i++) pairs.push([`k${i}`, String(i)]);
    } else {
      raw += `&${edit.text}`;
    }
  }
  return pairs.map(([k, v]) => `${k}=${v}`).join("&") + raw;
}

function clone(value: unknown): unknown {
  if (value instanceof RawJson || value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map(clone);
  let copy: Record<string, unknown> = {};
  for (const key of Object.keys(value))
    copy = withOwnKey(copy, key, clone((value as Record<string, unknown>)[key]));
  return copy;
}

const isContainer = (v: unknown): v is Record<string | number, unknown> =>
  v !== null && typeof v === "object" && !(v instanceof RawJson);

/** The body with one edit made, parents made as needed (an array for an index, an object for a key). */
export function applyEdit(body: unknown, edit: BodyEdit): unknown {
  const at = (node: unknown, path: Path): unknown => {
    if (path.length === 0) {
      if (edit.op === "set") return clone(edit.value);
      if (edit.op === "delete") return undefined;
      const target = isContainer(node) && !Array.isArray(node) ? node : {};
      return withOwnKey(target, edit.key, clone(edit.value));
    }
    const [step, ...rest] = path as [string | number, ...Path];
    const container: Record<string | number, unknown> = isContainer(node)
      ? node
      : typeof step === "number"
        ? ([] as unknown as Record<number, unknown>)
        : {};
    // Only own properties: `container.__proto__` would be Object.prototype, edited in this process.
    const next = at(Object.hasOwn(container, step) ? container[step] : undefined, rest);
    if (next === undefined && Array.isArray(container)) container.splice(Number(step), 1);
    else if (next === undefined) delete container[step];
    else if (PROTOTYPE_KEYS.includes(String(step) as (typeof PROTOTYPE_KEYS)[number])) {
      return withOwnKey(container, String(step), next);
    } else container[step] = next;
    return container;
  };
  return at(body, edit.path);
}

function editedText(base: string, edit: Extract<Recipe["body"], { kind: "textEdit" }>): string {
  if (edit.edit === "truncate") return base.slice(0, edit.at % Math.max(1, base.length));
  if (edit.edit === "bom") return `\ufeff${base}`;
  if (edit.edit === "trailing") return `${base},`;
  if (edit.edit === "hugeNumber") return /\d/.test(base) ? base.replace(/-?\d+(\.\d+)?/, "1e999") : "1e999";
  // Two __proto__ keys: parsers differ on which wins and on whether it becomes the prototype.
  const payload = `"__proto__":{"${POLLUTION_MARK}":true},"__proto__":{"${POLLUTION_MARK}":1}`;
  return base.startsWith("{") && base !== "{}" ? `{${payload},${base.slice(1)}` : `{${payload}}`;
}

function headerEdits(headers: Record<string, string>, edits: HeaderEdit[], world: World, caller: Caller) {
  for (const edit of edits) {
    if (edit.kind === "set") headers[edit.name] = edit.value;
    else if (edit.kind === "drop") delete headers[edit.name];
    else if (edit.kind === "cookie") {
      headers.cookie =
        edit.mode === "append" && headers.cookie ? `${headers.cookie}; ${edit.value}` : edit.value;
    } else if (edit.kind === "tamperedCookie") {
      headers.cookie = tamper(caller.cookie ?? "better-auth.session_token=none.none", edit.at);
    } else {
      const token = world.A.draftToken;
      headers[SUBMISSION_TOKEN_HEADER] = edit.tamperAt === null ? token : tamper(token, edit.tamperAt);
    }
  }
}

/** The request a recipe makes of the endpoint's call, as `caller`, in organization A's world. */
export async function buildRequest(
  world: World,
  endpoint: Endpoint,
  recipe: Recipe,
  caller: Caller,
): Promise<FuzzRequest> {
  const base = endpoint.bases[recipe.base % endpoint.bases.length]!;
  const filled = await fill({ call: base.call, body: base.body }, (name) =>
    placeholderValue(name, { world, o: world.A, me: caller }),
  );
  const [callMethod, target] = filled.call.split(" ") as [string, string];
  const queryAt = target.indexOf("?");
  const basePath = queryAt < 0 ? target : target.slice(0, queryAt);
  const editedPath = editPath(basePath, endpoint.pattern, recipe.path);
  // Another method or dot segments may name another route (a DELETE of the program a GET reads, or
  // `…/user/..` for the program itself): that route is fuzzed on its own, with objects made to be
  // deleted, so such a request keeps the call's own method, then its own path — the world stays whole.
  const tries: [string, string][] = [
    [recipe.method ?? callMethod, editedPath],
    [callMethod, editedPath],
  ];
  const [method, path] = tries.find(
    ([m, p]) => !endpoint.landsElsewhere(m, new URL(p, "http://localhost").pathname),
  ) ?? [callMethod, basePath];
  const query = editQuery(queryAt < 0 ? "" : target.slice(queryAt + 1), recipe.query);
  const url = query === "" ? path : `${path}?${query}`;

  const headers: Record<string, string> = { origin: TEST_ORIGIN, ...base.headers };
  if (caller.cookie) headers.cookie = caller.cookie;
  headerEdits(headers, recipe.headers, world, caller);

  let body: string | Uint8Array | undefined;
  let contentType = "application/json";
  const baseText = filled.body === undefined ? "" : jsonText(filled.body);
  const recipeBody = recipe.body;
  if (recipeBody.kind === "base") {
    if (base.bytes) {
      body = base.bytes;
      contentType = "application/octet-stream";
    } else body = filled.body === undefined ? undefined : baseText;
  } else if (recipeBody.kind === "value") body = jsonText(recipeBody.value);
  else if (recipeBody.kind === "edits") {
    body = jsonText(recipeBody.edits.reduce<unknown>(applyEdit, clone(filled.body ?? {})) ?? null);
  } else if (recipeBody.kind === "text") body = recipeBody.text;
  else if (recipeBody.kind === "textEdit") body = editedText(baseText || "{}", recipeBody);
  else if (recipeBody.kind === "bytes") {
    body = recipeBody.bytes;
    contentType = "application/octet-stream";
  } else if (recipeBody.kind === "overLimit") {
    body = overLimitBody(endpoint.bodyLimit);
  }
  // GET and HEAD cannot carry a body.
  if (method === "GET" || method === "HEAD") body = undefined;
  if (body !== undefined) {
    if (recipe.contentType === undefined) headers["content-type"] = contentType;
    else if (recipe.contentType !== null) headers["content-type"] = recipe.contentType;
  }
  // Every client sends the length of what it sends; a chunked body has none (a header edit drops it).
  if (body !== undefined && !recipe.headers.some((h) => h.kind === "drop" && h.name === "content-length")) {
    headers["content-length"] = String(typeof body === "string" ? Buffer.byteLength(body) : body.byteLength);
  }
  return { method, url, headers, body };
}

/** A request in a few hundred characters: enough to replay it by hand, short enough to read. */
export function describeRequest(r: FuzzRequest): string {
  const cut = (text: string, n = 300) =>
    text.length > n ? `${text.slice(0, n)}… (${text.length} chars)` : text;
  const headers = Object.entries(r.headers)
    .map(([k, v]) => `${k}: ${cut(JSON.stringify(v), 120)}`)
    .join("; ");
  const body =
    r.body === undefined
      ? "(no body)"
      : typeof r.body === "string"
        ? cut(JSON.stringify(r.body))
        : `(${r.body.byteLength} bytes)`;
  return `${r.method} ${cut(r.url)}\n  headers: ${headers}\n  body: ${body}`;
}
