import { randomBytes } from "node:crypto";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DiskStorage } from "../../files/storage";

/** DiskStorage.readStream: what the zip exports copy files with. */

let root: string;
let storage: DiskStorage;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "storage-stream-"));
  storage = new DiskStorage(root);
});
afterAll(() => rm(root, { recursive: true, force: true }));

async function bytesOf(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe("DiskStorage.readStream", () => {
  it("streams a stored file in chunks, byte for byte", async () => {
    const bytes = randomBytes(300_000);
    await storage.write("private", "submissions/a/file.pdf", bytes);
    const stream = storage.readStream("private", "submissions/a/file.pdf");
    expect(stream).not.toBeNull();
    expect((await bytesOf(stream!)).equals(bytes)).toBe(true);
  });

  it("still reads the whole file when it is removed after being opened", async () => {
    const bytes = randomBytes(100_000);
    await storage.write("private", "submissions/a/removed.pdf", bytes);
    const stream = storage.readStream("private", "submissions/a/removed.pdf");
    await storage.remove("private", "submissions/a/removed.pdf");
    expect((await bytesOf(stream!)).equals(bytes)).toBe(true);
  });

  it("is null for a missing file, a folder, another bucket and a key that tries to climb out", async () => {
    await storage.write("private", "submissions/b/x.pdf", new Uint8Array([1]));
    await mkdir(path.join(root, "private", "submissions", "folder"), { recursive: true });
    expect(storage.readStream("private", "submissions/b/none.pdf")).toBeNull();
    expect(storage.readStream("private", "submissions/folder")).toBeNull();
    expect(storage.readStream("public", "submissions/b/x.pdf")).toBeNull();
    expect(storage.readStream("private", "../private/submissions/b/x.pdf")).toBeNull();
    expect(storage.readStream("private", "/etc/passwd")).toBeNull();
  });
});
