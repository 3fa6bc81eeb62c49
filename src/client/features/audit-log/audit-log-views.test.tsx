import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import type { AuditEvent, AuditListResult } from "../../../shared/schemas/audit";
import type { UserProgram } from "../../../shared/schemas/users";
import { timeZoneNote } from "../../components/date-values";
import { userKeys } from "../../lib/query-keys";
import { render as renderInApp } from "../../test/render";
import { auditKeys } from "./api";
import { AUDIT_TEXT, whenText } from "./audit-format";
import { AuditLog } from "./audit-log-page";

const program = (id: string, name: string, organizationId = "o1"): UserProgram => ({
  id,
  name,
  organizationId,
  organizationName: "Org",
  role: null,
  isOrganizationAdmin: true,
  archived: false,
  archivedAt: null,
  appVersion: 3,
});

const decided: AuditEvent = {
  _id: "e1",
  createdAt: "2026-03-01T10:00:00.000Z",
  action: "candidate.decided",
  actor: { userId: "u1", email: "ada@example.test", name: "Ada Admin" },
  subjectType: "submission",
  subjectId: "s1",
  subjectLabel: "Bee Project",
  programId: "p1",
  programName: "Arts Fund",
  details: { status: { before: "pending", after: "approved" } },
};
const stripePaid: AuditEvent = {
  ...decided,
  _id: "e2",
  action: "plan.changed",
  actor: { userId: null, email: null, name: null },
  subjectType: "organization",
  subjectId: "o1",
  subjectLabel: "",
  programId: null,
  programName: null,
  details: {},
};

/** The page as the server would render it with the log's first page (and the programs) already loaded. */
function render(pages: AuditListResult[]): string {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } },
  });
  queryClient.setQueryData(auditKeys.list("u1", "o1", {}), {
    pages,
    pageParams: pages.map((_, i) => (i === 0 ? null : `cursor-${i}`)),
  });
  queryClient.setQueryData(userKeys.programs("u1"), {
    programs: [program("p1", "Arts Fund"), program("p9", "Someone Else's", "o2")],
  });
  return renderInApp(<AuditLog userId="u1" organizationId="o1" />, { queryClient });
}

const escaped = (text: string) => text.replaceAll("&", "&amp;").replaceAll("'", "&#x27;");

describe("the audit log page", () => {
  const html = render([{ events: [decided, stripePaid], nextCursor: "next" }]);

  it("has the title and a captioned table with the five columns", () => {
    expect(html).toMatch(/<h1[^>]*>Audit Log<\/h1>/);
    expect(html).toContain(`>${AUDIT_TEXT.caption}</caption>`);
    const columns = [...html.matchAll(/<th[^>]*scope="col"[^>]*>([^<]*)<\/th>/g)].map((m) => m[1]);
    expect(columns).toEqual(["When", "Who", "What", "Program", "Details"]);
  });

  it("shows each event as recorded: when, who, what, program and the changed fields", () => {
    expect(html).toContain(
      `<time dateTime="${decided.createdAt}">${escaped(whenText(decided.createdAt))}</time>`,
    );
    expect(html).toContain(">Ada Admin (ada@example.test)<");
    expect(html).toContain(">Decision or amount changed: Bee Project<");
    expect(html).toContain(">Arts Fund<");
    expect(html).toContain("Status: pending → approved");
    expect(html).toContain(`>${AUDIT_TEXT.product}<`);
    expect(html).toContain(">Plan changed<");
  });

  it("has labelled filters, the programs of this organization only", () => {
    expect(html).toContain('aria-label="Filter the audit log"');
    for (const label of ["Action", "Who (email)", "Program", "From", "To"]) {
      expect(html).toMatch(new RegExp(`<label[^>]*>${escaped(label).replace(/[()]/g, "\\$&")}</label>`));
    }
    expect(html).toContain('data-dates-input="true"');
    expect(html).toContain(`>${AUDIT_TEXT.allActions}</option>`);
    expect(html).toContain('<option value="p1">Arts Fund</option>');
    expect(html).not.toContain("Someone Else");
    expect(html).toContain(">Apply filters<");
  });

  it("names the time zone its days are read in, under both day fields", () => {
    expect(html.split(`>${timeZoneNote()}</p>`)).toHaveLength(3);
  });

  it("offers more when the server has more, and says how many are shown in a live region", () => {
    expect(html).toContain(`>${AUDIT_TEXT.loadMore}<`);
    expect(html).toMatch(/role="status" aria-live="polite"[^>]*>2 events shown, more to load</);
  });

  it("shows every page loaded, and no Load more on the last one", () => {
    const last = render([
      { events: [decided], nextCursor: "c" },
      { events: [stripePaid], nextCursor: null },
    ]);
    expect(last).toContain("Bee Project");
    expect(last).toContain(AUDIT_TEXT.product);
    expect(last).not.toContain(AUDIT_TEXT.loadMore);
  });

  it("says when nothing has been recorded, without a table", () => {
    const empty = render([{ events: [], nextCursor: null }]);
    expect(empty).toContain(AUDIT_TEXT.empty);
    expect(empty).not.toContain("<table");
  });
});
