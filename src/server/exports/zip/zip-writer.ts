import type { Writable } from "node:stream";
import { crc32 } from "node:zlib";
import { type AsyncFlateStreamHandler, Zip, ZipDeflate, type ZipInputFile } from "fflate";

/**
 * A zip written as it goes (fflate's streaming `Zip`): entries one after the other, each streamed into
 * `output` chunk by chunk, waiting for the output to drain whenever it asks to — so a zip of gigabytes of
 * attachments never holds more than a chunk or two in memory.
 *
 * Limits (checked here, because fflate writes 32-bit fields without checking them and would produce a
 * corrupt file past them): no zip64, so at most 65,535 entries and 4 GiB for the whole zip (every
 * offset and size must fit 32 bits). An export that would go past them fails with a message saying so.
 * Entry names are UTF-8 (fflate sets the language-encoding flag for any non-ASCII name), and entries
 * say they were made on Unix with rw-r--r-- files: Info-ZIP's unzip ignores that flag for entries made
 * on MS-DOS (fflate's default) and turns "Café" into "Caf+®" as if it were code page 437. Dates must lie
 * between 1980 and 2099 (the DOS date format), so any other date is replaced by now.
 */

export const ZIP_LIMITS = {
  entries: 65_535,
  /** The last byte of the zip must sit at an offset that fits 32 bits. */
  bytes: 0xffff_ffff,
  /** Bytes of one entry name (UTF-8); the format allows 65,535, no real name comes close. */
  nameBytes: 4096,
} as const;

/**
 * The message shown to the admin when an export does not fit a zip (review-and-administration,
 * "8. Error catalogue": the alert shows it).
 */
export class ZipLimitError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ZipLimitError";
  }
}

/** Per entry: central directory record (46 bytes + name); for the whole zip: its end record (22). */
const CENTRAL_RECORD = 46;
const END_RECORD = 22;
/** Local header (30 bytes + name) and data descriptor (16) around each entry's data. */
const LOCAL_OVERHEAD = 30 + 16;
const DOS_EPOCH = Date.UTC(1980, 0, 2);
const DOS_END = Date.UTC(2099, 11, 30);
/** "Made by" Unix, a regular file with mode 644 (in the upper 16 bits of the external attributes). */
const UNIX = { os: 3, attrs: 0o100644 << 16 };

const encoder = new TextEncoder();

/**
 * An entry stored as it is (compression method 0): for what is compressed already (PDFs, images,
 * office files). fflate's ZipPassThrough would do, but its CRC-32 is JavaScript (about 0.5 GB/s here);
 * node's zlib.crc32 is native and four times faster, which is seconds on an attachment zip of gigabytes.
 */
class StoredEntry implements ZipInputFile {
  crc = 0;
  size = 0;
  readonly compression = 0;
  readonly os = UNIX.os;
  readonly attrs = UNIX.attrs;
  ondata: AsyncFlateStreamHandler = () => undefined;

  constructor(
    readonly filename: string,
    readonly mtime: number,
  ) {}

  push(chunk: Uint8Array, final: boolean): void {
    this.crc = crc32(chunk, this.crc);
    this.size += chunk.length;
    // fflate's types want an ArrayBuffer-backed array; it only reads the bytes (a Buffer's are fine).
    this.ondata(null, chunk as Uint8Array<ArrayBuffer>, final);
  }
}

export interface EntryOptions {
  /** Deflate the bytes (text: CSV, notes); off for what is compressed already. Default off. */
  compress?: boolean;
  /** The entry's date (default now). */
  modified?: Date | null | undefined;
  /** The bytes the entry will hold, when known: an entry that cannot fit is refused before it starts. */
  expectedSize?: number;
  /**
   * The source reuses one buffer for its chunks (storage's `readInto`): each chunk is written out before
   * the next one is asked for.
   */
  lentChunks?: boolean;
}

function dosSafeTime(date: Date | null | undefined): number {
  const time = date?.getTime() ?? Date.now();
  return Number.isFinite(time) && time >= DOS_EPOCH && time <= DOS_END ? time : Date.now();
}

export class ZipWriter {
  private readonly zip: Zip;
  private written = 0;
  private entries = 0;
  private centralDirectory = END_RECORD;
  private needsDrain = false;
  private failure: Error | null = null;
  private busy = false;
  private finished = false;
  /** Chunks handed to the output that it has not written yet, and who waits for it to have written them. */
  private unwritten = 0;
  private whenWritten: (() => void)[] = [];
  private readonly onWritten = () => {
    this.unwritten -= 1;
    if (this.unwritten === 0) for (const resolve of this.whenWritten.splice(0)) resolve();
  };

  constructor(
    private readonly output: Writable,
    private readonly signal?: AbortSignal,
  ) {
    this.zip = new Zip((error, chunk) => {
      if (error) {
        this.failure ??= error;
        return;
      }
      if (chunk.length === 0) return;
      this.written += chunk.length;
      // The chunk is queued even when write() says "enough": the caller waits for the drain before the next.
      this.unwritten += 1;
      if (!this.output.write(chunk, this.onWritten)) this.needsDrain = true;
    });
  }

