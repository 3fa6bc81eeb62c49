import fc from "fast-check";
import type { BaseCall, Endpoint, Param } from "./endpoints";
import { anyText, deepNesting, extraKey, hostileString, hostileValue, PROTOTYPE_KEYS } from "./hostile";
import { type JsonSchema, schemaAt, valueFor } from "./schema-values";

/**
 * What one fuzzed request does to one of the endpoint's valid calls: which path parameters it replaces,
 * how it bends the query string, which headers it adds and what body it sends. A recipe is plain data
 * (shrinkable, printable); request.ts applies it to the call once its placeholders are filled.
 */
export interface Recipe {
  base: number;
  /** Another method than the route's, now and then. */
  method: string | undefined;
  path: PathEdit[];
  query: QueryEdit[];
  headers: HeaderEdit[];
  body: BodyRecipe;
  /** The body's Content-Type: the default for its kind, none at all (null), or this one. */
  contentType: string | null | undefined;
}

export type Path = (string | number)[];

export interface PathEdit {
  /** Which path parameter (modulo their number). */
  param: number;
  value: string;
  /** Put in the path as is (malformed escapes, dot segments) rather than percent-encoded. */
  raw: boolean;
}

export type QueryEdit =
  | { op: "drop"; index: number }
  | { op: "set"; name: string; value: string }
  | { op: "repeat"; name: string; values: string[] }
  | { op: "add"; key: string; value: string }
  | { op: "many"; count: number }
  | { op: "raw"; text: string };

export type HeaderEdit =
  | { kind: "set"; name: string; value: string }
  | { kind: "drop"; name: string }
  | { kind: "cookie"; mode: "replace" | "append"; value: string }
  /** The caller's own session cookie with one character changed. */
  | { kind: "tamperedCookie"; at: number }
  /** The guest draft's real token (so an anonymous caller reaches the guest's routes), or a bent one. */
  | { kind: "draftToken"; tamperAt: number | null };

export type BodyRecipe =
  | { kind: "base" }
  | { kind: "none" }
  | { kind: "value"; value: unknown }
  | { kind: "edits"; edits: BodyEdit[] }
  | { kind: "text"; text: string }
  | { kind: "textEdit"; edit: "truncate" | "duplicateProto" | "bom" | "trailing" | "hugeNumber"; at: number }
  | { kind: "bytes"; bytes: Uint8Array }
  | { kind: "overLimit" };

export type BodyEdit =
  | { op: "set"; path: Path; value: unknown }
  | { op: "delete"; path: Path }
  | { op: "extra"; path: Path; key: string; value: unknown };

const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;

/** What a path parameter is given instead of a real id: garbage, traversal, look-alike ids. */
const pathValue: fc.Arbitrary<PathEdit["value"]> = fc.oneof(
  { arbitrary: hostileString, weight: 4 },
  { arbitrary: fc.uuid(), weight: 1 },
  {
    arbitrary: fc.constantFrom(
      "..",
      "../..",
      "..%2f..%2f..%2fetc%2fpasswd",
      "%2e%2e/%2e%2e/package.json",
      "programs/../../../package.json",
      "a/b/c",
      "%",
      "%zz",
      "%c0%ae%c0%ae",
      "~",
      "*",
    ),
    weight: 2,
  },
);

const pathEdit = (count: number): fc.Arbitrary<PathEdit> =>
  fc.record({ param: fc.nat(Math.max(0, count - 1)), value: pathValue, raw: fc.boolean() });

/** A query parameter's value as text: from its schema (numbers, enums, bounds) or anything. */
const queryText = (schema: JsonSchema | undefined): fc.Arbitrary<string> =>
  valueFor(schema).map((v) => (typeof v === "string" ? v : (JSON.stringify(v) ?? "undefined")));

function queryEdit(declared: Param[]): fc.Arbitrary<QueryEdit> {
  const names = [
    ...declared.map((p) => p.name),
    ...PROTOTYPE_KEYS,
    "__proto__[fuzzPolluted]",
    "constructor[prototype][fuzzPolluted]",
  ];
  const named = fc.constantFrom(...names);
  const schemaOf = (name: string) => declared.find((p) => p.name === name)?.schema;
  return fc.oneof(
    { arbitrary: fc.record({ op: fc.constant("drop" as const), index: fc.nat(9) }), weight: 1 },
    {
      arbitrary: named.chain((name) =>
        queryText(schemaOf(name)).map((value) => ({ op: "set" as const, name, value })),
      ),
      weight: 4,
    },
    {
      arbitrary: named.chain((name) =>
        fc
          .array(queryText(schemaOf(name)), { minLength: 2, maxLength: 4 })
          .map((values) => ({ op: "repeat" as const, name, values })),
      ),
      weight: 2,
    },
    {
      arbitrary: fc.record({
        op: fc.constant("add" as const),
        key: fc.oneof(extraKey, fc.constantFrom("a[b][c]", "a[]", "a.b", "")),
        value: hostileString,
      }),
      weight: 2,
    },
    {
      arbitrary: fc.record({ op: fc.constant("many" as const), count: fc.constantFrom(100, 1000, 5000) }),
      weight: 1,
    },
    {
      arbitrary: fc.record({
        op: fc.constant("raw" as const),
        text: fc.constantFrom("%", "%zz=1", "a=%E0%A4%A", "&&&", "=", "a==b", "?a=b", "%00=%00", "a=1;b=2"),
      }),
      weight: 1,
    },
  );
}

