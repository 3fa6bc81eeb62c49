import type { z } from "zod";
import { errorBodySchema } from "../../shared/schemas/common";

/** A failed API call, carrying the server's `{ error: { code, message, fields } }` body. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string[]> | undefined;
  /** What a stale save's 409 says is stored now (decision 016). */
  readonly current: unknown;

  constructor(
    status: number,
    code: string,
    message: string,
    fields?: Record<string, string[]>,
    current?: unknown,
  ) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.current = current;
  }
}

type Method = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

interface RequestOptions<T> {
  method?: Method;
  body?: unknown;
  /** The shared zod schema of the response: a server that drifts from the contract fails loudly here. */
  schema: z.ZodType<T>;
  /** Extra request headers (e.g. a guest draft's `x-submission-token`). */
  headers?: Record<string, string>;
}

/** Options shared by the helpers below. */
export interface ApiCallOptions {
  /** Extra request headers (e.g. a guest draft's `x-submission-token`). */
  headers?: Record<string, string>;
}

async function errorFromResponse(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => null);
  const parsed = errorBodySchema.safeParse(body);
  if (parsed.success) {
    const { code, message, fields, current } = parsed.data.error;
    return new ApiError(response.status, code, message, fields, current);
  }
  return new ApiError(response.status, `HTTP_${response.status}`, response.statusText);
}

/** The one way the client talks to `/api`: same-origin cookies, JSON both ways, typed failures. */
export async function apiRequest<T>(
  path: string,
  { method = "GET", body, schema, headers }: RequestOptions<T>,
): Promise<T> {
  const response = await fetch(path, {
    method,
    credentials: "same-origin",
    headers: {
      ...headers,
      ...(body === undefined
        ? { Accept: "application/json" }
        : { Accept: "application/json", "Content-Type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw await errorFromResponse(response);
  const parsed = schema.safeParse(await response.json().catch(() => null));
  if (!parsed.success) {
    // 502, as a gateway would say: the server answered, but not with what the contract promises.
    throw new ApiError(502, "INVALID_RESPONSE", `Unexpected response from ${method} ${path}`);
  }
  return parsed.data;
}

export function apiGet<T>(path: string, schema: z.ZodType<T>, options: ApiCallOptions = {}): Promise<T> {
  return apiRequest(path, { schema, headers: options.headers });
}

export function apiSend<T>(
  method: Exclude<Method, "GET">,
  path: string,
  body: unknown,
  schema: z.ZodType<T>,
  options: ApiCallOptions = {},
): Promise<T> {
  return apiRequest(path, { method, body, schema, headers: options.headers });
}

/** PUTs a file's bytes to a signed upload address (same origin, with the session). */
export async function apiUpload<T>(
  uploadUrl: string,
  file: Blob,
  schema: z.ZodType<T>,
  options: ApiCallOptions = {},
): Promise<T> {
  const response = await fetch(uploadUrl, {
    method: "PUT",
    credentials: "same-origin",
    headers: {
      ...options.headers,
      Accept: "application/json",
      "Content-Type": file.type || "application/octet-stream",
    },
    body: file,
  });
  if (!response.ok) throw await errorFromResponse(response);
  const parsed = schema.safeParse(await response.json().catch(() => null));
  if (!parsed.success)
    throw new ApiError(502, "INVALID_RESPONSE", `Unexpected response from PUT ${uploadUrl}`);
  return parsed.data;
}

/** Path segments come from data (ids), so they are always encoded. */
export function apiPath(strings: TemplateStringsArray, ...segments: string[]): string {
  return strings.reduce(
    (path, part, i) => path + part + (i < segments.length ? encodeURIComponent(segments[i] ?? "") : ""),
    "",
  );
}
