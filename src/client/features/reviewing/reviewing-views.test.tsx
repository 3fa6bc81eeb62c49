import { describe, expect, it } from "vitest";
import type { Answer } from "../../../shared/forms/answers";
import { newQuestion, newSection } from "../../../shared/forms/defaults";
import type { Criterion, Question, Section } from "../../../shared/forms/model";
import type {
  CandidateRow,
  CandidateView,
  ReviewAnswer,
  ReviewProgram,
} from "../../../shared/schemas/reviews";
import { REVIEW_MESSAGES } from "../../../shared/schemas/reviews-constants";
import { render } from "../../test/render";
import { AdministrativeCategories } from "./administrative-categories";
import { AnswerTranslationProvider } from "./answer-translation";
import { SectionAnswers } from "./answer-view";
import { CandidateTable } from "./candidate-table";
import { answersByQuestion } from "./canvas";
import { CommentsBlock } from "./comments-block";
import { declareConsequences } from "./declare-conflict-dialog";
import { NO_CONFLICT_TEXT, NoConflictPanel } from "./no-conflict-panel";
import { RatingBlock } from "./rating-block";
import type { ReviewDraft } from "./review-state";
import { REVIEWING_TEXT } from "./reviewing-messages";
import { StepBar } from "./step-bar";

const program: ReviewProgram = {
  _id: "p1",
  name: "Arts Fund",
  appVersion: 3,
  archived: false,
  overrideFinalRating: false,
  increment: 1,
  enableStackedRankings: true,
  showFinalRating: true,
  finalReviewText: "",
  commentText: "",
};

function question(id: string, patch: Partial<Question> = {}): Question {
  return { ...newQuestion("SHORT_ANSWER", `Question ${id}`), _id: id, ...patch };
}

function section(questions: Question[], criteria: Criterion[] = []): Section {
  return { ...newSection("Impact"), _id: "s1", questions, criteria };
}

describe("answers on the submission view", () => {
  it("never puts a withheld answer's content on the page, only the labelled placeholder", () => {
    const withheld: ReviewAnswer = {
      questionId: "email",
      sectionId: "s1",
      type: "SHORT_ANSWER",
      anonymized: true,
      withheld: true,
    };
    const html = render(
      <SectionAnswers
        section={section([question("email", { name: "Contact email", anonymize: true })])}
        answers={answersByQuestion([withheld])}
        files={[]}
      />,
    );
    expect(html).toContain("Contact email");
    expect(html).toContain(`aria-label="${REVIEWING_TEXT.anonymized}"`);
    expect(html).toContain("★★★★★");
  });

  it("keeps an admin's anonymized answer out of the page until they choose to read it", () => {
    const sent: Answer & { anonymized: boolean } = {
      questionId: "email",
      sectionId: "s1",
      type: "SHORT_ANSWER",
      answerString: "could-leak@example.test",
      answerArray: [],
      answerMatrix: [],
      anonymized: true,
    };
    const html = render(
      <SectionAnswers
        section={section([question("email", { anonymize: true })])}
        answers={answersByQuestion([sent])}
        files={[]}
      />,
    );
    expect(html).not.toContain("could-leak@example.test");
    expect(html).toContain("Show anonymized answer");
  });

  it("offers Translate beside a written answer when the server translates, never beside an anonymized one", () => {
    const written: Answer = {
      questionId: "q",
      sectionId: "s1",
      type: "PARAGRAPHS",
      answerString: "Un projet durable",
      answerArray: [],
      answerMatrix: [],
    };
    const hidden: Answer & { anonymized: boolean } = {
      ...written,
      questionId: "email",
      answerString: "could-leak@example.test",
      anonymized: true,
    };
    const answers = (
      <SectionAnswers
        section={section([question("q"), question("email", { anonymize: true })])}
        answers={answersByQuestion([written, hidden])}
        files={[]}
      />
    );
    const offered = render(
      <AnswerTranslationProvider programId="p1" submissionId="s1" available>
        {answers}
      </AnswerTranslationProvider>,
    );
    expect(offered).toContain("Un projet durable");
    expect(offered.match(/Translate to English/g)).toHaveLength(1);
    expect(offered.match(/Traduire en français/g)).toHaveLength(1);
    const off = render(
      <AnswerTranslationProvider programId="p1" submissionId="s1" available={false}>
        {answers}
      </AnswerTranslationProvider>,
    );
    expect(off).toContain("Un projet durable");
    expect(off).not.toContain("Translate to English");
  });

  it("says when a question has no answer", () => {
    const html = render(<SectionAnswers section={section([question("q")])} answers={new Map()} files={[]} />);
    expect(html).toContain(REVIEWING_TEXT.noAnswer);
  });
});

