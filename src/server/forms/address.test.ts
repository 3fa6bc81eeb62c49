import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ADDRESS_MESSAGES } from "../../shared/forms/address";
import type { FormResult } from "../../shared/schemas/forms";
import type { FormAddressResult, FormLinkResult } from "../../shared/schemas/submissions";
import { auditEvents, organizations } from "../db/schema";
import {
  addMember,
  buildProgram as buildBareProgram,
  buildOrg,
  buildUser,
  type Cast,
  withCastTestApp,
} from "../test/factories";
import type { TestApp } from "../test/harness";

let t: TestApp;
let cast: Cast;
let cookies: Record<string, string>;

withCastTestApp((app) => {
  ({ t, cast, cookies } = app);
});

const DAY = 24 * 3600 * 1000;

async function buildProgram(organizationId: string, name: string) {
  const program = await buildBareProgram(t.deps.db, organizationId, { name });
  await addMember(t.deps.db, program, cast.members.ADMIN.id, "ADMIN");
  return program;
}
async function formOf(programId: string, cookie = cookies.admin!): Promise<FormResult> {
  const res = await t.request(`/api/forms/program/${programId}`, { cookie });
  expect(res.status).toBe(200);
  return (await res.json()) as FormResult;
}
const post = (path: string, body: unknown = {}, cookie = cookies.admin!) =>
  t.request(path, { method: "POST", cookie, body });
async function published(programId: string, cookie = cookies.admin!) {
  const { form } = await formOf(programId, cookie);
  const res = await post(`/api/forms/${form._id}/publish`, { revision: form.revision }, cookie);
  expect(res.status).toBe(200);
  return ((await res.json()) as FormResult).form;
}
const setSlug = (formId: string, slug: unknown, cookie?: string) =>
  t.request(`/api/forms/${formId}/address`, { method: "PUT", cookie, body: { slug } });
async function open(organization: string, form: string) {
  const res = await t.request(`/api/forms/address/${organization}/${form}`);
  return { status: res.status, body: (await res.json()) as FormAddressResult };
}
const latestLink = (form: FormResult["form"]) => form.submissionLinks.at(-1)!;

