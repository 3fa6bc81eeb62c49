import { describe, expect, it } from "vitest";
import { jsonDepth, MAX_JSON_DEPTH } from "./json-depth";

describe("JSON nesting", () => {
  it("counts arrays and objects, not brackets inside strings", () => {
    expect(jsonDepth('{"a":[1,{"b":"[[[{{{"}]}')).toBe(3);
    expect(jsonDepth('"\\"[[["')).toBe(0);
    expect(jsonDepth(`${"[".repeat(MAX_JSON_DEPTH + 1)}${"]".repeat(MAX_JSON_DEPTH + 1)}`)).toBe(
      MAX_JSON_DEPTH + 1,
    );
  });
});
