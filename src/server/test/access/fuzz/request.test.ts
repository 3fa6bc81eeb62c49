import { describe, expect, it } from "vitest";
import { jsonText, POLLUTION_MARK } from "./hostile";
import { applyEdit, editPath, editQuery, encodeLoosely, tamper } from "./request";

describe("building fuzzed requests", () => {
  it("percent-encodes lone surrogates as U+FFFD instead of throwing", () => {
    expect(encodeLoosely("a\ud800b")).toBe("a%EF%BF%BDb");
    expect(encodeLoosely("👍/?")).toBe("%F0%9F%91%8D%2F%3F");
  });

  it("changes exactly one character of a token", () => {
    expect(tamper("abc", 1)).toBe("aAc");
    expect(tamper("AAA", 4)).toBe("ABA");
    expect(tamper("", 3)).toBe("x");
  });

  it("replaces the path parameter named by position, encoded or as is; a wildcard takes the rest", () => {
    const pattern = "/api/reviews/:userId/:programId";
    expect(editPath("/api/reviews/u1/p1", pattern, [{ param: 1, value: "a/b", raw: false }])).toBe(
      "/api/reviews/u1/a%2Fb",
    );
    expect(editPath("/api/reviews/u1/p1", pattern, [{ param: 2, value: "..", raw: true }])).toBe(
      "/api/reviews/../p1",
    );
    expect(
      editPath("/api/files/public/a/b/c.png", "/api/files/public/*", [{ param: 0, value: "x", raw: true }]),
    ).toBe("/api/files/public/x");
  });

  it("drops, sets, repeats and adds query parameters, and appends raw text", () => {
    expect(editQuery("programId=p&page=2", [{ op: "drop", index: 1 }])).toBe("programId=p");
    expect(editQuery("programId=p", [{ op: "set", name: "programId", value: "a b" }])).toBe(
      "programId=a%20b",
    );
    expect(editQuery("", [{ op: "repeat", name: "a", values: ["1", "2"] }])).toBe("a=1&a=2");
    expect(
      editQuery("a=1", [
        { op: "add", key: "__proto__", value: "x" },
        { op: "raw", text: "%zz" },
      ]),
    ).toBe("a=1&__proto__=x&%zz");
  });

  it("edits a body where it is told, making the parents a path needs", () => {
    expect(applyEdit({ a: { b: 1 } }, { op: "set", path: ["a", "b"], value: "x" })).toEqual({
      a: { b: "x" },
    });
    expect(applyEdit({ a: 1 }, { op: "set", path: ["list", 0, "id"], value: 2 })).toEqual({
      a: 1,
      list: [{ id: 2 }],
    });
    expect(applyEdit({ a: 1, b: 2 }, { op: "delete", path: ["a"] })).toEqual({ b: 2 });
  });

  it("writes a __proto__ key into the body as an own key, never onto a prototype", () => {
    const body = applyEdit(
      { a: 1 },
      { op: "extra", path: [], key: "__proto__", value: { [POLLUTION_MARK]: true } },
    );
    expect(jsonText(body)).toBe(`{"a":1,"__proto__":{"${POLLUTION_MARK}":true}}`);
    const nested = applyEdit({}, { op: "set", path: ["__proto__", POLLUTION_MARK], value: true });
    expect(jsonText(nested)).toBe(`{"__proto__":{"${POLLUTION_MARK}":true}}`);
    expect(POLLUTION_MARK in {}).toBe(false);
  });
});
