import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ORIGIN_REFUSED } from "../shared/messages";
import { allowedOrigins } from "./config";
import { feedback } from "./db/schema";
import { buildCast } from "./test/factories";
import { createTestApp, TEST_PASSWORD, type TestApp } from "./test/harness";

let t: TestApp;
let cast: Awaited<ReturnType<typeof buildCast>>;
beforeAll(async () => {
  t = await createTestApp();
  cast = await buildCast(t.deps.db);
});
afterAll(() => t.close());

describe("request pipeline", () => {
  it("answers /api/health with the database checked", async () => {
    const res = await t.request("/api/health");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
  });

  it("sends security headers with a Content-Security-Policy", async () => {
    const res = await t.request("/api/health");
    expect(res.headers.get("content-security-policy")).toContain("script-src 'self'");
    expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("forbids framing in both headers and denies browser features the product does not use", async () => {
    for (const path of ["/api/health", "/api/auth/get-session", "/api/nope"]) {
      const res = await t.request(path);
      expect(res.headers.get("x-frame-options"), path).toBe("DENY");
      const policy = res.headers.get("permissions-policy") ?? "";
      for (const feature of ["camera", "microphone", "geolocation", "payment", "usb"]) {
        expect(policy, path).toContain(`${feature}=()`);
      }
    }
  });

  it("lets no browser or proxy keep an API answer, signed in, signed out or failed", async () => {
    const cookie = await t.signIn(cast.members.REVIEWER.email);
    for (const [path, who] of [
      [`/api/users/${cast.members.REVIEWER.id}/programs`, cookie],
      ["/api/auth/get-session", cookie],
      ["/api/plans", undefined],
      ["/api/nope", cookie],
    ] as const) {
      const res = await t.request(path, who === undefined ? {} : { cookie: who });
      expect(res.headers.get("cache-control"), path).toBe("no-store");
    }
  });

  it("refuses unsafe requests from another origin and writes nothing", async () => {
    const cookie = await t.signIn(cast.members.REVIEWER.email);
    const res = await t.request("/api/email", {
      method: "POST",
      cookie,
      headers: { origin: "https://evil.example" },
      body: { experience: "good", feedbackType: "Bug", comment: "csrf" },
    });
    expect(res.status).toBe(403);
    expect((await t.deps.db.select({ n: count() }).from(feedback))[0]!.n).toBe(0);
  });

  it("lets a person sign in from 127.0.0.1 as from localhost outside production, and from nowhere else", async () => {
    const signInFrom = (origin: string) =>
      t.request("/api/auth/sign-in/email", {
        method: "POST",
        headers: { origin },
        body: { email: cast.members.REVIEWER.email, password: TEST_PASSWORD },
      });
    expect((await signInFrom("http://127.0.0.1:3000")).status).toBe(200);
    expect((await signInFrom("http://localhost:3000")).status).toBe(200);
    expect((await signInFrom("https://evil.example")).status).toBe(403);
    // better-auth skips its own origin check under a test runner: what it would trust is checked here.
    expect(t.deps.auth.options.trustedOrigins).toEqual([
      "http://localhost:3000",
      "http://127.0.0.1:3000",
      "http://[::1]:3000",
    ]);
    const production = {
      NODE_ENV: "production",
      PORT: 3000,
      publicUrl: "https://grants.example.org",
    } as const;
    expect(allowedOrigins(production)).toEqual(["https://grants.example.org"]);
  });

  it("trusts every loopback alias of the server's and PUBLIC_URL's ports in development, none in production", () => {
    const development = { NODE_ENV: "development", PORT: 8080, publicUrl: "http://localhost:3000" } as const;
    expect(allowedOrigins(development)).toEqual([
      "http://localhost:3000",
      "http://localhost:8080",
      "http://127.0.0.1:8080",
      "http://[::1]:8080",
      "http://127.0.0.1:3000",
      "http://[::1]:3000",
    ]);
    // A public name is not a loopback alias: only the server's own port gets the aliases.
    const named = { NODE_ENV: "development", PORT: 3000, publicUrl: "https://grants.example.org" } as const;
    expect(allowedOrigins(named)).toEqual([
      "https://grants.example.org",
      "http://localhost:3000",
      "http://127.0.0.1:3000",
      "http://[::1]:3000",
    ]);
    const production = { ...named, NODE_ENV: "production" } as const;
    expect(allowedOrigins(production)).toEqual(["https://grants.example.org"]);
  });

  it("explains a refused origin in its answer and, once per origin, in the log", async () => {
    const warn = vi.spyOn(t.deps.log, "warn");
    try {
      const signInFrom = (origin: string) =>
        t.request("/api/auth/sign-in/email", {
          method: "POST",
          headers: { origin },
          body: { email: cast.members.REVIEWER.email, password: TEST_PASSWORD },
        });
      const res = await signInFrom("http://192.168.1.20:3000");
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({
        error: {
          code: "FORBIDDEN_ORIGIN",
          message: ORIGIN_REFUSED.withAddress("http://192.168.1.20:3000", "http://localhost:3000"),
        },
      });
      await signInFrom("http://192.168.1.20:3000");
      const lines = warn.mock.calls.map(([line]) => line).filter((line) => line.includes("192.168.1.20"));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain("this server accepts http://localhost:3000 (PUBLIC_URL)");
      expect(lines[0]).toContain("set PUBLIC_URL");
    } finally {
      warn.mockRestore();
    }
  });

  it("refuses a body over the limit with 400", async () => {
    const res = await t.request("/api/email/error", {
      method: "POST",
      body: JSON.stringify({ code: "500", message: "x".repeat(2_000_000) }),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("BODY_TOO_LARGE");
  });

  it("answers unknown API routes with a JSON 404", async () => {
    const res = await t.request("/api/nope");
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: { code: "NOT_FOUND" } });
  });

  it("serves the OpenAPI document with this issue's calls", async () => {
    const doc = (await (await t.request("/api/openapi.json")).json()) as { paths: Record<string, unknown> };
    for (const p of [
      "/api/health",
      "/api/plans",
      "/api/users/create",
      "/api/users/{userId}",
      "/api/users/{userId}/programs",
      "/api/users/{userId}/currentProgram",
      "/api/users/{userId}/current-program",
      "/api/users/{userId}/name",
      "/api/email",
      "/api/email/error",
    ]) {
      expect(Object.keys(doc.paths)).toContain(p);
    }
  });
});

describe("GET /api/plans", () => {
  it("lists public plans sorted by price, without the Free Trial, and needs no session", async () => {
    const { plans } = (await (await t.request("/api/plans")).json()) as {
      plans: { name: string; price: number; public: boolean }[];
    };
    expect(plans.map((p) => p.name)).toEqual(["Starter", "Foundation", "Enterprise"]);
    expect(plans.map((p) => p.price)).toEqual([49, 149, 499]);
    expect(plans.every((p) => p.public)).toBe(true);
  });
});
