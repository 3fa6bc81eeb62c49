import { OpenAPIHono } from "@hono/zod-openapi";
import type { z } from "zod";
import { errorBodySchema } from "../../shared/schemas/common";
import type { AppEnv } from "./context";
import { validationError } from "./errors";

/**
 * A router whose zod failures become 400 with field errors, in the one error shape. The app's root
 * router is not `strict`: the seed calls some paths with a trailing slash (`…/{userId}/?count=true`).
 */
export function createRouter(options: { strict?: boolean } = {}) {
  return new OpenAPIHono<AppEnv>({
    ...options,
    defaultHook: (result) => {
      if (!result.success) throw validationError(result.error as unknown as z.ZodError);
    },
  });
}

/** A required JSON body: without `required`, a request with no JSON content type would skip validation. */
export function jsonBody<T extends z.ZodType>(schema: T) {
  return { required: true, content: { "application/json": { schema } } } as const;
}

export function jsonResponse<T extends z.ZodType>(schema: T, description: string) {
  return { description, content: { "application/json": { schema } } } as const;
}

const errorResponse = (description: string) => jsonResponse(errorBodySchema, description);

/** The error answers most routes can give, for the OpenAPI document. */
export const errorResponses = {
  400: errorResponse("Invalid input: field errors"),
  401: errorResponse("Not signed in"),
  404: errorResponse("Not found, or not visible to this user"),
} as const;
