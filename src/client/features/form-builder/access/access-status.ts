import type { Form, FormLink } from "../../../../shared/forms/model";

/** The submission link applicants use now: the latest opened (the last added on a tie). */
export function latestSubmissionLink(form: Pick<Form, "submissionLinks">): FormLink | null {
  let latest: FormLink | null = null;
  for (const link of form.submissionLinks) {
    if (latest === null || Date.parse(link.open) >= Date.parse(latest.open)) latest = link;
  }
  return latest;
}

/** Accepting responses: the latest submission link has no close date, or one still in the future. */
export function isAcceptingResponses(form: Pick<Form, "submissionLinks">, now: Date): boolean {
  const link = latestSubmissionLink(form);
  return link !== null && (link.close === null || Date.parse(link.close) > now.getTime());
}

const HOUR_MS = 60 * 60 * 1000;
const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;

/**
 * The applicant status label of a link's close date (forms-and-applicants, "4. States and transitions",
 * "Form availability for applicants"): "Open" without a close date, "Closed" once it has passed, otherwise
 * "Closes in N days and M hours" — hours rounded up, so an open form never reads "0 days and 0 hours".
 */
export function closesInLabel(close: string | null, now: Date): string {
  if (close === null) return "Open";
  const left = Date.parse(close) - now.getTime();
  if (left <= 0) return "Closed";
  const hours = Math.ceil(left / HOUR_MS);
  return `Closes in ${plural(Math.floor(hours / 24), "day")} and ${plural(hours % 24, "hour")}`;
}

/** The spec's default for a scheduled close: 7 days ahead. */
export const DEFAULT_CLOSE_DAYS = 7;

const pad = (n: number) => String(n).padStart(2, "0");

/** A date as a datetime-local input shows it: local time, to the minute ("2030-01-31T09:05"). */
export function toDateTimeLocal(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

export function defaultCloseInput(now: Date): string {
  return toDateTimeLocal(new Date(now.getTime() + DEFAULT_CLOSE_DAYS * 24 * HOUR_MS));
}

/** The Close on field's first value: the close already scheduled when there is one ahead, else the default. */
export function initialCloseInput(link: FormLink | null, now: Date): string {
  const scheduled = link?.close ?? null;
  return scheduled !== null && Date.parse(scheduled) > now.getTime()
    ? toDateTimeLocal(new Date(scheduled))
    : defaultCloseInput(now);
}

/**
 * The close a reopening keeps: the one scheduled before the link was closed early, while it is still ahead
 * (docs/decisions/027-stable-form-address.md).
 */
export function keptScheduledClose(link: FormLink, now: Date): string | null {
  const kept = link.scheduledClose ?? null;
  return kept !== null && Date.parse(kept) > now.getTime() ? kept : null;
}

export const SCHEDULE_MESSAGES = {
  invalid: "Enter a date and time.",
  past: "Choose a date and time in the future.",
} as const;

/** A datetime-local value (local time) as the ISO instant the server takes, or why it cannot be used. */
export function scheduledCloseAt(input: string, now: Date): { at: string } | { error: string } {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(input.trim());
  if (!match) return { error: SCHEDULE_MESSAGES.invalid };
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const date = new Date(year, month - 1, day, hour, minute);
  if (hour > 23 || minute > 59 || date.getMonth() !== month - 1 || date.getDate() !== day) {
    return { error: SCHEDULE_MESSAGES.invalid };
  }
  if (date.getTime() <= now.getTime()) return { error: SCHEDULE_MESSAGES.past };
  return { at: date.toISOString() };
}

/** The links, built from the current host (forms-and-applicants, "2. Screens and routes"). */
export function previewUrl(origin: string, form: Pick<Form, "previewLink">): string {
  return `${origin}/form-preview/${encodeURIComponent(form.previewLink._id)}`;
}

export function applicantUrl(origin: string, form: Pick<Form, "submissionLinks">): string | null {
  const link = latestSubmissionLink(form);
  return link === null ? null : `${origin}/form/${encodeURIComponent(link._id)}`;
}
