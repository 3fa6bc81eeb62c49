import path from "node:path";
import type { Config } from "../config";
import { DiskStorage, type FileStorage } from "./storage";

/**
 * The store STORAGE_URL names (unset: DATA_DIR/files on disk, as always). A bucket's client is loaded
 * only when one is named: a server on disk never evaluates the SDK.
 */
export async function createStorage(config: Pick<Config, "STORAGE_URL" | "DATA_DIR">): Promise<FileStorage> {
  const location = config.STORAGE_URL;
  switch (location.driver) {
    case "disk":
      return new DiskStorage(location.root ?? path.join(config.DATA_DIR, "files"));
    case "s3":
      return new (await import("./s3-storage")).S3Storage(location);
    case "gcs": {
      const { Storage } = await import("@google-cloud/storage");
      return new (await import("./gcs-storage")).GcsStorage(Storage, location);
    }
  }
}
