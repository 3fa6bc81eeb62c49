import { createHash, createPublicKey, verify } from "node:crypto";
import { Storage } from "@google-cloud/storage";
import { afterEach, describe, expect, it, vi } from "vitest";
import { canonicalQuery } from "../test/signed-urls";
import examples from "./fixtures/gcs-v4-signing.json";
import { GcsStorage } from "./gcs-storage";

/**
 * The gs:// driver's signing, offline: the addresses are checked against Google's published V4 signing
 * examples (fixtures/gcs-v4-signing.json, with Google's inactive dummy service account), and our driver's
 * own addresses are verified with that account's public key, as Cloud Storage would. Its calls run in
 * storage-contract.test.ts against a stand-in for the JSON API (test/local-gcs.ts), which does not verify
 * signatures. Not run here: a real Cloud Storage, and signing through a runtime's service account
 * (signBlob) — decision 023.
 */

const account = examples.serviceAccount;
const credentials = { client_email: account.client_email, private_key: account.private_key };
const publicKey = createPublicKey(account.private_key);
const newStorage = () => new Storage({ projectId: account.project_id, credentials });

afterEach(() => {
  vi.useRealTimers();
});

/** Checks a V4 query-signed GET of Cloud Storage the way the service does (host the only signed header). */
function verifiesAsGoogleWould(address: string): boolean {
  const url = new URL(address);
  const signature = url.searchParams.get("X-Goog-Signature") ?? "";
  const query = canonicalQuery(url, "X-Goog-Signature");
  const canonical = ["GET", url.pathname, query, `host:${url.host}`, "", "host", "UNSIGNED-PAYLOAD"].join(
    "\n",
  );
  const scope = (url.searchParams.get("X-Goog-Credential") ?? "").split("/").slice(1).join("/");
  const toSign = [
    "GOOG4-RSA-SHA256",
    url.searchParams.get("X-Goog-Date"),
    scope,
    createHash("sha256").update(canonical).digest("hex"),
  ].join("\n");
  return verify("RSA-SHA256", Buffer.from(toSign), publicKey, Buffer.from(signature, "hex"));
}

describe("V4 signing, against Google's published examples", () => {
  it.each(examples.signingV4Tests)("$description", async (example) => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(example.timestamp));
    const [url] = await newStorage()
      .bucket(example.bucket)
      .file(example.object)
      .getSignedUrl({
        version: "v4",
        action: example.method === "PUT" ? "write" : "read",
        expires: Date.now() + example.expiration * 1000,
      });
    expect(url).toBe(example.expectedUrl);
    if (example.method === "GET") expect(verifiesAsGoogleWould(url)).toBe(true);
  });
});

describe("the gs:// driver's addresses", () => {
  const driver = () =>
    new GcsStorage(Storage, { bucket: "decisionhub-files" }, { projectId: account.project_id, credentials });

  it("signs a five-minute download as an attachment that verifies, and not once altered", async () => {
    const url = await driver().signedDownload("private", "submissions/s1/a-cv.pdf", {
      expiresInSeconds: 300,
      fileName: "Mon CV é.pdf",
      contentType: "application/pdf",
    });
    const parsed = new URL(url);
    expect(parsed.origin + parsed.pathname).toBe(
      "https://storage.googleapis.com/decisionhub-files/private/submissions/s1/a-cv.pdf",
    );
    expect(parsed.searchParams.get("X-Goog-Expires")).toBe("300");
    expect(parsed.searchParams.get("response-content-disposition")).toBe(
      `attachment; filename="Mon CV _.pdf"; filename*=UTF-8''Mon%20CV%20%C3%A9.pdf`,
    );
    expect(parsed.searchParams.get("response-content-type")).toBe("application/pdf");
    expect(verifiesAsGoogleWould(url)).toBe(true);
    const altered = new URL(url);
    altered.pathname = "/decisionhub-files/private/submissions/s2/b-other.pdf";
    expect(verifiesAsGoogleWould(altered.toString())).toBe(false);
  });

  it("signs an upload policy fixing the key, the type and the size, posted to the page's allowed origin", async () => {
    const storage = driver();
    const signed = await storage.signedUpload("private", "submissions/s1/a-cv.pdf", {
      contentType: "application/pdf",
      maxBytes: 1000,
      expiresInSeconds: 900,
    });
    expect(new URL(signed.url).origin).toBe(storage.uploadOrigin);
    expect(signed.fields.key).toBe("private/submissions/s1/a-cv.pdf");
    expect(signed.fields["Content-Type"]).toBe("application/pdf");
    const policy = JSON.parse(Buffer.from(signed.fields.policy!, "base64").toString("utf8"));
    expect(policy.conditions).toEqual(
      expect.arrayContaining([
        ["content-length-range", 1, 1000],
        ["eq", "$Content-Type", "application/pdf"],
        { key: "private/submissions/s1/a-cv.pdf" },
      ]),
    );
    // The policy document itself is what is signed (Cloud Storage's POST policy V4).
    const signature = Buffer.from(signed.fields["x-goog-signature"]!, "hex");
    expect(verify("RSA-SHA256", Buffer.from(signed.fields.policy!), publicKey, signature)).toBe(true);
  });
});
