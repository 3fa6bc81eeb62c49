import type { Writable } from "node:stream";

/**
 * The bytes of a tabular export on their way to the job's output: written in chunks of about 64 KB (a
 * row at a time would be hundreds of thousands of tiny writes), waiting for the output to drain when
 * it asks to (a slow disk never makes the whole file pile up in memory), and stopping as soon as the job
 * is aborted.
 */

/** About this many UTF-16 units of text are gathered before they are encoded and written. */
const CHUNK_CHARS = 64 * 1024;

export class ByteSink {
  constructor(
    private readonly output: Writable,
    private readonly signal: AbortSignal,
  ) {}

  async write(chunk: Uint8Array): Promise<void> {
    this.signal.throwIfAborted();
    if (chunk.byteLength === 0) return;
    if (!this.output.write(chunk)) await this.drained();
  }

  /** Ends the output and waits until everything written has been flushed (its "finish"). */
  end(): Promise<void> {
    this.signal.throwIfAborted();
    return new Promise((resolve, reject) => {
      this.output.end((error?: Error | null) => (error ? reject(error) : resolve()));
    });
  }

  /** Resolves on "drain"; rejects when the output fails or closes first, or the job is aborted. */
  private drained(): Promise<void> {
    const { output, signal } = this;
    return new Promise((resolve, reject) => {
      const settle = (error?: unknown) => {
        output.off("drain", onDrain);
        output.off("error", onError);
        output.off("close", onClose);
        signal.removeEventListener("abort", onAbort);
        if (error === undefined) resolve();
        else reject(error);
      };
      const onDrain = () => settle();
      const onError = (error: Error) => settle(error);
      const onClose = () => settle(new Error("The export's output closed before it was complete."));
      const onAbort = () => settle(signal.reason);
      output.on("drain", onDrain);
      output.on("error", onError);
      output.on("close", onClose);
      signal.addEventListener("abort", onAbort);
    });
  }
}

/** Text gathered into chunks and handed on as UTF-8 bytes. */
export class TextChunks {
  private parts: string[] = [];
  private length = 0;

  constructor(private readonly write: (bytes: Uint8Array) => Promise<void>) {}

  /** Adds text; writes once a chunk's worth has gathered. */
  async add(text: string): Promise<void> {
    this.parts.push(text);
    this.length += text.length;
    if (this.length >= CHUNK_CHARS) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.length === 0) return;
    const text = this.parts.join("");
    this.parts = [];
    this.length = 0;
    await this.write(Buffer.from(text, "utf8"));
  }
}
