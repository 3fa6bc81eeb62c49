import {
  AUDIT_ACTION_LABELS,
  type AuditAction,
  type AuditDetailValue,
  type AuditEvent,
} from "../../../shared/schemas/audit";
import { formatDateTimeSeconds } from "../../lib/date-format";

/** How the audit log page says things: filters to a query, and each event's cells as text. */

export const AUDIT_TEXT = {
  title: "Audit Log",
  intro:
    "Every administrative change in your organization: who made it, when, and what changed. Nothing here can be edited or deleted.",
  caption: "Audit events, newest first",
  empty: "Nothing has been recorded yet.",
  emptyFiltered: "No events match these filters.",
  loadMore: "Load more",
  loadFailed: "The audit log could not be loaded",
  allActions: "All actions",
  allPrograms: "All programs",
  none: "—",
  product: "DecisionHub (automatic)",
  shown: (n: number, more: boolean) => `${n} event${n === 1 ? "" : "s"} shown${more ? ", more to load" : ""}`,
} as const;

export interface AuditFilters {
  action: AuditAction | "";
  /** The email of whoever made the change. */
  actor: string;
  programId: string;
  /** Days as the day fields give them ("2026-03-31"), in the admin's own time zone; both included. */
  fromDay: string;
  toDay: string;
}

export const NO_FILTERS: AuditFilters = { action: "", actor: "", programId: "", fromDay: "", toDay: "" };

export const FILTER_MESSAGES = {
  badDay: "Enter a date.",
  badRange: "The end date cannot be before the start date.",
} as const;

/** Local midnight of a "YYYY-MM-DD" day, or null when it is not a real day. */
function localMidnight(day: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const [year, month, date] = match.slice(1).map(Number) as [number, number, number];
  const midnight = new Date(year, month - 1, date);
  return midnight.getMonth() === month - 1 && midnight.getDate() === date ? midnight : null;
}

const nextDay = (midnight: Date) =>
  new Date(midnight.getFullYear(), midnight.getMonth(), midnight.getDate() + 1);

export type AuditQuery = Record<string, string>;

/**
 * The API query for these filters (empty ones left out): the "to" day is included, so the range ends at
 * the next midnight. Or the field errors, when a day is not a date or the range runs backwards.
 */
export function auditQueryOf(
  filters: AuditFilters,
):
  | { query: AuditQuery; errors?: never }
  | { query?: never; errors: Partial<Record<keyof AuditFilters, string>> } {
  const query: AuditQuery = {};
  const errors: Partial<Record<keyof AuditFilters, string>> = {};
  if (filters.action !== "") query.action = filters.action;
  if (filters.actor.trim() !== "") query.actor = filters.actor.trim().toLowerCase();
  if (filters.programId !== "") query.programId = filters.programId;
  const from = filters.fromDay === "" ? null : localMidnight(filters.fromDay);
  const to = filters.toDay === "" ? null : localMidnight(filters.toDay);
  if (filters.fromDay !== "" && from === null) errors.fromDay = FILTER_MESSAGES.badDay;
  if (filters.toDay !== "" && to === null) errors.toDay = FILTER_MESSAGES.badDay;
  if (from !== null && to !== null && to < from) errors.toDay = FILTER_MESSAGES.badRange;
  if (Object.keys(errors).length > 0) return { errors };
  if (from !== null) query.from = from.toISOString();
  if (to !== null) query.before = nextDay(to).toISOString();
  return { query };
}

/** The API address of a page of events: the query, and the cursor of the page before. */
export function auditEventsPath(organizationId: string, query: AuditQuery, cursor: string | null): string {
  const params = new URLSearchParams(query);
  if (cursor !== null) params.set("cursor", cursor);
  const search = params.toString();
  return `/api/organizations/${encodeURIComponent(organizationId)}/audit-events${search ? `?${search}` : ""}`;
}

/** When, to the second, in the admin's own way of writing dates. */
export function whenText(iso: string): string {
  return formatDateTimeSeconds(iso);
}

/** Who, as they were then: "Name (email)", the email alone, or the product itself (a Stripe payment). */
export function whoText(actor: AuditEvent["actor"]): string {
  if (actor.userId === null) return AUDIT_TEXT.product;
  if (actor.email === null) return actor.name || actor.userId;
  return actor.name ? `${actor.name} (${actor.email})` : actor.email;
}

export function whatText(event: Pick<AuditEvent, "action" | "subjectLabel">): string {
  const label = AUDIT_ACTION_LABELS[event.action];
  return event.subjectLabel === "" ? label : `${label}: ${event.subjectLabel}`;
}

const DETAIL_LABELS: Record<string, string> = {
  status: "Status",
  amount: "Amount",
  role: "Role",
  added: "Added",
  removed: "Removed",
  members: "Members",
  candidates: "Candidates",
  reviewers: "Reviewers",
  reviewerGroups: "Reviewer groups",
  questions: "Questions changed",
  question: "Question",
  fileAdded: "File added",
  fileRemoved: "File removed",
  name: "Name",
  description: "Description",
  increment: "Rating increment",
  plan: "Plan",
  source: "Through",
  kind: "Export",
  format: "Format",
  includeAnonymized: "Anonymized answers included",
  candidate: "Candidate",
  copiedFrom: "Copied from",
  version: "Version",
  closeAt: "Closes",
  allowEdit: "Applicants may edit submitted applications",
};

const ISO_INSTANT = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;

function scalarText(value: string | number | boolean | null): string {
  if (value === null || value === "") return "none";
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (typeof value === "string" && ISO_INSTANT.test(value)) return whenText(value);
  return String(value);
}

function valueText(value: AuditDetailValue): string {
  if (Array.isArray(value)) return value.length === 0 ? "none" : value.join(", ");
  if (value !== null && typeof value === "object") {
    return `${scalarText(value.before)} → ${scalarText(value.after)}`;
  }
  return scalarText(value);
}

/** One line per detail, in the order recorded: "Status: pending → approved", "Added: Ada (ada@…)". */
export function detailLines(details: AuditEvent["details"]): string[] {
  return Object.entries(details).map(([key, value]) => `${DETAIL_LABELS[key] ?? key}: ${valueText(value)}`);
}
