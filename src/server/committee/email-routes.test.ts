import { randomUUID } from "node:crypto";
import { eq, like, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { defaultFormContent, newQuestion } from "../../shared/forms/defaults";
import {
  COMMITTEE_MESSAGES,
  type CustomEmailBody,
  type CustomEmailResult,
  customEmailBodySchema,
} from "../../shared/schemas/committee";
import type { Db } from "../db/client";
import { emailOutbox, submissions, users } from "../db/schema";
import { ENQUEUE_BATCH } from "../email/outbox";
import {
  addMember,
  buildOrg,
  buildProgram,
  buildPublishedForm,
  buildUser,
  type Cast,
  withCastTestApp,
} from "../test/factories";
import { TEST_ORIGIN, type TestApp } from "../test/harness";
import { assignReviewer, buildCandidate, insertReview } from "../test/review-factories";
import { sendCustomEmails } from "./committee-email-service";

let t: TestApp;
let cast: Cast;
let cookies: Record<string, string>;
withCastTestApp((app) => {
  ({ t, cast, cookies } = app);
});

const HOSTILE_NAME = "<img src=x onerror=alert(1)>";

type Candidate = { id: string; identifier: string };
/** The cast's program: four submitted candidates (one with no account), a draft and a test. */
const seen = {} as Record<"alice" | "bob" | "hostile" | "orphan" | "draft" | "test", Candidate> & {
  aliceEmail: string;
  bobEmail: string;
  hostileEmail: string;
};
/** Candidates the cast's admins may not email: of a sibling program, and of another organization. */
let siblingCandidate: Candidate;
let otherOrgCandidate: Candidate;
/** Admin of a sibling program of the same organization: no say over the cast's program. */
let siblingAdmin: string;
/** A second committee member, so the cast's reviewer does not see every candidate. */
let secondReviewer: { id: string; email: string };
/** The cast form's "Contact email" question (EMAIL validation): where a guest's application is answered. */
let contactQuestion: { questionId: string; sectionId: string };
let castFormId: string;
/** A reviewer of the other organization's program. */
let foreignReviewer: { id: string; email: string };

beforeAll(async () => {
  const db = t.deps.db;
  const content = defaultFormContent("Application");
  const contact = newQuestion("SHORT_ANSWER", "Contact email");
  contact.validations = { active: true, type: "EMAIL", max: 0, min: 0 };
  content.sections[0]!.questions.push(contact);
  contactQuestion = { questionId: contact._id, sectionId: content.sections[0]!._id };
  const { formId } = await buildPublishedForm(db, cast.program, content);
  castFormId = formId;
  const applicant = (name: string) => buildUser(db, { applicant: true, name });
  const alice = await applicant("Alice Applicant");
  const bob = await applicant("");
  const hostile = await applicant(HOSTILE_NAME);
  const drafter = await applicant("Dora Draft");
  const tester = await applicant("Tess Test");
  const candidate = async (identifier: string, more: Partial<Parameters<typeof buildCandidate>[1]>) => {
    const row = await buildCandidate(db, { program: cast.program, formId, identifier, ...more });
    return { id: row.id, identifier };
  };
  Object.assign(seen, {
    alice: await candidate("Alice's Garden", { userId: alice.id, status: "approved", amountCents: 150_000 }),
    bob: await candidate("Bob's Bakery", { userId: bob.id }),
    hostile: await candidate("Evil <b>Project</b>", { userId: hostile.id, amountCents: 5 }),
    orphan: await candidate("Orphan Project", { userId: null }),
    draft: await candidate("Draft Project", { userId: drafter.id, submitted: false }),
    test: await candidate("Test Project", { userId: tester.id, test: true }),
    aliceEmail: alice.email,
    bobEmail: bob.email,
    hostileEmail: hostile.email,
  });

  const sibling = await buildProgram(db, cast.org.id, { name: "Sibling Program" });
  const siblingForm = await buildPublishedForm(db, sibling, defaultFormContent("Sibling form"));
  const siblingApplicant = await applicant("Sibling Applicant");
  const s = await buildCandidate(db, {
    program: sibling,
    formId: siblingForm.formId,
    identifier: "Sibling Secret",
    userId: siblingApplicant.id,
  });
  siblingCandidate = { id: s.id, identifier: s.identifier };
  const siblingAdminUser = await buildUser(db, { name: "Sibling Admin" });
  await addMember(db, sibling, siblingAdminUser.id, "ADMIN");
  siblingAdmin = await t.signIn(siblingAdminUser.email);

  const otherForm = await buildPublishedForm(db, cast.otherProgram, defaultFormContent("Other form"));
  const otherApplicant = await applicant("Other Applicant");
  const o = await buildCandidate(db, {
    program: cast.otherProgram,
    formId: otherForm.formId,
    identifier: "Other Secret",
    userId: otherApplicant.id,
  });
  otherOrgCandidate = { id: o.id, identifier: o.identifier };
  foreignReviewer = await buildUser(db, { name: "Foreign Reviewer" });
  await addMember(db, cast.otherProgram, foreignReviewer.id, "REVIEWER");

  // The cast's reviewer sees Alice, Bob and the hostile candidate (open to all); the orphan is assigned
  // to the second reviewer only. They rated Alice and opened Bob without rating.
  secondReviewer = await buildUser(db, { name: "Second Reviewer" });
  await addMember(db, cast.program, secondReviewer.id, "REVIEWER");
  await assignReviewer(db, seen.orphan.id, secondReviewer.id, cast.program.id);
  await insertReview(db, {
    program: cast.program,
    submissionId: seen.alice.id,
    userId: cast.members.REVIEWER.id,
    rating: 4,
  });
  await insertReview(db, {
    program: cast.program,
    submissionId: seen.bob.id,
    userId: cast.members.REVIEWER.id,
    rating: -1,
  });
});

type Who = keyof typeof cookies | "siblingAdmin" | "anonymous";
const cookieOf = (who: Who) =>
  who === "anonymous" ? undefined : who === "siblingAdmin" ? siblingAdmin : cookies[who]!;

const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string; message: string; fields?: Record<string, string[]> } })
    .error;

