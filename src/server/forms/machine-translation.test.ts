import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { newOption, newQuestion } from "../../shared/forms/defaults";
import { MACHINE_TRANSLATION_MESSAGES } from "../../shared/forms/french-texts";
import { localizeRichText } from "../../shared/forms/localize";
import type { FormContent } from "../../shared/forms/model";
import type { FormResult, MachineTranslationResult } from "../../shared/schemas/forms";
import { translationCache } from "../db/schema";
import { addMember, buildProgram as buildBareProgram, type Cast, withCastTestApp } from "../test/factories";
import { startTranslateStandIn, type TranslateStandIn } from "../test/google-translate-stand-in";
import type { TestApp } from "../test/harness";
import { googleTranslation } from "../translation/google";

let t: TestApp;
let cast: Cast;
let cookies: Record<string, string>;
let standIn: TranslateStandIn;

withCastTestApp((app) => {
  ({ t, cast, cookies } = app);
});
const basic = (timeoutMs?: number) =>
  googleTranslation({ apiKey: "secret-api-key", endpoint: standIn.url, timeoutMs });
beforeAll(async () => {
  standIn = await startTranslateStandIn();
  t.deps.translation = basic();
});
afterAll(() => standIn.close());
beforeEach(() => {
  standIn.calls.length = 0;
  standIn.fail = null;
  standIn.hang = false;
  standIn.translate = (text) => `FR:${text}`;
  t.deps.translation = basic();
});

async function formOf(programId: string): Promise<FormResult> {
  const res = await t.request(`/api/forms/program/${programId}`, { cookie: cookies.admin! });
  expect(res.status).toBe(200);
  return (await res.json()) as FormResult;
}
const contentOf = ({ form }: FormResult): FormContent => ({
  name: form.name,
  description: form.description,
  sections: form.sections,
  settings: form.settings,
});
const translate = (result: FormResult, cookie = cookies.admin!, revision = result.form.revision) =>
  t.request(`/api/forms/${result.form._id}/translations/machine`, {
    method: "POST",
    cookie,
    body: { revision },
  });

/** A program of the cast's organization whose form has every kind of text, some French given by hand. */
async function formWithTexts(name = "Arts Fund"): Promise<FormResult> {
  const program = await buildBareProgram(t.deps.db, cast.org.id, { name });
  await addMember(t.deps.db, program, cast.members.ADMIN.id, "ADMIN");
  await addMember(t.deps.db, program, cast.members.ADMIN_REVIEWER.id, "ADMIN_REVIEWER");
  await addMember(t.deps.db, program, cast.members.REVIEWER.id, "REVIEWER");
  await addMember(t.deps.db, program, cast.members.GUEST.id, "GUEST");
  const loaded = await formOf(program.id);
  const content = contentOf(loaded);
  content.description = {
    blocks: [
      { type: "heading", children: [{ text: "About " }, { text: "the fund", bold: true }] },
      { type: "bullet", children: [{ text: "Read the rules", link: "https://example.org/rules" }] },
    ],
  };
  content.sections[0]!.description = "Who you are";
  content.sections[1]!.questions = [
    {
      ...newQuestion("MULTIPLE_CHOICE", "Your discipline"),
      description: 'Pick <b>one</b> & only "one"',
      x_options: [newOption("Music"), newOption("Dance")],
    },
    { ...newQuestion("SIMPLE_TABLE", "Budget lines") },
  ];
  content.settings = {
    ...content.settings,
    frenchTranslationEnabled: true,
    translations: { Music: "Musique (à la main)", Dance: "   " },
  };
  const saved = await t.request(`/api/forms/${loaded.form._id}`, {
    method: "PUT",
    cookie: cookies.admin!,
    body: { revision: loaded.form.revision, content },
  });
  expect(saved.status).toBe(200);
  return formOf(program.id);
}

