import { describe, expect, it } from "vitest";
import type { Person } from "../../../shared/schemas/committee";
import { groupOptions, groupsForIds, peopleForIds, personOptions } from "./options";

const person = (id: string, name: string, email = `${id}@example.test`): Person => ({ _id: id, name, email });

describe("reviewer choices", () => {
  it("lists the committee by name", () => {
    const options = personOptions([person("b", "bea"), person("a", "Ann")], []);
    expect(options).toEqual([
      { value: "a", label: "Ann" },
      { value: "b", label: "bea" },
    ]);
  });

  it("shows each committee member's load beside their name in the list, not for someone off the committee", () => {
    const options = personOptions(
      [
        { ...person("a", "Ann"), assigned: 3 },
        { ...person("b", "Bea"), assigned: 0 },
      ],
      [{ _id: "gone", name: "Gus" }],
    );
    expect(options).toEqual([
      { value: "a", label: "Ann", detail: "3 assigned" },
      { value: "b", label: "Bea", detail: "0 assigned" },
      { value: "gone", label: "Gus" },
    ]);
  });

  it("keeps a chosen reviewer who is no longer on the committee, so they can be seen and removed", () => {
    const options = personOptions([person("a", "Ann")], [{ _id: "gone", name: "Gus" }]);
    expect(options.map((o) => o.value)).toEqual(["a", "gone"]);
  });

  it("lists each person once", () => {
    const ann = person("a", "Ann");
    expect(personOptions([ann], [ann])).toHaveLength(1);
  });

  it("tells apart two people with the same name by their email", () => {
    const options = personOptions(
      [person("1", "Sam Lee", "sam@a.test"), person("2", "sam lee", "sam@b.test")],
      [],
    );
    expect(options.map((o) => o.label)).toEqual(["Sam Lee (sam@a.test)", "sam lee (sam@b.test)"]);
  });

  it("names someone without a name by their email, or their id when nothing else is known", () => {
    expect(personOptions([person("a", " ", "ann@x.test")], [{ _id: "z", name: "" }])).toEqual([
      { value: "a", label: "ann@x.test" },
      { value: "z", label: "z" },
    ]);
  });
});

describe("group choices", () => {
  it("lists the program's groups by name, plus a chosen group the list no longer holds", () => {
    const options = groupOptions(
      [
        { _id: "g2", name: "Science" },
        { _id: "g1", name: "arts" },
      ],
      [{ _id: "g9", name: "Old" }],
    );
    expect(options.map((o) => o.label)).toEqual(["arts", "Old", "Science"]);
  });
});

describe("what a change shows before the server answers", () => {
  it("maps chosen ids to the people they stand for, in the order chosen", () => {
    const known = [person("a", "Ann"), person("b", "Bo")];
    expect(peopleForIds(["b", "a"], known)).toEqual([known[1], known[0]]);
  });

  it("keeps an unknown id visible rather than dropping it", () => {
    expect(peopleForIds(["x"], [])).toEqual([{ _id: "x", name: "x", email: "" }]);
    expect(groupsForIds(["g"], [])).toEqual([{ _id: "g", name: "g" }]);
  });

  it("maps group ids to the groups", () => {
    expect(groupsForIds(["g1"], [{ _id: "g1", name: "Arts" }])).toEqual([{ _id: "g1", name: "Arts" }]);
  });
});
