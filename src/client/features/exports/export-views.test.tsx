import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import type { AssignmentListResult } from "../../../shared/schemas/committee";
import { EXPORT_KINDS, EXPORT_LABELS, type ExportJob } from "../../../shared/schemas/exports";
import type { UserProgram } from "../../../shared/schemas/users";
import { render } from "../../test/render";
import { AnonymizedSwitch } from "./export-card";
import { EXPORT_TEXT } from "./export-messages";
import { ExportOptions } from "./export-options-page";
import { timeText } from "./export-rules";
import { exportKeys } from "./query-keys";
import { TEST_CREATED, testJob } from "./test/jobs";

/** As React writes text into HTML. */
const escaped = (text: string) => text.replaceAll("&", "&amp;").replaceAll("'", "&#x27;");
const count = (html: string, text: string) => html.split(text).length - 1;

const CREATED = TEST_CREATED;
const when = timeText(CREATED);

const job = testJob;

const program: UserProgram = {
  id: "p1",
  name: "Arts Fund",
  organizationId: "o1",
  organizationName: "Org",
  role: "ADMIN",
  isOrganizationAdmin: false,
  archived: false,
  archivedAt: null,
  appVersion: 3,
};

const candidates: AssignmentListResult = {
  rows: [
    { _id: "s1", identifier: "Ada's Garden", reviewers: [], reviewerGroups: [] },
    { _id: "s2", identifier: "Bee Project", reviewers: [], reviewerGroups: [] },
  ],
  total: 2,
  page: 1,
  pageSize: 50,
  committee: [],
  groups: [],
};

function renderPage(jobs: ExportJob[]) {
  // Nothing is stale: the server render shows the cache as the page would between two readings.
  const queryClient = new QueryClient({
    defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } },
  });
  queryClient.setQueryData(exportKeys.list("u1", "p1"), { exports: jobs });
  queryClient.setQueryData(exportKeys.candidates("u1", "p1", ""), candidates);
  return render(<ExportOptions userId="u1" program={program} />, { queryClient });
}

/** The opening tag of the element with this accessible name. */
function tagNamed(html: string, label: string): string {
  const tag = html.match(/<[a-z]+[^>]*>/g)?.find((t) => t.includes(`aria-label="${label}"`));
  if (tag === undefined) throw new Error(`Nothing named ${label}`);
  return tag;
}

describe("the export choices", () => {
  const html = renderPage([]);

  it("has the page title, the program, and one card per export with the contract's words", () => {
    expect(html).toMatch(/<h1[^>]*>Export Options<\/h1>/);
    expect(html).toContain("Arts Fund");
    for (const kind of EXPORT_KINDS) {
      expect(html).toMatch(new RegExp(`<h3[^>]*>${escaped(EXPORT_LABELS[kind].title)}</h3>`));
      expect(html).toContain(escaped(EXPORT_LABELS[kind].description));
      expect(html).toContain(`aria-label="Start export: ${EXPORT_LABELS[kind].title}"`);
    }
    expect(count(html, ">Start export<")).toBe(6);
  });

  it("offers a labelled format choice only where there are several, the first chosen", () => {
    expect(count(html, 'role="radiogroup"')).toBe(3);
    expect(count(html, ">Format</div>")).toBe(3);
    expect(count(html, 'checked="" value="csv"')).toBe(3);
    expect(count(html, 'value="xlsx"')).toBe(3);
    expect(count(html, ">XLSX</label>")).toBe(3);
    // The zips say their only format.
    expect(count(html, "Format: ZIP")).toBe(3);
  });

  it("offers the anonymized answers for data, PDFs and the dossier, off", () => {
    expect(count(html, `>${EXPORT_TEXT.anonymizedLabel}<`)).toBe(3);
    expect(count(html, 'role="switch"')).toBe(3);
    expect(html).not.toMatch(/role="switch"[^>]*checked/);
    expect(html).not.toContain("as the applicants wrote them");
  });

  it("asks for the dossier's candidate in a labelled, searchable field", () => {
    expect(html).toMatch(/<label[^>]*>Candidate/);
    expect(html).toMatch(/<input[^>]*placeholder="Search by applicant name" role="combobox"/);
  });

  it("says when there are no recent exports", () => {
    expect(html).toMatch(/<h2[^>]*>Recent exports<\/h2>/);
    expect(html).toContain(EXPORT_TEXT.noExports);
    expect(html).not.toContain("<table");
  });

  it("has a polite live region for the news", () => {
    expect(html).toMatch(/role="status" aria-live="polite"/);
  });
});

