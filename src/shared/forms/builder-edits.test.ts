import { describe, expect, it } from "vitest";
import {
  addColumn,
  addCriterion,
  addOption,
  addQuestionAfter,
  addSectionAfter,
  changeQuestionType,
  duplicateQuestion,
  laterSectionChoices,
  moveItem,
  moveLiveSection,
  moveOption,
  moveQuestion,
  removeBlankOptions,
  removeColumn,
  removeCriterion,
  removeOption,
  removeQuestion,
  saveColumn,
  setRoute,
  setSectionDeleted,
  setSmart,
  updateColumn,
  updateCriterion,
  updateOption,
  updateQuestionIn,
} from "./builder-edits";
import { defaultFormContent, newOption, newQuestion, newSection } from "./defaults";
import { MAX_TABLE_COLUMNS, type Question } from "./model";
import { sectionsNamed, smartQuestion } from "./test/forms";

const choice = (type: "CHECKBOXES" | "MULTIPLE_CHOICE", ...values: string[]): Question => ({
  ...newQuestion(type, "Pick"),
  x_options: values.map((v) => newOption(v)),
  validations: { active: true, type: null, max: 1, min: 0 },
});

describe("moving items", () => {
  it("moves an item and clamps the target; the same array when nothing moves", () => {
    const items = ["a", "b", "c"];
    expect(moveItem(items, 0, 2)).toEqual(["b", "c", "a"]);
    expect(moveItem(items, 2, -5)).toEqual(["c", "a", "b"]);
    expect(moveItem(items, 1, 1)).toBe(items);
    expect(moveItem(items, 7, 0)).toBe(items);
  });
});

describe("editing by id keeps untouched objects", () => {
  it("replaces one question and keeps every other section and question as they were", () => {
    const sections = defaultFormContent("F").sections;
    const [admin, decision] = sections;
    const target = admin!.questions[1]!;
    const next = updateQuestionIn(sections, admin!._id, target._id, (q) => ({ ...q, name: "Budget" }));
    expect(next[0]!.questions[1]!.name).toBe("Budget");
    expect(next[0]!.questions[0]).toBe(admin!.questions[0]);
    expect(next[1]).toBe(decision);
  });

  it("returns the same list when the edit changes nothing", () => {
    const sections = defaultFormContent("F").sections;
    expect(updateQuestionIn(sections, sections[0]!._id, "missing", (q) => ({ ...q }))).toBe(sections);
    expect(updateQuestionIn(sections, sections[0]!._id, sections[0]!.questions[0]!._id, (q) => q)).toBe(
      sections,
    );
  });
});

describe("changing a question's type", () => {
  it("clears options and validations", () => {
    const changed = changeQuestionType(choice("CHECKBOXES", "a", "b"), "SHORT_ANSWER");
    expect(changed.x_options).toEqual([]);
    expect(changed.validations.active).toBe(false);
    expect(changed.name).toBe("Pick");
  });

  it("keeps them between checkboxes and multiple choice", () => {
    const original = choice("CHECKBOXES", "a", "b");
    const changed = changeQuestionType(original, "MULTIPLE_CHOICE");
    expect(changed.x_options).toBe(original.x_options);
    expect(changed.validations).toBe(original.validations);
  });

  it("drops what the new type cannot have: smart, anonymize, mapping; a table gets one column", () => {
    const mapping = {
      formMap: { id: "f", name: "Earlier form" },
      sectionMap: { id: "s", name: "Section" },
      questionMap: { id: "q", name: "Pick" },
    };
    const smart = { ...smartQuestion(["x", "y"], { x: "s3" }), anonymize: true, mapping };
    expect(changeQuestionType(smart, "CHECKBOXES").mapping).toBeNull();
    const table = changeQuestionType(smart, "SIMPLE_TABLE");
    expect(table.mapping).toBeNull();
    expect(table.smart).toBe(false);
    expect(table.routes).toEqual({});
    expect(table.anonymize).toBe(false);
    expect(table.columns).toHaveLength(1);
    expect(changeQuestionType(table, "PARAGRAPHS").columns).toEqual([]);
  });

  it("leaves the question alone when the type is the same", () => {
    const q = newQuestion("PARAGRAPHS");
    expect(changeQuestionType(q, "PARAGRAPHS")).toBe(q);
  });
});

