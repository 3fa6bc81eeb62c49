import { open, rm } from "node:fs/promises";

/**
 * An upload's body, read as it streams in (docs/reliability.md, "Bad input"): written to a temporary file
 * chunk by chunk, never gathered in memory, and stopped as soon as it passes the upload address's size — a
 * client that declares no length (chunked) cannot make the server read, or hold, more than that.
 */

/** What arrived: the temporary file, its size, and its first bytes (the type is judged by them). */
export interface ReceivedUpload {
  path: string;
  size: number;
  head: Uint8Array;
}

/** Enough of the start of a file for every signature sniffFileType knows. */
export const HEAD_BYTES = 64;

/**
 * Writes `body` to a new file at `path`, each chunk written before the next is read (memory holds one
 * chunk at a time). At the first chunk that takes it past `maxBytes` it stops reading, removes the file
 * and answers null; the rest of the body is left unread. On any failure the file is removed too.
 */
export async function receiveUpload(
  body: ReadableStream<Uint8Array> | null,
  path: string,
  maxBytes: number,
): Promise<ReceivedUpload | null> {
  const file = await open(path, "wx");
  const reader = body?.getReader();
  const head = new Uint8Array(HEAD_BYTES);
  let headLength = 0;
  let size = 0;
  let kept = false;
  try {
    while (reader) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) return null;
      if (headLength < HEAD_BYTES) {
        const part = value.subarray(0, HEAD_BYTES - headLength);
        head.set(part, headLength);
        headLength += part.byteLength;
      }
      for (let written = 0; written < value.byteLength; ) {
        written += (await file.write(value, written)).bytesWritten;
      }
    }
    kept = true;
    return { path, size, head: head.slice(0, headLength) };
  } finally {
    // Released, not cancelled: what is left unread is the server adapter's to drain or drop once the
    // answer is sent (@hono/node-server drains up to 64 MB or 500 ms, then closes the connection).
    reader?.releaseLock();
    await file.close();
    if (!kept) await rm(path, { force: true });
  }
}
