import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Answer } from "../../shared/forms/answers";
import { defaultFormContent, newQuestion, newSection } from "../../shared/forms/defaults";
import type { FormContent, Question } from "../../shared/forms/model";
import { auditEvents, emailOutbox, guestContinueLinks, programMembers, submissions } from "../db/schema";
import {
  addMember,
  buildOrg,
  buildProgram,
  buildPublishedForm,
  buildUser,
  type Cast,
  withCastTestApp,
} from "../test/factories";
import { createTestApp, type TestApp } from "../test/harness";

/**
 * The applicant's emails (docs/decisions/028): the receipt to every submitter in the language they used,
 * the per-form notice to chosen admins, a guest's single-use link to continue in another browser, and the
 * language kept with an account.
 */

let t: TestApp;
let cast: Cast;
let cookies: Record<string, string>;
withCastTestApp((app) => {
  ({ t, cast, cookies } = app);
});

const TOKEN = "x-submission-token";
const FORM_NAME = "Arts 2026 application";
const FRENCH_NAME = "Demande Arts 2026";
const CONFIRMATION = "Thank you: the committee meets in May.";
const FRENCH_CONFIRMATION = "Merci : le comité se réunit en mai.";

/** One section: the applicant's name and an optional contact email, with French texts. */
function applicationForm(): FormContent {
  const content = defaultFormContent(FORM_NAME);
  const identifier = { ...newQuestion("IDENTIFIER", "Your name"), _id: "name", required: true };
  const email: Question = {
    ...newQuestion("SHORT_ANSWER", "Contact email"),
    _id: "email",
    validations: { active: true, type: "EMAIL", max: 0, min: 0 },
  };
  return {
    ...content,
    sections: [{ ...newSection("About you", "Admin Info"), _id: "about", questions: [identifier, email] }],
    settings: {
      ...content.settings,
      confirmationMessage: CONFIRMATION,
      frenchTranslationEnabled: true,
      translations: { [FORM_NAME]: FRENCH_NAME, [CONFIRMATION]: FRENCH_CONFIRMATION },
    },
  };
}

const answer = (questionId: string, answerString: string): Answer => ({
  questionId,
  sectionId: "about",
  type: questionId === "name" ? "IDENTIFIER" : "SHORT_ANSWER",
  answerString,
  answerArray: [],
  answerMatrix: [],
});
const answers = (name: string, email: string | null) => [
  answer("name", name),
  ...(email === null ? [] : [answer("email", email)]),
];

let form: Awaited<ReturnType<typeof buildPublishedForm>>;
beforeAll(async () => {
  form = await buildPublishedForm(t.deps.db, cast.program, applicationForm());
});

type Init = { cookie?: string; headers?: Record<string, string> };

async function openAsGuest() {
  const res = await t.request("/api/submissions", { method: "POST", body: { linkId: form.linkId } });
  expect(res.status).toBe(200);
  const { submissionId, token } = (await res.json()) as { submissionId: string; token: string };
  return { submissionId, headers: { [TOKEN]: token } };
}

/** A guest's draft with these answers saved (revision 1). */
async function guestDraft(name: string, email: string | null) {
  const guest = await openAsGuest();
  const saved = await t.request(`/api/submissions/${guest.submissionId}`, {
    method: "PATCH",
    headers: guest.headers,
    body: { revision: 0, answers: answers(name, email) },
  });
  expect(saved.status).toBe(200);
  return guest;
}

async function submit(id: string, revision: number, init: Init, lang?: "en" | "fr") {
  const query = lang ? `?lang=${lang}` : "";
  return t.request(`/api/submissions/submissionDate/${id}${query}`, {
    method: "PATCH",
    body: { submitted: true, revision },
    ...init,
  });
}

const mailOf = (kind: string) => t.deps.db.select().from(emailOutbox).where(eq(emailOutbox.kind, kind));
const mailTo = async (kind: string, address: string) =>
  (await mailOf(kind)).filter((m) => m.to.includes(address));
/** The token of an emailed link to continue (after the `#`). */
const linkToken = (text: string) => /\/continue-application#([\w-]+)/.exec(text)?.[1] ?? "";

