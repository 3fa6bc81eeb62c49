import type { BenchUser } from "../scenarios/types";
import type { ServerProcess } from "./server-process";

/** Sign-ins in flight at once: scrypt is CPU-bound, more would only queue on a 2-core machine. */
const CONCURRENCY = 4;

interface SignInResponse {
  user?: { id?: unknown };
}

/** Signs one user in; the session cookie and user id come from the answer. */
async function signIn(server: ServerProcess, email: string, password: string): Promise<BenchUser> {
  const response = await fetch(`${server.baseUrl}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.origin },
    body: JSON.stringify({ email, password }),
    signal: AbortSignal.timeout(10_000),
  });
  const text = await response.text();
  if (response.status !== 200) {
    throw new Error(`Sign-in of ${email} on the ${server.label} server answered ${response.status}: ${text}`);
  }
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(";")[0]!.trim())
    .find((pair) => pair.slice(0, pair.indexOf("=")).includes("session_token"));
  if (!cookie) throw new Error(`Sign-in of ${email} on the ${server.label} server set no session cookie.`);
  const answered = (JSON.parse(text) as SignInResponse).user?.id;
  const userId = answered ?? (await sessionUserId(server, cookie));
  if (typeof userId !== "string") throw new Error(`Sign-in of ${email}: no user id in the answer.`);
  return { email, password, userId, cookie };
}

/** Fallback when the sign-in answer has no user: ask for the session. */
async function sessionUserId(server: ServerProcess, cookie: string): Promise<unknown> {
  const response = await fetch(`${server.baseUrl}/api/auth/get-session`, {
    headers: { cookie, origin: server.origin },
    signal: AbortSignal.timeout(10_000),
  });
  return ((await response.json()) as SignInResponse | null)?.user?.id;
}

export async function signInUsers(
  server: ServerProcess,
  emails: readonly string[],
  password: string,
): Promise<BenchUser[]> {
  const users: BenchUser[] = [];
  for (let start = 0; start < emails.length; start += CONCURRENCY) {
    const batch = emails.slice(start, start + CONCURRENCY);
    users.push(...(await Promise.all(batch.map((email) => signIn(server, email, password)))));
  }
  return users;
}
