import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Readable, Writable } from "node:stream";
import { Storage } from "@google-cloud/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DUMMY_SERVICE_ACCOUNT,
  type LocalGcs,
  type LocalS3,
  startLocalGcs,
  startLocalS3,
} from "../test/bucket-server";
import { GcsStorage } from "./gcs-storage";
import { S3Storage } from "./s3-storage";
import { DiskStorage, type FileStorage, StorageUnavailableError } from "./storage";

/**
 * The contract every storage driver keeps (docs/decisions/023-object-storage.md): run on the disk
 * always, on the S3 driver against a real S3-compatible server (s3rver), and on the gs:// driver against
 * a stand-in for Cloud Storage's JSON API (src/server/test/local-gcs.ts), both started here.
 */

let diskRoot: string;
let s3: LocalS3;
let gcs: LocalGcs;
const drivers: Record<string, FileStorage> = {};

/**
 * The gs:// driver signs its addresses with Google's dummy account; its calls to the stand-in carry no
 * credentials (the SDK does not authenticate against a custom endpoint).
 */
const gcsOptions = {
  projectId: DUMMY_SERVICE_ACCOUNT.project_id,
  credentials: {
    client_email: DUMMY_SERVICE_ACCOUNT.client_email,
    private_key: DUMMY_SERVICE_ACCOUNT.private_key,
  },
};

beforeAll(async () => {
  diskRoot = await mkdtemp(path.join(tmpdir(), "storage-contract-"));
  drivers.disk = new DiskStorage(diskRoot);
  s3 = await startLocalS3();
  drivers.s3 = new S3Storage(
    { bucket: s3.bucket, endpoint: s3.endpoint, region: "us-east-1", forcePathStyle: true },
    { credentials: s3.credentials },
  );
  gcs = await startLocalGcs();
  drivers.gcs = new GcsStorage(Storage, { bucket: gcs.bucket, endpoint: gcs.endpoint }, gcsOptions);
});
afterAll(async () => {
  (drivers.s3 as S3Storage | undefined)?.close();
  await s3?.close();
  await gcs?.close();
  await rm(diskRoot, { recursive: true, force: true });
});

async function bytesOf(chunks: AsyncIterable<Uint8Array> | Readable): Promise<Buffer> {
  const all: Buffer[] = [];
  for await (const chunk of chunks) all.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(all);
}

async function writeTo(output: Writable, bytes: Uint8Array): Promise<void> {
  if (!output.write(bytes)) await once(output, "drain");
}

/** Every character a key may hold, in eight segments (the most `isValidKey` allows). */
const EVERY_CHARACTER_KEY =
  "ABCDEFGHIJKLMNOPQRSTUVWXYZ/abcdefghijklmnopqrstuvwxyz/0123456789/_a.b..c-/-x/y_/z.pdf/A-b_C.d";

