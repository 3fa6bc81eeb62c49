import type { FormResult, SaveFormResult } from "../../src/shared/schemas/forms";
import type { FormUnderTest, RoundTripSamples } from "./types";

export interface TimedAnswer {
  status: number;
  /** From just before the request is sent to the last byte of the answer read. */
  ms: number;
  text: string;
  requestBytes: number;
  responseBytes: number;
}

/**
 * One request as the form's administrator, timed on the client with performance.now(). The body is
 * serialized before the clock starts: the browser's JSON.stringify is not the server's cost.
 */
export async function timedRequest(
  form: Pick<FormUnderTest, "server" | "cookie">,
  method: "GET" | "PUT",
  path: string,
  body?: unknown,
): Promise<TimedAnswer> {
  const headers: Record<string, string> = { cookie: form.cookie, origin: form.server.origin };
  const payload = body === undefined ? undefined : JSON.stringify(body);
  if (payload !== undefined) headers["content-type"] = "application/json";
  const started = performance.now();
  const response = await fetch(`${form.server.baseUrl}${path}`, {
    method,
    headers,
    ...(payload === undefined ? {} : { body: payload }),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  const ms = performance.now() - started;
  return {
    status: response.status,
    ms,
    text,
    requestBytes: payload === undefined ? 0 : Buffer.byteLength(payload),
    responseBytes: Buffer.byteLength(text),
  };
}

/** The form from a 200 answer; anything else stops the measurement with the server's message. */
function parsed<T>(answer: TimedAnswer, what: string): T {
  if (answer.status !== 200)
    throw new Error(`${what} answered ${answer.status}: ${answer.text.slice(0, 300)}`);
  return JSON.parse(answer.text) as T;
}

export function formFrom(answer: TimedAnswer, what: string): FormResult["form"] {
  return parsed<FormResult>(answer, what).form;
}

/** A save answers its receipt (the new revision), not the form. */
export function saveReceiptFrom(answer: TimedAnswer, what: string): SaveFormResult {
  return parsed<SaveFormResult>(answer, what);
}

export const formOfProgramPath = (programId: string) => `/api/forms/program/${encodeURIComponent(programId)}`;
export const formPath = (formId: string) => `/api/forms/${encodeURIComponent(formId)}`;

export function noSamples(): RoundTripSamples {
  return { durationsMs: [], requestBytes: 0, responseBytes: 0, statusCounts: {} };
}

/** Counts the answer's status and keeps its sizes; only a 200's duration is a sample. */
export function recordAnswer(samples: RoundTripSamples, answer: TimedAnswer): void {
  samples.statusCounts[answer.status] = (samples.statusCounts[answer.status] ?? 0) + 1;
  samples.requestBytes = answer.requestBytes;
  samples.responseBytes = answer.responseBytes;
  if (answer.status === 200) samples.durationsMs.push(answer.ms);
}