describe("the receipt", () => {
  it("goes to a guest's contact email, in French when they used French, with a link back", async () => {
    const guest = await guestDraft("Élodie Dœuf", "  Elodie.Guest@Example.org ");
    expect((await submit(guest.submissionId, 1, { headers: guest.headers }, "fr")).status).toBe(200);
    const [receipt, ...more] = await mailTo("submission-receipt", "elodie.guest@example.org");
    expect(more).toEqual([]);
    expect(receipt!.to).toEqual(["elodie.guest@example.org"]);
    expect(receipt!.subject).toBe(`Nous avons reçu votre demande : ${FRENCH_NAME}`);
    expect(receipt!.text).toContain(`Nous avons reçu votre demande pour ${FRENCH_NAME} le`);
    expect(receipt!.text).toContain(FRENCH_CONFIRMATION);
    expect(receipt!.text).not.toContain("We received");
    expect(receipt!.html).toContain("Ouvrir ma demande");
    // Its link opens the application in another browser, once.
    const opened = await t.request("/api/submissions/continue", {
      method: "POST",
      body: { token: linkToken(receipt!.text) },
    });
    expect(opened.status).toBe(200);
    const { token } = (await opened.json()) as { token: string };
    const read = await t.request(`/api/submissions/${guest.submissionId}`, { headers: { [TOKEN]: token } });
    expect(read.status).toBe(200);
  });

  it("goes to an account's own address in English, with the portal link, never to an address in the answers", async () => {
    const person = await buildUser(t.deps.db, { applicant: true, name: "Ann Account" });
    const cookie = await t.signIn(person.email);
    const opened = await t.request("/api/submissions", {
      method: "POST",
      cookie,
      body: { linkId: form.linkId },
    });
    const { submissionId } = (await opened.json()) as { submissionId: string };
    await t.request(`/api/submissions/${submissionId}`, {
      method: "PATCH",
      cookie,
      body: { revision: 0, answers: answers("Ann Account", "ann.elsewhere@example.org") },
    });
    expect((await submit(submissionId, 1, { cookie }, "en")).status).toBe(200);
    const receipts = await mailTo("submission-receipt", person.email);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.to).toEqual([person.email]);
    expect(receipts[0]!.subject).toBe(`We received your application: ${FORM_NAME}`);
    expect(receipts[0]!.text).toContain("Hello Ann Account,");
    expect(receipts[0]!.text).toContain(CONFIRMATION);
    expect(receipts[0]!.text).toContain(`${t.deps.config.publicUrl}/portal/applicant`);
    expect(await mailTo("submission-receipt", "ann.elsewhere@example.org")).toEqual([]);
  });

  it("is not sent to a guest who gave no contact email, and the submission still goes through", async () => {
    const before = (await mailOf("submission-receipt")).length;
    const guest = await guestDraft("No Email Guest", null);
    expect((await submit(guest.submissionId, 1, { headers: guest.headers })).status).toBe(200);
    expect((await mailOf("submission-receipt")).length).toBe(before);
  });
});

