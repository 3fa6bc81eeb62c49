import { Table } from "@mantine/core";
import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import type { CandidateStatsPage } from "../../../shared/schemas/candidate-statistics";
import { COMMITTEE_MESSAGES, type FundingStats } from "../../../shared/schemas/committee";
import type { CandidateStatsRow } from "../../../shared/schemas/reviews";
import type { UserProgram } from "../../../shared/schemas/users";
import { render } from "../../test/render";
import { CANDIDATE_STATS_TEXT, COLUMN_HELP } from "./candidate-statistics-messages";
import { CandidateStatistics } from "./candidate-statistics-page";
import { CandidateStatsTableRow } from "./candidate-stats-row";
import { CandidateStatsTable } from "./candidate-stats-table";
import { DEFAULT_SORT, FIRST_PAGE_QUERY } from "./candidate-table-model";
import { recentDecision } from "./decision-undo";
import { candidateStatisticsKeys } from "./query-keys";
import { RatingHistogram } from "./rating-histogram";
import { NO_SELECTION, type Selection, toggleSelected } from "./recipient-selection";

function row(id: string, patch: Partial<CandidateStatsRow> = {}): CandidateStatsRow {
  return {
    _id: id,
    identifier: `Applicant ${id}`,
    status: "pending",
    amount: null,
    numReviews: 3,
    averageRating: 4.333333,
    medianRating: 4,
    standardDeviation: 0.4714,
    minRating: 4,
    maxRating: 5,
    histogram: { "4": 2, "5": 1 },
    suggestedRating: 4.125,
    calibratedRating: 4.5,
    averageRanking: 0.75,
    rankedBy: 2,
    consensusRank: 1,
    ...patch,
  };
}

const program = { _id: "p1", appVersion: 3 };
const noop = () => undefined;

function renderRow(candidate: CandidateStatsRow, expanded = false): string {
  return render(
    <Table>
      <Table.Tbody>
        <CandidateStatsTableRow
          row={candidate}
          program={program}
          totalRankings={5}
          tied={new Set()}
          selected={false}
          expanded={expanded}
          columnCount={13}
          onToggleSelected={noop}
          onToggleExpanded={noop}
          onDecide={noop}
          renderDetails={(r, name) => <RatingHistogram row={r} name={name} />}
        />
      </Table.Tbody>
    </Table>,
  );
}

/** The opening tag of the element with this accessible name (aria-label). */
function tagLabelled(html: string, label: string, tag = "[a-z]+"): string {
  const match = html.match(
    new RegExp(`<${tag}[^>]*aria-label="${label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}"[^>]*>`),
  );
  expect(match, `an element labelled "${label}"`).not.toBeNull();
  return match?.[0] ?? "";
}

/** The opening tag of the button whose content includes `text`. */
function buttonTag(html: string, text: string): string {
  const button = html
    .split("<button")
    .find((part) => part.slice(0, part.indexOf("</button>")).includes(`>${text}<`));
  expect(button, `a button "${text}"`).toBeDefined();
  return `<button${button?.slice(0, button.indexOf(">") + 1) ?? ""}`;
}