describe.each(["disk", "s3", "gcs"])("the %s driver", (name) => {
  const storage = () => drivers[name]!;

  it("writes, reads back byte for byte, and tells the size", async () => {
    const bytes = randomBytes(10_000);
    await storage().write("private", "contract/a/file.pdf", bytes, "application/pdf");
    expect((await storage().read("private", "contract/a/file.pdf"))?.equals(bytes)).toBe(true);
    expect(await storage().stat("private", "contract/a/file.pdf")).toEqual({ size: 10_000 });
  });

  it("keeps the public and private areas apart", async () => {
    await storage().write("public", "contract/area/x.png", new Uint8Array([1, 2]));
    expect(await storage().read("private", "contract/area/x.png")).toBeNull();
    expect(await storage().read("public", "contract/area/x.png")).toEqual(Buffer.from([1, 2]));
  });

  it("stores keys with every allowed character", async () => {
    await storage().write("private", EVERY_CHARACTER_KEY, new Uint8Array([7]));
    expect(await storage().read("private", EVERY_CHARACTER_KEY)).toEqual(Buffer.from([7]));
    expect(await storage().stat("private", EVERY_CHARACTER_KEY)).toEqual({ size: 1 });
  });

  it("answers null for a missing object, and for a key that is not one, everywhere", async () => {
    for (const key of ["contract/none/file.pdf", "../private/contract/a/file.pdf", "/etc/passwd"]) {
      expect(await storage().read("private", key), key).toBeNull();
      expect(await storage().stat("private", key), key).toBeNull();
      expect(await storage().readHead("private", key, 64), key).toBeNull();
      expect(await storage().readStream("private", key), key).toBeNull();
      expect(await storage().readInto("private", key, new Uint8Array(1024)), key).toBeNull();
    }
    await expect(storage().write("private", "../x", new Uint8Array([1]))).rejects.toThrow(
      /Invalid storage key/,
    );
  });

  it("reads the first bytes only (a ranged read), or fewer when the file is shorter", async () => {
    const bytes = randomBytes(100_000);
    await storage().write("private", "contract/head/big.bin", bytes);
    expect(Buffer.from((await storage().readHead("private", "contract/head/big.bin", 64))!)).toEqual(
      bytes.subarray(0, 64),
    );
    await storage().write("private", "contract/head/small.bin", new Uint8Array([1, 2, 3]));
    expect([...(await storage().readHead("private", "contract/head/small.bin", 64))!]).toEqual([1, 2, 3]);
    await storage().write("private", "contract/head/empty.bin", new Uint8Array(0));
    expect([...(await storage().readHead("private", "contract/head/empty.bin", 64))!]).toEqual([]);
  });

  it("streams a file, and reads it in chunks that can be stopped part way", async () => {
    const bytes = randomBytes(300_000);
    await storage().write("private", "contract/stream/file.bin", bytes);
    expect(
      (await bytesOf((await storage().readStream("private", "contract/stream/file.bin"))!)).equals(bytes),
    ).toBe(true);
    const buffer = new Uint8Array(64 * 1024);
    const chunks = (await storage().readInto("private", "contract/stream/file.bin", buffer))!;
    let copied = 0;
    for await (const chunk of chunks) {
      expect(Buffer.from(chunk).equals(bytes.subarray(copied, copied + chunk.length))).toBe(true);
      copied += chunk.length;
    }
    expect(copied).toBe(bytes.length);
    const stopped = (await storage().readInto("private", "contract/stream/file.bin", buffer))!;
    for await (const _ of stopped) break;
    stopped.close();
    // The store still answers at once (on gs://, see GcsStorage.readInto).
    expect(await storage().stat("private", "contract/stream/file.bin")).toEqual({ size: 300_000 });
    const unread = (await storage().readInto("private", "contract/stream/file.bin", buffer))!;
    unread.close();
  });

  it("removes a file (and a missing one without complaint)", async () => {
    await storage().write("private", "contract/remove/file.pdf", new Uint8Array([1]));
    await storage().remove("private", "contract/remove/file.pdf");
    expect(await storage().read("private", "contract/remove/file.pdf")).toBeNull();
    await storage().remove("private", "contract/remove/file.pdf");
  });

  it("removes a key and everything under it, and nothing beside it", async () => {
    for (const key of [
      "contract/tree/job1/1/a.zip",
      "contract/tree/job1/2/b.zip",
      "contract/tree/job10/1/c.zip",
    ]) {
      await storage().write("private", key, new Uint8Array([1]));
    }
    await storage().removeTree("private", "contract/tree/job1");
    expect(await storage().read("private", "contract/tree/job1/1/a.zip")).toBeNull();
    expect(await storage().read("private", "contract/tree/job1/2/b.zip")).toBeNull();
    expect(await storage().read("private", "contract/tree/job10/1/c.zip")).not.toBeNull();
    await storage().removeTree("private", "contract/tree/nothing-here");
  });

  it("moves a finished partial file into place; nothing is there before", async () => {
    const bytes = randomBytes(6 * 1024 * 1024 + 5);
    const partial = await storage().partialPathFor("private", "contract/move/result.zip");
    await writeFile(partial, bytes);
    expect(await storage().stat("private", "contract/move/result.zip")).toBeNull();
    await storage().moveIntoPlace(partial, "private", "contract/move/result.zip");
    expect((await storage().read("private", "contract/move/result.zip"))?.equals(bytes)).toBe(true);
    expect(existsSync(partial)).toBe(false);
  });

  it("streams a result into a bucket (none on disk), there only once finished", async () => {
    const key = "contract/stream-to/result.zip";
    const streamed = storage().streamTo("private", key);
    if (name === "disk") {
      expect(streamed).toBeNull();
      return;
    }
    // More than one part (5 MB on S3) or chunk (8 MiB on Cloud Storage).
    const bytes = randomBytes(9 * 1024 * 1024 + 5);
    await writeTo(streamed!.output, bytes.subarray(0, 6 * 1024 * 1024));
    expect(await storage().stat("private", key)).toBeNull();
    streamed!.output.end(bytes.subarray(6 * 1024 * 1024));
    expect(await streamed!.finish()).toBe(bytes.length);
    expect((await storage().read("private", key))?.equals(bytes)).toBe(true);
  });

  it("aborts a streamed result part way, leaving nothing", async () => {
    const key = "contract/stream-to/aborted.zip";
    await storage().write("private", key, new Uint8Array([1]));
    const streamed = storage().streamTo("private", key);
    if (name === "disk") {
      expect(streamed).toBeNull();
      return;
    }
    await writeTo(streamed!.output, randomBytes(9 * 1024 * 1024));
    await streamed!.abort();
    expect(await storage().stat("private", key)).toBeNull();
  });

  it("gives the browser an upload address on a bucket (the app's own route on disk), then the object checks", async () => {
    const signed = await storage().signedUpload("private", "contract/upload/cv.pdf", {
      contentType: "application/pdf",
      maxBytes: 1000,
      expiresInSeconds: 60,
    });
    if (name === "disk") {
      expect(signed).toBeNull();
      return;
    }
    expect(signed?.method).toBe("POST");
    if (signed?.method !== "POST") return;
    expect(new URL(signed.url).origin).toBe(storage().uploadOrigin);
    const policy = JSON.parse(
      Buffer.from((signed.fields.Policy ?? signed.fields.policy)!, "base64").toString("utf8"),
    );
    // The policy fixes the key, the type and the size (a real store refuses anything else).
    expect(policy.conditions).toEqual(
      expect.arrayContaining([
        { key: "private/contract/upload/cv.pdf" },
        ["content-length-range", 1, 1000],
        ["eq", "$Content-Type", "application/pdf"],
      ]),
    );
    const form = new FormData();
    for (const [field, value] of Object.entries(signed.fields)) form.append(field, value);
    form.append("file", new Blob([new TextEncoder().encode("%PDF-1.4 uploaded")]), "cv.pdf");
    const res = await fetch(signed.url, { method: "POST", body: form });
    expect(res.status).toBeLessThan(300);
    expect(await storage().stat("private", "contract/upload/cv.pdf")).toEqual({ size: 17 });
    expect(Buffer.from((await storage().readHead("private", "contract/upload/cv.pdf", 5))!).toString()).toBe(
      "%PDF-",
    );
  });

  it("gives a download address on a bucket that serves the file as an attachment (none on disk)", async () => {
    await storage().write("private", "contract/download/cv.pdf", new TextEncoder().encode("%PDF-1.4 x"));
    const url = await storage().signedDownload("private", "contract/download/cv.pdf", {
      expiresInSeconds: 300,
      fileName: "Mon CV é.pdf",
      contentType: "application/pdf",
    });
    if (name === "disk") {
      expect(url).toBeNull();
      return;
    }
    const res = await fetch(url!);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("%PDF-1.4 x");
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="Mon CV _.pdf"; filename*=UTF-8''Mon%20CV%20%C3%A9.pdf`,
    );
    const amz = name === "s3" ? "Amz" : "Goog";
    expect(new URL(url!).searchParams.get(`X-${amz}-Expires`)).toBe("300");
    // An address whose time is past is refused by the store (s3rver and the stand-in check the expiry,
    // not the signature): S3 answers 403, Cloud Storage 400 ExpiredToken.
    const expired = new URL(url!);
    expired.searchParams.set(`X-${amz}-Date`, "20200101T000000Z");
    expect((await fetch(expired)).status).toBe(name === "s3" ? 403 : 400);
  });
});

describe("the S3 driver's upload origin (allowed by the page's connect-src)", () => {
  it.each([
    [{ region: "eu-west-3", forcePathStyle: false }, "https://my-bucket.s3.eu-west-3.amazonaws.com"],
    [
      { region: "auto", forcePathStyle: false, endpoint: "https://acct.r2.example.com" },
      "https://my-bucket.acct.r2.example.com",
    ],
    [
      { region: "us-east-1", forcePathStyle: true, endpoint: "http://127.0.0.1:9000" },
      "http://127.0.0.1:9000",
    ],
  ])("is where the signed policy posts to (%o)", async (location, origin) => {
    const storage = new S3Storage(
      { bucket: "my-bucket", ...location },
      { credentials: { accessKeyId: "x", secretAccessKey: "y" } },
    );
    const signed = await storage.signedUpload("private", "a/b.pdf", {
      contentType: "application/pdf",
      maxBytes: 10,
      expiresInSeconds: 60,
    });
    expect(storage.uploadOrigin).toBe(origin);
    expect(new URL(signed.url).origin).toBe(origin);
    storage.close();
  });
});

describe("the S3 driver, its store down", () => {
  it("says the store is unavailable (answered 503), not that the file is missing", async () => {
    const down = new S3Storage(
      {
        bucket: "decisionhub-test",
        endpoint: "http://127.0.0.1:9",
        region: "us-east-1",
        forcePathStyle: true,
      },
      { credentials: { accessKeyId: "x", secretAccessKey: "y" } },
    );
    await expect(down.read("private", "a/b.pdf")).rejects.toBeInstanceOf(StorageUnavailableError);
    await expect(down.stat("private", "a/b.pdf")).rejects.toBeInstanceOf(StorageUnavailableError);
    await expect(down.write("private", "a/b.pdf", new Uint8Array([1]))).rejects.toBeInstanceOf(
      StorageUnavailableError,
    );
    down.close();
  });
});

describe("the gs:// driver's requests to the stand-in", () => {
  it("streams a result as a resumable upload: 308 for each 8 MiB chunk, the object with the last", async () => {
    const first = gcs.requests.length;
    const sessions = gcs.openSessions();
    const streamed = drivers.gcs!.streamTo("private", "contract/resumable/result.zip")!;
    streamed.output.end(randomBytes(17 * 1024 * 1024));
    expect(await streamed.finish()).toBe(17 * 1024 * 1024);
    // This object's session only (an aborted test's chunk may still be arriving).
    const session = gcs.requests
      .slice(first)
      .filter((r) => r.line.includes("uploadType=resumable") && r.line.includes("resumable%2Fresult.zip"));
    expect(session.map((r) => `${r.line.split(" ")[0]} ${r.status}`)).toEqual([
      "POST 200",
      "PUT 308",
      "PUT 308",
      "PUT 200",
    ]);
    expect(gcs.openSessions()).toBe(sessions);
  });

  it("refuses posts outside the policy (the stand-in's check and status: Google's never ran here)", async () => {
    const signed = (await drivers.gcs!.signedUpload("private", "contract/refused/cv.pdf", {
      contentType: "application/pdf",
      maxBytes: 10,
      expiresInSeconds: 60,
    }))!;
    const post = (fields: Record<string, string>, size: number) => {
      const form = new FormData();
      for (const [field, value] of Object.entries(fields)) form.append(field, value);
      form.append("file", new Blob([new Uint8Array(size)]), "cv.pdf");
      return fetch(signed.url, { method: "POST", body: form });
    };
    expect((await post(signed.fields, 11)).status).toBe(403);
    expect((await post({ ...signed.fields, "Content-Type": "text/html" }, 5)).status).toBe(403);
    expect((await post({ ...signed.fields, key: "private/contract/refused/other.pdf" }, 5)).status).toBe(403);
    expect(await drivers.gcs!.stat("private", "contract/refused/cv.pdf")).toBeNull();
    expect((await post(signed.fields, 5)).status).toBe(204);
  });
});

describe("the gs:// driver, its store down", () => {
  it("says the store is unavailable (answered 503) when Cloud Storage answers 503", async () => {
    const storage = drivers.gcs!;
    await storage.write("private", "contract/down/file.pdf", new Uint8Array([1]));
    gcs.down();
    try {
      await expect(storage.read("private", "contract/down/file.pdf")).rejects.toBeInstanceOf(
        StorageUnavailableError,
      );
      await expect(storage.stat("private", "contract/down/file.pdf")).rejects.toBeInstanceOf(
        StorageUnavailableError,
      );
      await expect(storage.write("private", "a/b.pdf", new Uint8Array([1]))).rejects.toBeInstanceOf(
        StorageUnavailableError,
      );
      const streamed = storage.streamTo("private", "contract/down/result.zip")!;
      streamed.output.end(new Uint8Array([1, 2, 3]));
      await expect(streamed.finish()).rejects.toBeInstanceOf(StorageUnavailableError);
    } finally {
      gcs.up();
    }
    expect(await storage.stat("private", "contract/down/result.zip")).toBeNull();
  });

  it("says the store is unavailable when nothing answers", async () => {
    const down = new GcsStorage(
      Storage,
      { bucket: "decisionhub-test", endpoint: "http://127.0.0.1:9" },
      gcsOptions,
    );
    // (A read is retried once after the SDK's 1-2 s back-off, as a stat is: the stat stands for both.)
    await expect(down.stat("private", "a/b.pdf")).rejects.toBeInstanceOf(StorageUnavailableError);
    await expect(down.write("private", "a/b.pdf", new Uint8Array([1]))).rejects.toBeInstanceOf(
      StorageUnavailableError,
    );
  });
});
