import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { reviewTemplateDefinitionSchema } from "../../../shared/review/templates";
import { EDIT_CONFLICT_MESSAGES } from "../../../shared/schemas/edit-conflict-constants";
import type { ReviewTemplateList } from "../../../shared/schemas/review-templates";
import { EDIT_CONFLICT_TEXT, EditConflictNotice } from "../../components/edit-conflict-notice";
import { ApiError } from "../../lib/api-client";
import { isEditConflict } from "../../lib/edit-conflict";
import { render as renderInApp } from "../../test/render";
import { templateKeys } from "./api";
import { ReviewTemplates } from "./review-templates-page";
import { failureLines, issueLines, sectionLabel, templateSummary } from "./template-editor";

const LIST: ReviewTemplateList = {
  templates: [
    {
      _id: "t1",
      name: "General Operating Support",
      revision: 1,
      updatedAt: "2026-11-27T10:00:00.000Z",
      definition: {
        name: "General Operating Support",
        form: "General Operating Support application",
        sections: [
          { number: 1, title: "1 - Need" },
          { number: 5, title: "5 - Use of funds" },
        ],
        rules: [{ wording: "*grant pay for*", match: "pattern", section: 5 }],
      },
    },
  ],
  programs: [
    {
      _id: "p1",
      name: "Neighbourhood Fund 2019 (imported)",
      appVersion: 1,
      archived: false,
      reviewTemplateId: "t1",
      unplaced: [{ questionId: "q8", wording: "When will each part be done?" }],
    },
  ],
};

/** The page as it shows once the templates have arrived. */
function render(list: ReviewTemplateList): string {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } },
  });
  queryClient.setQueryData(templateKeys.list("u1", "o1"), list);
  return renderInApp(<ReviewTemplates userId="u1" organizationId="o1" />, { queryClient });
}

describe("the review templates page", () => {
  const html = render(LIST);

  it("lists each template with its form, its counts and its actions named for it", () => {
    expect(html).toMatch(/<h1[^>]*>Review Templates<\/h1>/);
    expect(html).toContain(">General Operating Support application<");
    for (const action of ["Edit", "Export", "Delete"]) {
      expect(html).toContain(`aria-label="${action} General Operating Support"`);
    }
    expect(html).toContain("Import a template (JSON)");
  });

  it("lists, for a bound legacy program, the questions its template leaves under Other", () => {
    expect(html).toContain("Neighbourhood Fund 2019 (imported)");
    expect(html).toContain("Under Other: 1 question(s) no rule places");
    expect(html).toContain(">When will each part be done?<");
  });

  it("says what to do when there is no template and no legacy program", () => {
    const empty = render({ templates: [], programs: [] });
    expect(empty).toContain("No review templates yet: create one or import a template file.");
    expect(empty).toContain("No legacy program (appVersion 1) in the organization");
  });
});

describe("problems of a template file", () => {
  it("names the rule and field of each problem", () => {
    const parsed = reviewTemplateDefinitionSchema.safeParse({
      ...LIST.templates[0]!.definition,
      rules: [{ wording: "Budget", match: "exact", section: 2 }],
    });
    expect(issueLines(parsed.error!)).toEqual([
      "Rule 1 (section): Section 2 is not one of the template's sections.",
    ]);
  });

  it("names a section by its title, with its number unless the title starts with it", () => {
    expect(sectionLabel(5, "5 - Use of funds")).toBe("5 - Use of funds");
    expect(sectionLabel(1, "10 things")).toBe("1. 10 things");
    expect(sectionLabel(3, "Partners")).toBe("3. Partners");
  });

  it("reads a refused save's field errors, or its message", () => {
    const refused = new ApiError(400, "VALIDATION", "Some fields are not valid.", {
      name: ["The name is required."],
    });
    expect(failureLines(refused)).toEqual(["Name: The name is required."]);
    expect(failureLines(new Error("Network down"))).toEqual(["Network down"]);
  });

  it("recognises a stale save as the template's edit conflict and sums up both versions", () => {
    const stored = LIST.templates[0]!;
    const conflict = new ApiError(409, "CONFLICT", EDIT_CONFLICT_MESSAGES.reviewTemplate, undefined, stored);
    expect(isEditConflict(conflict, "reviewTemplate")).toBe(true);
    expect(
      isEditConflict(new ApiError(409, "CONFLICT", EDIT_CONFLICT_MESSAGES.review), "reviewTemplate"),
    ).toBe(false);
    expect(templateSummary(stored.definition)).toBe(
      "General Operating Support (General Operating Support application): 2 sections, 1 rule",
    );
    const notice = renderInApp(
      <EditConflictNotice
        title="This template was changed by someone else"
        message={EDIT_CONFLICT_MESSAGES.reviewTemplate}
        theirs={templateSummary(stored.definition)}
        yours={templateSummary({ ...stored.definition, rules: [] })}
        label="review template"
        onReload={() => {}}
        onKeepMine={() => {}}
      />,
    );
    expect(notice).toContain("Someone else changed this review template while you were editing.");
    expect(notice).toContain(`aria-label="${EDIT_CONFLICT_TEXT.keepMine}: review template"`);
  });
});
