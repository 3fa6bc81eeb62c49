import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The end-to-end files share one server and its demo data, and some rely on what an earlier file did (the
 * committee's reminder needs Rita still behind, before the reviewing journey rates all her candidates).
 * Vitest's default order follows file sizes and timings, so it moved when a file grew: run them by name.
 */
class EndToEndByFileName extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const isEndToEnd = (file: TestSpecification) => file.project.name === "e2e";
    const endToEnd = sorted.filter(isEndToEnd).sort((a, b) => a.moduleId.localeCompare(b.moduleId));
    return [...sorted.filter((file) => !isEndToEnd(file)), ...endToEnd];
  }
}

export default defineConfig({
  test: {
    // Vitest reads the sequencer from the root only.
    sequence: { sequencer: EndToEndByFileName },
    projects: [
      {
        test: {
          name: "server",
          // One migrated database per run, which each test file's database starts from.
          globalSetup: ["src/server/test/database-template.ts"],
          include: ["src/server/**/*.test.ts", "src/shared/**/*.test.ts", "firebase/**/*.test.ts"],
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Every file works in its own database, so the files of a worker share its loaded modules instead of
          // importing the server again for each one: a third of a file's time (docs/decisions/026-the-gate.md).
          isolate: false,
          // Vitest leaves a core to its main process (cores − 1 workers), which on a 2-core machine runs the
          // files one at a time while that process mostly waits: use every core.
          maxWorkers: availableParallelism(),
        },
      },
      {
        test: {
          name: "client",
          include: ["src/client/**/*.test.ts", "src/client/**/*.test.tsx"],
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // As the server's: a worker's files share its loaded modules (React, Mantine) instead of importing
          // them again for each file, which was most of the client's time (docs/decisions/026-the-gate.md).
          isolate: false,
          maxWorkers: availableParallelism(),
        },
      },
      {
        test: {
          name: "e2e",
          include: ["e2e/**/*.e2e.ts"],
          environment: "node",
          globalSetup: ["e2e/global-setup.ts"],
          fileParallelism: false,
          // The files run one after another in one worker that keeps its loaded modules (Playwright, the
          // shared schemas) and the browser it started (e2e/support/browser.ts), instead of a new process,
          // imports and Chromium for each file (docs/decisions/026-the-gate.md).
          isolate: false,
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
