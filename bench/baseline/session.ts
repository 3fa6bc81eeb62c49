import { randomBytes } from "node:crypto";
import { sessionTokenFromCookie, signSessionToken } from "../../src/server/auth/session-cookie";
import { SESSION_HOURS } from "../../src/shared/limits";
import type { SqlClient } from "../lib/sql-client";

/**
 * Session cookies the way better-auth makes them (better-call's signed cookies): the value is
 * `token.signature` (src/server/auth/session-cookie.ts, which our server reads them with). The
 * baseline does the same signing and checking work as our server.
 */
export const SESSION_COOKIE = "better-auth.session_token";

export function sessionCookieHeader(token: string, secret: string): string {
  const value = encodeURIComponent(`${token}.${signSessionToken(token, secret)}`);
  return `${SESSION_COOKIE}=${value}; Max-Age=${SESSION_HOURS * 3600}; Path=/; HttpOnly; SameSite=Lax`;
}

/** The session token from a Cookie header if its signature is valid, else null. */
export function sessionTokenFrom(cookieHeader: string | undefined, secret: string): string | null {
  return sessionTokenFromCookie(cookieHeader, SESSION_COOKIE, secret);
}

export interface SessionUser {
  userId: string;
  /** Null also while their organization requires two-factor authentication they have not set up. */
  adminOrganizationId: string | null;
}

/**
 * The signed-in user of a live session, in one query, with what decision 015 needs to withhold their
 * organization admin role (loadSessionActor in src/server/users/actor.ts does the same in its query):
 * their two-factor flag and their organization's requirement of it.
 */
export async function findSessionUser(sql: SqlClient, token: string): Promise<SessionUser | null> {
  const rows = await sql.query<{
    user_id: string;
    admin_organization_id: string | null;
    two_factor_enabled: boolean;
    admin_organization_requires: boolean | null;
  }>(
    `select s.user_id, u.admin_organization_id, u.two_factor_enabled,
            ao.require_admin_two_factor as admin_organization_requires
       from sessions s join users u on u.id = s.user_id
       left join organizations ao on ao.id = u.admin_organization_id
      where s.token = $1 and s.expires_at > now()`,
    [token],
  );
  const row = rows[0];
  if (!row) return null;
  const withheld = row.admin_organization_requires === true && !row.two_factor_enabled;
  return { userId: row.user_id, adminOrganizationId: withheld ? null : row.admin_organization_id };
}

/** A random id or token of better-auth's length (32 characters). */
export function randomToken(): string {
  return randomBytes(24).toString("base64url");
}

/** Inserts a session row and records the login time, as our server's session hook does. */
export async function createSession(
  sql: SqlClient,
  userId: string,
  client: { ipAddress: string | undefined; userAgent: string | undefined },
): Promise<string> {
  const token = randomToken();
  await sql.query(
    `insert into sessions (id, token, user_id, expires_at, ip_address, user_agent)
     values ($1, $2, $3, now() + make_interval(hours => $4), $5, $6)`,
    [randomToken(), token, userId, SESSION_HOURS, client.ipAddress ?? null, client.userAgent ?? null],
  );
  await sql.query("update users set last_login_at = now() where id = $1", [userId]);
  return token;
}