describe("the notice to chosen admins", () => {
  const notice = () => `/api/forms/${form.formId}/submission-notice`;

  it("is off by default: a submission tells no admin", async () => {
    const res = await t.request(notice(), { cookie: cookies.admin });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { recipients: string[]; candidates: { userId: string }[] };
    expect(body.recipients).toEqual([]);
    // The program's admins and the organization admin may be chosen; no one else.
    expect(body.candidates.map((c) => c.userId).sort()).toEqual(
      [cast.members.ADMIN.id, cast.members.ADMIN_REVIEWER.id, cast.orgAdmin.id].sort(),
    );
    const guest = await guestDraft("Quiet Applicant", null);
    expect((await submit(guest.submissionId, 1, { headers: guest.headers })).status).toBe(200);
    expect(await mailOf("submission-notice")).toEqual([]);
  });

  it("is read and chosen by the program's admins only: 404 for everyone else, another organization included", async () => {
    for (const cookie of [cookies.admin, cookies.adminReviewer, cookies.orgAdmin]) {
      expect((await t.request(notice(), { cookie })).status).toBe(200);
    }
    for (const cookie of [cookies.reviewer, cookies.guest, cookies.applicant, cookies.otherOrgAdmin]) {
      expect((await t.request(notice(), { cookie })).status).toBe(404);
      const put = await t.request(notice(), { method: "PUT", cookie, body: { recipients: [] } });
      expect(put.status).toBe(404);
    }
    expect((await t.request(notice())).status).toBe(401);
    const otherForm = await buildPublishedForm(t.deps.db, cast.otherProgram, applicationForm());
    const foreign = await t.request(`/api/forms/${otherForm.formId}/submission-notice`, {
      cookie: cookies.orgAdmin,
    });
    expect(foreign.status).toBe(404);
    expect(
      (await t.request("/api/forms/not-a-form/submission-notice", { cookie: cookies.admin })).status,
    ).toBe(404);
  });

  it("refuses bad input with field errors and changes nothing", async () => {
    const put = (body: unknown) => t.request(notice(), { method: "PUT", cookie: cookies.admin, body });
    for (const body of [
      {},
      { recipients: "everyone" },
      { recipients: [cast.members.ADMIN.id], extra: true },
      { recipients: Array.from({ length: 51 }, (_, i) => `user-${i}`) },
      // Not an admin of the program: a committee member, another organization's admin, no one.
      { recipients: [cast.members.REVIEWER.id] },
      { recipients: [cast.otherOrgAdmin.id] },
      { recipients: [cast.members.ADMIN.id, "nobody-at-all"] },
    ]) {
      const res = await put(body);
      expect(res.status).toBe(400);
      const { error } = (await res.json()) as { error: { fields?: Record<string, string[]> } };
      expect(Object.keys(error.fields ?? {})).not.toEqual([]);
    }
    const body = (await (await t.request(notice(), { cookie: cookies.admin })).json()) as {
      recipients: string[];
    };
    expect(body.recipients).toEqual([]);
  });

  it("tells exactly the chosen admins who applied, with a link to the application; an admin who left is not told", async () => {
    const chosen = [cast.members.ADMIN.id, cast.orgAdmin.id];
    const res = await t.request(notice(), {
      method: "PUT",
      cookie: cookies.adminReviewer,
      body: { recipients: chosen },
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { recipients: string[] }).recipients).toEqual(chosen);
    const [event] = await t.deps.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, "form.notice_changed"));
    expect(event).toBeDefined();

    const guest = await guestDraft("Noémie <Notice>", null);
    expect((await submit(guest.submissionId, 1, { headers: guest.headers })).status).toBe(200);
    const notices = await mailOf("submission-notice");
    expect(notices.map((m) => m.to).sort()).toEqual(
      [[cast.members.ADMIN.email], [cast.orgAdmin.email]].sort(),
    );
    for (const mail of notices) {
      expect(mail.subject).toBe(`New application to ${FORM_NAME}: Noémie <Notice>`);
      expect(mail.text).toContain(
        `${t.deps.config.publicUrl}/submissions/${cast.program.id}/${guest.submissionId}`,
      );
      expect(mail.html).toContain("Noémie &lt;Notice&gt;");
    }

    // The program admin leaves the program: the list keeps the id, but they are told nothing more.
    await t.deps.db
      .delete(programMembers)
      .where(
        and(eq(programMembers.userId, cast.members.ADMIN.id), eq(programMembers.programId, cast.program.id)),
      );
    const second = await guestDraft("Second Applicant", null);
    expect((await submit(second.submissionId, 1, { headers: second.headers })).status).toBe(200);
    const secondNotices = (await mailOf("submission-notice")).filter((m) =>
      m.text.includes(second.submissionId),
    );
    expect(secondNotices.map((m) => m.to)).toEqual([[cast.orgAdmin.email]]);
    await addMember(t.deps.db, cast.program, cast.members.ADMIN.id, "ADMIN");
  });
});

