import { describe, expect, it } from "vitest";
import { checkExportLink, exportDownloadUrl, exportLinkSecret, signExportLink } from "./download-link";

const secret = exportLinkSecret("test-secret-test-secret-test-secret-0123");
const NOW = Date.UTC(2026, 10, 21, 12, 0, 0);
const link = { jobId: "job-1", userId: "user-1", expires: NOW / 1000 + 900 };

describe("export download links", () => {
  it("are valid as signed, until they expire", () => {
    const signature = signExportLink(secret, link);
    expect(signature).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(checkExportLink(secret, link, signature, NOW)).toBe("valid");
    expect(checkExportLink(secret, link, signature, NOW + 899_000)).toBe("valid");
    expect(checkExportLink(secret, link, signature, NOW + 900_000)).toBe("expired");
  });

  it("are forged when anything signed changes, or another key signed them", () => {
    const signature = signExportLink(secret, link);
    expect(checkExportLink(secret, { ...link, jobId: "job-2" }, signature, NOW)).toBe("forged");
    expect(checkExportLink(secret, { ...link, userId: "user-2" }, signature, NOW)).toBe("forged");
    expect(checkExportLink(secret, { ...link, expires: link.expires + 1 }, signature, NOW)).toBe("forged");
    expect(checkExportLink(secret, link, `${signature.slice(0, -1)}A`, NOW)).not.toBe("valid");
    expect(checkExportLink(secret, link, "short", NOW)).toBe("forged");
    const otherKey = exportLinkSecret("another-secret-another-secret-another-0");
    expect(checkExportLink(otherKey, link, signature, NOW)).toBe("forged");
    // The key is derived: the app's secret itself does not sign export links.
    expect(checkExportLink("test-secret-test-secret-test-secret-0123", link, signature, NOW)).toBe("forged");
  });

  it("a forged link that has also expired is forged (an expiry is only told of authentic links)", () => {
    const signature = signExportLink(secret, link);
    expect(checkExportLink(secret, { ...link, userId: "user-2" }, signature, NOW + 3600_000)).toBe("forged");
  });

  it("the address lives the configured minutes, never past the result's deletion", () => {
    const job = { id: "job-1", requestedBy: "user-1", expiresAt: new Date(NOW + 3600_000) };
    const url = new URL(exportDownloadUrl(secret, job, 15, NOW), "http://x");
    expect(url.pathname).toBe("/api/exports/job-1/download");
    const expires = Number(url.searchParams.get("expires"));
    expect(expires).toBe(NOW / 1000 + 900);
    const signature = url.searchParams.get("signature")!;
    expect(checkExportLink(secret, { jobId: "job-1", userId: "user-1", expires }, signature, NOW)).toBe(
      "valid",
    );

    const soonGone = { ...job, expiresAt: new Date(NOW + 60_000) };
    const capped = new URL(exportDownloadUrl(secret, soonGone, 15, NOW), "http://x");
    expect(Number(capped.searchParams.get("expires"))).toBe(NOW / 1000 + 60);
  });
});
