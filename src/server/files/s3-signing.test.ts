import { createHash, createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { canonicalQuery } from "../test/signed-urls";
import { S3Storage } from "./s3-storage";

/**
 * The local S3 server of the tests (s3rver) checks no V4 signature, so the S3 driver's addresses are
 * verified here the way S3 does (Signature Version 4, query-string and POST policy forms), with the
 * secret key: a real store refuses an address that is altered in any signed part.
 */

const SECRET = "test-secret-access-key";
const storage = new S3Storage(
  { bucket: "decisionhub-files", region: "eu-west-3", forcePathStyle: false },
  { credentials: { accessKeyId: "AKIDTEST", secretAccessKey: SECRET } },
);

const hmac = (key: Buffer | string, data: string) => createHmac("sha256", key).update(data).digest();

function signingKey(date: string, region: string): Buffer {
  return hmac(hmac(hmac(hmac(`AWS4${SECRET}`, date), region), "s3"), "aws4_request");
}

/** Whether a presigned GET's signature is the one S3 computes for it. */
function verifiesAsS3Would(address: string): boolean {
  const url = new URL(address);
  const query = canonicalQuery(url, "X-Amz-Signature");
  const signedHeaders = url.searchParams.get("X-Amz-SignedHeaders");
  const canonical = [
    "GET",
    url.pathname,
    query,
    `host:${url.host}`,
    "",
    signedHeaders,
    "UNSIGNED-PAYLOAD",
  ].join("\n");
  const [, date, region] = (url.searchParams.get("X-Amz-Credential") ?? "").split("/");
  const toSign = [
    "AWS4-HMAC-SHA256",
    url.searchParams.get("X-Amz-Date"),
    `${date}/${region}/s3/aws4_request`,
    createHash("sha256").update(canonical).digest("hex"),
  ].join("\n");
  return hmac(signingKey(date!, region!), toSign).toString("hex") === url.searchParams.get("X-Amz-Signature");
}

describe("the S3 driver's signatures, checked as S3 checks them", () => {
  it("signs a five-minute download that verifies, and not once its key, name or lifetime is altered", async () => {
    const url = await storage.signedDownload("private", "submissions/s1/a-cv.pdf", {
      expiresInSeconds: 300,
      fileName: "cv.pdf",
      contentType: "application/pdf",
    });
    expect(new URL(url).host).toBe("decisionhub-files.s3.eu-west-3.amazonaws.com");
    expect(verifiesAsS3Would(url)).toBe(true);
    const alter = (change: (u: URL) => void) => {
      const altered = new URL(url);
      change(altered);
      return verifiesAsS3Would(altered.toString());
    };
    expect(alter((u) => (u.pathname = "/private/submissions/s2/b-other.pdf"))).toBe(false);
    expect(alter((u) => u.searchParams.set("X-Amz-Expires", "604800"))).toBe(false);
    expect(alter((u) => u.searchParams.set("response-content-disposition", "inline"))).toBe(false);
  });

  it("signs an upload policy whose signature covers its key, type and size conditions", async () => {
    const signed = await storage.signedUpload("private", "submissions/s1/a-cv.pdf", {
      contentType: "application/pdf",
      maxBytes: 1000,
      expiresInSeconds: 900,
    });
    const [, date, region] = signed.fields["X-Amz-Credential"]!.split("/");
    const sign = (policy: string) => hmac(signingKey(date!, region!), policy).toString("hex");
    expect(sign(signed.fields.Policy!)).toBe(signed.fields["X-Amz-Signature"]);
    const policy = JSON.parse(Buffer.from(signed.fields.Policy!, "base64").toString("utf8"));
    const widened = {
      ...policy,
      conditions: [["content-length-range", 1, 1e12], ...policy.conditions.slice(1)],
    };
    expect(sign(Buffer.from(JSON.stringify(widened)).toString("base64"))).not.toBe(
      signed.fields["X-Amz-Signature"],
    );
    expect(Date.parse(policy.expiration) - Date.now()).toBeLessThanOrEqual(900_000);
  });
});