describe("the Rating block", () => {
  const criteria: Criterion[] = [
    { _id: "c1", description: "Community impact", type: "SCALE", maxScale: 5, weight: 2 },
    { _id: "c2", description: "Eligible", type: "BOOLEAN", maxScale: 5, weight: 1 },
  ];
  const draft: ReviewDraft = {
    rating: -1,
    sections: [
      {
        sectionId: "s1",
        rating: -1,
        criteria: [
          { criteriaId: "c1", type: "SCALE", value: 4 },
          { criteriaId: "c2", type: "BOOLEAN", value: -1 },
        ],
      },
    ],
  };

  it("shows each criterion with its weight, a labelled scale and a Yes/No question", () => {
    const html = render(
      <RatingBlock
        section={section([], criteria)}
        program={program}
        draft={draft}
        disabled={false}
        onChange={() => {}}
      />,
    );
    expect(html).toContain("Community impact");
    expect(html).toContain("x 2 weight");
    expect(html).toContain('role="radiogroup"');
    expect(html).toContain(REVIEWING_TEXT.notRated);
    expect(html).toMatch(/value="4"[^>]*checked|checked[^>]*value="4"/);
    expect(html).toContain("Eligible");
    expect(html).toContain(">Yes<");
    expect(html).toContain(">No<");
  });

  it("rates a whole section 1 to 5 in other versions", () => {
    const html = render(
      <RatingBlock
        section={section([])}
        program={{ ...program, appVersion: 2 }}
        draft={{ rating: -1, sections: [{ sectionId: "s1", rating: -1, criteria: [] }] }}
        disabled
        onChange={() => {}}
      />,
    );
    expect(html).toContain("Rating for Impact");
    expect(html).toContain("disabled");
  });
});

describe("the two-step bar", () => {
  it("closes step 2 and says why until every application is rated", () => {
    const html = render(<StepBar current="rate" progress={{ shown: 3, rated: 1 }} enableStackedRankings />);
    expect(html).toContain(REVIEW_MESSAGES.stepOne);
    expect(html).toContain(REVIEW_MESSAGES.stepTwo);
    expect(html).toContain(REVIEWING_TEXT.rateEveryone(1, 3));
    expect(html).not.toContain('href="/rankings"');
  });

  it("never counts a plain admin down to a ranking", () => {
    const html = render(
      <StepBar
        current="rate"
        progress={{ shown: 5, rated: 0 }}
        enableStackedRankings
        viewer={{ committee: false, isAdmin: true }}
      />,
    );
    expect(html).toContain(REVIEWING_TEXT.rankingAdminsRead);
    expect(html).not.toContain("0 of 5 rated");
    expect(html).not.toContain('href="/rankings"');
  });

  it("shows /rankings opened by its address locked, in the words of step 1's bar", () => {
    const html = render(<StepBar current="rank" progress={{ shown: 4, rated: 0 }} enableStackedRankings />);
    expect(html).toContain(REVIEWING_TEXT.rateEveryone(0, 4));
    expect(html).not.toContain('href="/rankings"');
  });

  it("opens step 2 once everything is rated", () => {
    const html = render(<StepBar current="rate" progress={{ shown: 3, rated: 3 }} enableStackedRankings />);
    expect(html).toContain('href="/rankings"');
    expect(html).toContain(REVIEW_MESSAGES.nextStep);
  });
});