function emailBody(patch: Partial<CustomEmailBody> = {}): CustomEmailBody {
  return {
    programId: cast.program.id,
    submissionIds: [seen.alice.id, seen.bob.id],
    subject: "About {{application}}",
    body: "Dear {{name}},\nYour amount: {{amount}}\n\nThe committee",
    idempotencyKey: randomUUID(),
    ...patch,
  };
}

const sendEmails = (who: Who, body: unknown) =>
  t.request("/api/email/custom", { method: "POST", body, cookie: cookieOf(who) });
const remind = (who: Who, body: unknown) =>
  t.request("/api/email/reminder", { method: "POST", body, cookie: cookieOf(who) });

/** The outbox rows one request queued (its dedupe keys start with its idempotency key). */
const queuedFor = (key: string) =>
  t.deps.db
    .select()
    .from(emailOutbox)
    .where(like(emailOutbox.dedupeKey, `${key}:%`))
    .orderBy(emailOutbox.to);
const outboxSize = async () =>
  (await t.deps.db.select({ n: sql<number>`count(*)::int` }).from(emailOutbox))[0]!.n;
const remindersTo = (email: string) =>
  t.deps.db
    .select()
    .from(emailOutbox)
    .where(sql`${emailOutbox.kind} = 'reviewer-reminder' and ${email} = any(${emailOutbox.to})`);

