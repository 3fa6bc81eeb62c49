import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { Answer } from "../../../../shared/forms/answers";
import { newOption, newQuestion, newTableColumn } from "../../../../shared/forms/defaults";
import type { Question } from "../../../../shared/forms/model";
import { sectionsNamed } from "../../../../shared/forms/test/forms";
import type { ApplicantForm, SubmissionFile } from "../../../../shared/schemas/submissions";
import { render as renderInApp } from "../../../test/render";
import { FormRenderer } from "./form-renderer";
import { loadTableQuestion } from "./lazy-parts";
import type { FormRendererProps } from "./types";

function question(id: string, type: Question["type"], patch: Partial<Question> = {}): Question {
  return { ...newQuestion(type, `Question ${id}`), _id: id, ...patch };
}

function testForm(): ApplicantForm {
  const sections = sectionsNamed(3);
  sections[0] = {
    ...sections[0]!,
    name: "About you",
    questions: [
      question("name", "IDENTIFIER"),
      question("colour", "MULTIPLE_CHOICE", {
        x_options: [
          { ...newOption("Red"), _id: "red" },
          { ...newOption("Blue"), _id: "blue" },
        ],
      }),
      question("empty-choice", "CHECKBOXES", { name: "No options here" }),
      question("grid", "CHECKBOX_GRID", { name: "A grid" }),
      question("budget", "SIMPLE_TABLE", {
        columns: [
          { ...newTableColumn("Item"), required: true },
          { ...newTableColumn("Cost"), _id: "c2" },
        ],
      }),
      question("plan", "FILE_UPLOAD", { files: { maxFiles: 2, fileType: "pdf" } }),
    ],
  };
  sections[1] = { ...sections[1]!, deleted: true };
  return {
    _id: "f1",
    programId: "p1",
    name: "Arts grant",
    description: "Apply here",
    sections,
    settings: {
      themeColour: "D9463D",
      headerImage: null,
      confirmationMessage: "Thanks",
      frenchTranslationEnabled: true,
      translations: { "Arts grant": "Subvention des arts", "About you": "À propos de vous", Red: "Rouge" },
    },
    version: 1,
    allowEdit: false,
    maxFileSizeMB: 20,
    accepting: true,
    closesAt: null,
    organization: { name: "Arts Council", contactEmail: null },
  };
}

const noop = () => undefined;
function render(patch: Partial<FormRendererProps> = {}) {
  const props: FormRendererProps = {
    form: testForm(),
    mode: "applicant",
    language: "en",
    onLanguageChange: noop,
    answers: [],
    onAnswerChange: noop,
    files: [],
    editable: true,
    onSubmit: async () => undefined,
    ...patch,
  };
  return renderInApp(<FormRenderer {...props} />);
}

/**
 * A table question's code loads on demand (lazy-parts.ts): server rendering shows the loader in its place,
 * so a first render starts the loading and the second, once it has arrived, shows the table.
 */
async function renderWithTables(patch: Partial<FormRendererProps> = {}) {
  render(patch);
  await loadTableQuestion();
  await new Promise((resolve) => setTimeout(resolve, 0));
  return render(patch);
}

const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

