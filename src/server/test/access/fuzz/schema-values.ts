import fc from "fast-check";
import {
  extraKey,
  HOSTILE_NUMBERS,
  hostileString,
  hostileValue,
  jsonText,
  LENGTH_UNITS,
  pollutingPayload,
  stringOfLength,
  withOwnKey,
} from "./hostile";

/**
 * Values shaped by a route's schema (the JSON Schema the OpenAPI document holds for its body, query,
 * path and headers) but hostile: strings at and beyond their length limits and made of awkward units,
 * numbers at and beyond their bounds, arrays far over their limits, extra keys, wrong types.
 */

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  maxItems?: number;
  format?: string;
  pattern?: string;
  default?: unknown;
}

const typesOf = (schema: JsonSchema): string[] =>
  schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];

/** Longer strings than this are made at this length only (the body limit refuses them anyway). */
const LONGEST_STRING = 2_000_000;
/** Arrays over their limit are made of copies of one element (of at most SMALL_ELEMENT characters), at most this many. */
const LONGEST_ARRAY = 20_000;
const SMALL_ELEMENT = 1_000;

/** The lengths worth trying for a string: empty, one, and either side of each limit. */
export function boundaryLengths(schema: JsonSchema): number[] {
  const lengths = new Set<number>([0, 1]);
  if (schema.minLength !== undefined) lengths.add(Math.max(0, schema.minLength - 1)).add(schema.minLength);
  if (schema.maxLength !== undefined) lengths.add(schema.maxLength).add(schema.maxLength + 1);
  return [...lengths].map((n) => Math.min(n, LONGEST_STRING));
}

/** Strings at the length limits, each made of one unit: plain, wide, combining, emoji, NUL. */
const boundaryString = (schema: JsonSchema): fc.Arbitrary<string> =>
  fc
    .tuple(fc.constantFrom(...LENGTH_UNITS), fc.constantFrom(...boundaryLengths(schema)))
    .map(([unit, length]) => stringOfLength(unit, length));

export function boundaryNumbers(schema: JsonSchema): number[] {
  const numbers = new Set<number>(HOSTILE_NUMBERS);
  for (const bound of [schema.minimum, schema.maximum, schema.exclusiveMinimum]) {
    if (bound !== undefined)
      numbers
        .add(bound - 1)
        .add(bound)
        .add(bound + 1)
        .add(bound + 0.5);
  }
  return [...numbers];
}

/** Near misses of a format: a reader that half-parses them must still refuse them cleanly. */
const FORMAT_SAMPLES: Record<string, string[]> = {
  uuid: [
    "00000000-0000-0000-0000-000000000000",
    "ffffffff-ffff-ffff-ffff-ffffffffffff",
    "6F9619FF-8B86-D011-B42D-00C04FC964FF",
    "{6f9619ff-8b86-d011-b42d-00c04fc964ff}",
    "6f9619ff8b86d011b42d00c04fc964ff",
    "6f9619ff-8b86-d011-b42d-00c04fc964ff\u0000",
    "6f9619ff-8b86-d011-b42d-00c04fc964f",
  ],
  "date-time": [
    "1970-01-01T00:00:00Z",
    "0000-01-01T00:00:00Z",
    "9999-12-31T23:59:59.999999999Z",
    "275760-09-13T00:00:00.001Z",
    "2024-02-30T00:00:00Z",
    "2024-01-01T24:00:00+14:00",
    "2024-01-01",
    "-000001-01-01T00:00:00Z",
  ],
};

function stringValue(schema: JsonSchema): fc.Arbitrary<string> {
  const options: fc.WeightedArbitrary<string>[] = [
    { arbitrary: boundaryString(schema), weight: 3 },
    { arbitrary: hostileString, weight: 3 },
  ];
  const formats = schema.format ? FORMAT_SAMPLES[schema.format] : undefined;
  if (formats) options.push({ arbitrary: fc.constantFrom(...formats), weight: 2 });
  if (schema.format === "uuid") options.push({ arbitrary: fc.uuid(), weight: 2 });
  if (schema.enum?.length) {
    const words = schema.enum.filter((v): v is string => typeof v === "string");
    const nearMisses = words.flatMap((w) => [w.toUpperCase(), w.toLowerCase(), ` ${w}`, `${w}\u0000`]);
    options.push({ arbitrary: fc.constantFrom(...words, ...nearMisses), weight: 4 });
  }
  return fc.oneof(...options);
}