/** Header values must be Latin-1 without line breaks or NUL: anything else never leaves a client. */
const NOT_IN_HEADERS = ["\r", "\n", "\u0000"];
const headerText = fc.oneof(
  fc.constantFrom("", " ", "null", "undefined", "\u00ff\u00fe", "\u0001\u007f", "a\tb", "x".repeat(100_000)),
  fc
    .string({ unit: "binary-ascii", maxLength: 40 })
    .map((s) => [...s].filter((c) => !NOT_IN_HEADERS.includes(c)).join("")),
);

const headerEdit: fc.Arbitrary<HeaderEdit> = fc.oneof(
  {
    arbitrary: fc.record({
      kind: fc.constant("set" as const),
      name: fc.constant("origin"),
      value: fc.constantFrom(
        "null",
        "http://evil.example",
        "http://localhost:3000.evil.example",
        "HTTP://LOCALHOST:3000",
        "http://localhost:3000/",
        "",
      ),
    }),
    weight: 2,
  },
  {
    arbitrary: fc.constantFrom("origin", "content-length").map((name) => ({ kind: "drop" as const, name })),
    weight: 2,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant("cookie" as const),
      mode: fc.constantFrom("replace" as const, "append" as const),
      value: fc.oneof(
        fc.constantFrom(
          "better-auth.session_token=garbage",
          "better-auth.session_token=garbage.c2lnbmF0dXJl",
          "better-auth.session_token=",
          "better-auth.session_token=%",
          `a=${"x".repeat(100_000)}`,
          Array.from({ length: 500 }, (_, i) => `c${i}=${i}`).join("; "),
          "__proto__=1; constructor=2",
        ),
        headerText.map((v) => `better-auth.session_token=${v}`),
      ),
    }),
    weight: 2,
  },
  { arbitrary: fc.record({ kind: fc.constant("tamperedCookie" as const), at: fc.nat(200) }), weight: 1 },
  {
    arbitrary: fc.record({ kind: fc.constant("draftToken" as const), tamperAt: fc.option(fc.nat(60)) }),
    weight: 2,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant("set" as const),
      name: fc.constantFrom(
        "x-submission-token",
        "accept",
        "accept-language",
        "x-forwarded-for",
        // The platforms' client-address headers (TRUST_PROXY=firebase / firebase-app-hosting).
        "fastly-client-ip",
        "x-fah-client-ip",
        "stripe-signature",
        "range",
        "if-none-match",
        "if-modified-since",
        "authorization",
        "x-decisionhub-client-ip",
      ),
      value: fc.oneof(
        headerText,
        fc.constantFrom(
          "bytes=0-0",
          "bytes=99999999999-",
          "bytes=-1",
          "bytes=a-b",
          "t=1,v1=forged",
          "t=,v1=",
          "fr;q=2, xx-YY",
          "Bearer x",
          "127.0.0.1, ::1",
          "*/*;q=0",
        ),
      ),
    }),
    weight: 3,
  },
);

const CONTENT_TYPES = [
  null,
  "application/json",
  "application/json; charset=utf-16",
  "APPLICATION/JSON",
  "application/vnd.api+json",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=----fuzz",
  "application/octet-stream",
  "",
  "application/json; charset=utf-8; boundary=x",
];

/** Every place in a body template and in its schema (arrays by their first element). */
export function placesIn(template: unknown, schema: JsonSchema | undefined, depth = 0): Path[] {
  const places: Path[] = [[]];
  if (depth > 6) return places;
  const add = (step: string | number, child: unknown, childSchema: JsonSchema | undefined) => {
    for (const rest of placesIn(child, childSchema, depth + 1)) places.push([step, ...rest]);
  };
  const keys = new Set<string>();
  if (template !== null && typeof template === "object" && !Array.isArray(template)) {
    for (const k of Object.keys(template)) keys.add(k);
  }
  for (const k of Object.keys(schema?.properties ?? {})) keys.add(k);
  for (const k of keys) {
    const child = (template as Record<string, unknown> | undefined)?.[k];
    add(k, typeof template === "object" && template !== null ? child : undefined, schema?.properties?.[k]);
  }
  if (Array.isArray(template) || schema?.items) {
    add(0, Array.isArray(template) ? template[0] : undefined, schema?.items);
  }
  return places;
}