describe("smart questions", () => {
  it("become required; turning smart off forgets the routes", () => {
    const q = { ...choice("MULTIPLE_CHOICE", "a"), required: false };
    const smart = setRoute(setSmart(q, true), q.x_options[0]!._id, "s3");
    expect(smart.required).toBe(true);
    expect(smart.routes).toEqual({ [q.x_options[0]!._id]: "s3" });
    expect(setSmart(smart, false).routes).toEqual({});
    expect(setRoute(smart, q.x_options[0]!._id, null).routes).toEqual({});
  });

  it("offers only later live sections as targets, named by number and title", () => {
    const sections = [
      { id: "a", name: "Admin Info" },
      { id: "b", name: "Project" },
      { id: "c", name: "  Budget " },
      { id: "d", name: "" },
    ];
    expect(laterSectionChoices(sections, 1)).toEqual([
      { value: "c", label: "Go to section 3 — Budget" },
      { value: "d", label: "Go to section 4" },
    ]);
    expect(laterSectionChoices(sections.slice(0, 2), 1)).toEqual([]);
  });
});

describe("adding, duplicating and removing questions", () => {
  it("adds a new short answer after a question, or at the end", () => {
    const section = newSection("S");
    const first = section.questions[0]!;
    const added = addQuestionAfter(section, null);
    expect(added.questions).toHaveLength(2);
    expect(added.questions[1]).toMatchObject({ type: "SHORT_ANSWER", required: false, anonymize: false });
    const between = addQuestionAfter(added, first._id);
    expect(between.questions[0]).toBe(first);
    expect(between.questions[2]).toBe(added.questions[1]);
  });

  it("duplicates with new ids everywhere, right after the original, never smart", () => {
    const original = smartQuestion(["a", "b"], { a: "s2" });
    const section = { ...newSection("S"), questions: [original] };
    const copy = duplicateQuestion(section, original._id).questions[1]!;
    expect(copy._id).not.toBe(original._id);
    expect(copy.x_options.map((o) => o.value)).toEqual(["a", "b"]);
    expect(copy.x_options.every((o, i) => o._id !== original.x_options[i]!._id)).toBe(true);
    expect(copy.smart).toBe(false);
    expect(copy.routes).toEqual({});
  });

  it("never duplicates or removes the Identifier", () => {
    const admin = defaultFormContent("F").sections[0]!;
    const identifier = admin.questions[0]!;
    expect(duplicateQuestion(admin, identifier._id)).toBe(admin);
    expect(removeQuestion(admin, identifier._id)).toBe(admin);
    expect(removeQuestion(admin, admin.questions[1]!._id).questions).toEqual([identifier]);
  });
});

describe("dragging questions", () => {
  it("reorders inside a section", () => {
    const sections = defaultFormContent("F").sections;
    const [identifier, short] = sections[0]!.questions;
    const next = moveQuestion(sections, sections[0]!._id, identifier!._id, sections[0]!._id, 1);
    expect(next[0]!.questions).toEqual([short, identifier]);
    expect(next[1]).toBe(sections[1]);
  });

  it("moves to another section; a smart question arrives not smart", () => {
    const sections = sectionsNamed(2);
    const smart = smartQuestion(["a"], { a: "s2" });
    sections[0] = { ...sections[0]!, questions: [smart] };
    const next = moveQuestion(sections, "s1", smart._id, "s2", 0);
    expect(next[0]!.questions).toEqual([]);
    expect(next[1]!.questions[0]).toMatchObject({ _id: smart._id, smart: false, routes: {} });
    expect(next[1]!.questions).toHaveLength(2);
  });

  it("ignores unknown ids", () => {
    const sections = sectionsNamed(2);
    expect(moveQuestion(sections, "s1", "nope", "s2", 0)).toBe(sections);
    expect(moveQuestion(sections, "s1", sections[0]!.questions[0]!._id, "nope", 0)).toBe(sections);
  });
});

