import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FORM_MESSAGES } from "../../shared/forms/publish-check";
import { FILE_MESSAGES } from "../../shared/schemas/files";
import { organizations, plans } from "../db/schema";
import { buildCast, buildOrg, buildProgram, buildUser, type Cast, signInCast } from "../test/factories";
import { createTestApp, type TestApp } from "../test/harness";
import { png } from "../test/images";
import { imageInfo } from "./image-size";
import { isValidKey } from "./storage";
import { signUploadGrant, verifyUploadGrant } from "./upload-grants";

/** A JPEG with an APP0 segment and then a baseline start-of-frame. */
function jpeg(width: number, height: number): Uint8Array {
  const bytes = new Uint8Array([
    0xff,
    0xd8,
    0xff,
    0xe0,
    0,
    16,
    ...new Array(14).fill(0),
    0xff,
    0xc0,
    0,
    17,
    8,
    height >> 8,
    height & 255,
    width >> 8,
    width & 255,
    3,
    ...new Array(9).fill(0),
  ]);
  return bytes;
}

describe("image sniffing and keys", () => {
  it("reads PNG and JPEG dimensions from the bytes, and nothing else", () => {
    expect(imageInfo(png(800, 200))).toEqual({ kind: "png", width: 800, height: 200 });
    expect(imageInfo(jpeg(1024, 300))).toEqual({ kind: "jpeg", width: 1024, height: 300 });
    expect(imageInfo(new TextEncoder().encode("<svg onload=alert(1)>"))).toBeNull();
    expect(imageInfo(new Uint8Array([0xff, 0xd8, 0xff]))).toBeNull();
  });

  it("accepts only plain keys", () => {
    expect(isValidKey("programs/abc/1-header.png")).toBe(true);
    for (const bad of ["../secret", "programs/../../etc/passwd", "/abs", "a//b", "a/./b", ".hidden", "a b"]) {
      expect(isValidKey(bad), bad).toBe(false);
    }
  });

  it("signs upload grants that cannot be altered and expire", () => {
    const grant = {
      bucket: "public" as const,
      key: "k",
      userId: "u",
      maxBytes: 10,
      expiresAt: Date.now() + 1000,
    };
    const token = signUploadGrant("secret", grant);
    expect(verifyUploadGrant("secret", token)).toEqual(grant);
    expect(verifyUploadGrant("other secret", token)).toBeNull();
    const [payload, sig] = token.split(".");
    const altered = Buffer.from(JSON.stringify({ ...grant, maxBytes: 1e9 })).toString("base64url");
    expect(verifyUploadGrant("secret", `${altered}.${sig}`)).toBeNull();
    expect(verifyUploadGrant("secret", `${payload}.${sig}.x`)).toBeNull();
    expect(verifyUploadGrant("secret", token, grant.expiresAt + 1)).toBeNull();
  });
});

describe("header image uploads", () => {
  let t: TestApp;
  let cast: Cast;
  let cookies: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    cast = await buildCast(t.deps.db); // on the Foundation plan: logo branding
    cookies = await signInCast(t, cast);
  });
  afterAll(() => t.close());

  const ask = (cookie: string | undefined, programId = cast.program.id) =>
    t.request("/api/files/signedUrl/public/putObject", {
      method: "POST",
      cookie,
      body: { programId, filename: "Our header (final).png" },
    });
  const upload = (uploadUrl: string, bytes: Uint8Array, cookie: string | undefined) =>
    Promise.resolve(
      t.app.request(uploadUrl, {
        method: "PUT",
        headers: {
          origin: "http://localhost:3000",
          "content-type": "image/png",
          ...(cookie ? { cookie } : {}),
        },
        body: Buffer.from(bytes),
      }),
    );

  it("lets a program admin upload a large enough image, then anyone read it with its real type", async () => {
    const res = await ask(cookies.admin);
    expect(res.status).toBe(200);
    const { uploadUrl, url } = (await res.json()) as { uploadUrl: string; url: string };
    expect(url).toMatch(
      new RegExp(`^/api/files/public/programs/${cast.program.id}/[0-9a-f-]+-Our-header-final-.png$`),
    );
    const stored = await upload(uploadUrl, png(1280, 320), cookies.admin);
    expect(stored.status).toBe(200);
    expect(await stored.json()).toEqual({ url });

    const read = await t.app.request(url);
    expect(read.status).toBe(200);
    expect(read.headers.get("content-type")).toBe("image/png");
    expect(read.headers.get("x-content-type-options")).toBe("nosniff");
    expect(new Uint8Array(await read.arrayBuffer())).toEqual(png(1280, 320));
  });

  it("refuses small images and files that are not PNG or JPEG, storing nothing", async () => {
    for (const [bytes, message] of [
      [png(639, 400), FILE_MESSAGES.headerImageSize],
      [jpeg(1000, 120), FILE_MESSAGES.headerImageSize],
      [new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'/>"), FILE_MESSAGES.headerImageType],
    ] as const) {
      const { uploadUrl, url } = (await (await ask(cookies.admin)).json()) as {
        uploadUrl: string;
        url: string;
      };
      const res = await upload(uploadUrl, bytes, cookies.admin);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe(message);
      expect((await t.app.request(url)).status).toBe(404);
    }
  });

  it("lets only the user the address was made for use it, and not after tampering", async () => {
    const { uploadUrl, url } = (await (await ask(cookies.admin)).json()) as {
      uploadUrl: string;
      url: string;
    };
    expect((await upload(uploadUrl, png(800, 200), cookies.adminReviewer)).status).toBe(404);
    expect((await upload(uploadUrl, png(800, 200), undefined)).status).toBe(401);
    expect((await upload(`${uploadUrl}x`, png(800, 200), cookies.admin)).status).toBe(404);
    expect((await t.app.request(url)).status).toBe(404);
  });

  it("gives no address to committee members, other organizations or plans without logo branding", async () => {
    for (const who of ["reviewer", "guest", "applicant", "otherOrgAdmin"]) {
      expect((await ask(cookies[who])).status, who).toBe(404);
    }
    expect((await ask(undefined)).status).toBe(401);
    const org = await buildOrg(t.deps.db, { planName: "Starter" });
    const program = await buildProgram(t.deps.db, org.id);
    const founder = await buildUser(t.deps.db, { adminOrganizationId: org.id });
    const res = await ask(await t.signIn(founder.email), program.id);
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
      FORM_MESSAGES.customizationNeedsUpgrade,
    );
    const [starter] = await t.deps.db.select().from(plans).where(eq(plans.name, "Starter"));
    expect(starter?.logoBranding).toBe(false);
    expect(
      (await t.deps.db.select().from(organizations).where(eq(organizations.id, org.id)))[0]?.planId,
    ).toBe(starter?.id);
  });

  it("answers 404 for public files that do not exist or keys that try to escape", async () => {
    for (const path of [
      "/api/files/public/programs/x/none.png",
      "/api/files/public/..%2F..%2Fpackage.json",
    ]) {
      expect((await t.app.request(path)).status).toBe(404);
    }
  });
});
