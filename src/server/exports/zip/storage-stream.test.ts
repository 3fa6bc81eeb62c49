import { randomBytes } from "node:crypto";
import { readdirSync } from "node:fs";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DiskStorage } from "../../files/storage";

/** DiskStorage.readStream and readInto: what the exports stream results and copy files with. */

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
    const stream = await storage.readStream("private", "submissions/a/file.pdf");
    expect(stream).not.toBeNull();
    expect((await bytesOf(stream!)).equals(bytes)).toBe(true);
  });

  it("still reads the whole file when it is removed after being opened", async () => {
    const bytes = randomBytes(100_000);
    await storage.write("private", "submissions/a/removed.pdf", bytes);
    const stream = await storage.readStream("private", "submissions/a/removed.pdf");
    await storage.remove("private", "submissions/a/removed.pdf");
    expect((await bytesOf(stream!)).equals(bytes)).toBe(true);
  });

  it("is null for a missing file, a folder, another bucket and a key that tries to climb out", async () => {
    await storage.write("private", "submissions/b/x.pdf", new Uint8Array([1]));
    await mkdir(path.join(root, "private", "submissions", "folder"), { recursive: true });
    expect(await storage.readStream("private", "submissions/b/none.pdf")).toBeNull();
    expect(await storage.readStream("private", "submissions/folder")).toBeNull();
    expect(await storage.readStream("public", "submissions/b/x.pdf")).toBeNull();
    expect(await storage.readStream("private", "../private/submissions/b/x.pdf")).toBeNull();
    expect(await storage.readStream("private", "/etc/passwd")).toBeNull();
  });
});

describe("DiskStorage.readInto", () => {
  const openDescriptors = () => readdirSync("/proc/self/fd").length;

  async function copied(chunks: AsyncIterable<Uint8Array>, buffer: Uint8Array): Promise<Buffer> {
    const parts: Buffer[] = [];
    for await (const chunk of chunks) {
      // Every chunk is a view of the one buffer lent in.
      expect(chunk.buffer).toBe(buffer.buffer);
      parts.push(Buffer.from(chunk));
    }
    return Buffer.concat(parts);
  }

  it("reads a stored file through the one buffer, byte for byte, and closes it at the end", async () => {
    const bytes = randomBytes(300_000);
    await storage.write("private", "submissions/c/file.pdf", bytes);
    const before = openDescriptors();
    const buffer = new Uint8Array(64 * 1024);
    const chunks = await storage.readInto("private", "submissions/c/file.pdf", buffer);
    expect(chunks).not.toBeNull();
    expect(openDescriptors()).toBe(before + 1);
    expect((await copied(chunks!, buffer)).equals(bytes)).toBe(true);
    expect(openDescriptors()).toBe(before);
  });

  it("closes the file when the reader stops part way or never starts", async () => {
    await storage.write("private", "submissions/c/other.pdf", randomBytes(200_000));
    const before = openDescriptors();
    const buffer = new Uint8Array(16 * 1024);
    const stopped = (await storage.readInto("private", "submissions/c/other.pdf", buffer))!;
    for await (const chunk of stopped) {
      expect(chunk.length).toBe(16 * 1024);
      break;
    }
    expect(openDescriptors()).toBe(before);
    const unread = (await storage.readInto("private", "submissions/c/other.pdf", buffer))!;
    expect(openDescriptors()).toBe(before + 1);
    unread.close();
    unread.close();
    expect(openDescriptors()).toBe(before);
  });

  it("is null for a missing file, a folder and a key that tries to climb out", async () => {
    const buffer = new Uint8Array(1024);
    expect(await storage.readInto("private", "submissions/c/none.pdf", buffer)).toBeNull();
    expect(await storage.readInto("private", "submissions", buffer)).toBeNull();
    expect(await storage.readInto("private", "../private/submissions/c/file.pdf", buffer)).toBeNull();
  });
});
