import { verifyPassword } from "better-auth/crypto";
import { createSession, sessionCookieHeader } from "../baseline/session";
import type { Scenario } from "./types";

interface SignInBody {
  email?: unknown;
  password?: unknown;
}

/**
 * Signing in with email and password. Dominated by the scrypt password check (on purpose slow),
 * so the ratio shows what the framework and auth library add around it.
 */
export const signInScenario: Scenario = {
  name: "sign-in",
  description: "POST /api/auth/sign-in/email as a reviewer: password check, new session row, cookie",
  method: "POST",
  path: () => "/api/auth/sign-in/email",
  body: (user) => ({ email: user.email, password: user.password }),
  signedIn: false,
  expectStatus: 200,
  // The password check (scrypt) runs on libuv's 4 threads: 8 connections keep them all busy.
  maxConnections: 8,
  baseline: {
    pattern: /^\/api\/auth\/sign-in\/email$/,
    async handle(request, { sql, secret }) {
      const { email, password } = (request.body ?? {}) as SignInBody;
      if (typeof email !== "string" || typeof password !== "string") {
        return { status: 400, body: { message: "email and password are required" } };
      }
      const invalid = { status: 401, body: { message: "Invalid email or password" } };
      // The user fields better-auth answers with, in its order.
      const [user] = await sql.query<{ id: string }>(
        `select name, email, email_verified as "emailVerified", image, created_at as "createdAt",
                updated_at as "updatedAt", id
           from users where lower(email) = lower($1)`,
        [email],
      );
      if (!user) return invalid;
      const [account] = await sql.query<{ password: string | null }>(
        "select password from accounts where user_id = $1 and provider_id = 'credential'",
        [user.id],
      );
      if (!account?.password || !(await verifyPassword({ hash: account.password, password }))) return invalid;
      const token = await createSession(sql, user.id, {
        ipAddress: request.remoteAddress,
        userAgent: request.headers["user-agent"],
      });
      return {
        status: 200,
        headers: { "set-cookie": sessionCookieHeader(token, secret) },
        body: { redirect: false, token, user },
      };
    },
  },
};