describe("a form's stable public address", () => {
  it("is given at publishing from the organization's and the program's names, and always opens the latest applicant link", async () => {
    const program = await buildProgram(cast.org.id, "Youth Music — Été 2027");
    const form = await published(program.id);
    expect(form.address).toEqual({ organization: "first-foundation", form: "youth-music-ete-2027" });

    // Anyone, without a session: the current applicant link and who runs the program.
    const first = await open("first-foundation", "youth-music-ete-2027");
    expect(first).toEqual({
      status: 200,
      body: { linkId: latestLink(form)._id, organization: { name: "First Foundation", contactEmail: null } },
    });

    // Closed: the address still answers, with the closed link (the closed page shows).
    await post(`/api/forms/${form._id}/close`);
    const closed = await open("first-foundation", "youth-music-ete-2027");
    expect(closed.body.linkId).toBe(latestLink(form)._id);
    const view = (await (await t.request(`/api/forms/link/${closed.body.linkId}`)).json()) as FormLinkResult;
    expect(view).toMatchObject({
      availability: "closed",
      form: null,
      organization: { name: "First Foundation" },
    });

    // Reopened: a new applicant link, the spec's old link stays closed, and the address follows.
    const reopened = (await (await post(`/api/forms/${form._id}/reopen`)).json()) as FormResult;
    const newLink = latestLink(reopened.form)._id;
    expect(newLink).not.toBe(latestLink(form)._id);
    expect((await open("first-foundation", "youth-music-ete-2027")).body.linkId).toBe(newLink);
    const opened = (await (await t.request(`/api/forms/link/${newLink}`)).json()) as FormLinkResult;
    expect(opened.availability).toBe("open");
    expect(opened.form?.organization).toEqual({ name: "First Foundation", contactEmail: null });
  });

  it("is unique in the organization (numbered), and each organization has its own", async () => {
    const a = await published((await buildProgram(cast.org.id, "Capital Fund")).id);
    const b = await published((await buildProgram(cast.org.id, "Capital  fund!")).id);
    expect(a.address?.form).toBe("capital-fund");
    expect(b.address?.form).toBe("capital-fund-2");

    // Another organization of the same name gets its own organization part, and the same form part.
    const twin = await buildOrg(t.deps.db, { name: "First Foundation" });
    const twinAdmin = await buildUser(t.deps.db, { adminOrganizationId: twin.id });
    const twinCookie = await t.signIn(twinAdmin.email);
    const c = await published(
      (await buildBareProgram(t.deps.db, twin.id, { name: "Capital Fund" })).id,
      twinCookie,
    );
    expect(c.address).toEqual({ organization: "first-foundation-2", form: "capital-fund" });
    expect((await open("first-foundation-2", "capital-fund")).body.linkId).toBe(latestLink(c)._id);
    expect((await open("first-foundation", "capital-fund")).body.linkId).toBe(latestLink(a)._id);
  });

  it("lets the program's admins choose the form's part; taken or malformed addresses are refused", async () => {
    const program = await buildProgram(cast.org.id, "Seed Grants");
    const form = await published(program.id);
    await published((await buildProgram(cast.org.id, "Taken Name")).id);

    const res = await setSlug(form._id, "seeds-2027", cookies.admin);
    expect(res.status).toBe(200);
    expect(((await res.json()) as FormResult).form.address).toEqual({
      organization: "first-foundation",
      form: "seeds-2027",
    });
    expect((await open("first-foundation", "seeds-2027")).body.linkId).toBe(latestLink(form)._id);
    expect((await open("first-foundation", "seed-grants")).status).toBe(404);
    // The organization admin may too, and saving the same address again changes nothing.
    expect((await setSlug(form._id, "seeds-2027", cookies.orgAdmin)).status).toBe(200);

    const taken = await setSlug(form._id, "taken-name", cookies.admin);
    expect(taken.status).toBe(409);
    expect(await taken.json()).toMatchObject({
      error: { message: ADDRESS_MESSAGES.taken, fields: { slug: [ADDRESS_MESSAGES.taken] } },
    });
    for (const bad of ["Seeds", "two words", "", "-x", "a--b", "x".repeat(61), 42]) {
      const refused = await setSlug(form._id, bad, cookies.admin);
      expect(refused.status, String(bad)).toBe(400);
      expect(((await refused.json()) as { error: { fields: object } }).error.fields).toHaveProperty("slug");
    }
    expect((await open("first-foundation", "seeds-2027")).status).toBe(200);

    const [event] = await t.deps.db
      .select({ details: auditEvents.details })
      .from(auditEvents)
      .where(eq(auditEvents.action, "form.address_changed"));
    expect(event?.details).toEqual({ slug: { before: "seed-grants", after: "seeds-2027" } });
  });

  it("is chosen by the program's admins only: 404 for committee members, applicants and another organization, 401 without a session", async () => {
    const form = await published((await buildProgram(cast.org.id, "Guarded Grants")).id);
    for (const who of ["reviewer", "guest", "applicant", "otherOrgAdmin"] as const) {
      expect((await setSlug(form._id, "hijacked", cookies[who])).status, who).toBe(404);
    }
    expect((await setSlug(form._id, "hijacked")).status).toBe(401);
    expect((await setSlug("not-a-form", "hijacked", cookies.admin)).status).toBe(404);
    expect((await open("first-foundation", "hijacked")).status).toBe(404);
  });

  it("answers 404 for an address nobody holds and 400 for a malformed one", async () => {
    expect((await open("first-foundation", "no-such-form")).status).toBe(404);
    expect((await open("no-such-organization", "capital-fund")).status).toBe(404);
    expect((await t.request("/api/forms/address/First_Foundation/capital-fund")).status).toBe(400);
  });

  it("names the organization's contact email to applicants when it has one", async () => {
    await t.deps.db
      .update(organizations)
      .set({ contactEmail: "grants@first.example" })
      .where(eq(organizations.id, cast.org.id));
    const form = await published((await buildProgram(cast.org.id, "Contact Grants")).id);
    expect((await open("first-foundation", "contact-grants")).body.organization).toEqual({
      name: "First Foundation",
      contactEmail: "grants@first.example",
    });
    const view = (await (
      await t.request(`/api/forms/link/${latestLink(form)._id}`)
    ).json()) as FormLinkResult;
    expect(view.organization.contactEmail).toBe("grants@first.example");
  });
});

describe("reopening", () => {
  it("keeps a close scheduled before the form was closed early, unless the admins give another", async () => {
    const form = await published((await buildProgram(cast.org.id, "Scheduled Grants")).id);
    const at = new Date(Date.now() + 10 * DAY).toISOString();
    await post(`/api/forms/${form._id}/close`, { at });
    let result = (await (await post(`/api/forms/${form._id}/close`)).json()) as FormResult;
    expect(latestLink(result.form).scheduledClose).toBe(at);

    result = (await (await post(`/api/forms/${form._id}/reopen`)).json()) as FormResult;
    expect(latestLink(result.form).close).toBe(at);

    // Closed early again, and reopened with no close date at all.
    await post(`/api/forms/${form._id}/close`);
    result = (await (await post(`/api/forms/${form._id}/reopen`, { closeAt: null })).json()) as FormResult;
    expect(latestLink(result.form).close).toBeNull();

    // Or with another date; a past one is refused, and nothing changes.
    await post(`/api/forms/${form._id}/close`);
    const past = await post(`/api/forms/${form._id}/reopen`, {
      closeAt: new Date(Date.now() - DAY).toISOString(),
    });
    expect(past.status).toBe(400);
    expect((await post(`/api/forms/${form._id}/reopen`, { closeAt: "soon" })).status).toBe(400);
    const later = new Date(Date.now() + 20 * DAY).toISOString();
    result = (await (await post(`/api/forms/${form._id}/reopen`, { closeAt: later })).json()) as FormResult;
    expect(result.form.submissionLinks).toHaveLength(4);
    expect(latestLink(result.form).close).toBe(later);
  });

  it("reopens with no close date when none was scheduled, as before", async () => {
    const form = await published((await buildProgram(cast.org.id, "Open Grants")).id);
    await post(`/api/forms/${form._id}/close`);
    const result = (await (
      await t.request(`/api/forms/${form._id}/reopen`, { method: "POST", cookie: cookies.admin })
    ).json()) as FormResult;
    expect(latestLink(result.form).close).toBeNull();
  });
});