  /** Bytes handed to the output so far. */
  get bytesWritten(): number {
    return this.written;
  }

  get entryCount(): number {
    return this.entries;
  }

  /** An entry with these bytes (a rendered PDF, a CSV). */
  async addFile(name: string, data: Uint8Array | string, options: EntryOptions = {}): Promise<void> {
    const bytes = typeof data === "string" ? encoder.encode(data) : data;
    await this.addStream(name, [bytes], { ...options, expectedSize: bytes.length });
  }

  /**
   * An entry whose bytes come from `source` (a file read from storage), copied chunk by chunk. If the
   * source fails part way the zip cannot be mended: the error is passed on and the export fails.
   */
  async addStream(
    name: string,
    source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
    options: EntryOptions = {},
  ): Promise<void> {
    if (this.busy) throw new Error("ZipWriter: one entry at a time");
    if (this.finished) throw new Error("ZipWriter: the zip is finished");
    this.checkRunning();
    const nameBytes = encoder.encode(name).length;
    if (nameBytes === 0 || nameBytes > ZIP_LIMITS.nameBytes)
      throw new Error(`Invalid zip entry name: ${name}`);
    if (this.entries >= ZIP_LIMITS.entries) {
      throw new ZipLimitError(
        `This export has more than ${ZIP_LIMITS.entries.toLocaleString("en")} files, more than a zip can hold.`,
      );
    }
    this.centralDirectory += CENTRAL_RECORD + nameBytes;
    this.entries += 1;
    this.checkSize((options.expectedSize ?? 0) + LOCAL_OVERHEAD + nameBytes);

    const modified = dosSafeTime(options.modified);
    const entry = options.compress
      ? Object.assign(new ZipDeflate(name, { level: 6 }), { mtime: modified, ...UNIX })
      : new StoredEntry(name, modified);
    this.busy = true;
    try {
      this.zip.add(entry);
      for await (const chunk of source) {
        if (chunk.length === 0) continue;
        entry.push(chunk, false);
        await this.settle();
        if (options.lentChunks) await this.allWritten();
        this.checkSize(0);
      }
      entry.push(new Uint8Array(0), true);
      await this.settle();
      this.checkSize(0);
    } catch (error) {
      // Nothing more may be written: half an entry is there, and fflate would wait for its end forever.
      this.failure ??= error instanceof Error ? error : new Error(String(error));
      this.zip.terminate();
      throw error;
    } finally {
      this.busy = false;
    }
  }

  /**
   * Writes the central directory, ends the output and waits until it has taken every byte (for a
   * file: written to it), so the caller can move the result into place as soon as this resolves.
   */
  async finish(): Promise<void> {
    if (this.busy) throw new Error("ZipWriter: an entry is still being written");
    this.checkRunning();
    this.finished = true;
    this.zip.end();
    if (this.failure) throw this.failure;
    await new Promise<void>((resolve, reject) => {
      this.output.end((error?: Error | null) => (error ? reject(error) : resolve()));
    });
  }

  /** Stops: nothing more is written (the caller discards the output). */
  abort(): void {
    this.finished = true;
    this.zip.terminate();
  }

  private checkRunning(): void {
    if (this.failure) throw this.failure;
    this.signal?.throwIfAborted();
  }

  /** Refuses to go past 4 GiB, counting what is still to come: `more` bytes and the central directory. */
  private checkSize(more: number): void {
    if (this.written + more + this.centralDirectory > ZIP_LIMITS.bytes) {
      throw new ZipLimitError(
        "This export is larger than 4 GB, more than a zip can hold: export fewer submissions at a time.",
      );
    }
  }

  /**
   * Resolves once the output has written every chunk handed to it (a write's callback runs on failure
   * too, and the output's error fails the export through `settle`).
   */
  private allWritten(): Promise<void> {
    if (this.unwritten === 0) return Promise.resolve();
    return new Promise((resolve) => this.whenWritten.push(resolve));
  }

  /** After a chunk: fails on an error, waits for the output to drain when it asked to, stops on abort. */
  private async settle(): Promise<void> {
    this.checkRunning();
    if (!this.needsDrain) return;
    this.needsDrain = false;
    await waitForDrain(this.output, this.signal);
    this.checkRunning();
  }
}

/** Resolves on 'drain'; rejects when the output fails or closes first, or when `signal` aborts. */
function waitForDrain(output: Writable, signal: AbortSignal | undefined): Promise<void> {
  if (output.destroyed) return Promise.reject(new Error("The export's output was closed"));
  return new Promise<void>((resolve, reject) => {
    const cleanUp = () => {
      output.off("drain", onDrain);
      output.off("error", onError);
      output.off("close", onClose);
      signal?.removeEventListener("abort", onAbort);
    };
    const onDrain = () => {
      cleanUp();
      resolve();
    };
    const onError = (error: Error) => {
      cleanUp();
      reject(error);
    };
    const onClose = () => {
      cleanUp();
      reject(new Error("The export's output was closed"));
    };
    const onAbort = () => {
      cleanUp();
      reject(signal?.reason ?? new Error("Aborted"));
    };
    output.on("drain", onDrain);
    output.on("error", onError);
    output.on("close", onClose);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
