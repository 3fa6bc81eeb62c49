import { count, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { newOption, newQuestion, newSection } from "../../shared/forms/defaults";
import type { FormContent } from "../../shared/forms/model";
import { FORM_MESSAGES } from "../../shared/forms/publish-check";
import type { FormResult, SaveFormResult } from "../../shared/schemas/forms";
import type { FormLinkResult } from "../../shared/schemas/submissions";
import { forms, formVersions } from "../db/schema";
import { addMember, buildProgram as buildBareProgram, type Cast, withCastTestApp } from "../test/factories";
import type { TestApp } from "../test/harness";

let t: TestApp;
let cast: Cast;
let cookies: Record<string, string>;

withCastTestApp((app) => {
  ({ t, cast, cookies } = app);
});

/** A program of the cast's organization where the cast's admin and admin-reviewer hold their roles. */
async function buildProgram(db: TestApp["deps"]["db"], organizationId: string, opts: { name?: string } = {}) {
  const program = await buildBareProgram(db, organizationId, opts);
  await addMember(db, program, cast.members.ADMIN.id, "ADMIN");
  await addMember(db, program, cast.members.ADMIN_REVIEWER.id, "ADMIN_REVIEWER");
  return program;
}

async function formOf(programId: string, cookie = cookies.admin!): Promise<FormResult> {
  const res = await t.request(`/api/forms/program/${programId}`, { cookie });
  expect(res.status).toBe(200);
  return (await res.json()) as FormResult;
}
async function save(
  result: FormResult,
  content: FormContent,
  cookie = cookies.admin!,
  revision = result.form.revision,
) {
  return t.request(`/api/forms/${result.form._id}`, { method: "PUT", cookie, body: { revision, content } });
}
const contentOf = ({ form }: FormResult): FormContent => ({
  name: form.name,
  description: form.description,
  sections: form.sections,
  settings: form.settings,
});
const post = (path: string, body: unknown = {}, cookie = cookies.admin!) =>
  t.request(path, { method: "POST", cookie, body });
const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string; message: string } }).error;

describe("the program's form", () => {
  it("is created with the default content on first open, once", async () => {
    const program = await buildProgram(t.deps.db, cast.org.id, { name: "Lazy Program" });
    const [first, second] = await Promise.all([formOf(program.id), formOf(program.id, cookies.orgAdmin)]);
    expect(first.form._id).toBe(second.form._id);
    expect(first.form).toMatchObject({
      name: "Lazy Program",
      draft: true,
      revision: 0,
      publishedVersion: null,
    });
    expect(first.form.sections.map((s) => s.name)).toEqual(["Admin Info", "Decision Criteria"]);
    expect(first.form.previewLink.close).toBeNull();
    expect(first.form.submissionLinks).toEqual([]);
    expect(first.problems).toEqual([]);
  });

  it("comes with every new program, and a duplicate copies it unpublished with fresh ids", async () => {
    const created = await post("/api/programs", { displayName: "With Form" }, cookies.orgAdmin);
    const { program } = (await created.json()) as { program: { id: string } };
    const [row] = await t.deps.db.select().from(forms).where(eq(forms.programId, program.id));
    expect(row?.content.sections).toHaveLength(2);

    const original = await formOf(program.id, cookies.orgAdmin);
    const edited = contentOf(original);
    edited.sections[1]!.questions[0]!.name = "Tell us about your project";
    expect((await save(original, edited, cookies.orgAdmin)).status).toBe(200);
    const copyRes = await post(`/api/programs/duplicate/${program.id}`, undefined, cookies.orgAdmin);
    const copy = await formOf(
      ((await copyRes.json()) as { program: { id: string } }).program.id,
      cookies.orgAdmin,
    );
    expect(copy.form.sections[1]!.questions[0]!.name).toBe("Tell us about your project");
    expect(copy.form.sections[1]!._id).not.toBe(original.form.sections[1]!._id);
    expect(copy.form).toMatchObject({ draft: true, publishedVersion: null, submissionLinks: [] });
  });

  it("answers 404 to committee members, applicants and another organization's admin, 401 without a session", async () => {
    const result = await formOf(cast.program.id);
    for (const who of ["reviewer", "guest", "applicant", "otherOrgAdmin"]) {
      const cookie = cookies[who]!;
      const reads = await t.request(`/api/forms/program/${cast.program.id}`, { cookie });
      expect(reads.status, who).toBe(404);
      const writes = await save(result, { ...contentOf(result), name: "Hijacked" }, cookie);
      expect(writes.status, who).toBe(404);
      expect(await writes.text()).not.toContain(result.form.name);
      expect((await post(`/api/forms/${result.form._id}/publish`, { revision: 0 }, cookie)).status).toBe(404);
    }
    expect((await t.request(`/api/forms/program/${cast.program.id}`)).status).toBe(401);
    expect((await formOf(cast.program.id)).form.name).not.toBe("Hijacked");
    const mapping = await t.request(`/api/forms/organization/${cast.org.id}`, {
      cookie: cookies.otherOrgAdmin,
    });
    expect(mapping.status).toBe(404);
  });
});

