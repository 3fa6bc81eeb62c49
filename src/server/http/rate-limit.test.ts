import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { loadConfig, type TrustProxy } from "../config";
import type { AppEnv } from "./context";
import { clientAddress } from "./rate-limit";

/** What clientAddress answers for a request with these headers, from a socket at `socket`. */
async function addressSeen(
  trust: TrustProxy,
  headers: Record<string, string>,
  socket = "192.0.2.200",
): Promise<string> {
  const app = new Hono<AppEnv>().get("/", (c) => c.text(clientAddress(c, trust) ?? "none"));
  const res = await app.request("/", { headers }, { incoming: { socket: { remoteAddress: socket } } });
  return res.text();
}

describe("clientAddress", () => {
  it("takes the socket's address when no proxy is trusted, whatever the headers say", async () => {
    const headers = { "x-forwarded-for": "198.51.100.1", "fastly-client-ip": "198.51.100.2" };
    expect(await addressSeen(0, headers)).toBe("192.0.2.200");
  });

  it("behind one proxy, takes the entry that proxy added: left-most entries a client sent change nothing", async () => {
    expect(await addressSeen(1, { "x-forwarded-for": "203.0.113.7" })).toBe("203.0.113.7");
    expect(await addressSeen(1, { "x-forwarded-for": "127.0.0.1, 10.0.0.1, 203.0.113.7" })).toBe(
      "203.0.113.7",
    );
    expect(await addressSeen(1, { "x-forwarded-for": "198.51.100.99,203.0.113.7" })).toBe("203.0.113.7");
  });

  it("behind two proxies, skips the one entry the inner proxy added", async () => {
    expect(await addressSeen(2, { "x-forwarded-for": "6.6.6.6, 203.0.113.7, 10.1.2.3" })).toBe("203.0.113.7");
  });

  it("falls back to the socket when the header has fewer entries than trusted hops, or no address there", async () => {
    expect(await addressSeen(2, { "x-forwarded-for": "203.0.113.7" })).toBe("192.0.2.200");
    expect(await addressSeen(1, {})).toBe("192.0.2.200");
    expect(await addressSeen(1, { "x-forwarded-for": "203.0.113.7, not-an-address" })).toBe("192.0.2.200");
    expect(await addressSeen(1, { "x-forwarded-for": "203.0.113.7," })).toBe("192.0.2.200");
  });

  it("on Firebase Hosting reads Fastly-Client-IP only; X-Forwarded-For is not believed", async () => {
    const headers = { "x-forwarded-for": "198.51.100.1", "fastly-client-ip": "203.0.113.8" };
    expect(await addressSeen("firebase", headers)).toBe("203.0.113.8");
    expect(await addressSeen("firebase", { "x-forwarded-for": "198.51.100.1" })).toBe("192.0.2.200");
    // The platform header means nothing in the other modes.
    expect(await addressSeen(1, { "fastly-client-ip": "203.0.113.8" })).toBe("192.0.2.200");
    expect(await addressSeen(0, { "x-fah-client-ip": "203.0.113.8" })).toBe("192.0.2.200");
  });

  it("on Firebase App Hosting reads X-Fah-Client-Ip only", async () => {
    const headers = { "fastly-client-ip": "198.51.100.1", "x-fah-client-ip": "2001:db8::8" };
    expect(await addressSeen("firebase-app-hosting", headers)).toBe("2001:db8::8");
    expect(await addressSeen("firebase-app-hosting", { "fastly-client-ip": "198.51.100.1" })).toBe(
      "192.0.2.200",
    );
  });
});

describe("loadConfig: TRUST_PROXY", () => {
  const trust = (value: string | undefined) => loadConfig({ TRUST_PROXY: value }).TRUST_PROXY;

  it("is a number of trusted proxies, on and off meaning 1 and 0 as before", () => {
    expect(trust(undefined)).toBe(0);
    for (const v of ["off", "false", "no", "0", ""]) expect(trust(v)).toBe(0);
    for (const v of ["on", "true", "yes", "1", "ON"]) expect(trust(v)).toBe(1);
    expect(trust("2")).toBe(2);
  });

  it("names a platform whose header carries the address", () => {
    expect(trust("firebase")).toBe("firebase");
    expect(trust("firebase-app-hosting")).toBe("firebase-app-hosting");
  });

  it("refuses anything else, naming the variable", () => {
    for (const v of ["11", "-1", "cloudflare", "1.5"]) {
      expect(() => trust(v)).toThrow(/TRUST_PROXY: a number of trusted proxies/);
    }
  });
});
