import { describe, expect, it } from "vitest";
import type { Mapping } from "../../../../shared/forms/model";
import { FORM_LIMITS } from "../../../../shared/forms/model-constants";
import {
  choiceFromMapping,
  choiceLabel,
  choose,
  eligibleForms,
  eligibleQuestions,
  isMappableType,
  type MappableForm,
  mappingFor,
  mappingPath,
  mayMap,
  NO_CHOICE,
  sectionsOf,
} from "./eligible";

const forms: MappableForm[] = [
  {
    _id: "f1",
    name: "Intake 2024",
    sections: [
      {
        _id: "s1",
        name: "About you",
        questions: [
          { _id: "q1", name: "Name", type: "IDENTIFIER" },
          { _id: "q2", name: "City", type: "SHORT_ANSWER" },
          { _id: "q3", name: "Bio", type: "PARAGRAPHS" },
          { _id: "q4", name: "Town", type: "SHORT_ANSWER" },
        ],
      },
      { _id: "s2", name: "Files", questions: [{ _id: "q5", name: "CV", type: "FILE_UPLOAD" }] },
    ],
  },
  { _id: "current", name: "This form", sections: [] },
];

const mapping: Mapping = {
  formMap: { id: "f1", name: "Intake 2024" },
  sectionMap: { id: "s1", name: "About you" },
  questionMap: { id: "q2", name: "City" },
};

describe("who may map", () => {
  it("needs a draft form of the organization the user administers", () => {
    expect(mayMap({ draft: true, organizationId: "o1" }, "o1")).toBe(true);
    expect(mayMap({ draft: false, organizationId: "o1" }, "o1")).toBe(false);
    expect(mayMap({ draft: true, organizationId: "o1" }, "o2")).toBe(false);
    expect(mayMap({ draft: true, organizationId: "o1" }, null)).toBe(false);
  });

  it("maps every answerable type, not the checkbox grid", () => {
    expect(isMappableType("IDENTIFIER")).toBe(true);
    expect(isMappableType("SIMPLE_TABLE")).toBe(true);
    expect(isMappableType("CHECKBOX_GRID")).toBe(false);
  });
});

describe("eligible targets", () => {
  it("offers every published form but the one being edited", () => {
    expect(eligibleForms(forms, "current").map((f) => f._id)).toEqual(["f1"]);
    expect(eligibleForms(forms, "other")).toHaveLength(2);
  });

  it("lists the chosen form's sections; none for an unknown form", () => {
    expect(sectionsOf(forms, "f1").map((s) => s._id)).toEqual(["s1", "s2"]);
    expect(sectionsOf(forms, "nope")).toEqual([]);
  });

  it("offers only questions of the same type in the chosen section", () => {
    const choice = { formId: "f1", sectionId: "s1" };
    expect(eligibleQuestions(forms, choice, "SHORT_ANSWER").map((q) => q._id)).toEqual(["q2", "q4"]);
    expect(eligibleQuestions(forms, choice, "IDENTIFIER").map((q) => q._id)).toEqual(["q1"]);
    expect(eligibleQuestions(forms, choice, "CHECKBOXES")).toEqual([]);
    expect(eligibleQuestions(forms, { formId: "f1", sectionId: "" }, "SHORT_ANSWER")).toEqual([]);
  });
});

describe("choosing", () => {
  it("starts from the current mapping, or from nothing", () => {
    expect(choiceFromMapping(null)).toEqual(NO_CHOICE);
    expect(choiceFromMapping(mapping)).toEqual({ formId: "f1", sectionId: "s1", questionId: "q2" });
  });

  it("clears the levels below the one changed", () => {
    const full = { formId: "f1", sectionId: "s1", questionId: "q2" };
    expect(choose(full, "formId", "f2")).toEqual({ formId: "f2", sectionId: "", questionId: "" });
    expect(choose(full, "sectionId", "s2")).toEqual({ formId: "f1", sectionId: "s2", questionId: "" });
    expect(choose(full, "questionId", "q4")).toEqual({ ...full, questionId: "q4" });
  });

  it("builds the mapping from a complete choice of the same type", () => {
    expect(mappingFor(forms, { formId: "f1", sectionId: "s1", questionId: "q2" }, "SHORT_ANSWER")).toEqual(
      mapping,
    );
  });

  it("refuses an incomplete choice, another type, a vanished target or a checkbox grid", () => {
    expect(mappingFor(forms, { formId: "f1", sectionId: "s1", questionId: "" }, "SHORT_ANSWER")).toBeNull();
    expect(mappingFor(forms, { formId: "f1", sectionId: "s1", questionId: "q3" }, "SHORT_ANSWER")).toBeNull();
    expect(mappingFor(forms, { formId: "f1", sectionId: "s2", questionId: "q2" }, "SHORT_ANSWER")).toBeNull();
    expect(
      mappingFor(forms, { formId: "gone", sectionId: "s1", questionId: "q2" }, "SHORT_ANSWER"),
    ).toBeNull();
    const grid: MappableForm[] = [
      {
        _id: "g",
        name: "G",
        sections: [{ _id: "s", name: "S", questions: [{ _id: "q", name: "Q", type: "CHECKBOX_GRID" }] }],
      },
    ];
    expect(mappingFor(grid, { formId: "g", sectionId: "s", questionId: "q" }, "CHECKBOX_GRID")).toBeNull();
  });

  it("shortens a long question text to fit the mapping's name", () => {
    const long = "x".repeat(FORM_LIMITS.text);
    const withLong: MappableForm[] = [
      {
        _id: "f",
        name: "F",
        sections: [{ _id: "s", name: "S", questions: [{ _id: "q", name: long, type: "PARAGRAPHS" }] }],
      },
    ];
    const result = mappingFor(withLong, { formId: "f", sectionId: "s", questionId: "q" }, "PARAGRAPHS");
    expect(result?.questionMap.name).toHaveLength(FORM_LIMITS.name);
  });
});

describe("labels", () => {
  it("names the path form › section › question", () => {
    expect(mappingPath(mapping)).toBe("Intake 2024 › About you › City");
  });

  it("stands in for blank names and shortens long ones", () => {
    expect(choiceLabel("  ", "Untitled section")).toBe("Untitled section");
    const label = choiceLabel("y".repeat(300), "x");
    expect(label.length).toBeLessThanOrEqual(120);
    expect(label.endsWith("…")).toBe(true);
  });
});
