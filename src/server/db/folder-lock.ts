import { closeSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import os from "node:os";

/**
 * A PGlite folder must have one owner: two processes writing the same files corrupt the database
 * (a second `npm start` on the same DATA_DIR, or a backup taken while the server runs). The owner
 * writes `<folder>.lock` with its pid; a lock whose process is gone (killed, crashed) is taken over.
 */
export class FolderInUseError extends Error {
  constructor(
    readonly folder: string,
    readonly pid: number,
  ) {
    super(
      `Another process (pid ${pid}) is using the database in ${folder}. Stop it first: a PGlite folder can be opened by one process at a time.`,
    );
  }
}

interface LockContent {
  pid: number;
  host: string;
  since: string;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function readLock(file: string): LockContent | null {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as LockContent;
  } catch {
    return null;
  }
}

/** Takes the folder's lock or throws FolderInUseError; the returned function gives it back. */
export function lockFolder(folder: string): () => void {
  const file = `${folder}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, "wx");
      const content: LockContent = { pid: process.pid, host: os.hostname(), since: new Date().toISOString() };
      writeSync(fd, JSON.stringify(content));
      closeSync(fd);
      return () => {
        if (readLock(file)?.pid === process.pid) rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = readLock(file);
      // Another machine's pid means nothing here: a folder shared over a network is not supported.
      if (holder && holder.host === os.hostname() && holder.pid !== process.pid && isAlive(holder.pid)) {
        throw new FolderInUseError(folder, holder.pid);
      }
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock ${folder}.`);
}
