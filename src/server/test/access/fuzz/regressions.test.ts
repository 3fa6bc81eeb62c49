import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorBodySchema } from "../../../../shared/schemas/common";
import { NUL_MESSAGE, SURROGATE_MESSAGE } from "../../../http/text-guard";
import { buildOrg, buildProgram, buildUser } from "../../factories";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../../harness";

/**
 * The fuzzer's findings, each as the smallest request that shows it. An open one is `it.fails` here
 * (and listed in known-findings.ts, which lets the fuzzer carry on past it); a fix makes the test pass,
 * which fails the suite until the finding and the `.fails` are removed. Fixed ones stay, as plain
 * regressions.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** A request exactly as given: no JSON body or content type added by the harness. */
const raw = (path: string, init: { method: string; headers?: Record<string, string>; body?: string }) =>
  t.app.request(path, { ...init, headers: { origin: TEST_ORIGIN, ...init.headers } });

const json = (method: string, body: unknown, cookie?: string) => ({
  method,
  headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
  body: JSON.stringify(body),
});

/** A new organization with a program, and its admin signed in. */
async function adminOfNewOrg() {
  const org = await buildOrg(t.deps.db);
  const program = await buildProgram(t.deps.db, org.id);
  const admin = await buildUser(t.deps.db, { adminOrganizationId: org.id });
  return { org, program, cookie: await t.signIn(admin.email) };
}

/** better-auth refuses its own routes in its own shape, `{ code?, message }` (fuzz/check.ts): not a 500. */
async function expectAuthRefusal(res: Response) {
  const text = await res.text();
  expect(res.status, text).toBeGreaterThanOrEqual(400);
  expect(res.status, text).toBeLessThan(500);
  expect(typeof (JSON.parse(text) as { message?: unknown }).message, text).toBe("string");
}

/** Bad text may fairly be a 400 or a 404 (nothing has that id): the fix decides; not a 500. */
async function expectRefusal(res: Response) {
  const text = await res.text();
  expect(res.status, text).toBeGreaterThanOrEqual(400);
  expect(res.status, text).toBeLessThan(500);
  expect(errorBodySchema.safeParse(JSON.parse(text)).success, text).toBe(true);
}

async function expectTextRefused(res: Response, field: string, message: string) {
  expect(res.status).toBe(400);
  expect(await res.json()).toEqual({
    error: { code: "VALIDATION", message, fields: { [field]: [message] } },
  });
}

const expectNulRefused = (res: Response, field: string) => expectTextRefused(res, field, NUL_MESSAGE);

/** A JSON object nested `depth` deep: `{"a":{"a":…1…}}`. */
const nested = (depth: number) => `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;

describe("fixed findings of the endpoint fuzzer", () => {
  // better-auth deep-merges what a before hook returns; these hooks return the whole body.
  it("a body nested 10,000 deep on a second-factor code check is refused, not a 500", async () => {
    for (const path of ["/api/auth/two-factor/verify-totp", "/api/auth/two-factor/verify-backup-code"]) {
      const res = await raw(path, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: `{"code":"000000","deep":${nested(10_000)}}`,
      });
      await expectAuthRefusal(res);
    }
  });

  it("a body nested 10,000 deep on a password change is refused, not a 500", async () => {
    const { cookie } = await adminOfNewOrg();
    const body = `{"currentPassword":"not-the-password","newPassword":"a-long-password-2","deep":${nested(10_000)}}`;
    for (const headers of [{}, { cookie }] as Record<string, string>[]) {
      const res = await raw("/api/auth/change-password", {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body,
      });
      await expectAuthRefusal(res);
    }
  });
  it("U+0000 in a path parameter is refused, not a 500", async () => {
    const { program, cookie } = await adminOfNewOrg();
    const res = await raw(`/api/ratings/%00?count=true&programId=${program.id}`, {
      method: "GET",
      headers: { cookie },
    });
    await expectRefusal(res);
  });

  it("an unpaired surrogate in an organization's new name is a 400 naming the field, not a 500 (jsonb)", async () => {
    const { org, cookie } = await adminOfNewOrg();
    const res = await raw(
      "/api/organizations/updateOrg",
      json("POST", { orgId: org.id, name: "Trust \ud83d", increment: 1 }, cookie),
    );
    await expectTextRefused(res, "name", SURROGATE_MESSAGE);
  });

  // PostgreSQL took these (as U+FFFD); PGlite's encoder did not. Now both refuse them at the door.
  it("two unpaired surrogates in a query parameter are a 400 naming the field, not a 500 (PGlite)", async () => {
    const { program, cookie } = await adminOfNewOrg();
    const body = { programId: program.id, name: "Group", reviewers: ["\udc00\udc00"] };
    const res = await raw("/api/reviewerGroups", json("POST", body, cookie));
    await expectTextRefused(res, "reviewers.0", SURROGATE_MESSAGE);
  });

  it("a JSON body nested 100,000 levels deep holding a NUL is refused, not a 500 (the NUL guard's recursion)", async () => {
    const deep = `${"[".repeat(100_000)}${"]".repeat(100_000)}`;
    const res = await raw("/api/email/error", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: `{"deep":${deep},"code":"\\u0000","message":"m"}`,
    });
    await expectRefusal(res);
  });

  // No body and no Content-Type: what a client sends when it forgets the body.
  it("PATCH /api/submissions/updateField/:id without a body is a 400, not a 500", async () => {
    const { cookie } = await adminOfNewOrg();
    const res = await raw(`/api/submissions/updateField/${randomUUID()}`, {
      method: "PATCH",
      headers: { cookie },
    });
    expect(res.status).toBe(400);
    await expectRefusal(res);
  });

  it("an /api/auth path better-auth does not serve is a 404 in the error shape, not an empty one", async () => {
    const res = await raw("/api/auth/no-such-endpoint", { method: "GET" });
    expect(res.status).toBe(404);
    await expectRefusal(res);
  });

  it("an /api/auth endpoint better-auth has not enabled is a 404 in the error shape", async () => {
    const { cookie } = await adminOfNewOrg();
    const res = await raw("/api/auth/delete-user", json("POST", { password: "x" }, cookie));
    expect(res.status).toBe(404);
    await expectRefusal(res);
  });
});

describe("the text guard's answers, as the fuzzer first found them", () => {
  it("U+0000 in a JSON string is a 400 naming the field (an anonymous error report)", async () => {
    await expectNulRefused(
      await raw("/api/email/error", json("POST", { code: "X", message: "a\u0000b" })),
      "message",
    );
  });

  it("U+0000 in a name is a 400 naming the field (an admin renaming a program)", async () => {
    const { program, cookie } = await adminOfNewOrg();
    const res = await raw(`/api/programs/${program.id}/name`, json("PATCH", { name: "Arts\u0000" }, cookie));
    await expectNulRefused(res, "name");
  });
});
