import { describe, expect, it } from "vitest";
import type { ProgramListItem } from "../../../shared/schemas/programs";
import { ApiError } from "../../lib/api-client";
import { render } from "../../test/render";
import { importReportOf, importSummary, isZipFile } from "./import-program-dialog";
import { ProgramsTable } from "./programs-table";

/**
 * Programs of the earlier system's generations on the Programs page (docs/decisions/032-legacy-program-import.md):
 * listed with their counts and opened like any other, and the import's outcome told in words.
 */

const legacy: ProgramListItem = {
  id: "p-legacy",
  name: "Neighbourhood Fund 2019 (imported)",
  organizationId: "o1",
  organizationName: "Demo Foundation",
  role: "REVIEWER",
  isOrganizationAdmin: false,
  archived: false,
  archivedAt: null,
  appVersion: 1,
  numSubmissions: 3,
  numReviews: 4,
};

const actions = {
  userId: "u1",
  onOpen: () => undefined,
  opening: null,
  onRename: () => undefined,
  onDelete: () => undefined,
};

describe("a legacy program on the programs list", () => {
  it("shows its counts and an enabled View button, not 'Deprecated'", () => {
    const html = render(<ProgramsTable programs={[legacy]} caption="Active programs" actions={actions} />);
    expect(html).not.toContain("Deprecated");
    expect(html).toMatch(/<td[^>]*>3<\/td><td[^>]*>4<\/td>/);
    const view = /<button[^>]*aria-label="View Neighbourhood Fund 2019 \(imported\)"[^>]*>/.exec(html)![0];
    expect(view).not.toContain("disabled");
  });
});

describe("the import's outcome", () => {
  it("says what was added, and that a second import added nothing", () => {
    const added = {
      files: 0,
      submissions: 4,
      reviews: 4,
      comments: 1,
      reviewerGroups: 0,
      rankings: 1,
      membersAdded: 2,
      invited: 1,
    };
    expect(importSummary({ programId: "p", appVersion: 1, created: true, added })).toBe(
      "Program imported: 4 applications, 4 reviews, 1 comment, 1 ranking, 2 members added, 1 person invited.",
    );
    const none = {
      ...added,
      submissions: 0,
      reviews: 0,
      comments: 0,
      rankings: 0,
      membersAdded: 0,
      invited: 0,
    };
    expect(importSummary({ programId: "p", appVersion: 1, created: false, added: none })).toBe(
      "This program was already imported: nothing new to add.",
    );
  });

  it("reads a refused file's report from the error, and nothing from other failures", () => {
    const report = [{ record: "review rev-1", field: "userId", reason: "No program user u-9 in the file." }];
    const refused = new ApiError(400, "VALIDATION", "The file was not imported", undefined, undefined, {
      code: "VALIDATION",
      message: "The file was not imported",
      report,
    });
    expect(importReportOf(refused)).toEqual(report);
    expect(importReportOf(new ApiError(403, "PLAN_LIMIT", "Your plan allows 1 active programs."))).toBeNull();
    expect(importReportOf(new Error("offline"))).toBeNull();
  });
});

describe("a zip chosen in the import dialog", () => {
  it("is told from a JSON file by its name or its type, and its files are counted in the outcome", () => {
    expect(isZipFile({ name: "arts-2018.ZIP", type: "" })).toBe(true);
    expect(isZipFile({ name: "export", type: "application/x-zip-compressed" })).toBe(true);
    expect(isZipFile({ name: "program.json", type: "application/json" })).toBe(false);
    const added = {
      files: 4,
      submissions: 2,
      reviews: 1,
      comments: 0,
      reviewerGroups: 0,
      rankings: 0,
      membersAdded: 0,
      invited: 1,
    };
    expect(importSummary({ programId: "p", appVersion: 1, created: true, added })).toBe(
      "Program imported: 2 applications, 4 files, 1 review, 1 person invited.",
    );
  });
});