describe("a guest's link to continue", () => {
  const ask = (id: string, init: Init, lang = "en") =>
    t.request(`/api/submissions/${id}/continue-link?lang=${lang}`, { method: "POST", ...init });
  const open = (token: unknown) =>
    t.request("/api/submissions/continue", { method: "POST", body: { token } });

  it("goes to the contact email only, works once, and moves the application to the browser that opens it", async () => {
    const guest = await guestDraft("Wandering Guest", "wanderer@example.org");
    const res = await ask(guest.submissionId, { headers: guest.headers });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ email: "wanderer@example.org", hours: 72 });
    const [mail, ...more] = await mailOf("guest-continue-link").then((all) =>
      all.filter((m) => m.to.includes("wanderer@example.org")),
    );
    expect(more).toEqual([]);
    expect(mail!.to).toEqual(["wanderer@example.org"]);
    expect(mail!.bcc).toEqual([]);
    expect(mail!.subject).toBe(`Continue your application: ${FORM_NAME}`);
    const token = linkToken(mail!.text);
    // Kept hashed: the token itself is nowhere in the database.
    const stored = await t.deps.db.select().from(guestContinueLinks);
    expect(JSON.stringify(stored)).not.toContain(token);

    const opened = await open(token);
    expect(opened.status).toBe(200);
    const body = (await opened.json()) as { submissionId: string; linkId: string; token: string };
    expect(body).toMatchObject({ submissionId: guest.submissionId, linkId: form.linkId });
    const fresh = { [TOKEN]: body.token };
    expect((await t.request(`/api/submissions/${guest.submissionId}`, { headers: fresh })).status).toBe(200);
    // The first browser's token no longer opens it; the link does not work twice.
    expect(
      (await t.request(`/api/submissions/${guest.submissionId}`, { headers: guest.headers })).status,
    ).toBe(404);
    expect((await open(token)).status).toBe(404);
    // The new browser carries on: it saves and submits.
    expect((await submit(guest.submissionId, 1, { headers: fresh })).status).toBe(200);
  });

  it("is refused once expired", async () => {
    const guest = await guestDraft("Late Guest", "late@example.org");
    expect((await ask(guest.submissionId, { headers: guest.headers })).status).toBe(200);
    const [mail] = await mailTo("guest-continue-link", "late@example.org");
    await t.deps.db
      .update(guestContinueLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(guestContinueLinks.submissionId, guest.submissionId));
    expect((await open(linkToken(mail!.text))).status).toBe(404);
    expect(
      (await t.request(`/api/submissions/${guest.submissionId}`, { headers: guest.headers })).status,
    ).toBe(200);
  });

  it("is refused once an account has claimed the application", async () => {
    const guest = await guestDraft("Claimed Guest", "claimed@example.org");
    expect((await ask(guest.submissionId, { headers: guest.headers })).status).toBe(200);
    const [mail] = await mailTo("guest-continue-link", "claimed@example.org");
    const person = await buildUser(t.deps.db, { applicant: true });
    const cookie = await t.signIn(person.email);
    const claimed = await t.request(`/api/submissions/${guest.submissionId}/claim`, {
      method: "POST",
      cookie,
      headers: guest.headers,
    });
    expect(claimed.status).toBe(200);
    expect((await open(linkToken(mail!.text))).status).toBe(404);
    const [row] = await t.deps.db.select().from(submissions).where(eq(submissions.id, guest.submissionId));
    expect(row).toMatchObject({ userId: person.id, guestTokenHash: null });
    // Its owner signs in instead: asking for a link is refused with the reason.
    const refused = await ask(guest.submissionId, { cookie });
    expect(refused.status).toBe(409);
  });

  it("is asked for by the token's holder only: 404 without it, for other applicants, admins and another organization", async () => {
    const guest = await guestDraft("Private Guest", "private@example.org");
    for (const init of [
      {},
      { headers: { [TOKEN]: `${guest.headers[TOKEN]}x` } },
      { cookie: cookies.applicant },
      { cookie: cookies.reviewer },
      { cookie: cookies.admin },
      { cookie: cookies.orgAdmin },
      { cookie: cookies.otherOrgAdmin },
    ]) {
      const res = await ask(guest.submissionId, init);
      expect(res.status).toBe(404);
    }
    expect((await ask("not-a-submission", { headers: guest.headers })).status).toBe(404);
    expect(await mailTo("guest-continue-link", "private@example.org")).toEqual([]);
  });

  it("needs a contact email answered first, and says so in the guest's language", async () => {
    const guest = await guestDraft("Silent Guest", null);
    const res = await ask(guest.submissionId, { headers: guest.headers }, "fr");
    expect(res.status).toBe(409);
    const { error } = (await res.json()) as { error: { message: string } };
    expect(error.message).toBe(
      "Répondez d'abord à la question du courriel de contact : le lien y est envoyé.",
    );
    const invalid = await guestDraft("Typo Guest", "not-an-address");
    expect((await ask(invalid.submissionId, { headers: invalid.headers })).status).toBe(409);
  });

  it("is sent in French when asked from the French form", async () => {
    const guest = await guestDraft("Guest Français", "francais@example.org");
    expect((await ask(guest.submissionId, { headers: guest.headers }, "fr")).status).toBe(200);
    const [mail] = await mailTo("guest-continue-link", "francais@example.org");
    expect(mail!.subject).toBe(`Continuer votre demande : ${FORM_NAME}`);
    expect(mail!.html).toContain("Continuer ma demande");
  });

  it("refuses a malformed token with 400 and an unknown one with 404", async () => {
    for (const token of [undefined, "", "short", "x".repeat(201), "a b c".repeat(10), 42]) {
      expect((await open(token)).status).toBe(400);
    }
    expect((await open("a".repeat(43))).status).toBe(404);
  });

  describe("with rate limits on", () => {
    let limited: TestApp;
    beforeAll(async () => {
      limited = await createTestApp({ AUTH_RATE_LIMIT: "on" });
    });
    afterAll(() => limited?.close());

    it("sends a few links per application an hour, then 429 with nothing queued", async () => {
      const program = await buildProgram(limited.deps.db, (await buildOrg(limited.deps.db)).id);
      const limitedForm = await buildPublishedForm(limited.deps.db, { ...program }, applicationForm());
      const opened = await limited.request("/api/submissions", {
        method: "POST",
        body: { linkId: limitedForm.linkId },
      });
      const { submissionId, token } = (await opened.json()) as { submissionId: string; token: string };
      const headers = { [TOKEN]: token };
      await limited.request(`/api/submissions/${submissionId}`, {
        method: "PATCH",
        headers,
        body: { revision: 0, answers: answers("Busy Guest", "busy@example.org") },
      });
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await limited.request(`/api/submissions/${submissionId}/continue-link`, {
          method: "POST",
          headers,
        });
        statuses.push(res.status);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
      const sent = await limited.deps.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.kind, "guest-continue-link"));
      expect(sent).toHaveLength(3);
    });
  });
});