describe("step 1's table", () => {
  const row = (patch: Partial<CandidateRow>): CandidateRow => ({
    _id: "sub1",
    formId: "form1",
    identifier: "Bright Futures",
    rating: -1,
    lastReviewed: null,
    submissionDate: "2025-01-01T00:00:00.000Z",
    draft: false,
    test: false,
    ...patch,
  });

  it("truncates long names to 50 characters, keeping the whole name for tooltips and screen readers", () => {
    const long = "The Northern Community Foundation for the Arts and Sciences of Tomorrow";
    const html = render(
      <CandidateTable
        userId="u1"
        program={program}
        rows={[row({ identifier: long })]}
        caption="Applications"
        adminColumns={false}
        canDeclareConflicts={false}
        returnTo="/applications"
        busy={false}
      />,
    );
    expect(html).toContain(`>${long.slice(0, 50)}<`);
    expect(html).toContain(`title="${long}"`);
    expect(html).toContain(REVIEW_MESSAGES.never);
    expect(html).toContain('href="/submissions/p1/sub1"');
    expect(html).not.toContain("Force submit");
  });

  it("marks drafts and tests in words, and offers admins the right actions", () => {
    const html = render(
      <CandidateTable
        userId="u1"
        program={program}
        rows={[
          row({
            _id: "d",
            identifier: "Draft one",
            draft: true,
            submissionDate: null,
            status: "pending",
            amount: 1500,
          }),
          row({
            _id: "t",
            identifier: "Test one",
            draft: true,
            test: true,
            submissionDate: null,
            amount: null,
          }),
        ]}
        caption="Applications"
        adminColumns
        canDeclareConflicts={false}
        returnTo="/applications"
        busy={false}
      />,
    );
    expect(html).toContain(">Draft<");
    expect(html).toContain(">Test<");
    expect(html).toContain("$1,500");
    expect(html).toContain('aria-label="Force submit Draft one"');
    expect(html).toContain('aria-label="Mark as test Draft one"');
    expect(html).toContain('aria-label="Force submit Test one"');
    expect(html).not.toContain('aria-label="Mark as test Test one"');
    expect(html).toContain('href="/admin/form/edit/form1/d"');
    expect(html).toContain('target="_blank"');
    expect(html).not.toContain("Declare conflict");
  });

  it("offers a committee member a conflict declaration on each submitted row they have no conflict with", () => {
    const table = (canDeclareConflicts: boolean) =>
      render(
        <CandidateTable
          userId="u1"
          program={program}
          rows={[
            row({ _id: "s", identifier: "Submitted one" }),
            row({ _id: "d", identifier: "Draft one", draft: true, submissionDate: null }),
            row({ _id: "t", identifier: "Test one", test: true }),
            row({ _id: "c", identifier: "Conflicted one", conflicted: true }),
          ]}
          caption="Applications"
          adminColumns
          canDeclareConflicts={canDeclareConflicts}
          returnTo="/applications"
          busy={false}
        />,
      );
    const html = table(true);
    expect(html.match(/aria-label="Declare conflict with [^"]*"/g)).toEqual([
      'aria-label="Declare conflict with Submitted one"',
    ]);
    // An admin-reviewer still reads a candidate they declared a conflict with: said on the row.
    expect(html).toContain(`>${REVIEWING_TEXT.conflictDeclared}<`);
    // Guests and admins who do not review never declare.
    expect(table(false)).not.toContain("Declare conflict");
  });

  it("tells a member the candidate leaves their list, and an admin-reviewer that it stays, marked", () => {
    expect(declareConsequences("Bright Futures", false)).toBe(
      "You will no longer see Bright Futures in your list or your stacked ranking, and your review of it will not count. The program's admins are told, and only they can undo it.",
    );
    const admins = declareConsequences("Bright Futures", true);
    expect(admins).toContain("You will no longer rate Bright Futures");
    expect(admins).toContain(`your list keeps it, marked "${REVIEWING_TEXT.conflictDeclared}"`);
  });
});

