import { describe, expect, it } from "vitest";
import {
  candidateLabel,
  candidateOptions,
  moreCandidatesText,
  UNTITLED_CANDIDATE,
} from "./candidate-options";

describe("the dossier's candidate choices", () => {
  it("are the candidates found, by name", () => {
    expect(
      candidateOptions(
        [
          { _id: "s1", identifier: "Ada's Garden" },
          { _id: "s2", identifier: "  Bee Project " },
        ],
        null,
      ),
    ).toEqual([
      { value: "s1", label: "Ada's Garden" },
      { value: "s2", label: "Bee Project" },
    ]);
  });

  it("name a candidate without a name, so each choice can be read out", () => {
    expect(candidateLabel("   ")).toBe(UNTITLED_CANDIDATE);
    expect(candidateOptions([{ _id: "s1", identifier: "" }], null)).toEqual([
      { value: "s1", label: UNTITLED_CANDIDATE },
    ]);
  });

  it("keep the chosen candidate when another search leaves them out, and list nobody twice", () => {
    const chosen = { value: "s9", label: "Zed" };
    expect(candidateOptions([{ _id: "s1", identifier: "Ada" }], chosen)).toEqual([
      chosen,
      { value: "s1", label: "Ada" },
    ]);
    expect(candidateOptions([{ _id: "s9", identifier: "Zed" }], chosen)).toEqual([chosen]);
  });

  it("say when the server holds more matches than it sent", () => {
    expect(moreCandidatesText(50, 120)).toBe("Showing 50 of 120 candidates: type to narrow the list.");
    expect(moreCandidatesText(12, 12)).toBeNull();
  });
});
