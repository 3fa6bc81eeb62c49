import { isIP } from "node:net";
import { getConnInfo } from "@hono/node-server/conninfo";
import { sql } from "drizzle-orm";
import type { MiddlewareHandler } from "hono";
import { TRUST_PROXY_HEADERS, type TrustProxy } from "../config";
import type { Db, Tx } from "../db/client";
import type { AppContext, AppEnv } from "./context";
import { AppError } from "./errors";

/** The address of the peer on the other end of the socket: this machine's, a proxy's or the client's. */
export function socketAddress(c: AppContext): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined; // app.request() in tests has no socket
  }
}

/**
 * The client's address as the configured trust sees it (docs/decisions/020): with 0, the socket's; with
 * n trusted proxies, the right-most X-Forwarded-For entry after skipping the n-1 entries the proxies
 * behind the first added: the address the outermost trusted proxy saw connect. Entries further left
 * are whatever the client sent and are never read. With a platform's header, that header only. A
 * header too short for the hops, or holding no IP address where it counts, gives the socket's address.
 */
export function clientAddress(c: AppContext, trust: TrustProxy): string | undefined {
  if (typeof trust === "string") {
    const value = c.req.header(TRUST_PROXY_HEADERS[trust])?.trim();
    return value && isIP(value) ? value : socketAddress(c);
  }
  if (trust > 0) {
    const entries = c.req.header("x-forwarded-for")?.split(",") ?? [];
    const seen = entries[entries.length - trust]?.trim();
    if (seen && isIP(seen)) return seen;
  }
  return socketAddress(c);
}

/** Our counters share the rate_limits table with better-auth's; the "app:" prefix keeps them apart. */
export function appRateLimitKey(name: string, ...parts: string[]): string {
  return `app:${[name, ...parts].join("|")}`;
}

/** A counter's current fixed window: the hits in it and when it began (epoch milliseconds). */
export interface RateWindow {
  count: number;
  startedAt: number;
}

/**
 * Counts one hit under `key` in a fixed window that begins with its first hit (last_request holds
 * the window's start). One statement, so concurrent requests each see their own count. The row's id is
 * a fresh one, never the key: with both unique, two first hits at once could meet on the id, which
 * ON CONFLICT (key) does not arbitrate (PostgreSQL raises a unique violation there: a 500 under load).
 */
export async function countHit(db: Tx, key: string, windowSeconds: number): Promise<RateWindow> {
  const now = Date.now();
  const windowStart = now - windowSeconds * 1000;
  const result = await db.execute(sql`
    insert into rate_limits (id, key, count, last_request) values (gen_random_uuid()::text, ${key}, 1, ${now})
    on conflict (key) do update set
      count = case when rate_limits.last_request < ${windowStart} then 1 else rate_limits.count + 1 end,
      last_request = case when rate_limits.last_request < ${windowStart} then ${now} else rate_limits.last_request end
    returning count, last_request`);
  const row = (result as unknown as { rows: { count: number; last_request: number | string }[] }).rows[0];
  return { count: Number(row?.count ?? 0), startedAt: Number(row?.last_request ?? now) };
}

/** Gives back a hit counted for a request that turned out not to count (never below zero). */
export async function uncountHit(db: Db, key: string): Promise<void> {
  await db.execute(sql`update rate_limits set count = greatest(count - 1, 0) where key = ${key}`);
}

export async function clearHits(db: Db, key: string): Promise<void> {
  await db.execute(sql`delete from rate_limits where key = ${key}`);
}

/** Clears `key` and every key that extends it with more parts (`key|…`). */
export async function clearHitsUnder(db: Db, key: string): Promise<void> {
  const below = `${key}|`;
  await db.execute(sql`delete from rate_limits where key = ${key} or left(key, ${below.length}) = ${below}`);
}

/** Whole seconds until the window ends (at least 1): the Retry-After of a refusal. */
export function secondsLeftIn(window: RateWindow, windowSeconds: number): number {
  const endsAt = window.startedAt + windowSeconds * 1000;
  return Math.max(1, Math.ceil((endsAt - Date.now()) / 1000));
}

/**
 * A fixed-window limit per client address and route, counted in the database (the same table as
 * better-auth's limiter, under an "app:" prefix) so that every app instance shares the counters.
 */
export function rateLimit(
  name: string,
  opts: { windowSeconds: number; max: number },
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const { db, config } = c.get("deps");
    if (!config.AUTH_RATE_LIMIT) return next();
    const key = appRateLimitKey(name, clientAddress(c, config.TRUST_PROXY) ?? "unknown");
    const { count } = await countHit(db, key, opts.windowSeconds);
    if (count > opts.max) {
      c.header("Retry-After", String(opts.windowSeconds));
      throw new AppError("RATE_LIMITED", "Too many requests. Please wait a minute and try again.");
    }
    await next();
  };
}