describe("FormRenderer (server-rendered markup)", () => {
  it("shows the header, the first section only and the progress over the live sections", () => {
    const html = render();
    expect(text(html)).toContain("Arts grant");
    expect(text(html)).toContain("Apply here");
    expect(text(html)).toContain("About you");
    expect(text(html)).not.toContain("S3");
    expect(text(html)).toContain("section 1 of 2");
    expect(html).toContain('aria-valuetext="section 1 of 2"');
    expect(html).toContain("max-width:816px");
  });

  it("hides choice questions without options and checkbox grids", () => {
    const html = render();
    expect(text(html)).not.toContain("No options here");
    expect(text(html)).not.toContain("A grid");
    expect(text(html)).toContain("Question colour");
  });

  it("marks required questions for sight and for screen readers", () => {
    const html = render();
    expect(html).toMatch(
      /Question name<\/span><span aria-hidden="true"[^>]*> \*<\/span><span[^>]*> \(Required\)/,
    );
    expect(html).toContain('aria-required="true"');
  });

  it("shows Next as disabled while the section has problems, but no problem text yet", () => {
    const html = render();
    expect(html).toMatch(/<button[^>]*aria-disabled="true"[^>]*>[\s\S]*?Next/);
    expect(text(html)).not.toContain("This question is required");
  });

  it("names the answers a disabled Next waits for, each a button to its question, and describes Next by them", () => {
    const html = render();
    // Only the required name is missing; the optional questions are not named.
    expect(text(html)).toMatch(/To continue, complete: Question name $/);
    expect(html).toMatch(/<button[^>]*type="button"[^>]*>Question name<\/button>/);
    const describedBy = html.match(/<button[^>]*aria-disabled="true"[^>]*aria-describedby="([^"]+)"/)?.[1];
    expect(describedBy).toBeDefined();
    expect(html).toContain(`id="${describedBy}"`);
    expect(text(render({ language: "fr" }))).toContain("Pour continuer, complétez : Question name");
    expect(text(render({ mode: "preview" }))).not.toContain("To continue, complete");
  });

  it("lets preview advance and says so in red", () => {
    const html = render({ mode: "preview" });
    expect(html).not.toContain('aria-disabled="true"');
    expect(text(html)).toContain("This is a preview: it does not stop you advancing");
  });

  it("shows the server's problems at once", () => {
    const html = render({ serverProblems: { "answers.name": ["This question is required"] } });
    expect(text(html)).toContain("This question is required");
    expect(html).toContain('aria-invalid="true"');
  });

  it("shows the language buttons with the current one pressed, and French content in French", () => {
    const html = render({ language: "fr" });
    expect(html).toMatch(/aria-pressed="true"[^>]*>[\s\S]*?Français/);
    expect(html).toMatch(/aria-pressed="false"[^>]*>[\s\S]*?English/);
    expect(text(html)).toContain("Subvention des arts");
    expect(text(html)).toContain("À propos de vous");
    expect(text(html)).toContain("Rouge");
    expect(text(html)).toContain("section 1 sur 2");
    expect(text(html)).toContain("Suivant");
  });

  it("renders table rows with labelled cells and remove buttons", async () => {
    const answers: Answer[] = [
      {
        questionId: "budget",
        sectionId: "s1",
        type: "SIMPLE_TABLE",
        answerString: "",
        answerArray: [],
        answerMatrix: [{ id: "r1", column_0: "Paint", column_1: "40" }],
      },
    ];
    const html = await renderWithTables({ answers });
    expect(html).toContain('aria-label="Item row 1"');
    expect(html).toContain('aria-label="Cost row 1"');
    expect(html).toContain('value="Paint"');
    expect(html).toContain('aria-label="Remove row 1"');
    expect(text(html)).toContain("Add row");
  });

  it("lists a file question's files and disables uploading without an upload handler", () => {
    const files: SubmissionFile[] = [
      { _id: "f1", questionId: "plan", name: "plan.pdf", size: 2048, contentType: "application/pdf" },
    ];
    const html = render({ files, onDownloadFile: noop, onRemoveFile: async () => undefined });
    expect(html).toContain('aria-label="Download plan.pdf"');
    expect(html).toContain('aria-label="Remove plan.pdf"');
    expect(html).toContain('accept=".pdf,application/pdf"');
    const disabledUpload = /<button[^>]*disabled=""[^>]*>(?:(?!<\/button>)[\s\S])*Upload a file/;
    expect(html).toMatch(disabledUpload);
    expect(render({ files, onUpload: async () => files[0]! })).not.toMatch(disabledUpload);
    expect(render({ files, onUpload: async () => files[0]!, editable: false })).toMatch(disabledUpload);
  });

  it("makes everything read-only when not editable, and offers no Submit in admin edit mode", () => {
    const html = render({ editable: false });
    expect(html).toContain("readOnly");
    const sections = testForm().sections.slice(0, 1);
    const admin = render({ mode: "admin", form: { ...testForm(), sections } });
    expect(text(admin)).not.toContain("Submit");
    expect(text(render({ form: { ...testForm(), sections } }))).toContain("Submit");
  });

  it("loads the table question and the Submit dialog only through lazy-parts.ts", () => {
    for (const file of readdirSync(new URL(".", import.meta.url))) {
      if (!/\.tsx?$/.test(file) || file.endsWith(".test.tsx") || file === "lazy-parts.ts") continue;
      const source = readFileSync(new URL(file, import.meta.url), "utf8");
      expect(source, file).not.toMatch(/from "\.\/(table-question|submit-dialog)"/);
    }
  });

  it("never loads Lexical or the builder's code", () => {
    for (const file of readdirSync(new URL(".", import.meta.url))) {
      if (!/\.tsx?$/.test(file) || file.endsWith(".test.tsx")) continue;
      const source = readFileSync(new URL(file, import.meta.url), "utf8");
      expect(source, file).not.toMatch(/from "(lexical|@lexical\/)/);
      expect(source, file).not.toMatch(/form-builder/);
    }
  });
});