describe("Translate missing texts", () => {
  it("fills every empty French text in one call, marks them machine-made and keeps the administrator's French", async () => {
    const before = await formWithTexts();
    const res = await translate(before);
    expect(res.status).toBe(200);
    const result = (await res.json()) as MachineTranslationResult;
    const expected = [
      "Arts Fund",
      "About",
      "the fund",
      "Read the rules",
      "Admin Info",
      "Who you are",
      "Unique Identifier - Name",
      "Decision Criteria",
      "Your discipline",
      'Pick <b>one</b> & only "one"',
      "Dance",
      "Budget lines",
      "Column 1",
      "Your response has been recorded.",
    ];
    expect(standIn.calls).toHaveLength(1);
    expect(standIn.calls[0]!.format).toBe("text");
    expect([...standIn.calls[0]!.texts].sort()).toEqual([...expected].sort());
    expect(result.translated).toBe(expected.length);
    const { settings } = result.form;
    expect(settings.translations.Music).toBe("Musique (à la main)");
    expect(settings.translations.Dance).toBe("FR:Dance");
    // Markup in a text is text: sent and kept as it is, never parsed or escaped.
    expect(settings.translations['Pick <b>one</b> & only "one"']).toBe('FR:Pick <b>one</b> & only "one"');
    expect([...(settings.machineTranslated ?? [])].sort()).toEqual([...expected].sort());
    expect(result.form.revision).toBe(before.form.revision + 1);
    // The applicant's French page: the rich text's blocks, styles and links as they were.
    expect(localizeRichText(result.form.description, "fr", settings)).toEqual({
      blocks: [
        { type: "heading", children: [{ text: "FR:About " }, { text: "FR:the fund", bold: true }] },
        {
          type: "bullet",
          children: [{ text: "FR:Read the rules", link: "https://example.org/rules" }],
        },
      ],
    });
    expect(await formOf(before.form.programId)).toMatchObject({
      form: { settings, revision: result.form.revision },
    });
  });

  it("asks the provider once per distinct text: a second form with the same wording costs no call", async () => {
    await translate(await formWithTexts("Same Wording"));
    standIn.calls.length = 0;
    const second = await formWithTexts("Same Wording");
    const res = await translate(second);
    expect(res.status).toBe(200);
    expect(((await res.json()) as MachineTranslationResult).translated).toBe(14);
    expect(standIn.calls).toEqual([]);
  });

  it("answers 0 and changes nothing when every text has French", async () => {
    const first = (await (
      await translate(await formWithTexts("All Done"))
    ).json()) as MachineTranslationResult;
    standIn.calls.length = 0;
    const again = await translate(first);
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ translated: 0, form: { revision: first.form.revision } });
    expect(standIn.calls).toEqual([]);
  });

  it("translates a published form too (its texts stay editable after publishing)", async () => {
    const before = await formWithTexts("Published Fund");
    const published = await t.request(`/api/forms/${before.form._id}/publish`, {
      method: "POST",
      cookie: cookies.admin!,
      body: { revision: before.form.revision },
    });
    expect(published.status).toBe(200);
    const res = await translate((await published.json()) as FormResult);
    expect(res.status).toBe(200);
    const result = (await res.json()) as MachineTranslationResult;
    expect(result.form.draft).toBe(false);
    expect(result.form.settings.translations["Published Fund"]).toBe("FR:Published Fund");
    // An applicant loading the form reads stored French: the provider is never called for it. (They read
    // the version frozen at publishing, as for every edit of a published form: see decision 022, "Open".)
    standIn.calls.length = 0;
    const link = result.form.submissionLinks[0]!._id;
    const applicantView = await t.request(`/api/forms/link/${link}`);
    expect(applicantView.status).toBe(200);
    expect(standIn.calls).toEqual([]);
  });

  it("cuts a long form into calls of at most 128 texts", async () => {
    const before = await formWithTexts("Many Options");
    const content = contentOf(before);
    content.sections[1]!.questions[0]!.x_options = Array.from({ length: 150 }, (_, i) =>
      newOption(`Choice number ${i} of many`),
    );
    const saved = await t.request(`/api/forms/${before.form._id}`, {
      method: "PUT",
      cookie: cookies.admin!,
      body: { revision: before.form.revision, content },
    });
    expect(saved.status).toBe(200);
    const res = await translate(await formOf(before.form.programId));
    expect(res.status).toBe(200);
    // The form's name and its 150 options: its other texts are cached from the forms above.
    expect(standIn.calls.map((c) => c.texts.length)).toEqual([128, 151 - 128]);
  });
});