describe("the language kept with an account", () => {
  it("is saved by the user themself and comes back with their profile", async () => {
    const person = await buildUser(t.deps.db, { applicant: true });
    const cookie = await t.signIn(person.email);
    const profile = async () =>
      ((await (await t.request(`/api/users/${person.id}`, { cookie })).json()) as { language: string | null })
        .language;
    expect(await profile()).toBeNull();
    const set = (userId: string, body: unknown, init: Init) =>
      t.request(`/api/users/${userId}/language`, { method: "PATCH", body, ...init });
    expect((await set(person.id, { language: "fr" }, { cookie })).status).toBe(200);
    // A new sign-in (another browser) finds the choice.
    const again = await t.signIn(person.email);
    const reread = (await (await t.request(`/api/users/${person.id}`, { cookie: again })).json()) as {
      language: string;
    };
    expect(reread.language).toBe("fr");
    expect(await profile()).toBe("fr");

    for (const body of [{}, { language: "de" }, { language: "fr", extra: 1 }]) {
      expect((await set(person.id, body, { cookie })).status).toBe(400);
    }
    expect((await set(person.id, { language: "en" }, {})).status).toBe(401);
    expect((await set(person.id, { language: "en" }, { cookie: cookies.orgAdmin })).status).toBe(404);
    expect((await set(cast.applicant.id, { language: "en" }, { cookie })).status).toBe(404);
    expect(await profile()).toBe("fr");
  });
});