describe("the program's comment prompt", () => {
  const block = (prompt: string) =>
    render(
      <CommentsBlock
        userId="u1"
        programId="p1"
        submissionId="s1"
        sectionId="sec1"
        sectionName="Impact"
        comments={[]}
        prompt={prompt}
        editable
        onDelete={() => {}}
      />,
    );

  it("shows the program's prompt above the comment box", () => {
    const html = block("What should the committee discuss?");
    const prompt = html.indexOf("What should the committee discuss?");
    expect(prompt).toBeGreaterThan(-1);
    expect(prompt).toBeLessThan(html.indexOf("<textarea"));
  });

  it("adds nothing when the program has no prompt", () => {
    expect(block("  ")).not.toContain("mantine-InputWrapper-description");
  });
});

const noConflictView: CandidateView = {
  program,
  submission: {
    _id: "s1",
    formId: "f1",
    identifier: "Ada Applicant",
    submissionDate: "2026-01-01T00:00:00.000Z",
    lastSaveDate: "2026-01-01T00:00:00.000Z",
    draft: false,
    test: false,
    reviewCount: 0,
  },
  sections: [],
  confirmNoConflict: true,
  answers: [],
  files: [],
  previousId: null,
  nextId: null,
  review: null,
  comments: [],
  isAdmin: false,
  canRate: true,
};

describe("the no-conflict question before an application", () => {
  it("asks the question under the applicant's name, with the two actions as buttons and the way back", () => {
    const html = render(
      <NoConflictPanel
        userId="u1"
        view={noConflictView}
        backTo="/rate"
        back={<a href="/rate">Back to the list</a>}
      />,
    );
    expect(html).toContain("<h1");
    expect(html).toContain("Ada Applicant");
    expect(html).toContain(NO_CONFLICT_TEXT.question);
    expect(html).toContain('aria-labelledby="no-conflict-question"');
    const buttons = [...html.matchAll(/<button[^>]*>([\s\S]*?)<\/button>/g)].map((m) =>
      m[1]!.replace(/<[^>]+>/g, ""),
    );
    expect(buttons).toEqual([NO_CONFLICT_TEXT.confirm, NO_CONFLICT_TEXT.declare]);
    expect(html).toContain("Back to the list");
  });
});

describe("the administrative categories", () => {
  it("are an h2 over h3s, so no heading level is skipped under the page's h1", () => {
    const html = render(
      <AdministrativeCategories
        sections={[section([question("q")])]}
        answers={new Map()}
        files={[]}
        showAmount
        amount={1000}
      />,
    );
    const headings = [...html.matchAll(/<h([1-6])[^>]*>([\s\S]*?)<\/h\1>/g)].map(
      (m) => `h${m[1]} ${m[2]!.replace(/<[^>]+>/g, "").trim()}`,
    );
    expect(headings).toEqual(["h2 Administrative Categories", "h3 Admin information", "h3 Grant Amount"]);
  });
});

describe("the step bar while the progress loads", () => {
  it("keeps the reason's place with an invisible line, and says nothing about the applications yet", () => {
    const html = render(<StepBar current="rate" progress={null} enableStackedRankings />);
    expect(html).not.toContain(REVIEWING_TEXT.nothingToRate);
    const placeholder = html.match(/<p([^>]*)>([^<]*)<\/p>/);
    expect(placeholder?.[1]).toContain("visibility:hidden");
    expect(placeholder?.[1]).toContain('aria-hidden="true"');
    expect(placeholder?.[2]).toBe(REVIEWING_TEXT.rateEveryone(0, 0));
    expect(html).not.toContain("aria-describedby");
  });
});