function numberValue(schema: JsonSchema): fc.Arbitrary<number> {
  return fc.oneof(
    { arbitrary: fc.constantFrom(...boundaryNumbers(schema)), weight: 3 },
    { arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }), weight: 1 },
    { arbitrary: fc.integer(), weight: 1 },
  );
}

function arrayValue(schema: JsonSchema, depth: number): fc.Arbitrary<unknown[]> {
  const item = schema.items ? valueFor(schema.items, depth + 1) : hostileValue;
  const overLimit = [schema.maxItems, schema.minItems]
    .filter((n): n is number => n !== undefined)
    .flatMap((n) => [n, n + 1, Math.max(0, n - 1)])
    .map((n) => Math.min(n, LONGEST_ARRAY));
  const options: fc.WeightedArbitrary<unknown[]>[] = [
    { arbitrary: fc.array(item, { maxLength: 4 }), weight: 4 },
  ];
  if (overLimit.length > 0) {
    // Copies of a small element: thousands of copies of a long string would be gigabytes.
    const small = item.filter((value) => jsonText(value).length <= SMALL_ELEMENT);
    const copies = fc
      .tuple(small, fc.constantFrom(...overLimit))
      .map(([value, n]) => Array.from({ length: n }, () => value));
    options.push({ arbitrary: copies, weight: 1 });
  }
  return fc.oneof(...options);
}

function objectValue(schema: JsonSchema, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  // Most often every required key is there (to get past the first check) and some optional ones.
  const entries = Object.entries(properties).map(([key, property]) => {
    const present = required.has(key) ? fc.constant(true) : fc.boolean();
    return fc.tuple(fc.constant(key), present, valueFor(property, depth + 1));
  });
  const base = fc.tuple(fc.tuple(...entries), fc.nat(9)).map(([fields, dropChance]) => {
    const value: Record<string, unknown> = {};
    for (const [key, present, v] of fields) {
      // One time in ten a required key goes missing.
      if (present && !(required.has(key) && dropChance === 0)) value[key] = v;
    }
    return value;
  });
  const extras = fc.array(
    fc.tuple(extraKey, fc.oneof(hostileValue, fc.constant(null).map(pollutingPayload))),
    {
      maxLength: 2,
    },
  );
  return fc
    .tuple(base, extras)
    .map(([value, more]) => more.reduce<Record<string, unknown>>((o, [k, v]) => withOwnKey(o, k, v), value));
}

/** Each schema's arbitrary, made once: a form's schema is large and asked for again and again. */
const made = new WeakMap<JsonSchema, fc.Arbitrary<unknown>>();

/** A value for a place in the schema: mostly its own type with hostile contents, sometimes anything. */
export function valueFor(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 12) return hostileValue;
  let arbitrary = made.get(schema);
  if (!arbitrary) {
    arbitrary = makeValueFor(schema, depth);
    made.set(schema, arbitrary);
  }
  return arbitrary;
}

function makeValueFor(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  if (schema.anyOf?.length) return fc.oneof(...schema.anyOf.map((s) => valueFor(s, depth)), hostileValue);
  const shaped: fc.Arbitrary<unknown>[] = [];
  for (const type of typesOf(schema)) {
    if (type === "string") shaped.push(stringValue(schema));
    else if (type === "number" || type === "integer") shaped.push(numberValue(schema));
    else if (type === "boolean") shaped.push(fc.boolean());
    else if (type === "null") shaped.push(fc.constant(null));
    else if (type === "array") shaped.push(arrayValue(schema, depth));
    else if (type === "object") shaped.push(objectValue(schema, depth));
  }
  if (schema.enum?.length && shaped.length === 0) shaped.push(fc.constantFrom(...schema.enum));
  if (shaped.length === 0) return hostileValue;
  return fc.oneof({ arbitrary: fc.oneof(...shaped), weight: 5 }, { arbitrary: hostileValue, weight: 1 });
}

/** The schema of the place `path` leads to (through properties, items and the first fitting anyOf). */
export function schemaAt(
  schema: JsonSchema | undefined,
  path: readonly (string | number)[],
): JsonSchema | undefined {
  let node = schema;
  for (const step of path) {
    if (!node) return undefined;
    if (node.anyOf) node = node.anyOf.find((s) => s.properties || s.items) ?? node.anyOf[0];
    if (!node) return undefined;
    node = typeof step === "number" ? node.items : node.properties?.[step];
  }
  return node;
}