describe("saving", () => {
  it("saves the whole content and bumps the revision; a stale revision is refused and changes nothing", async () => {
    const program = await buildProgram(t.deps.db, cast.org.id);
    const loaded = await formOf(program.id);
    const mine = contentOf(loaded);
    mine.sections[1]!.questions.push({ ...newQuestion("PARAGRAPHS", "Why?"), required: true });
    const res = await save(loaded, mine);
    expect(res.status).toBe(200);
    const saved = (await res.json()) as SaveFormResult;
    expect(saved).toMatchObject({ revision: 1, problems: [], warnings: [] });
    expect(saved).not.toHaveProperty("form");
    expect((await formOf(program.id)).form.sections[1]!.questions.map((q) => q.name)).toContain("Why?");

    // A second editor who loaded revision 0 saves later: refused, no silent overwrite.
    const theirs = { ...contentOf(loaded), name: "Their name" };
    const stale = await save(loaded, theirs, cookies.adminReviewer);
    expect(stale.status).toBe(409);
    expect(await errorOf(stale)).toEqual({ code: "STALE_REVISION", message: FORM_MESSAGES.staleSave });
    expect((await formOf(program.id)).form.sections[1]!.questions.map((q) => q.name)).toContain("Why?");
  });

  it("refuses invalid content with field errors (unknown types, missing sections, hostile sizes)", async () => {
    const program = await buildProgram(t.deps.db, cast.org.id);
    const loaded = await formOf(program.id);
    const bad: unknown[] = [
      { ...contentOf(loaded), sections: [] },
      { ...contentOf(loaded), name: "x".repeat(10_000) },
      { ...contentOf(loaded), settings: { ...loaded.form.settings, themeColour: "000000" } },
      { ...contentOf(loaded), __proto__: { admin: true }, extra: 1 },
    ];
    const section = contentOf(loaded).sections[0]!;
    bad.push({
      ...contentOf(loaded),
      sections: [{ ...section, questions: [{ ...section.questions[0], type: "SCRIPT" }] }],
    });
    for (const content of bad) {
      const res = await t.request(`/api/forms/${loaded.form._id}`, {
        method: "PUT",
        cookie: cookies.admin,
        body: { revision: loaded.form.revision, content },
      });
      expect(res.status).toBe(400);
    }
    expect((await formOf(program.id)).form.revision).toBe(0);
  });
});

describe("sections", () => {
  it("adds a section after an index, deletes it and restores it (UNDO)", async () => {
    const program = await buildProgram(t.deps.db, cast.org.id);
    let result = await formOf(program.id);
    const section = { ...newSection("Budget"), _id: "budget-section" };
    let res = await post(`/api/forms/${result.form._id}/sections`, { revision: 0, index: 0, section });
    result = (await res.json()) as FormResult;
    expect(result.form.sections.map((s) => s.name)).toEqual(["Admin Info", "Budget", "Decision Criteria"]);

    res = await post(`/api/forms/${result.form._id}/sections/budget-section/delete`, {
      revision: result.form.revision,
    });
    result = (await res.json()) as FormResult;
    expect(result.form.sections.find((s) => s._id === "budget-section")?.deleted).toBe(true);

    res = await post(`/api/forms/${result.form._id}/sections/budget-section/restore`, {
      revision: result.form.revision,
    });
    result = (await res.json()) as FormResult;
    expect(result.form.sections.find((s) => s._id === "budget-section")?.deleted).toBe(false);
  });

  it("never deletes the section holding the Identifier question", async () => {
    const program = await buildProgram(t.deps.db, cast.org.id);
    const result = await formOf(program.id);
    const adminInfo = result.form.sections[0]!._id;
    const res = await post(`/api/forms/${result.form._id}/sections/${adminInfo}/delete`, { revision: 0 });
    expect(res.status).toBe(409);
    expect((await formOf(program.id)).form.sections[0]!.deleted).toBe(false);
  });
});

