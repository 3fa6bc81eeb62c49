import { describe, expect, it } from "vitest";
import { type FormContent, HEADER_IMAGE_MESSAGE } from "../../shared/forms/model";
import type { FormResult } from "../../shared/schemas/forms";
import { type Cast, withCastTestApp } from "../test/factories";
import type { TestApp } from "../test/harness";

/**
 * A form's header image is none or one of its own program's uploaded images (docs/reliability.md,
 * "Bad input"): the address's shape is the schema's rule, the program is checked on save — as the form
 * builder uses it: ask for an upload address, PUT the image, save the form with the address handed out.
 */

let t: TestApp;
let cast: Cast;
let cookies: Record<string, string>;
withCastTestApp((app) => {
  ({ t, cast, cookies } = app);
});

/** A PNG's signature and IHDR, 1280 × 320: what the header image check reads. */
function png(): Uint8Array {
  const bytes = new Uint8Array(64);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  const view = new DataView(bytes.buffer);
  view.setUint32(16, 1280);
  view.setUint32(20, 320);
  return bytes;
}

/** As the form builder's customization drawer does: an address for the program, the image PUT there. */
async function uploadHeaderImage(programId: string, cookie: string): Promise<string> {
  const grant = await t.request("/api/files/signedUrl/public/putObject", {
    method: "POST",
    cookie,
    body: { programId, filename: "header.png" },
  });
  expect(grant.status).toBe(200);
  const { uploadUrl, url } = (await grant.json()) as { uploadUrl: string; url: string };
  const stored = await t.app.request(uploadUrl, {
    method: "PUT",
    headers: { origin: "http://localhost:3000", "content-type": "image/png", cookie },
    body: Buffer.from(png()),
  });
  expect(stored.status).toBe(200);
  return url;
}

async function formOf(programId: string, cookie = cookies.admin!): Promise<FormResult> {
  const res = await t.request(`/api/forms/program/${programId}`, { cookie });
  expect(res.status).toBe(200);
  return (await res.json()) as FormResult;
}

/** The program's form saved whole with `headerImage`, as the builder saves it. */
async function saveHeader(programId: string, headerImage: string | null, cookie = cookies.admin!) {
  const { form } = await formOf(programId, cookie);
  const content: FormContent = {
    name: form.name,
    description: form.description,
    sections: form.sections,
    settings: { ...form.settings, headerImage },
  };
  const res = await t.request(`/api/forms/${form._id}`, {
    method: "PUT",
    cookie,
    body: { revision: form.revision, content },
  });
  return { status: res.status, body: (await res.json()) as { error?: { fields?: unknown } } };
}

const refusedBody = { error: { fields: { "content.settings.headerImage": [HEADER_IMAGE_MESSAGE] } } };

describe("a form's header image", () => {
  it("saves the address the upload hands out, and the form shows it; then none again", async () => {
    const url = await uploadHeaderImage(cast.program.id, cookies.admin!);
    expect((await saveHeader(cast.program.id, url)).status).toBe(200);
    expect((await formOf(cast.program.id)).form.settings.headerImage).toBe(url);
    expect((await t.app.request(url)).headers.get("content-type")).toBe("image/png");
    expect((await saveHeader(cast.program.id, null)).status).toBe(200);
    expect((await saveHeader(cast.program.id, "")).status).toBe(200);
    expect((await formOf(cast.program.id)).form.settings.headerImage).toBe("");
  });

  it("refuses another program's image, even one of the same shape, and keeps the form as it was", async () => {
    const theirs = await uploadHeaderImage(cast.otherProgram.id, await t.signIn(cast.otherOrgAdmin.email));
    const before = (await formOf(cast.program.id)).form;
    const saved = await saveHeader(cast.program.id, theirs);
    expect(saved.status).toBe(400);
    expect(saved.body).toMatchObject(refusedBody);
    const after = (await formOf(cast.program.id)).form;
    expect(after.revision).toBe(before.revision);
    expect(after.settings.headerImage).toBe(before.settings.headerImage);
  });

  it("refuses an address that is not an upload's, by the schema", async () => {
    for (const address of ["javascript:window.__xss=1", "https://evil.example/pixel.png"]) {
      const saved = await saveHeader(cast.program.id, address);
      expect(saved.status, address).toBe(400);
      expect(saved.body, address).toMatchObject(refusedBody);
    }
  });

  it("keeps a duplicated program's image until another is chosen, but takes no other foreign one", async () => {
    const ours = await uploadHeaderImage(cast.program.id, cookies.admin!);
    expect((await saveHeader(cast.program.id, ours)).status).toBe(200);
    const duplicated = await t.request(`/api/programs/duplicate/${cast.program.id}`, {
      method: "POST",
      cookie: cookies.orgAdmin,
    });
    expect(duplicated.status).toBe(201);
    const copy = ((await duplicated.json()) as { program: { id: string } }).program.id;
    const orgAdmin = cookies.orgAdmin!;
    expect((await formOf(copy, orgAdmin)).form.settings.headerImage).toBe(ours);
    // The builder saves the whole form, its image as it came: still the source program's.
    expect((await saveHeader(copy, ours, orgAdmin)).status).toBe(200);
    // Another of the source program's images is not the copy's to choose.
    const another = await uploadHeaderImage(cast.program.id, cookies.admin!);
    const refused = await saveHeader(copy, another, orgAdmin);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject(refusedBody);
    // Its own upload replaces it; the source's cannot come back.
    const own = await uploadHeaderImage(copy, orgAdmin);
    expect((await saveHeader(copy, own, orgAdmin)).status).toBe(200);
    expect((await saveHeader(copy, ours, orgAdmin)).status).toBe(400);
  });
});