describe("when the provider fails, nothing changes", () => {
  async function expectUnchanged(before: FormResult) {
    const now = await formOf(before.form.programId);
    expect(now.form.revision).toBe(before.form.revision);
    expect(now.form.settings).toEqual(before.form.settings);
  }

  it("a quota refusal: 503 with the reason and Retry-After, the form as it was", async () => {
    const before = await formWithTexts("Quota");
    standIn.fail = { status: 403, reason: "dailyLimitExceeded" };
    const res = await translate(before);
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("60");
    const text = await res.text();
    expect(JSON.parse(text).error).toEqual({
      code: "UNAVAILABLE",
      message: MACHINE_TRANSLATION_MESSAGES.quota,
    });
    expect(text).not.toContain("secret-api-key");
    await expectUnchanged(before);
  });

  it("a timeout: 503, the form as it was (never half translated)", async () => {
    const before = await formWithTexts("Slow");
    t.deps.translation = basic(50);
    standIn.hang = true;
    const res = await translate(before);
    expect(res.status).toBe(503);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
      MACHINE_TRANSLATION_MESSAGES.timeout,
    );
    await expectUnchanged(before);
  });

  it("a failure after a first batch: the form as it was, the first batch cached for next time", async () => {
    const before = await formWithTexts("Half Way");
    const content = contentOf(before);
    content.sections[1]!.questions[0]!.x_options = Array.from({ length: 150 }, (_, i) =>
      newOption(`Half way option ${i}`),
    );
    await t.request(`/api/forms/${before.form._id}`, {
      method: "PUT",
      cookie: cookies.admin!,
      body: { revision: before.form.revision, content },
    });
    const loaded = await formOf(before.form.programId);
    // The second call is refused.
    const provider = basic();
    let call = 0;
    t.deps.translation = {
      ...provider,
      translate: (texts, target) => {
        call++;
        if (call === 2) standIn.fail = { status: 500, reason: "backendError" };
        return provider.translate(texts, target);
      },
    };
    const res = await translate(loaded);
    expect(res.status).toBe(503);
    await expectUnchanged(loaded);
    const cached = await t.deps.db
      .select()
      .from(translationCache)
      .where(eq(translationCache.provider, "google-v2"));
    expect(cached.length).toBeGreaterThanOrEqual(128);
  });

  it("a form changed since the administrator loaded it: 409, no provider call", async () => {
    const before = await formWithTexts("Stale");
    const res = await translate(before, cookies.admin!, before.form.revision - 1);
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("STALE_REVISION");
    expect(standIn.calls).toEqual([]);
    await expectUnchanged(before);
  });

  it("no provider configured: 409 saying so, the form as it was", async () => {
    const before = await formWithTexts("Unconfigured");
    expect(before.machineTranslation).toBe(true);
    t.deps.translation = null;
    expect((await formOf(before.form.programId)).machineTranslation).toBe(false);
    const res = await translate(before);
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
      MACHINE_TRANSLATION_MESSAGES.notConfigured,
    );
    await expectUnchanged(before);
  });
});

describe("who may translate", () => {
  it("the program's admins and the organization's admin; others get 404 (401 signed out), nothing translated", async () => {
    const before = await formWithTexts("Who May");
    for (const who of ["otherOrgAdmin", "reviewer", "guest", "applicant"]) {
      const res = await translate(before, cookies[who]!);
      expect(res.status, who).toBe(404);
      expect(await res.text()).not.toContain("Who May");
    }
    const anonymous = await t.request(`/api/forms/${before.form._id}/translations/machine`, {
      method: "POST",
      body: { revision: before.form.revision },
    });
    expect(anonymous.status).toBe(401);
    expect(standIn.calls).toEqual([]);
    expect((await formOf(before.form.programId)).form.settings).toEqual(before.form.settings);
    expect((await translate(before, cookies.orgAdmin!)).status).toBe(200);
    expect((await translate(await formOf(before.form.programId), cookies.adminReviewer!)).status).toBe(200);
  });
});
