/**
 * Our server for the soak: bench/frontend/server-entry.ts (what `npm start` runs, configured by the
 * environment, SIGTERM closes it), plus a memory probe the soak triggers from outside: on SIGUSR2, a
 * full garbage collection, then process.memoryUsage() written to SOAK_MEMORY_FILE. The heap after a
 * full collection is what the process still holds: the soak compares it between the end of the warm-up
 * and the end of the run. Nothing else differs from the server the other runs start.
 */
import { renameSync, writeFileSync } from "node:fs";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

const memoryFile = process.env.SOAK_MEMORY_FILE;
if (memoryFile) {
  // gc() without starting Node with --expose-gc: the flag set now, the function taken from a new context.
  setFlagsFromString("--expose-gc");
  const gc = runInNewContext("gc") as () => void;
  process.on("SIGUSR2", () => {
    const started = performance.now();
    gc();
    const gcMs = performance.now() - started;
    const temporary = `${memoryFile}.tmp`;
    // Written then renamed: the soak never reads half a file.
    writeFileSync(temporary, JSON.stringify({ ...process.memoryUsage(), gcMs }));
    renameSync(temporary, memoryFile);
  });
}

await import("../../bench/frontend/server-entry");