describe("POST /api/email/custom", () => {
  it("queues one message per candidate, the template filled for each, to the account that applied", async () => {
    const body = emailBody({ replyTo: "Committee@Example.test", bcc: "archive@example.test" });
    const res = await sendEmails("admin", body);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ accepted: [seen.aliceEmail, seen.bobEmail], rejected: [] });
    const rows = await queuedFor(body.idempotencyKey);
    const byKey = new Map(rows.map((r) => [r.dedupeKey, r]));
    expect(rows).toHaveLength(2);
    expect(byKey.get(`${body.idempotencyKey}:${seen.alice.id}`)).toMatchObject({
      kind: "committee-email",
      organizationId: cast.org.id,
      to: [seen.aliceEmail],
      replyTo: "committee@example.test",
      bcc: ["archive@example.test"],
      subject: "About Alice's Garden",
      text: "Dear Alice Applicant,\nYour amount: $1,500.00\n\nThe committee",
    });
    expect(byKey.get(`${body.idempotencyKey}:${seen.alice.id}`)!.html).toContain(
      "Dear Alice Applicant,<br>Your amount: $1,500.00<br><br>The committee",
    );
    // An account with no name is greeted by the application's name; no amount fills in as nothing.
    expect(byKey.get(`${body.idempotencyKey}:${seen.bob.id}`)).toMatchObject({
      to: [seen.bobEmail],
      subject: "About Bob's Bakery",
      text: "Dear Bob's Bakery,\nYour amount: \n\nThe committee",
    });
  });

  it("hands the queued messages to the dispatcher, which delivers them", async () => {
    const body = emailBody();
    expect((await sendEmails("admin", body)).status).toBe(200);
    // The route kicked a delivery round of its own: the messages may be in its hands ("sending") while
    // this test's round finds nothing due, so deliver and look again until both are sent.
    await expect
      .poll(
        async () => {
          await t.deps.mailer.dispatchDue(500);
          return (await queuedFor(body.idempotencyKey)).map((r) => [r.status, r.transport]);
        },
        { timeout: 10_000, interval: 100 },
      )
      .toEqual([
        ["sent", "dev-mailbox"],
        ["sent", "dev-mailbox"],
      ]);
  });

  it("leaves reply-to and bcc out when they are empty", async () => {
    const body = emailBody({ submissionIds: [seen.alice.id], replyTo: "", bcc: "" });
    expect((await sendEmails("admin", body)).status).toBe(200);
    expect(await queuedFor(body.idempotencyKey)).toMatchObject([{ replyTo: null, bcc: [] }]);
  });

  it("never lets a candidate's name or application inject markup into the HTML part", async () => {
    const body = emailBody({
      submissionIds: [seen.hostile.id],
      subject: "{{application}}",
      body: "Dear {{name}}, about {{application}} ({{amount}})",
    });
    const res = await sendEmails("admin", body);
    expect(res.status).toBe(200);
    const [row] = await queuedFor(body.idempotencyKey);
    expect(row!.text).toBe(`Dear ${HOSTILE_NAME}, about Evil <b>Project</b> ($0.05)`);
    expect(row!.html).toContain(
      "Dear &lt;img src=x onerror=alert(1)&gt;, about Evil &lt;b&gt;Project&lt;/b&gt; ($0.05)",
    );
    expect(row!.html).not.toContain("<img");
    expect(row!.html).not.toContain("<b>");
    expect(row!.subject).toBe("Evil <b>Project</b>");
  });

  it("escapes markup typed into the body itself too", async () => {
    const body = emailBody({
      submissionIds: [seen.alice.id],
      body: '<a href="https://evil.test">Claim</a> & go',
    });
    expect((await sendEmails("admin", body)).status).toBe(200);
    const [row] = await queuedFor(body.idempotencyKey);
    expect(row!.html).toContain("&lt;a href=&quot;https://evil.test&quot;&gt;Claim&lt;/a&gt; &amp; go");
    expect(row!.html).not.toContain("<a ");
  });

  it("rejects a candidate no account owns, naming the application, and queues the others", async () => {
    const body = emailBody({ submissionIds: [seen.orphan.id, seen.alice.id] });
    const res = await sendEmails("admin", body);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      accepted: [seen.aliceEmail],
      rejected: ["Orphan Project (no email address)"],
    });
    expect((await queuedFor(body.idempotencyKey)).map((r) => r.to)).toEqual([[seen.aliceEmail]]);
  });

  it("writes to the contact email a guest gave when no account owns the application", async () => {
    const guest = await buildCandidate(t.deps.db, {
      program: cast.program,
      formId: castFormId,
      identifier: "Guest Orchard",
      userId: null,
      answers: [
        {
          ...contactQuestion,
          type: "SHORT_ANSWER",
          answerString: "Orchard@Guest.test",
          answerArray: [],
          answerMatrix: [],
        },
      ],
    });
    const body = emailBody({ submissionIds: [guest.id, seen.orphan.id] });
    const res = await sendEmails("admin", body);
    expect(await res.json()).toEqual({
      accepted: ["orchard@guest.test"],
      rejected: ["Orphan Project (no email address)"],
    });
    const [row] = await queuedFor(body.idempotencyKey);
    expect(row!.to).toEqual(["orchard@guest.test"]);
    // No account, no name: the greeting uses the application's name.
    expect(row!.text).toContain("Guest Orchard");
    // The other tests count the program's candidates.
    await t.deps.db.delete(submissions).where(eq(submissions.id, guest.id));
  });

  it("answers with nothing accepted when no chosen candidate has an address", async () => {
    const body = emailBody({ submissionIds: [seen.orphan.id] });
    const res = await sendEmails("admin", body);
    expect(res.status).toBe(200);
    const result = (await res.json()) as CustomEmailResult;
    expect(result).toEqual({ accepted: [], rejected: ["Orphan Project (no email address)"] });
    expect(await queuedFor(body.idempotencyKey)).toEqual([]);
  });

  it("queues a candidate chosen twice once", async () => {
    const body = emailBody({ submissionIds: [seen.alice.id, seen.alice.id] });
    expect(await (await sendEmails("admin", body)).json()).toEqual({
      accepted: [seen.aliceEmail],
      rejected: [],
    });
    expect(await queuedFor(body.idempotencyKey)).toHaveLength(1);
  });

  describe("the idempotency key", () => {
    it("makes a repeated request queue nothing twice and answer as the first did", async () => {
      const body = emailBody({ submissionIds: [seen.alice.id, seen.bob.id, seen.orphan.id] });
      const first = await sendEmails("admin", body);
      const firstResult = await first.json();
      const firstRows = await queuedFor(body.idempotencyKey);
      const again = await sendEmails("admin", body);
      expect(again.status).toBe(200);
      expect(await again.json()).toEqual(firstResult);
      expect(firstResult).toEqual({
        accepted: [seen.aliceEmail, seen.bobEmail],
        rejected: ["Orphan Project (no email address)"],
      });
      const rows = await queuedFor(body.idempotencyKey);
      expect(rows.map((r) => r.id).sort()).toEqual(firstRows.map((r) => r.id).sort());
      expect(rows).toHaveLength(2);
    });

    it("holds each message once when the same request arrives twice at the same time", async () => {
      const body = emailBody();
      const [a, b] = await Promise.all([sendEmails("admin", body), sendEmails("orgAdmin", body)]);
      expect([a.status, b.status]).toEqual([200, 200]);
      expect(await queuedFor(body.idempotencyKey)).toHaveLength(2);
    });

    it("sends again with a new key (a new request)", async () => {
      const body = emailBody({ submissionIds: [seen.alice.id] });
      await sendEmails("admin", body);
      const next = { ...body, idempotencyKey: randomUUID() };
      await sendEmails("admin", next);
      expect(await queuedFor(body.idempotencyKey)).toHaveLength(1);
      expect(await queuedFor(next.idempotencyKey)).toHaveLength(1);
    });
  });

  describe("the chosen candidates must all be this program's submitted candidates", () => {
    // Read when the tests run: the candidates are built in beforeAll.
    const refusedLists: Record<string, () => string[]> = {
      "a sibling program's candidate": () => [seen.alice.id, siblingCandidate.id],
      "another organization's candidate": () => [seen.alice.id, otherOrgCandidate.id],
      "a draft": () => [seen.alice.id, seen.draft.id],
      "a test submission": () => [seen.alice.id, seen.test.id],
      "an id that names nothing": () => [seen.alice.id, randomUUID()],
      "a malformed id": () => [seen.alice.id, "not-a-uuid"],
    };
    for (const [what, submissionIds] of Object.entries(refusedLists)) {
      it(`answers 404 for the whole request with ${what}, queuing nothing`, async () => {
        const before = await outboxSize();
        const body = emailBody({ submissionIds: submissionIds() });
        const res = await sendEmails("admin", body);
        expect(res.status).toBe(404);
        const text = await res.text();
        expect(text).not.toContain(seen.aliceEmail);
        expect(text).not.toContain("Secret");
        expect(await queuedFor(body.idempotencyKey)).toEqual([]);
        expect(await outboxSize()).toBe(before);
      });
    }

    it("answers 404 for a program that does not exist or is malformed", async () => {
      for (const programId of [randomUUID(), "nope"]) {
        const res = await sendEmails("admin", emailBody({ programId }));
        expect(res.status).toBe(404);
      }
    });
  });

  describe("who may send", () => {
    for (const who of ["orgAdmin", "admin", "adminReviewer"] as const) {
      it(`lets ${who} email the program's candidates`, async () => {
        const body = emailBody({ submissionIds: [seen.alice.id] });
        const res = await sendEmails(who, body);
        expect(res.status).toBe(200);
        expect(await queuedFor(body.idempotencyKey)).toHaveLength(1);
      });
    }

    for (const who of ["reviewer", "guest", "applicant", "otherOrgAdmin", "siblingAdmin"] as const) {
      it(`answers 404 to ${who} and queues nothing`, async () => {
        const before = await outboxSize();
        const body = emailBody();
        const res = await sendEmails(who, body);
        expect(res.status).toBe(404);
        expect(await res.text()).not.toContain(seen.aliceEmail);
        expect(await queuedFor(body.idempotencyKey)).toEqual([]);
        expect(await outboxSize()).toBe(before);
      });
    }

    it("answers 404 to the other organization's admin for their own candidate through our program", async () => {
      const body = emailBody({ submissionIds: [otherOrgCandidate.id] });
      expect((await sendEmails("otherOrgAdmin", body)).status).toBe(404);
      // …and our admin cannot reach theirs through their program either.
      const theirs = emailBody({ programId: cast.otherProgram.id, submissionIds: [otherOrgCandidate.id] });
      expect((await sendEmails("admin", theirs)).status).toBe(404);
      expect(await queuedFor(body.idempotencyKey)).toEqual([]);
      expect(await queuedFor(theirs.idempotencyKey)).toEqual([]);
    });

    it("answers 401 to a signed-out caller", async () => {
      const body = emailBody();
      const res = await sendEmails("anonymous", body);
      expect(res.status).toBe(401);
      expect(await queuedFor(body.idempotencyKey)).toEqual([]);
    });
  });

  describe("invalid input", () => {
    const cases: [string, Record<string, unknown>, string, string | null][] = [
      ["an invalid reply-to", { replyTo: "not-an-email" }, "replyTo", COMMITTEE_MESSAGES.invalidEmail],
      ["an invalid bcc", { bcc: "archive@" }, "bcc", COMMITTEE_MESSAGES.invalidEmail],
      ["an empty subject", { subject: "   " }, "subject", "Required"],
      ["an empty body", { body: "" }, "body", "Required"],
      ["no recipients", { submissionIds: [] }, "submissionIds", "Choose at least one recipient"],
      ["a key that is not a UUID", { idempotencyKey: "abc" }, "idempotencyKey", null],
      ["a subject over the limit", { subject: "x".repeat(301) }, "subject", null],
      ["an unknown field", { html: "<b>raw</b>" }, "_", null],
    ];
    for (const [what, patch, field, message] of cases) {
      it(`answers 400 to ${what}, queuing nothing`, async () => {
        const before = await outboxSize();
        const res = await sendEmails("admin", { ...emailBody(), ...patch });
        expect(res.status).toBe(400);
        const error = await errorOf(res);
        expect(error.code).toBe("VALIDATION");
        if (field !== "_") expect(Object.keys(error.fields ?? {})).toEqual([field]);
        if (message !== null) expect(error.fields?.[field]).toEqual([message]);
        expect(await outboxSize()).toBe(before);
      });
    }

    it("answers 400 to a body that is not JSON", async () => {
      const res = await t.request("/api/email/custom", { method: "POST", body: "{", cookie: cookies.admin });
      expect(res.status).toBe(400);
    });
  });
});