describe("a candidate's row", () => {
  it("shows the statistics to 2 decimals, ranked by k of n, and names every control after the candidate", () => {
    const html = renderRow(row("a"));
    for (const text of ["4.33", "4.50", "4.13", "0.47", "0.75", "ranked by 2 of 5", "Pending"]) {
      expect(html).toContain(text);
    }
    tagLabelled(html, "Select Applicant a");
    tagLabelled(html, "Amount for Applicant a");
    expect(tagLabelled(html, "Ratings of Applicant a")).toContain('aria-expanded="false"');
    expect(html).toContain('href="/submissions/p1/a"');
  });

  it("keeps Approve unavailable without an amount, saying why, and Disapprove available", () => {
    const html = renderRow(row("a", { amount: null }));
    const approve = tagLabelled(html, "Approve Applicant a");
    expect(approve).toContain('aria-disabled="true"');
    const describedBy = approve.match(/aria-describedby="([^"]+)"/)?.[1];
    expect(html).toContain(`id="${describedBy}">${COMMITTEE_MESSAGES.approveNeedsAmount}<`);
    expect(tagLabelled(html, "Disapprove Applicant a")).not.toContain("aria-disabled");
  });

  it("offers Approve for a pending candidate with an amount, shown as money with its cents", () => {
    const html = renderRow(row("a", { amount: 1500.5 }));
    expect(tagLabelled(html, "Approve Applicant a")).not.toContain("aria-disabled");
    expect(tagLabelled(html, "Amount for Applicant a")).toContain('value="$1,500.50"');
    expect(tagLabelled(renderRow(row("b", { amount: 3500 })), "Amount for Applicant b")).toContain(
      'value="$3,500.00"',
    );
  });

  it("offers to undo the decision just made in the row, and only then", () => {
    const made = recentDecision(row("a"), "Applicant a", { status: "approved", amount: 10 });
    const html = render(
      <Table>
        <Table.Tbody>
          <CandidateStatsTableRow
            row={row("a", { status: "approved", amount: 10 })}
            program={program}
            totalRankings={5}
            tied={new Set()}
            selected={false}
            expanded={false}
            columnCount={13}
            onToggleSelected={noop}
            onToggleExpanded={noop}
            onDecide={noop}
            recent={made}
            onUndo={noop}
            renderDetails={noop}
          />
        </Table.Tbody>
      </Table>,
    );
    expect(buttonTag(html, CANDIDATE_STATS_TEXT.undo)).toContain(
      'aria-label="Undo the decision for Applicant a"',
    );
    expect(renderRow(row("a"))).not.toContain(">Undo<");
  });

  it("does not offer Approve again to an approved candidate, nor Disapprove to a disapproved one", () => {
    const approved = renderRow(row("a", { status: "approved", amount: 900 }));
    expect(tagLabelled(approved, "Approve Applicant a")).toContain('aria-disabled="true"');
    expect(approved).toContain(CANDIDATE_STATS_TEXT.alreadyApproved);
    expect(tagLabelled(approved, "Disapprove Applicant a")).not.toContain("aria-disabled");

    const disapproved = renderRow(row("a", { status: "disapproved", amount: 0 }));
    expect(tagLabelled(disapproved, "Disapprove Applicant a")).toContain('aria-disabled="true"');
    expect(disapproved).toContain(CANDIDATE_STATS_TEXT.alreadyDisapproved);
  });

  it("reads a missing value as none, not as a dash", () => {
    const html = renderRow(
      row("a", {
        numReviews: 0,
        averageRating: null,
        calibratedRating: null,
        histogram: {},
        consensusRank: null,
      }),
    );
    expect(html).toContain('<span aria-hidden="true">—</span>');
    expect(html).toMatch(/>none</);
  });

  it("shows the histogram of ratings in words when expanded, controlled by the toggle", () => {
    const html = renderRow(row("a"), true);
    const toggle = tagLabelled(html, "Ratings of Applicant a");
    expect(toggle).toContain('aria-expanded="true"');
    const controls = toggle.match(/aria-controls="([^"]+)"/)?.[1];
    expect(html).toMatch(new RegExp(`<tr[^>]*id="${controls}"`));
    const listTag = tagLabelled(html, "Ratings of Applicant a", "ul");
    expect(listTag).toContain('role="list"');
    const list = html.slice(html.indexOf(listTag));
    // Highest first, each with its count in words.
    expect(list.indexOf("Rating 5")).toBeLessThan(list.indexOf("Rating 4"));
    expect(html).toContain("1 review");
    expect(html).toContain("2 reviews");
    expect(html).toContain("Median: 4.00");
  });
});

describe("the candidate table", () => {
  function renderTable(rows: CandidateStatsRow[], selection: Selection = NO_SELECTION, pageCount = 1) {
    return render(
      <CandidateStatsTable
        rows={rows}
        program={program}
        totalRankings={5}
        tied={new Set()}
        sort={DEFAULT_SORT}
        onSort={noop}
        page={1}
        pageCount={pageCount}
        onPage={noop}
        selection={selection}
        onToggleSelected={noop}
        onToggleAllShown={noop}
        expanded={new Set()}
        onToggleExpanded={noop}
        onDecide={noop}
      />,
    );
  }

  it("names the table by a caption outside its scrolling part, and pins the decision column", () => {
    const html = renderTable([row("a")]);
    const captionId = html.match(/<table[^>]*aria-labelledby="([^"]+)"/)?.[1];
    expect(html).toContain(`id="${captionId}">${CANDIDATE_STATS_TEXT.tableCaption}<`);
    expect(html.indexOf(CANDIDATE_STATS_TEXT.tableCaption)).toBeLessThan(html.indexOf("<table"));
    expect(html).not.toContain("<caption");
    // The header and the cell of the decision column share the class that keeps them in view.
    const pinned = html.match(/<th[^>]*class="[^"]*\b(_?decision\w*)"[^>]*><span[^>]*>Decision</)?.[1];
    expect(pinned).toBeDefined();
    expect(html).toMatch(
      new RegExp(`<td[^>]*class="[^"]*${pinned}"[^>]*><div[^>]*><button[^>]*aria-label="Approve`),
    );
  });

  it("has sortable column headers, aria-sort on the sorted one only", () => {
    const html = renderTable([row("a")]);
    expect(html.match(/aria-sort=/g)).toHaveLength(1);
    expect(html).toMatch(/<th[^>]*aria-sort="ascending"[^>]*><button[^>]*>Applicant/);
    for (const label of ["Average rating", "Calibrated", "Suggested rating", "Reviews", "Disagreement"]) {
      expect(html).toMatch(new RegExp(`<button[^>]*>${label}<span aria-hidden="true"`));
    }
  });

  it("explains the calibrated rating beside the raw one, read with its header", () => {
    const html = renderTable([row("a")]);
    const header = html.match(/<button[^>]*aria-describedby="([^"]+)"[^>]*>Calibrated/);
    expect(header).not.toBeNull();
    expect(html).toContain(`id="${header?.[1]}">${COLUMN_HELP.calibratedRating.replace(/'/g, "&#x27;")}<`);
    expect(html.indexOf(">Average rating<")).toBeLessThan(html.indexOf(">Calibrated<"));
  });

  it("shows the page of rows it is given, with named page buttons", () => {
    const html = renderTable(
      Array.from({ length: 10 }, (_, i) => row(String(i).padStart(2, "0"))),
      NO_SELECTION,
      3,
    );
    expect(html.match(/aria-label="Select Applicant \d\d"/g)).toHaveLength(10);
    expect(html).toContain('aria-label="Page 3"');
    expect(html).toContain('aria-label="Next page"');
  });

  it("labels the select-all checkbox with how many candidates are shown", () => {
    const html = renderTable([row("a"), row("b")], toggleSelected(NO_SELECTION, row("a")));
    tagLabelled(html, "Select all 2 shown candidates");
  });

  it("says so when the filters keep no candidate", () => {
    expect(renderTable([])).toContain(CANDIDATE_STATS_TEXT.noMatches);
  });
});

