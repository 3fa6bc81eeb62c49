import { lazySchema, type SchemaSource, schemaOf } from "./lazy-schema";

/** The error body's shared schema, loaded with the first failure (docs/decisions/043-zod-off-the-first-paint.md). */
const errorBodySchema = lazySchema(() =>
  import("../../shared/schemas/common").then((m) => m.errorBodySchema),
);

/** A failed API call, carrying the server's `{ error: { code, message, fields } }` body. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string[]> | undefined;
  /** What a stale save's 409 says is stored now (decision 016). */
  readonly current: unknown;
  /** The error as the server sent it, for a call whose failure says more (a refused import's report). */
  readonly raw: unknown;

  constructor(
    status: number,
    code: string,
    message: string,
    fields?: Record<string, string[]>,
    current?: unknown,
    raw?: unknown,
  ) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.current = current;
    this.raw = raw;
  }
}

type Method = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

interface RequestOptions<T> {
  method?: Method;
  body?: unknown;
  /**
   * The shared zod schema of the response: a server that drifts from the contract fails loudly here. A lazy
   * one starts loading with the request, so the two travel side by side.
   */
  schema: SchemaSource<T>;
  /** Extra request headers (e.g. a guest draft's `x-submission-token`). */
  headers?: Record<string, string>;
}

/** Options shared by the helpers below. */
export interface ApiCallOptions {
  /** Extra request headers (e.g. a guest draft's `x-submission-token`). */
  headers?: Record<string, string>;
}

/** The failure an answer's body describes (our error shape), or one named by its status. */
export async function errorFromBody(status: number, statusText: string, body: unknown): Promise<ApiError> {
  // Without its schema (the network dropped as it loaded), the failure is named by its status.
  const schema = await errorBodySchema.load().catch(() => null);
  const parsed = schema?.safeParse(body);
  if (parsed?.success) {
    const { code, message, fields, current } = parsed.data.error;
    return new ApiError(status, code, message, fields, current, (body as { error: unknown }).error);
  }
  return new ApiError(status, `HTTP_${status}`, statusText);
}

async function errorFromResponse(response: Response): Promise<ApiError> {
  return errorFromBody(response.status, response.statusText, await response.json().catch(() => null));
}

/** The one way the client talks to `/api`: same-origin cookies, JSON both ways, typed failures. */
export async function apiRequest<T>(
  path: string,
  { method = "GET", body, schema, headers }: RequestOptions<T>,
): Promise<T> {
  const schemaLoad = Promise.resolve(schemaOf(schema));
  // Awaited below unless the request fails first: then a failed load has nothing more to say.
  schemaLoad.catch(() => undefined);
  // A Blob (a file sent as it is, e.g. a zip) goes with its own type; anything else as JSON.
  const contentType: Record<string, string> =
    body === undefined ? {} : { "Content-Type": body instanceof Blob ? body.type : "application/json" };
  const response = await fetch(path, {
    method,
    credentials: "same-origin",
    headers: { ...headers, Accept: "application/json", ...contentType },
    body: body === undefined ? undefined : body instanceof Blob ? body : JSON.stringify(body),
  });
  if (!response.ok) throw await errorFromResponse(response);
  const answer = await response.json().catch(() => null);
  const parsed = (await schemaLoad).safeParse(answer);
  if (!parsed.success) {
    // 502, as a gateway would say: the server answered, but not with what the contract promises.
    throw new ApiError(502, "INVALID_RESPONSE", `Unexpected response from ${method} ${path}`);
  }
  return parsed.data;
}

export function apiGet<T>(path: string, schema: SchemaSource<T>, options: ApiCallOptions = {}): Promise<T> {
  return apiRequest(path, { schema, headers: options.headers });
}

export function apiSend<T>(
  method: Exclude<Method, "GET">,
  path: string,
  body: unknown,
  schema: SchemaSource<T>,
  options: ApiCallOptions = {},
): Promise<T> {
  return apiRequest(path, { method, body, schema, headers: options.headers });
}

/** Where a file goes: the app's own address (PUT), or a bucket's signed form (POST) then `completeUrl`. */
export interface UploadAddress {
  uploadUrl: string;
  fields?: Record<string, string> | undefined;
  completeUrl?: string | undefined;
}

/**
 * Sends a file to its signed upload address and answers what the server says of it: PUT to the app
 * (same origin, with the session), or, on a bucket, a form POST of the address's fields and the file
 * straight to the bucket (no cookies go there), then POST `completeUrl` so the server checks and
 * attaches it. `onProgress` gets the fraction sent (1 only once the server has accepted it).
 */
export function apiUpload<T>(
  address: UploadAddress,
  file: Blob,
  schema: SchemaSource<T>,
  options: ApiCallOptions & { onProgress?: (fraction: number) => void } = {},
): Promise<T> {
  const { onProgress, headers } = options;
  const toBucket = address.fields !== undefined && address.completeUrl !== undefined;
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(toBucket ? "POST" : "PUT", address.uploadUrl);
    let body: Blob | FormData = file;
    if (toBucket) {
      const form = new FormData();
      for (const [field, value] of Object.entries(address.fields ?? {})) form.append(field, value);
      form.append("file", file);
      body = form;
    } else {
      request.withCredentials = true;
      request.setRequestHeader("Accept", "application/json");
      request.setRequestHeader("Content-Type", file.type || "application/octet-stream");
      for (const [name, value] of Object.entries(headers ?? {})) request.setRequestHeader(name, value);
    }
    request.upload.onprogress = (event) => {
      // The last step (the server's check) comes after the bytes: the bar waits just short of full.
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.min(0.99, event.loaded / event.total));
    };
    request.onload = () => {
      let answer: unknown = null;
      try {
        answer = JSON.parse(request.responseText);
      } catch {
        answer = null;
      }
      if (request.status < 200 || request.status >= 300) {
        errorFromBody(request.status, request.statusText, toBucket ? null : answer).then(reject, reject);
        return;
      }
      const finish = toBucket
        ? apiSend("POST", address.completeUrl ?? "", undefined, schema, { headers })
        : parseAnswer(answer, schema, address.uploadUrl);
      finish.then((result) => {
        onProgress?.(1);
        resolve(result);
      }, reject);
    };
    request.onerror = () => reject(new TypeError("The upload could not reach the server"));
    request.onabort = () => reject(new TypeError("The upload was interrupted"));
    request.send(body);
  });
}

async function parseAnswer<T>(answer: unknown, schema: SchemaSource<T>, uploadUrl: string): Promise<T> {
  const parsed = (await schemaOf(schema)).safeParse(answer);
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