describe("publishing", () => {
  it("refuses while the form has errors, with the spec's message", async () => {
    const program = await buildProgram(t.deps.db, cast.org.id);
    const loaded = await formOf(program.id);
    const content = contentOf(loaded);
    content.sections[1]!.questions = [
      { ...newQuestion("MULTIPLE_CHOICE", "Region"), x_options: [newOption("North"), newOption("north")] },
    ];
    const saved = (await (await save(loaded, content)).json()) as SaveFormResult;
    expect(saved.problems.map((p) => p.message)).toEqual([FORM_MESSAGES.duplicateOptions]);
    const res = await post(`/api/forms/${loaded.form._id}/publish`, { revision: saved.revision });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toBe(FORM_MESSAGES.formError);
    expect((await formOf(program.id)).form.draft).toBe(true);
  });

  it("freezes a version, closes the preview link, opens an applicant link, and locks the structure", async () => {
    const program = await buildProgram(t.deps.db, cast.org.id);
    const loaded = await formOf(program.id);
    const res = await post(`/api/forms/${loaded.form._id}/publish`, { revision: loaded.form.revision });
    expect(res.status).toBe(200);
    const published = (await res.json()) as FormResult;
    expect(published.form).toMatchObject({ draft: false, publishedVersion: 1 });
    expect(published.form.previewLink.close).not.toBeNull();
    expect(published.form.submissionLinks).toHaveLength(1);
    expect(published.form.submissionLinks[0]!.close).toBeNull();
    const [versions] = await t.deps.db
      .select({ n: count() })
      .from(formVersions)
      .where(eq(formVersions.formId, loaded.form._id));
    expect(versions!.n).toBe(1);

    // Titles may change…
    const renamed = contentOf(published);
    renamed.sections[1]!.questions[0]!.name = "Describe your project";
    const ok = await save(published, renamed);
    expect(ok.status).toBe(200);
    const afterRename = await formOf(program.id);
    expect(afterRename.form.sections[1]!.questions[0]!.name).toBe("Describe your project");
    // …the structure may not.
    const added = contentOf(afterRename);
    added.sections[1]!.questions.push(newQuestion());
    const locked = await save(afterRename, added);
    expect(locked.status).toBe(409);
    expect(await errorOf(locked)).toEqual({ code: "FORM_LOCKED", message: FORM_MESSAGES.editAfterPublish });
    const moved = contentOf(afterRename);
    moved.sections[0]!.questions.reverse();
    expect((await errorOf(await save(afterRename, moved))).message).toBe(FORM_MESSAGES.moveQuestions);
    const deleteSection = await post(
      `/api/forms/${loaded.form._id}/sections/${afterRename.form.sections[1]!._id}/delete`,
      {
        revision: afterRename.form.revision,
      },
    );
    expect(deleteSection.status).toBe(409);

    // Unpublish (no submissions yet) reopens the preview link.
    const back = await post(`/api/forms/${loaded.form._id}/unpublish`, {
      revision: afterRename.form.revision,
    });
    const draft = (await back.json()) as FormResult;
    expect(draft.form).toMatchObject({ draft: true });
    expect(draft.form.previewLink.close).toBeNull();
  });

  it("shows applicants a published form's allowed edits at once, on the version they answer", async () => {
    const program = await buildProgram(t.deps.db, cast.org.id);
    const loaded = await formOf(program.id);
    const published = (await (
      await post(`/api/forms/${loaded.form._id}/publish`, { revision: loaded.form.revision })
    ).json()) as FormResult;
    const linkId = published.form.submissionLinks[0]!._id;
    const applicantForm = async () =>
      ((await (await t.request(`/api/forms/link/${linkId}`)).json()) as FormLinkResult).form!;
    const question = (form: { sections: FormContent["sections"] }) => form.sections[1]!.questions[0]!;
    const before = await applicantForm(); // read once: this process now holds version 1
    expect(question(before).name).not.toBe("Describe your project");

    const edited = contentOf(published);
    question(edited).name = "Describe your project";
    edited.settings.translations = { "Describe your project": "Décrivez votre projet" };
    expect((await save(published, edited)).status).toBe(200);
    const after = await applicantForm();
    expect(after.version).toBe(1);
    expect(question(after).name).toBe("Describe your project");
    expect(after.settings.translations).toEqual({ "Describe your project": "Décrivez votre projet" });
    const versions = await t.deps.db
      .select({ version: formVersions.version, edits: formVersions.edits })
      .from(formVersions)
      .where(eq(formVersions.formId, loaded.form._id));
    expect(versions).toEqual([{ version: 1, edits: 1 }]);

    // A refused edit changes neither the form nor the version applicants read.
    const current = await formOf(program.id);
    const grown = contentOf(current);
    grown.sections[1]!.questions.push(newQuestion("SHORT_ANSWER", "Sneaked in"));
    question(grown).name = "Renamed with it";
    expect((await save(current, grown)).status).toBe(409);
    expect(await applicantForm()).toEqual(after);

    // Another instance's edit is seen here too, within seconds: the cached version is checked against its
    // count of edits once its copy is two seconds old.
    const elsewhere = contentOf(current);
    question(elsewhere).name = "Saved by another instance";
    await t.deps.db
      .update(formVersions)
      .set({ content: elsewhere, edits: 2 })
      .where(eq(formVersions.formId, loaded.form._id));
    const now = Date.now();
    const clock = vi.spyOn(Date, "now").mockReturnValue(now + 2_500);
    try {
      expect(question(await applicantForm()).name).toBe("Saved by another instance");
    } finally {
      clock.mockRestore();
    }
  });

  it("keeps the look, the confirmation message and the French texts editable once published, for applicants at once", async () => {
    const program = await buildProgram(t.deps.db, cast.org.id);
    const loaded = await formOf(program.id);
    const published = (await (
      await post(`/api/forms/${loaded.form._id}/publish`, { revision: loaded.form.revision })
    ).json()) as FormResult;
    const linkId = published.form.submissionLinks[0]!._id;
    const edited = contentOf(published);
    edited.settings = {
      ...edited.settings,
      themeColour: "4FAE55",
      confirmationMessage: "Thank you: we answer within two weeks.",
      frenchTranslationEnabled: true,
      translations: { "Thank you: we answer within two weeks.": "Merci : réponse sous deux semaines." },
    };
    const res = await save(published, edited);
    expect(res.status, await res.text()).toBe(200);
    const saved = (await formOf(program.id)).form;
    expect(saved.draft).toBe(false);
    expect(saved.settings).toMatchObject(edited.settings);
    const applicant = ((await (await t.request(`/api/forms/link/${linkId}`)).json()) as FormLinkResult).form!;
    expect(applicant.settings).toMatchObject({
      themeColour: "4FAE55",
      confirmationMessage: "Thank you: we answer within two weeks.",
      frenchTranslationEnabled: true,
    });
    expect(applicant.settings.translations).toEqual(edited.settings.translations);
  });

  it("closes on schedule, reopens with a new applicant link keeping the schedule, and allows editing only while accepting", async () => {
    const program = await buildProgram(t.deps.db, cast.org.id);
    const loaded = await formOf(program.id);
    const formId = loaded.form._id;
    expect((await post(`/api/forms/${formId}/close`, {})).status).toBe(409); // a draft has no applicant link
    await post(`/api/forms/${formId}/publish`, { revision: loaded.form.revision });

    const at = new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString();
    let result = (await (await post(`/api/forms/${formId}/close`, { at })).json()) as FormResult;
    expect(result.form.submissionLinks[0]!.close).toBe(at);
    const allow = await t.request(`/api/forms/${formId}/allow-edit`, {
      method: "PATCH",
      cookie: cookies.admin,
      body: { allowEdit: true },
    });
    expect(((await allow.json()) as FormResult).form.allowEdit).toBe(true);

    result = (await (await post(`/api/forms/${formId}/close`, {})).json()) as FormResult;
    const closedLink = result.form.submissionLinks[0]!;
    expect(new Date(closedLink.close!).getTime()).toBeLessThanOrEqual(Date.now());
    const refused = await t.request(`/api/forms/${formId}/allow-edit`, {
      method: "PATCH",
      cookie: cookies.admin,
      body: { allowEdit: false },
    });
    expect(refused.status).toBe(409);

    result = (await (await post(`/api/forms/${formId}/reopen`)).json()) as FormResult;
    expect(result.form.submissionLinks).toHaveLength(2);
    expect(result.form.submissionLinks[1]!._id).not.toBe(closedLink._id);
    // The close scheduled before "Close now" is kept (docs/decisions/027-stable-form-address.md).
    expect(result.form.submissionLinks[1]!.close).toBe(at);
    const bad = await post(`/api/forms/${formId}/close`, { at: "next tuesday" });
    expect(bad.status).toBe(400);
  });

  it("lists published forms of the organization for mapping to its organization admin only", async () => {
    const res = await t.request(`/api/forms/organization/${cast.org.id}`, { cookie: cookies.orgAdmin });
    expect(res.status).toBe(200);
    const { forms: list } = (await res.json()) as { forms: { name: string }[] };
    expect(list.length).toBeGreaterThan(0);
    expect(
      (await t.request(`/api/forms/organization/${cast.org.id}`, { cookie: cookies.admin })).status,
    ).toBe(404);
  });
});
