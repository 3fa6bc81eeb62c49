import fc from "fast-check";

/**
 * Hostile values that fit anywhere: the strings, numbers and shapes that break parsers, databases and
 * code that indexes objects by user input. Each has a reason to be here; the random ones fill the rest.
 */

/** Keys that reach Object.prototype when code copies or indexes objects by what the user sent. */
export const PROTOTYPE_KEYS = ["__proto__", "constructor", "prototype"] as const;

/** A property the fuzzer tries to plant on Object.prototype: it must never appear on `{}`. */
export const POLLUTION_MARK = "fuzzPolluted";

export const HOSTILE_STRINGS: readonly string[] = [
  "",
  " ",
  "\t\n\r",
  // PostgreSQL text cannot hold NUL.
  "\u0000",
  "a\u0000b",
  // Lone surrogates: not UTF-8 encodable.
  "\ud800",
  "x\udfffy",
  "\udbff\udbff",
  // Bidirectional overrides and invisible characters.
  "\u202egnp.exe",
  "\u200f\u200e\u200b\u2060",
  "\ufeffBOM",
  // Line and paragraph separators: line breaks to some parsers, not to JSON.
  "line\u2028break\u2029",
  // An emoji ZWJ sequence, a flag and a skin tone: many code units, one grapheme.
  "👩‍👩‍👧‍👦🏳️‍🌈👍🏽",
  // Combining marks piled on one letter.
  `e${"\u0301".repeat(64)}`,
  // Case mapping that changes the length (İ lowercases to two code units; ß uppercases to SS).
  "İİİİß",
  "ﬃ\u212a",
  "%",
  "%zz",
  "%00",
  "%E0%A4%A",
  "../../../../etc/passwd",
  "..\\..\\windows\\win.ini",
  "<script>alert(1)</script>",
  "' or '1'='1",
  "'; drop table users; --",
  '"\\',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, meant literally
  "{{7*7}}${7*7}",
  "=cmd|' /C calc'!A0",
  ...PROTOTYPE_KEYS,
  "toString",
  "hasOwnProperty",
  "valueOf",
  "NaN",
  "Infinity",
  "-0",
  "1e308",
  "9007199254740993",
  "null",
  "undefined",
  "true",
  "[]",
  "{}",
  "00000000-0000-0000-0000-000000000000",
  "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF",
  "2024-02-30T25:61:61Z",
  "javascript:alert(1)",
  "mailto:a@b.c?bcc=everyone@example.com",
  "a@b",
  "\u0130@example.com",
];

export const HOSTILE_NUMBERS: readonly number[] = [
  0,
  -0,
  1,
  -1,
  0.5,
  -1.5,
  1e308,
  -1e308,
  5e-324,
  2 ** 31 - 1,
  2 ** 31,
  2 ** 32,
  2 ** 53,
  2 ** 53 + 2,
  -(2 ** 53),
  1e21,
];

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c));

/** Random text with every code point possible, lone surrogates included. */
export const anyText = fc.string({
  unit: fc.oneof(fc.constant("a"), loneSurrogate, fc.string({ unit: "binary", minLength: 1, maxLength: 1 })),
  maxLength: 40,
});

/** Made once: made anew for every request, their garbage slowed the whole run down. */
const LONG_STRINGS = [1000, 10_000, 100_000].map((n) => "x".repeat(n));

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...HOSTILE_STRINGS), weight: 4 },
  { arbitrary: anyText, weight: 2 },
  { arbitrary: fc.constantFrom(...LONG_STRINGS), weight: 1 },
);

/**
 * Exactly `length` UTF-16 code units (the way zod counts) made of `unit`, cut to fit — an emoji cut in
 * half leaves a lone surrogate, on purpose. Each is made once: the longest are limits of 100,000.
 */
export function stringOfLength(unit: string, length: number): string {
  if (length <= 0) return "";
  const key = `${length}:${unit}`;
  let text = ofLength.get(key);
  if (text === undefined) {
    const piece = unit === "" ? "a" : unit;
    text = piece.repeat(Math.ceil(length / piece.length)).slice(0, length);
    ofLength.set(key, text);
  }
  return text;
}
const ofLength = new Map<string, string>();

/** Units to build strings at a length limit with: plain, wide, combining, surrogate pairs, NUL. */
export const LENGTH_UNITS = ["a", "é", "e\u0301", "👍", "\u0000", "İ", " "] as const;

/**
 * Nesting far beyond any schema, as JSON text: JSON.stringify itself would overflow the test's stack
 * at these depths, so it is built as text.
 */
export class RawJson {
  constructor(readonly text: string) {}
}

export const NESTING_DEPTHS = [1_000, 10_000, 100_000] as const;

export function deeplyNested(depth: number, kind: "array" | "object"): RawJson {
  return kind === "array"
    ? new RawJson(`${"[".repeat(depth)}1${"]".repeat(depth)}`)
    : new RawJson(`${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`);
}

export const deepNesting: fc.Arbitrary<RawJson> = fc
  .tuple(fc.constantFrom(...NESTING_DEPTHS), fc.constantFrom("array" as const, "object" as const))
  .map(([depth, kind]) => deeplyNested(depth, kind));

/** An object with one more own key, `__proto__` included (a literal would set the prototype instead). */
export function withOwnKey(target: object, key: string, value: unknown): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(target)) ownKey(copy, k, v);
  ownKey(copy, key, value);
  return copy;
}

function ownKey(target: Record<string, unknown>, key: string, value: unknown) {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** What an extra key carries: a payload that would pollute the prototype if merged into an object. */
export const pollutingPayload = (): Record<string, unknown> => withOwnKey({}, POLLUTION_MARK, true);

/** An extra key and its value: the prototype keys, a near-duplicate of a real key, or any text. */
export const extraKey: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...PROTOTYPE_KEYS), weight: 3 },
  { arbitrary: fc.constantFrom(...HOSTILE_STRINGS), weight: 1 },
  { arbitrary: anyText, weight: 1 },
);

/** Any value of any type, hostile ones first: for a place whose schema is unknown or to break. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: hostileString, weight: 4 },
  { arbitrary: fc.constantFrom(...HOSTILE_NUMBERS), weight: 2 },
  { arbitrary: fc.constantFrom(null, true, false, [], {}), weight: 1 },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 1 },
  { arbitrary: fc.constant(null).map(pollutingPayload), weight: 1 },
  { arbitrary: deepNesting, weight: 1 },
);

/**
 * JSON text of a value, where RawJson parts are spliced in as they are. Own keys named `__proto__`
 * are written like any other key (JSON.stringify would too; this serializer keeps RawJson possible).
 */
export function jsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value))
    return `[${value.map((v) => (v === undefined ? "null" : jsonText(v))).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.keys(value)
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${jsonText((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}