/**
 * The database, counting the statements the code under test issues (on it and in its transactions):
 * drizzle builds every statement from one of these calls. Driver-independent, so transactions count too.
 */
function countingDb(db: Db) {
  let statements = 0;
  const issuing = new Set(["select", "selectDistinct", "insert", "update", "delete", "execute"]);
  const wrap = <T extends object>(target: T): T =>
    new Proxy(target, {
      get(obj, prop) {
        const value = Reflect.get(obj, prop, obj);
        if (typeof value !== "function") return value;
        if (prop === "transaction") {
          return (run: (tx: object) => unknown, config?: unknown) =>
            value.call(obj, (tx: object) => run(wrap(tx)), config);
        }
        if (issuing.has(prop as string)) {
          return (...args: unknown[]) => {
            statements += 1;
            return value.apply(obj, args);
          };
        }
        return value.bind(obj);
      },
    });
  return { db: wrap(db), statements: () => statements };
}

describe("emailing many candidates", () => {
  let program: Awaited<ReturnType<typeof buildProgram>>;
  let ids: string[];
  const COUNT = 1_200;

  beforeAll(async () => {
    const db = t.deps.db;
    const org = await buildOrg(db, { name: "Big Foundation" });
    program = await buildProgram(db, org.id, { name: "Big Program" });
    const { formId } = await buildPublishedForm(db, program, defaultFormContent("Big form"));
    const people = Array.from({ length: COUNT }, (_, i) => ({
      id: `bulk-${i}`,
      email: `bulk-${i}@example.test`,
      name: `Person ${i}`,
      applicant: true,
    }));
    await db.insert(users).values(people);
    const rows = await db
      .insert(submissions)
      .values(
        people.map((p, i) => ({
          organizationId: org.id,
          programId: program.id,
          formId,
          formVersion: 1,
          userId: p.id,
          answers: [],
          identifier: `Application ${String(i).padStart(4, "0")}`,
          submissionDate: new Date(),
        })),
      )
      .returning({ id: submissions.id });
    ids = rows.map((r) => r.id);
  });

  const parsed = (submissionIds: string[], idempotencyKey = randomUUID()) =>
    customEmailBodySchema.parse({
      programId: program.id,
      submissionIds,
      subject: "Hello {{name}}",
      body: "About {{application}}",
      idempotencyKey,
    });

  it("reads the owners in one query and writes the messages in batches, whatever their number", async () => {
    // The form versions applied on, then the owners (with a guest's contact email): two reads, and one
    // INSERT. The version's questions come from the process-wide cache after the first call.
    await sendCustomEmails(t.deps.db, program, parsed(ids.slice(0, 1)));
    const one = countingDb(t.deps.db);
    await sendCustomEmails(one.db, program, parsed(ids.slice(0, 1)));
    const twenty = countingDb(t.deps.db);
    await sendCustomEmails(twenty.db, program, parsed(ids.slice(0, 20)));
    expect(one.statements()).toBe(3);
    expect(twenty.statements()).toBe(one.statements());

    const all = countingDb(t.deps.db);
    const body = parsed(ids);
    const result = await sendCustomEmails(all.db, program, body);
    expect(result.accepted).toHaveLength(COUNT);
    expect(result.rejected).toEqual([]);
    // Two reads, and one INSERT per ENQUEUE_BATCH messages.
    expect(all.statements()).toBe(2 + Math.ceil(COUNT / ENQUEUE_BATCH));
    expect(await queuedFor(body.idempotencyKey)).toHaveLength(COUNT);
    const [row] = await t.deps.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.dedupeKey, `${body.idempotencyKey}:${ids[7]}`));
    expect(row).toMatchObject({
      to: ["bulk-7@example.test"],
      subject: "Hello Person 7",
      text: "About Application 0007",
    });

    // The same request again queues nothing new and answers the same.
    expect(await sendCustomEmails(t.deps.db, program, body)).toEqual(result);
    expect(await queuedFor(body.idempotencyKey)).toHaveLength(COUNT);
  });

  it("queues nothing at all when one of many candidates is refused", async () => {
    const body = parsed([...ids.slice(0, 600), seen.alice.id]);
    await expect(sendCustomEmails(t.deps.db, program, body)).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await queuedFor(body.idempotencyKey)).toEqual([]);
  });
});