describe("the anonymized answers switch", () => {
  it("warns, read with the switch, once it is on", () => {
    const on = render(<AnonymizedSwitch checked onChange={() => undefined} />);
    expect(on).toContain(
      "Answers to anonymized questions will be in the export as the applicants wrote them",
    );
    const describedBy = on.match(/role="switch"[^>]*aria-describedby="([^"]+)"/)?.[1];
    expect(describedBy).toBeDefined();
    expect(on).toContain(`id="${describedBy}"`);
    expect(render(<AnonymizedSwitch checked={false} onChange={() => undefined} />)).not.toContain(
      "as the applicants wrote them",
    );
  });
});

describe("the recent exports", () => {
  const jobs = [
    job("running", { status: "running", processed: 2, total: 3, attempts: 2 }),
    job("preparing", { kind: "matrix", format: "xlsx", status: "running", total: null }),
    job("queued", { kind: "comments" }),
    job("failed", {
      kind: "pdfs",
      format: "zip",
      status: "failed",
      processed: 4,
      total: 9,
      error: "Renderer crashed on submission 17",
    }),
    job("ready", {
      kind: "attachments",
      format: "zip",
      status: "ready",
      processed: 3,
      total: 3,
      fileName: "arts-fund-attachments.zip",
      size: 3 * 1024 * 1024,
      expiresAt: "2025-03-09T10:00:00.000Z",
      downloadUrl: "/api/exports/ready/download?expires=1741514400&signature=abcdefghijklmnopqrstuv",
    }),
  ];
  const html = renderPage(jobs);

  it("lists them in a captioned table, in the order the server sends (newest first)", () => {
    expect(html).toContain("Your recent exports of Arts Fund, newest first");
    const order = [
      "Data (CSV)",
      "Matrix (XLSX)",
      "Comments (CSV)",
      "PDFs of submissions (ZIP)",
      "Attachments (ZIP)",
    ];
    const positions = order.map((name) =>
      html.indexOf(`<td class="m_4e7aa4ef mantine-Table-td">${name}</td>`),
    );
    expect(positions.every((p) => p > 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(count(html, when)).toBeGreaterThanOrEqual(5);
  });

  it("shows processed of total on a labelled bar, its words for a screen reader", () => {
    expect(tagNamed(html, `Progress of Data (CSV) from ${when}`)).toMatch(
      /role="progressbar"[^>]*aria-valuemin="0" aria-valuemax="100" aria-valuenow="66" aria-valuetext="2 of 3 \(66%\)"/,
    );
  });

  it("shows a job without a total yet as preparing, with no value (indeterminate)", () => {
    const bar = tagNamed(html, `Progress of Matrix (XLSX) from ${when}`);
    expect(bar).toContain('aria-valuetext="Preparing…"');
    expect(bar).not.toContain("aria-valuenow");
    expect(tagNamed(html, `Progress of Comments (CSV) from ${when}`)).toContain(
      'aria-valuetext="Waiting to start"',
    );
  });

  it("keeps one progress bar per unfinished or ready job: Mantine's section role is off", () => {
    expect(count(html, 'role="progressbar"')).toBe(4);
  });

  it("says when a job was restarted after an interruption", () => {
    expect(count(html, "Restarted after an interruption")).toBe(1);
  });

  it("shows a failed export's message in an alert (review-and-administration, '8. Error catalogue')", () => {
    expect(html).toMatch(/role="alert"[^>]*>[\s\S]*?Export failed[\s\S]*?Renderer crashed on submission 17/);
    expect(html).not.toContain(`Progress of PDFs of submissions (ZIP) from ${when}`);
  });

  it("offers the download of a ready export as a plain link with its file name, with its size", () => {
    const link = tagNamed(html, "Download arts-fund-attachments.zip");
    expect(link).toMatch(/^<a /);
    expect(link).toContain(
      'href="/api/exports/ready/download?expires=1741514400&amp;signature=abcdefghijklmnopqrstuv"',
    );
    expect(link).toContain('download="arts-fund-attachments.zip"');
    expect(count(html, ">Download</a>")).toBe(1);
    expect(html).toContain(">3 MB<");
    expect(html).toContain(`Kept until ${timeText("2025-03-09T10:00:00.000Z")}`);
  });

  it("offers Delete for finished exports only", () => {
    expect(tagNamed(html, `Delete Attachments (ZIP) from ${when}`)).toMatch(/^<button/);
    expect(tagNamed(html, `Delete PDFs of submissions (ZIP) from ${when}`)).toMatch(/^<button/);
    expect(count(html, ">Delete<")).toBe(2);
  });
});
