import { describe, expect, it } from "vitest";
import type { Tx } from "./client";
import { preparedPerDatabase } from "./prepared";

describe("preparedPerDatabase", () => {
  it("builds a statement once for each database or transaction it is given, and keeps them apart", () => {
    const builtFor: string[] = [];
    const statement = preparedPerDatabase((db) => {
      const name = (db as unknown as { name: string }).name;
      builtFor.push(name);
      return { of: name };
    });
    const database = { name: "database" } as unknown as Tx;
    const transaction = { name: "transaction" } as unknown as Tx;

    expect(statement(database)).toEqual({ of: "database" });
    expect(statement(database)).toBe(statement(database));
    expect(statement(transaction)).toEqual({ of: "transaction" });
    expect(statement(transaction)).toBe(statement(transaction));
    expect(builtFor).toEqual(["database", "transaction"]);
  });
});
