/**
 * Firebase Hosting forwards one cookie to a function, the one named `__session`, and strips every other
 * (docs/deploy/firebase.md, "Cookies"). The product relies on several: better-auth's session cookie, its
 * `two_factor` cookie while a sign-in waits for its second code, and whatever else better-auth may set
 * (`dont_remember`, `trust_device`). Rather than renaming each one inside the app, the function carries
 * all of them in `__session`: on the way out, every Set-Cookie the app answers is folded into one
 * `__session` cookie holding the whole jar; on the way in, `__session` is unfolded into the Cookie header
 * the app has always read. The app, its tests and the Node server never see the difference.
 *
 * The jar is not signed: the cookies inside are what they were (better-auth signs its own), and a client
 * could always send any cookie it liked. Cookies that arrive beside `__session` are dropped, as
 * production drops them, so the emulator (which forwards everything) behaves like Hosting.
 */

export const SESSION_COOKIE = "__session";

/** One cookie in the jar: its value as the app set it and when it expires (epoch seconds; null: with the browser session). */
type Entry = [value: string, expiresAt: number | null];
type Jar = Record<string, Entry>;

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The jar a request's `__session` cookie holds; empty when there is none or it is not ours. */
export function readJar(cookieHeader: string | null, now = nowSeconds()): Jar {
  if (!cookieHeader) return {};
  for (const part of cookieHeader.split(";")) {
    const separator = part.indexOf("=");
    if (separator < 0 || part.slice(0, separator).trim() !== SESSION_COOKIE) continue;
    try {
      const parsed: unknown = JSON.parse(
        Buffer.from(part.slice(separator + 1).trim(), "base64url").toString(),
      );
      if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return {};
      const jar: Jar = {};
      for (const [name, entry] of Object.entries(parsed)) {
        if (!Array.isArray(entry) || typeof entry[0] !== "string") continue;
        const expiresAt = typeof entry[1] === "number" ? entry[1] : null;
        if (expiresAt === null || expiresAt > now) jar[name] = [entry[0], expiresAt];
      }
      return jar;
    } catch {
      return {};
    }
  }
  return {};
}

/** The Cookie header the app reads: the jar's cookies, nothing else. */
export function cookieHeaderOf(jar: Jar): string | null {
  const pairs = Object.entries(jar).map(([name, [value]]) => `${name}=${value}`);
  return pairs.length > 0 ? pairs.join("; ") : null;
}

/** What one Set-Cookie line does to the jar: sets (with its expiry) or removes a cookie. */
function applySetCookie(jar: Jar, line: string, now: number): { secure: boolean } {
  const [pair = "", ...attributes] = line.split(";");
  const separator = pair.indexOf("=");
  const name = pair.slice(0, separator).trim();
  if (separator < 1 || name === SESSION_COOKIE) return { secure: false };
  const value = pair.slice(separator + 1).trim();
  let expiresAt: number | null = null;
  let secure = false;
  for (const attribute of attributes) {
    const [key = "", ...rest] = attribute.split("=");
    const v = rest.join("=").trim();
    switch (key.trim().toLowerCase()) {
      case "max-age":
        // Max-Age wins over Expires, as in browsers.
        expiresAt = now + Number.parseInt(v, 10);
        break;
      case "expires":
        if (!attributes.some((a) => /^\s*max-age=/i.test(a))) expiresAt = Math.floor(Date.parse(v) / 1000);
        break;
      case "secure":
        secure = true;
        break;
    }
  }
  if (value === "" || (expiresAt !== null && !(expiresAt > now))) delete jar[name];
  else jar[name] = [value, expiresAt];
  return { secure };
}

/** The one Set-Cookie line that stores the jar (or removes `__session` when the jar is empty). */
export function jarCookie(jar: Jar, opts: { secure: boolean }, now = nowSeconds()): string {
  const attributes = ["Path=/", "HttpOnly", "SameSite=Lax", ...(opts.secure ? ["Secure"] : [])];
  const entries = Object.values(jar);
  if (entries.length === 0) return [`${SESSION_COOKIE}=`, "Max-Age=0", ...attributes].join("; ");
  const value = Buffer.from(JSON.stringify(jar)).toString("base64url");
  // As long as its longest-lived cookie; a jar of browser-session cookies only is one itself.
  const expiries = entries.map(([, expiresAt]) => expiresAt);
  const maxAge = expiries.includes(null) ? null : Math.max(...(expiries as number[])) - now;
  return [
    `${SESSION_COOKIE}=${value}`,
    ...(maxAge === null ? [] : [`Max-Age=${maxAge}`]),
    ...attributes,
  ].join("; ");
}

type Fetch = (request: Request) => Response | Promise<Response>;

/**
 * The app's fetch as it must run behind Hosting: the request's cookies come out of `__session`, the
 * answer's cookies go back into it. `secure` marks `__session` Secure (an https public origin).
 */
export function withSessionCookie(fetch: Fetch, opts: { secure: boolean }): Fetch {
  return async (request) => {
    const now = nowSeconds();
    const jar = readJar(request.headers.get("cookie"), now);
    const headers = new Headers(request.headers);
    const cookie = cookieHeaderOf(jar);
    if (cookie === null) headers.delete("cookie");
    else headers.set("cookie", cookie);
    const response = await fetch(new Request(request, { headers }));
    const lines = response.headers.getSetCookie();
    if (lines.length === 0) return response;
    let secure = opts.secure;
    for (const line of lines) secure = applySetCookie(jar, line, now).secure || secure;
    const answer = new Response(response.body, response);
    answer.headers.delete("set-cookie");
    answer.headers.append("set-cookie", jarCookie(jar, { secure }, now));
    // Hosting drops Set-Cookie from an answer its CDN could cache, i.e. one not marked private.
    const cacheControl = answer.headers.get("cache-control");
    if (!/\bprivate\b/.test(cacheControl ?? "")) {
      answer.headers.set("cache-control", cacheControl ? `private, ${cacheControl}` : "private, no-store");
    }
    return answer;
  };
}
