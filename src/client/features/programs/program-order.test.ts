import { describe, expect, it } from "vitest";
import type { UserProgram } from "../../../shared/schemas/users";
import { activeBeforeArchived, programMenuLabel } from "./program-order";

function program(id: string, archived: boolean): UserProgram {
  return {
    id,
    name: id,
    organizationId: "o",
    organizationName: "Org",
    role: "REVIEWER",
    isOrganizationAdmin: false,
    archived,
    archivedAt: archived ? "2026-01-01T00:00:00.000Z" : null,
    appVersion: 3,
  };
}

describe("program menu order", () => {
  it("puts archived programs after active ones and keeps the server's order otherwise", () => {
    const sorted = activeBeforeArchived([
      program("a", true),
      program("b", false),
      program("c", true),
      program("d", false),
    ]);
    expect(sorted.map((p) => p.id)).toEqual(["b", "d", "a", "c"]);
  });

  it("marks archived programs", () => {
    expect(programMenuLabel(program("Old", true))).toBe("Old (archived)");
    expect(programMenuLabel(program("New", false))).toBe("New");
  });
});
