import { randomBytes } from "node:crypto";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LocalS3, startLocalS3 } from "../test/bucket-server";
import { copyDiskStore } from "./copy-store";
import { S3Storage } from "./s3-storage";
import { DiskStorage } from "./storage";

let root: string;
let s3: LocalS3;
let bucket: S3Storage;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "copy-store-"));
  s3 = await startLocalS3();
  bucket = new S3Storage(
    { bucket: s3.bucket, endpoint: s3.endpoint, region: "us-east-1", forcePathStyle: true },
    { credentials: s3.credentials },
  );
});
afterAll(async () => {
  bucket?.close();
  await s3?.close();
  await rm(root, { recursive: true, force: true });
});

describe("npm run storage:migrate (copyDiskStore)", () => {
  it("copies every stored file into the bucket under its key, once, and leaves partial writes alone", async () => {
    const disk = new DiskStorage(root);
    const files = {
      "private/submissions/s1/a-cv.pdf": randomBytes(1000),
      "private/exports/job1/1/all.zip": randomBytes(6 * 1024 * 1024),
      "public/programs/p1/h-header.png": randomBytes(50),
    };
    for (const [where, bytes] of Object.entries(files)) {
      const [area, ...key] = where.split("/");
      await disk.write(area as "public" | "private", key.join("/"), bytes);
    }
    await mkdir(path.join(root, "private/exports/job2"), { recursive: true });
    await writeFile(path.join(root, "private/exports/job2/x.zip.1234.partial"), "half");

    const first = await copyDiskStore(root, bucket);
    expect(first).toMatchObject({
      copied: 3,
      skipped: 0,
      ignored: ["private/exports/job2/x.zip.1234.partial"],
    });
    expect(first.bytes).toBe(1000 + 6 * 1024 * 1024 + 50);
    for (const [where, bytes] of Object.entries(files)) {
      const [area, ...key] = where.split("/");
      expect((await bucket.read(area as "public" | "private", key.join("/")))?.equals(bytes), where).toBe(
        true,
      );
    }
    expect(await bucket.stat("private", "exports/job2/x.zip.1234.partial")).toBeNull();

    const again = await copyDiskStore(root, bucket);
    expect(again).toMatchObject({ copied: 0, skipped: 3 });
  });
});