describe("POST /api/email/reminder", () => {
  it("reminds a reviewer with a link to their list and how many they have rated of those they see", async () => {
    const res = await remind("admin", { programId: cast.program.id, userId: cast.members.REVIEWER.id });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ email: cast.members.REVIEWER.email });
    const [row] = await remindersTo(cast.members.REVIEWER.email);
    expect(row).toMatchObject({
      organizationId: cast.org.id,
      to: [cast.members.REVIEWER.email],
      subject: `Reminder: candidates are waiting for your review in ${cast.program.name}`,
    });
    expect(row!.text).toContain("Hello REVIEWER person,");
    expect(row!.text).toContain(
      "ADMIN person reminds you that candidates in Arts 2026 are waiting for your review.",
    );
    // Alice, Bob and the hostile candidate are open to all; the orphan is assigned to someone else; the
    // draft and the test do not count. Bob was opened but not rated.
    expect(row!.text).toContain("So far you have rated 1 of the 3 candidates you can see.");
    expect(row!.text).toContain(`${TEST_ORIGIN}/applications`);
    expect(row!.html).toContain(`href="${TEST_ORIGIN}/applications"`);
  });

  it("counts every submitted candidate for an admin-reviewer, and only what a guest may read", async () => {
    expect(
      (await remind("orgAdmin", { programId: cast.program.id, userId: cast.members.ADMIN_REVIEWER.id }))
        .status,
    ).toBe(200);
    const [adminReviewer] = await remindersTo(cast.members.ADMIN_REVIEWER.email);
    expect(adminReviewer!.text).toContain("So far you have rated 0 of the 4 candidates you can see.");

    expect(
      (await remind("adminReviewer", { programId: cast.program.id, userId: cast.members.GUEST.id })).status,
    ).toBe(200);
    const [guest] = await remindersTo(cast.members.GUEST.email);
    expect(guest!.text).toContain("3 candidates are open for you to read.");
    expect(guest!.text).not.toContain("rated");
  });

  it("reminds the second reviewer of the one candidate assigned to them", async () => {
    expect((await remind("admin", { programId: cast.program.id, userId: secondReviewer.id })).status).toBe(
      200,
    );
    const [row] = await remindersTo(secondReviewer.email);
    // Open to all (Alice, Bob, hostile) and the orphan assigned to them.
    expect(row!.text).toContain("So far you have rated 0 of the 4 candidates you can see.");
  });

  describe("whom", () => {
    const refused: Record<string, () => string> = {
      "a plain admin of the program": () => cast.members.ADMIN.id,
      "the organization admin (no membership)": () => cast.orgAdmin.id,
      "a reviewer of another organization's program": () => foreignReviewer.id,
      "someone with no membership": () => cast.stranger.id,
      "an applicant": () => cast.applicant.id,
      "no one": () => "no-such-user",
    };
    for (const [what, userId] of Object.entries(refused)) {
      it(`answers 404 for ${what}, queuing nothing`, async () => {
        const before = await outboxSize();
        const res = await remind("admin", { programId: cast.program.id, userId: userId() });
        expect(res.status).toBe(404);
        expect(await outboxSize()).toBe(before);
      });
    }
  });

  describe("who may remind", () => {
    for (const who of ["orgAdmin", "admin", "adminReviewer"] as const) {
      it(`lets ${who} remind a reviewer`, async () => {
        const before = (await remindersTo(cast.members.REVIEWER.email)).length;
        const res = await remind(who, { programId: cast.program.id, userId: cast.members.REVIEWER.id });
        expect(res.status).toBe(200);
        expect(await remindersTo(cast.members.REVIEWER.email)).toHaveLength(before + 1);
      });
    }

    for (const who of [
      "reviewer",
      "guest",
      "applicant",
      "otherOrgAdmin",
      "siblingAdmin",
      "anonymous",
    ] as const) {
      it(`answers ${who === "anonymous" ? 401 : 404} to ${who} and queues nothing`, async () => {
        const before = await outboxSize();
        const res = await remind(who, { programId: cast.program.id, userId: cast.members.REVIEWER.id });
        expect(res.status).toBe(who === "anonymous" ? 401 : 404);
        expect(await res.text()).not.toContain(cast.members.REVIEWER.email);
        expect(await outboxSize()).toBe(before);
      });
    }

    it("answers 404 to the other organization's admin reminding their own reviewer through our program", async () => {
      const res = await remind("otherOrgAdmin", { programId: cast.program.id, userId: foreignReviewer.id });
      expect(res.status).toBe(404);
    });
  });

  it("answers 400 to a body without a user", async () => {
    const res = await remind("admin", { programId: cast.program.id });
    expect(res.status).toBe(400);
    expect(Object.keys((await errorOf(res)).fields ?? {})).toEqual(["userId"]);
  });
});
