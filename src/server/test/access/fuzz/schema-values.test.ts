import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { deeplyNested, jsonText, stringOfLength, withOwnKey } from "./hostile";
import { placesIn } from "./recipe";
import { boundaryLengths, boundaryNumbers, type JsonSchema, schemaAt, valueFor } from "./schema-values";

const name: JsonSchema = { type: "string", minLength: 1, maxLength: 200 };
const body: JsonSchema = {
  type: "object",
  properties: { name, tags: { type: "array", items: { type: "string", maxLength: 5 }, maxItems: 3 } },
  required: ["name"],
};

describe("hostile values from a schema", () => {
  it("tries a string's lengths on both sides of each limit", () => {
    expect(boundaryLengths(name).sort((a, b) => a - b)).toEqual([0, 1, 200, 201]);
    expect(boundaryLengths({ type: "string", minLength: 8, maxLength: 128 }).sort((a, b) => a - b)).toEqual([
      0, 1, 7, 8, 128, 129,
    ]);
  });

  it("makes strings of an exact length in UTF-16 code units, whatever the unit", () => {
    expect(stringOfLength("a", 3)).toBe("aaa");
    expect(stringOfLength("👍", 3)).toHaveLength(3);
    expect(stringOfLength("e\u0301", 5)).toBe("e\u0301e\u0301e");
    expect(stringOfLength("x", 0)).toBe("");
  });

  it("tries a number's bounds and their neighbours", () => {
    const numbers = boundaryNumbers({ type: "integer", minimum: 1, maximum: 100 });
    for (const n of [0, 1, 2, 1.5, 99, 100, 101, 100.5]) expect(numbers).toContain(n);
  });

  it("finds the schema of a place in a body", () => {
    expect(schemaAt(body, ["name"])).toBe(name);
    expect(schemaAt(body, ["tags", 0])).toEqual({ type: "string", maxLength: 5 });
    expect(schemaAt(body, ["nothing", 0])).toBeUndefined();
  });

  it("lists every place of a template and of its schema", () => {
    expect(placesIn({ name: "x", extra: [1] }, body)).toEqual([
      [],
      ["name"],
      ["extra"],
      ["extra", 0],
      ["tags"],
      ["tags", 0],
    ]);
  });

  it("generates over-limit arrays and keys that are not in the schema", () => {
    const values = fc.sample(valueFor(body), { numRuns: 400, seed: 1 });
    const objects = values.filter((v): v is Record<string, unknown> => typeof v === "object" && v !== null);
    expect(objects.some((o) => Array.isArray(o.tags) && o.tags.length === 4)).toBe(true);
    expect(objects.some((o) => Object.keys(o).includes("__proto__"))).toBe(true);
    expect(values.some((v) => typeof v !== "object")).toBe(true);
  });

  it("writes nesting deeper than JSON.stringify could, and own __proto__ keys, as JSON text", () => {
    const deep = jsonText({ a: deeplyNested(100_000, "array") });
    expect(deep).toHaveLength(200_007);
    expect(deep.startsWith('{"a":[[[')).toBe(true);
    expect(jsonText(withOwnKey({}, "__proto__", { x: 1 }))).toBe('{"__proto__":{"x":1}}');
  });
});
