import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/harness";
import { NUL_MESSAGE, SURROGATE_MESSAGE } from "./text-guard";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string; message: string; fields?: Record<string, string[]> } })
    .error;

describe("a NUL character in a request", () => {
  it("is refused with 400 and its field, however deep the body nests (found by the fuzzer: 500 before)", async () => {
    const deep = `${"[".repeat(100_000)}${"]".repeat(100_000)}`;
    const res = await t.app.request("/api/email/error", {
      method: "POST",
      headers: { "content-type": "application/json", origin: "http://localhost:3000" },
      body: `{"deep":${deep},"code":"\\u0000","message":"m"}`,
    });
    expect(res.status).toBe(400);
    const error = await errorOf(res);
    expect(error.message).toBe(NUL_MESSAGE);
    expect(error.fields).toEqual({ code: [NUL_MESSAGE] });
  });

  it("names the nested field that holds it", async () => {
    const res = await t.request("/api/email/error", {
      method: "POST",
      body: { code: "E", message: "m", extra: { list: ["ok", "bad\u0000"] } },
    });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).fields).toEqual({ "extra.list.1": [NUL_MESSAGE] });
  });

  it("is refused in a path parameter (found by the fuzzer: 500 before)", async () => {
    const res = await t.request("/api/stackings/%00");
    expect(res.status).toBe(400);
    expect((await errorOf(res)).fields).toEqual({ path: [NUL_MESSAGE] });
  });
});

describe("half of a character (an unpaired UTF-16 surrogate) in a request", () => {
  const post = (body: string) =>
    t.app.request("/api/email/error", {
      method: "POST",
      headers: { "content-type": "application/json", origin: "http://localhost:3000" },
      body,
    });

  it("is refused with 400 and its field, a high half or a low half (found by the fuzzer: 500 at jsonb)", async () => {
    for (const half of ["\\ud83d", "\\ude00", "\\uDE00\\uD83D"]) {
      const res = await post(`{"code":"E","message":"cut ${half} here"}`);
      expect(res.status, half).toBe(400);
      const error = await errorOf(res);
      expect(error.message).toBe(SURROGATE_MESSAGE);
      expect(error.fields).toEqual({ message: [SURROGATE_MESSAGE] });
    }
  });

  it("lets a whole character through, escaped or as is", async () => {
    for (const whole of ["\\ud83d\\ude00", "\u{1F600}"]) {
      const res = await post(`{"code":"E","message":"smile ${whole}"}`);
      expect(res.status, whole).toBe(200);
    }
  });
});

describe("a body the guard has read", () => {
  it("still reaches better-auth whole: a sign-in is judged on its password", async () => {
    const res = await t.request("/api/auth/sign-in/email", {
      method: "POST",
      body: { email: "nobody@example.org", password: "not-the-password" },
    });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { code: string }).code).toBe("INVALID_EMAIL_OR_PASSWORD");
  });

  it("still reaches the route whole, the same text parsed once more", async () => {
    const res = await t.request("/api/email/error", { method: "POST", body: { code: "E", message: "é ok" } });
    expect(res.status).toBe(200);
  });
});