function bodyEdit(template: unknown, schema: JsonSchema | undefined): fc.Arbitrary<BodyEdit> {
  const places = fc.constantFrom(...placesIn(template, schema));
  return fc.oneof(
    {
      arbitrary: places.chain((path) =>
        valueFor(schemaAt(schema, path)).map((value) => ({ op: "set" as const, path, value })),
      ),
      weight: 5,
    },
    { arbitrary: places.map((path) => ({ op: "delete" as const, path })), weight: 1 },
    {
      arbitrary: fc.record({
        op: fc.constant("extra" as const),
        path: places,
        key: extraKey,
        value: fc.oneof(hostileValue, deepNesting),
      }),
      weight: 2,
    },
  );
}

function bodyRecipe(endpoint: Endpoint, base: BaseCall): fc.Arbitrary<BodyRecipe> {
  const schema = base.bodySchema ?? endpoint.body;
  const options: fc.WeightedArbitrary<BodyRecipe>[] = [
    { arbitrary: fc.constant({ kind: "base" as const }), weight: 1 },
    { arbitrary: fc.constant({ kind: "none" as const }), weight: 1 },
    {
      arbitrary: fc.array(bodyEdit(base.body, schema), { minLength: 1, maxLength: 3 }).map((edits) => ({
        kind: "edits" as const,
        edits,
      })),
      weight: 8,
    },
    { arbitrary: valueFor(schema).map((value) => ({ kind: "value" as const, value })), weight: 4 },
    {
      arbitrary: fc.oneof(fc.jsonValue(), hostileValue).map((value) => ({ kind: "value" as const, value })),
      weight: 2,
    },
    {
      arbitrary: fc
        .oneof(
          fc.constantFrom(
            "",
            "{",
            "[1,]",
            "{'a':1}",
            '{"a":NaN}',
            '{"a":Infinity}',
            '{"a":undefined}',
            "/* c */ {}",
            '{"a":1}{"b":2}',
            '"\\ud800"',
            '{"\\u0000":"\\u0000"}',
            "1e999",
            "-0",
            "\u0000",
          ),
          anyText,
        )
        .map((text) => ({ kind: "text" as const, text })),
      weight: 2,
    },
    {
      arbitrary: fc.record({
        kind: fc.constant("textEdit" as const),
        edit: fc.constantFrom(
          "truncate" as const,
          "duplicateProto" as const,
          "bom" as const,
          "trailing" as const,
          "hugeNumber" as const,
        ),
        at: fc.nat(1000),
      }),
      weight: 2,
    },
    {
      arbitrary: fc
        .oneof(
          fc.uint8Array({ maxLength: 64 }),
          fc.constant(Uint8Array.from([0xff, 0xfe, 0x00, 0xc0, 0xaf, 0xed, 0xa0, 0x80])),
        )
        .map((bytes) => ({ kind: "bytes" as const, bytes })),
      weight: endpoint.takesBytes ? 4 : 1,
    },
    { arbitrary: fc.constant({ kind: "overLimit" as const }), weight: 1 },
  ];
  return fc.oneof(...options);
}

/** Undefined most of the time (the call's own), the arbitrary's value one time in eight. */
const rarely = <T>(arbitrary: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> =>
  fc.oneof({ arbitrary: fc.constant(undefined), weight: 7 }, { arbitrary, weight: 1 });

export function recipeFor(endpoint: Endpoint): fc.Arbitrary<Recipe> {
  const bases = endpoint.bases.map((base, index) => ({ base, index }));
  const paramCount = endpoint.pathParams.length;
  return fc.constantFrom(...bases).chain(({ base, index }) =>
    fc.record({
      base: fc.constant(index),
      method: rarely(fc.constantFrom(...METHODS)),
      path: fc.array(pathEdit(paramCount), { maxLength: paramCount === 0 ? 0 : 2 }),
      query: fc.oneof(
        { arbitrary: fc.constant<QueryEdit[]>([]), weight: 1 },
        { arbitrary: fc.array(queryEdit(endpoint.query), { minLength: 1, maxLength: 3 }), weight: 2 },
      ),
      headers: fc.oneof(
        { arbitrary: fc.constant<HeaderEdit[]>([]), weight: 2 },
        { arbitrary: fc.array(headerEdit, { minLength: 1, maxLength: 3 }), weight: 1 },
      ),
      body: bodyRecipe(endpoint, base),
      contentType: rarely(fc.constantFrom(...CONTENT_TYPES)),
    }),
  );
}
