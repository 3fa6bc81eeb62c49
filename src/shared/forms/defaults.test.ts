import { describe, expect, it } from "vitest";
import { copyWithNewIds, defaultFormContent, IDENTIFIER_QUESTION_NAME, newQuestion } from "./defaults";
import { formContentSchema } from "./model";
import { smartQuestion } from "./test/forms";

describe("a new form", () => {
  it("has the spec's two sections, and is valid content", () => {
    const content = defaultFormContent("Community Grants");
    expect(content.sections.map((s) => [s.name, s.sectionType, s.questions.map((q) => q.type)])).toEqual([
      ["Admin Info", "Admin Info", ["IDENTIFIER", "SHORT_ANSWER"]],
      ["Decision Criteria", "Decision Criteria", ["SHORT_ANSWER"]],
    ]);
    expect(content.sections[0]!.questions[0]).toMatchObject({
      name: IDENTIFIER_QUESTION_NAME,
      required: true,
    });
    expect(content.settings).toMatchObject({
      themeColour: "2261AD",
      confirmationMessage: "Your response has been recorded.",
    });
    expect(formContentSchema.safeParse(content).success).toBe(true);
  });

  it("makes new questions short answers, not required, not anonymized", () => {
    expect(newQuestion()).toMatchObject({ type: "SHORT_ANSWER", required: false, anonymize: false });
  });
});

describe("copying a form (duplicate program)", () => {
  it("gives every part a new id and keeps routes pointing at the copies", () => {
    const content = defaultFormContent("F");
    const target = content.sections[1]!._id;
    content.sections.push({ ...content.sections[1]!, _id: "third", questions: [] });
    content.sections[0]!.questions.push(smartQuestion(["yes"], { yes: "third" }));
    content.sections[0]!.nextSection = target;
    const copy = copyWithNewIds(content);
    const ids = (c: typeof content) => c.sections.flatMap((s) => [s._id, ...s.questions.map((q) => q._id)]);
    expect(ids(copy).some((id) => ids(content).includes(id))).toBe(false);
    expect(copy.sections[0]!.nextSection).toBe(copy.sections[1]!._id);
    const smart = copy.sections[0]!.questions.at(-1)!;
    expect(smart.routes).toEqual({ [smart.x_options[0]!._id]: copy.sections[2]!._id });
    expect(copy.sections.map((s) => s.name)).toEqual(content.sections.map((s) => s.name));
  });
});