describe("the call table's signed addresses of the public bucket: GET …/public/{putObject|getObject}", () => {
  const putObject = (programId: string, filename = "header.png") =>
    `/api/files/signedUrl/public/putObject?programId=${programId}&filename=${encodeURIComponent(filename)}`;
  const getObject = (filename: string) =>
    `/api/files/signedUrl/public/getObject?filename=${encodeURIComponent(filename)}`;

  it("hands the program's admins an upload address by GET too, the file name in the query", async () => {
    const res = await t.request(putObject(cast.program.id), { cookie: cookies.admin });
    expect(res.status).toBe(200);
    const { uploadUrl, url } = (await res.json()) as { uploadUrl: string; url: string };
    expect(url).toMatch(new RegExp(`^/api/files/public/programs/${cast.program.id}/`));
    const stored = await t.app.request(uploadUrl, {
      method: "PUT",
      headers: { origin: "http://localhost:3000", "content-type": "image/png", cookie: cookies.admin! },
      body: Buffer.from(png()),
    });
    expect(stored.status).toBe(200);
  });

  it("refuses everyone else (404, 401 signed out) and bad input (400)", async () => {
    for (const who of ["reviewer", "guest", "applicant", "otherOrgAdmin"] as const) {
      expect((await t.request(putObject(cast.program.id), { cookie: cookies[who] })).status, who).toBe(404);
    }
    // Another organization's program, asked by this one's admin.
    expect((await t.request(putObject(cast.otherProgram.id), { cookie: cookies.orgAdmin })).status).toBe(404);
    expect((await t.request(putObject(cast.program.id))).status).toBe(401);
    const missing = await t.request(`/api/files/signedUrl/public/putObject?programId=${cast.program.id}`, {
      cookie: cookies.admin,
    });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { error: { fields: object } }).error.fields).toHaveProperty("filename");
    expect((await t.request("/api/files/signedUrl/other/putObject", { cookie: cookies.admin })).status).toBe(
      404,
    );
  });

  it("gives anyone the read address of a public file, as the form pages show it", async () => {
    const url = await uploadHeaderImage(cast.program.id, cookies.admin!);
    const key = url.replace("/api/files/public/", "");
    for (const cookie of [undefined, cookies.applicant, cookies.otherOrgAdmin]) {
      const res = await t.request(getObject(key), { cookie });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ url });
    }
    expect((await t.request(url)).headers.get("content-type")).toBe("image/png");
  });

  it("answers 404 for a file that is not there and 400 for a path outside the public files", async () => {
    const absent = `programs/${cast.program.id}/00000000-0000-4000-8000-000000000000-none.png`;
    expect((await t.request(getObject(absent))).status).toBe(404);
    for (const bad of [
      "../private/x.pdf",
      "submissions/x/y.pdf",
      `programs/${cast.program.id}/a/b.png`,
      "",
    ]) {
      const res = await t.request(getObject(bad));
      expect(res.status, bad).toBe(400);
    }
  });
});
