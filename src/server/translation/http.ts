import { z } from "zod";
import type { AppContext } from "../http/context";
import { AppError } from "../http/errors";
import { jsonResponse } from "../http/router";
import { TranslationFailure } from "./provider";

/** When a person may try a failed machine translation again. */
const RETRY_AFTER_SECONDS = "60";

/** The OpenAPI answer of a route that calls the provider. */
export const translationUnavailableResponse = jsonResponse(
  z.object({ error: z.object({ code: z.string(), message: z.string() }) }),
  "The translation service failed, timed out or refused (quota): nothing was changed",
);

/**
 * Runs a translation; a provider failure becomes 503 with Retry-After and the failure's message. Logged as
 * its kind and the provider's status only: the provider's own error text may quote the request (and the
 * API key, which the v2 client sends in the query).
 */
export async function answeringProviderFailures<T>(c: AppContext, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof TranslationFailure)) throw error;
    c.get("deps").log.warn(
      `machine translation failed: ${error.kind} (${String(error.status ?? "no status")})`,
    );
    c.header("Retry-After", RETRY_AFTER_SECONDS);
    throw new AppError("UNAVAILABLE", error.message);
  }
}
