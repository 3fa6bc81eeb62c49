import { randomBytes } from "node:crypto";
import { Readable, Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { entriesOf, memoryOutput, zipListing } from "./test/kit";
import { ZIP_LIMITS, ZipLimitError, ZipWriter } from "./zip-writer";

const text = (bytes: Uint8Array | undefined) => Buffer.from(bytes ?? []).toString("utf8");

/** `total` bytes in chunks of `chunk`, produced lazily (as a file read from disk is). */
function chunks(
  total: number,
  chunk: number,
  seed = 1,
): { source: AsyncIterable<Uint8Array>; bytes: Buffer } {
  const bytes = Buffer.alloc(total);
  for (let i = 0; i < total; i++) bytes[i] = (i * 31 + seed * 7 + (i >> 9)) & 0xff;
  async function* source() {
    for (let at = 0; at < total; at += chunk) yield bytes.subarray(at, Math.min(total, at + chunk));
  }
  return { source: source(), bytes };
}

describe("ZipWriter", () => {
  it("writes stored and deflated entries that Info-ZIP tests and lists, with UTF-8 names", async () => {
    const memory = memoryOutput();
    const zip = new ZipWriter(memory.output);
    const pdf = randomBytes(50_000);
    const csv = "Name,Rating\r\n".repeat(2_000);
    const { source, bytes: streamed } = chunks(300_000, 64 * 1024);
    await zip.addFile("Café Nord.pdf", pdf, { modified: new Date("2025-03-14T16:05:00Z") });
    await zip.addFile("reviews.csv", csv, { compress: true });
    await zip.addStream("folder/données 😀.bin", source);
    await zip.addFile("empty.txt", new Uint8Array(0));
    await zip.finish();
    expect(memory.output.writableFinished).toBe(true);

    const bytes = memory.bytes();
    expect(zip.bytesWritten).toBe(bytes.length);
    expect(zip.entryCount).toBe(4);
    const listing = await zipListing(bytes);
    expect(listing.map((e) => [e.name, e.method, e.size])).toEqual([
      ["Café Nord.pdf", "stor", 50_000],
      ["reviews.csv", "defN", csv.length],
      ["folder/données 😀.bin", "stor", 300_000],
      ["empty.txt", "stor", 0],
    ]);
    const entries = entriesOf(bytes);
    expect(Buffer.from(entries["Café Nord.pdf"]!).equals(pdf)).toBe(true);
    expect(text(entries["reviews.csv"])).toBe(csv);
    expect(Buffer.from(entries["folder/données 😀.bin"]!).equals(streamed)).toBe(true);
    // Deflated text is much smaller than it was.
    expect(bytes.length).toBeLessThan(50_000 + 300_000 + 5_000);
  });

  it("an empty zip is still a zip", async () => {
    const memory = memoryOutput();
    const zip = new ZipWriter(memory.output);
    await zip.finish();
    expect(await zipListing(memory.bytes())).toEqual([]);
    expect(entriesOf(memory.bytes())).toEqual({});
  });

  it("waits for a slow output to drain: never more than a chunk or so buffered", async () => {
    const memory = memoryOutput({ highWaterMark: 16 * 1024, slow: true });
    const zip = new ZipWriter(memory.output);
    const { source, bytes } = chunks(4 * 1024 * 1024, 64 * 1024, 3);
    await zip.addStream("big.bin", source);
    await zip.finish();
    expect(memory.drains).toBeGreaterThan(10);
    // The writable's own buffer: at most the high-water mark plus the chunk that crossed it.
    expect(memory.maxBuffered).toBeLessThanOrEqual(16 * 1024 + 64 * 1024 + 100);
    expect(Buffer.from(entriesOf(memory.bytes())["big.bin"]!).equals(bytes)).toBe(true);
  });

  it("copies a source that reuses one buffer (lentChunks) byte for byte, through a slow output", async () => {
    // A high-water mark above the whole entry: write() never asks to wait, so only lentChunks keeps the
    // next read from overwriting bytes the output has not written yet.
    const memory = memoryOutput({ highWaterMark: 4 * 1024 * 1024, slow: true });
    const zip = new ZipWriter(memory.output);
    const { bytes } = chunks(1_000_000, 64 * 1024, 5);
    const buffer = new Uint8Array(64 * 1024);
    async function* lent() {
      for (let at = 0; at < bytes.length; at += buffer.length) {
        const piece = bytes.subarray(at, Math.min(bytes.length, at + buffer.length));
        buffer.set(piece);
        yield buffer.subarray(0, piece.length);
      }
    }
    await zip.addStream("lent.bin", lent(), { lentChunks: true });
    await zip.finish();
    expect(Buffer.from(entriesOf(memory.bytes())["lent.bin"]!).equals(bytes)).toBe(true);
  });

  it("stops at once when the signal aborts, with the signal's reason, and closes the source", async () => {
    const memory = memoryOutput({ highWaterMark: 1024, slow: true });
    const controller = new AbortController();
    const zip = new ZipWriter(memory.output, controller.signal);
    let served = 0;
    const source = new Readable({
      read() {
        served += 1;
        if (served === 5) controller.abort(new Error("lease lost"));
        this.push(Buffer.alloc(8 * 1024, 1));
      },
    });
    await expect(zip.addStream("endless.bin", source)).rejects.toThrow("lease lost");
    expect(source.destroyed).toBe(true);
    expect(served).toBeLessThan(10);
    await expect(zip.addFile("more.txt", "no")).rejects.toThrow("lease lost");
    await expect(zip.finish()).rejects.toThrow("lease lost");
  });

  it("fails when the output fails, instead of writing on", async () => {
    const failing = new Writable({
      highWaterMark: 1024,
      write(_chunk, _encoding, callback) {
        setImmediate(() => callback(new Error("disk full")));
      },
    });
    failing.on("error", () => undefined);
    const zip = new ZipWriter(failing);
    const { source } = chunks(1024 * 1024, 16 * 1024);
    await expect(zip.addStream("a.bin", source)).rejects.toThrow(/disk full|closed/);
  });

  it("passes on a source's read error and refuses anything after it", async () => {
    const memory = memoryOutput();
    const zip = new ZipWriter(memory.output);
    async function* broken() {
      yield new Uint8Array(10);
      throw new Error("EIO: read failed");
    }
    await expect(zip.addStream("a.bin", broken())).rejects.toThrow("EIO");
    await expect(zip.finish()).rejects.toThrow("EIO");
  });

  it("refuses what a zip without zip64 cannot hold: more than 4 GiB, odd names", async () => {
    const zip = new ZipWriter(memoryOutput().output);
    await expect(zip.addStream("huge.bin", [], { expectedSize: ZIP_LIMITS.bytes })).rejects.toThrow(
      ZipLimitError,
    );
    const other = new ZipWriter(memoryOutput().output);
    await expect(other.addFile("", "x")).rejects.toThrow("Invalid zip entry name");
    await expect(new ZipWriter(memoryOutput().output).addFile("n".repeat(5000), "x")).rejects.toThrow(
      "Invalid zip entry name",
    );
  });

  it("refuses the 65,536th entry", async () => {
    const zip = new ZipWriter(memoryOutput().output);
    const empty = new Uint8Array(0);
    for (let i = 0; i < ZIP_LIMITS.entries; i++) await zip.addFile(`${i}`, empty);
    await expect(zip.addFile("one-too-many", empty)).rejects.toThrow(ZipLimitError);
  });

  it("dates outside the zip format's 1980–2099 fall back to now instead of failing", async () => {
    const memory = memoryOutput();
    const zip = new ZipWriter(memory.output);
    await zip.addFile("old.txt", "x", { modified: new Date("1970-01-01T00:00:00Z") });
    await zip.addFile("invalid.txt", "y", { modified: new Date(Number.NaN) });
    await zip.finish();
    expect(Object.keys(entriesOf(memory.bytes()))).toEqual(["old.txt", "invalid.txt"]);
  });
});