describe("the page for a program", () => {
  const userProgram: UserProgram = {
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

  function renderPage(result: CandidateStatsPage, funding: FundingStats): string {
    const queryClient = new QueryClient();
    queryClient.setQueryData(candidateStatisticsKeys.candidatePage("u1", "p1", FIRST_PAGE_QUERY), result);
    queryClient.setQueryData(candidateStatisticsKeys.funding("u1", "p1"), funding);
    return render(<CandidateStatistics userId="u1" program={userProgram} />, { queryClient });
  }

  it("shows the funding statistics with $ amounts, the table, and Send Emails off with nobody chosen", () => {
    const html = renderPage(
      {
        rows: [row("a", { status: "approved", amount: 1500 }), row("b")],
        totalRankings: 4,
        total: 2,
        page: 1,
        pageSize: 10,
        candidates: 2,
        approved: 1,
        tiedRanks: [],
      },
      { totalFunding: 1500, averageFunding: 1500, approved: 1, disapproved: 0, pending: 1 },
    );
    expect(html).toContain("<h1");
    expect(html).toContain("Candidate Statistics");
    expect(html).toMatch(/<dt[^>]*>Total funding<\/dt><dd[^>]*>\$1,500\.00<\/dd>/);
    expect(html).toMatch(/<dt[^>]*>Average funding \(approved\)<\/dt><dd[^>]*>\$1,500\.00<\/dd>/);
    expect(html).toMatch(/<dt[^>]*>Pending<\/dt><dd[^>]*>1<\/dd>/);
    expect(html).toContain("ranked by 2 of 4");
    expect(html).toContain(CANDIDATE_STATS_TEXT.showing(2, 2));
    expect(html).toContain(CANDIDATE_STATS_TEXT.selected(0));
    expect(buttonTag(html, "Send Emails")).toContain('disabled=""');
    expect(buttonTag(html, "Clear selection")).toContain('disabled=""');
    expect(buttonTag(html, "Select approved")).not.toContain("disabled");
    expect(html).toContain(">Search by applicant name<");
    expect(html).toContain(">Minimum reviews<");
  });

  it("shows the page the server answered: its rows, its count, its pages and the program's ties", () => {
    const html = renderPage(
      {
        // The first page of 23 candidates; the tie at rank 2 is with a candidate on another page.
        rows: Array.from({ length: 10 }, (_, i) =>
          row(String(i).padStart(2, "0"), { consensusRank: i === 0 ? 2 : null }),
        ),
        totalRankings: 4,
        total: 23,
        page: 1,
        pageSize: 10,
        candidates: 23,
        approved: 0,
        tiedRanks: [2],
      },
      { totalFunding: 0, averageFunding: 0, approved: 0, disapproved: 0, pending: 23 },
    );
    expect(html.match(/aria-label="Select Applicant \d\d"/g)).toHaveLength(10);
    expect(html).toContain(CANDIDATE_STATS_TEXT.showing(23, 23));
    expect(html).toContain('aria-label="Page 3"');
    expect(html).not.toContain('aria-label="Page 4"');
    expect(html).toContain("2 (tie)");
    // Nobody is approved anywhere in the program: nothing to select.
    expect(buttonTag(html, "Select approved")).toContain('disabled=""');
  });

  it("says so when nobody has submitted yet", () => {
    const html = renderPage(
      {
        rows: [],
        totalRankings: 0,
        total: 0,
        page: 1,
        pageSize: 10,
        candidates: 0,
        approved: 0,
        tiedRanks: [],
      },
      { totalFunding: 0, averageFunding: 0, approved: 0, disapproved: 0, pending: 0 },
    );
    expect(html).toContain(CANDIDATE_STATS_TEXT.noCandidates);
    expect(html).toContain("$0.00");
  });
});
