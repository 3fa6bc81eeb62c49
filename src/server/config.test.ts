import { describe, expect, it } from "vitest";
import { loadConfig } from "./config";

describe("loadConfig: PGLITE_SHARED_BUFFERS", () => {
  it("defaults to 16MB (the embedded database's buffer cache; decision 018)", () => {
    expect(loadConfig({}).PGLITE_SHARED_BUFFERS).toBe("16MB");
  });

  it("takes a size in kB, MB or GB", () => {
    expect(loadConfig({ PGLITE_SHARED_BUFFERS: "64MB" }).PGLITE_SHARED_BUFFERS).toBe("64MB");
    expect(loadConfig({ PGLITE_SHARED_BUFFERS: "512kB" }).PGLITE_SHARED_BUFFERS).toBe("512kB");
  });

  it("refuses anything else, naming the variable", () => {
    expect(() => loadConfig({ PGLITE_SHARED_BUFFERS: "16" })).toThrow(
      "Invalid configuration:\n  PGLITE_SHARED_BUFFERS: a size such as 16MB",
    );
  });
});
