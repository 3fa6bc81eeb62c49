import { getConnInfo } from "@hono/node-server/conninfo";
import { sql } from "drizzle-orm";
import type { MiddlewareHandler } from "hono";
import type { AppContext, AppEnv } from "./context";
import { AppError } from "./errors";

/** The client's address: the socket's, or the first X-Forwarded-For hop behind a trusted proxy. */
export function clientAddress(c: AppContext, trustProxy: boolean): string | undefined {
  if (trustProxy) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined; // app.request() in tests has no socket
  }
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
    const key = `app:${name}|${clientAddress(c, config.TRUST_PROXY) ?? "unknown"}`;
    const now = Date.now();
    const windowStart = now - opts.windowSeconds * 1000;
    const result = await db.execute<{ count: number }>(sql`
      insert into rate_limits (id, key, count, last_request) values (${key}, ${key}, 1, ${now})
      on conflict (key) do update set
        count = case when rate_limits.last_request < ${windowStart} then 1 else rate_limits.count + 1 end,
        last_request = case when rate_limits.last_request < ${windowStart} then ${now} else rate_limits.last_request end
      returning count`);
    const count = Number((result as unknown as { rows: { count: number }[] }).rows[0]?.count ?? 0);
    if (count > opts.max) {
      c.header("Retry-After", String(opts.windowSeconds));
      throw new AppError("RATE_LIMITED", "Too many requests. Please wait a minute and try again.");
    }
    await next();
  };
}
