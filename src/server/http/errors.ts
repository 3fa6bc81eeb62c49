import type { z } from "zod";
import { ERROR_STATUS, type ErrorCode } from "../../shared/errors";
import type { ErrorBody } from "../../shared/schemas/common";

/** The one error type services throw; onError turns it into the HTTP answer. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string[]>,
  ) {
    super(message);
  }
  get status(): number {
    return ERROR_STATUS[this.code];
  }
  toBody(): ErrorBody {
    return {
      error: { code: this.code, message: this.message, ...(this.fields ? { fields: this.fields } : {}) },
    };
  }
}

/** Not found — also what a user who may not see a thing gets, so its existence is not revealed. */
export const notFound = (what = "Not found") => new AppError("NOT_FOUND", what);

export function fieldErrorsOf(error: z.ZodError): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.join(".") : "_";
    const list = fields[key] ?? [];
    list.push(issue.message);
    fields[key] = list;
  }
  return fields;
}

export function validationError(error: z.ZodError): AppError {
  return new AppError("VALIDATION", "Some fields are not valid.", fieldErrorsOf(error));
}