describe("sections", () => {
  it("adds after an index of the whole list (-1: first)", () => {
    const sections = sectionsNamed(2);
    const added = newSection("New");
    expect(addSectionAfter(sections, -1, added).map((s) => s.name)).toEqual(["New", "S1", "S2"]);
    expect(addSectionAfter(sections, 0, added).map((s) => s.name)).toEqual(["S1", "New", "S2"]);
    expect(addSectionAfter(sections, 9, added).map((s) => s.name)).toEqual(["S1", "S2", "New"]);
  });

  it("soft-deletes and restores", () => {
    const sections = sectionsNamed(2);
    const deleted = setSectionDeleted(sections, "s1", true);
    expect(deleted[0]!.deleted).toBe(true);
    expect(setSectionDeleted(deleted, "s1", false)[0]!.deleted).toBe(false);
    expect(setSectionDeleted(sections, "s1", false)).toBe(sections);
  });

  it("moves among live sections, stepping over deleted ones", () => {
    const sections = setSectionDeleted(sectionsNamed(3), "s2", true);
    const names = (list: typeof sections) => list.map((s) => s._id);
    expect(names(moveLiveSection(sections, "s1", 1))).toEqual(["s3", "s2", "s1"]);
    expect(names(moveLiveSection(sections, "s3", -1))).toEqual(["s3", "s2", "s1"]);
    expect(moveLiveSection(sections, "s1", -1)).toBe(sections);
    expect(moveLiveSection(sections, "s3", 1)).toBe(sections);
  });
});

describe("options", () => {
  it("adds, edits, moves and removes options; a removed option loses its route", () => {
    let q = addOption(addOption(newQuestion("MULTIPLE_CHOICE"), "a"), "b");
    const [a, b] = q.x_options;
    q = updateOption(q, a!._id, "A");
    expect(q.x_options.map((o) => o.value)).toEqual(["A", "b"]);
    expect(updateOption(q, a!._id, "A")).toBe(q);
    q = moveOption(q, b!._id, 0);
    expect(q.x_options.map((o) => o.value)).toEqual(["b", "A"]);
    q = setRoute(setSmart(q, true), a!._id, "s9");
    q = removeOption(q, a!._id);
    expect(q.x_options.map((o) => o.value)).toEqual(["b"]);
    expect(q.routes).toEqual({});
  });

  it("removes blank options on blur", () => {
    const q = addOption(addOption(addOption(newQuestion("CHECKBOXES"), "a"), "  "), "");
    expect(removeBlankOptions(q).x_options.map((o) => o.value)).toEqual(["a"]);
    const clean = addOption(newQuestion("CHECKBOXES"), "a");
    expect(removeBlankOptions(clean)).toBe(clean);
  });
});

describe("table columns", () => {
  it("adds up to five columns, edits them and never removes the last", () => {
    let q = newQuestion("SIMPLE_TABLE");
    for (let i = 0; i < 10; i++) q = addColumn(q);
    expect(q.columns).toHaveLength(MAX_TABLE_COLUMNS);
    const first = q.columns[0]!;
    q = updateColumn(q, first._id, { value: "Name", required: true });
    expect(q.columns[0]).toMatchObject({ value: "Name", required: true, type: "SHORT_ANSWER" });
    for (const column of [...q.columns]) q = removeColumn(q, column._id);
    expect(q.columns).toHaveLength(1);
  });

  it("saves the column dialog only with a name: added, or the edited column changed", () => {
    const q = newQuestion("SIMPLE_TABLE");
    expect(saveColumn(q, null, { value: "   ", required: true })).toBeNull();
    expect(saveColumn(q, q.columns[0]!._id, { value: "", required: false })).toBeNull();
    const added = saveColumn(q, null, { value: "  Cost ", required: true })!;
    expect(added.columns.map((c) => [c.value, c.required])).toEqual([
      ["Column 1", false],
      ["Cost", true],
    ]);
    const edited = saveColumn(added, added.columns[0]!._id, { value: "Item", required: true })!;
    expect(edited.columns[0]).toMatchObject({ value: "Item", required: true, type: "SHORT_ANSWER" });
    let full = q;
    for (let i = 0; i < MAX_TABLE_COLUMNS - 1; i++) full = addColumn(full);
    expect(saveColumn(full, null, { value: "Sixth", required: false })).toBeNull();
  });
});

describe("criteria", () => {
  it("adds a SCALE criterion out of 5 with weight 1, edits and removes it", () => {
    let section = addCriterion(newSection("S"));
    const criterion = section.criteria[0]!;
    expect(criterion).toMatchObject({ type: "SCALE", maxScale: 5, weight: 1 });
    section = updateCriterion(section, criterion._id, { type: "BOOLEAN", weight: 2 });
    expect(section.criteria[0]).toMatchObject({ type: "BOOLEAN", weight: 2 });
    expect(removeCriterion(section, criterion._id).criteria).toEqual([]);
  });
});
