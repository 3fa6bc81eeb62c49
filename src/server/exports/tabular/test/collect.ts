import { PassThrough, Writable } from "node:stream";

/**
 * Test outputs for the exports: a PassThrough whose bytes are gathered into one Buffer (what the job
 * runner's file would hold), and a deliberately slow output that asks for draining after every chunk.
 */

export function collectingOutput(): { output: PassThrough; bytes: () => Promise<Buffer> } {
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on("data", (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    output.on("end", resolve);
    output.on("error", reject);
  });
  return {
    output,
    bytes: async () => {
      await ended;
      return Buffer.concat(chunks);
    },
  };
}

/**
 * Accepts one chunk at a time with a pause, so `write` returns false and the writer must wait for
 * "drain": `stats.early` counts the writes made while it should have been waiting.
 */
export function slowOutput() {
  const chunks: Buffer[] = [];
  const stats = { writes: 0, refused: 0, early: 0 };
  let waiting = false;
  const output = new Writable({
    highWaterMark: 16,
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk);
      setTimeout(callback, 1);
    },
  });
  const write = output.write.bind(output);
  output.on("drain", () => {
    waiting = false;
  });
  output.write = ((chunk: Buffer) => {
    stats.writes += 1;
    if (waiting) stats.early += 1;
    const accepted = write(chunk);
    if (!accepted) {
      stats.refused += 1;
      waiting = true;
    }
    return accepted;
  }) as typeof output.write;
  return { output, bytes: () => Buffer.concat(chunks), stats };
}
