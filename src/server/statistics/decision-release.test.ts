import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { defaultFormContent } from "../../shared/forms/defaults";
import { auditEvents, programs, submissions } from "../db/schema";
import { buildPublishedForm, buildUser, type Cast, withCastTestApp } from "../test/factories";
import type { TestApp } from "../test/harness";

/**
 * Releasing a program's decisions to applicants (docs/decisions/038-decision-release-and-portal.md): who may,
 * and what an applicant's portal says before and after.
 */
let t: TestApp;
let cast: Cast;
let cookies: Record<string, string>;
withCastTestApp((app) => {
  ({ t, cast, cookies } = app);
});

const path = () => `/api/programs/${cast.program.id}/decision-release`;
const put = (cookie: string | undefined, body: unknown) =>
  t.request(path(), { method: "PUT", ...(cookie ? { cookie } : {}), body });
const releaseAt = async (programId: string) =>
  (await t.deps.db.select().from(programs).where(eq(programs.id, programId)))[0]!.decisionsReleaseAt;
const resetRelease = (programId: string) =>
  t.deps.db.update(programs).set({ decisionsReleaseAt: null }).where(eq(programs.id, programId));
/** An applicant's portal, as they see it. */
const portalOf = async (userId: string, cookie: string) => {
  const res = await t.request(`/api/submissions/applicant/${userId}`, { cookie });
  expect(res.status).toBe(200);
  return res;
};
const portal = () => portalOf(cast.applicant.id, cookies.applicant!);

/**
 * Four applications to the program, one per applicant: Ann's approved ($3,500.50), Bob's disapproved, Cy's
 * pending, and Dee's draft, saved once (with a stray decision, which must never show).
 */
async function seedDecidedApplications() {
  const form = await buildPublishedForm(t.deps.db, cast.program, defaultFormContent("Arts 2026 application"));
  const people = [
    { id: cast.applicant.id, cookie: cookies.applicant! },
    ...(await Promise.all(
      ["bob", "cy", "dee"].map(async (name) => {
        const user = await buildUser(t.deps.db, { applicant: true, email: `${name}-release@example.org` });
        return { id: user.id, cookie: await t.signIn(user.email) };
      }),
    )),
  ];
  const base = {
    organizationId: cast.org.id,
    programId: cast.program.id,
    formId: form.formId,
    formVersion: 1,
    linkId: form.linkId,
    answers: [],
  };
  const submitted = new Date("2026-01-10T10:00:00Z");
  const decided = [
    {
      identifier: "Ann project",
      submissionDate: submitted,
      status: "approved" as const,
      amountCents: 350_050,
    },
    {
      identifier: "Bob project",
      submissionDate: submitted,
      status: "disapproved" as const,
      amountCents: 0,
    },
    { identifier: "Cy project", submissionDate: submitted },
    { identifier: "Dee project", status: "approved" as const, amountCents: 99_900, revision: 1 },
  ];
  await t.deps.db
    .insert(submissions)
    .values(decided.map((row, i) => ({ ...base, ...row, userId: people[i]!.id })));
  const [ann, bob, cy, dee] = people;
  return { ann: ann!, bob: bob!, cy: cy!, dee: dee! };
}

describe("who may see and change the release", () => {
  it("is the program's admins and the organization admin", async () => {
    for (const who of ["admin", "adminReviewer", "orgAdmin"]) {
      const res = await t.request(path(), { cookie: cookies[who]! });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ releaseAt: null, released: false });
    }
    const res = await put(cookies.admin, { releaseAt: "2999-01-01T09:00:00.000Z" });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ releaseAt: "2999-01-01T09:00:00.000Z", released: false });
    expect((await put(cookies.orgAdmin, { releaseAt: null })).status).toBe(200);
    expect(await releaseAt(cast.program.id)).toBeNull();
  });

  it("is nobody else: reviewers, guests, applicants, another organization's admin (404), signed out (401)", async () => {
    for (const who of ["reviewer", "guest", "applicant", "otherOrgAdmin"]) {
      const read = await t.request(path(), { cookie: cookies[who]! });
      expect(read.status).toBe(404);
      expect((await put(cookies[who], { release: "now" })).status).toBe(404);
    }
    expect((await t.request(path())).status).toBe(401);
    expect((await put(undefined, { release: "now" })).status).toBe(401);
    expect(await releaseAt(cast.program.id)).toBeNull();
    // The other organization's program, by this organization's admin: 404 too, nothing written.
    const other = `/api/programs/${cast.otherProgram.id}/decision-release`;
    expect((await t.request(other, { cookie: cookies.orgAdmin })).status).toBe(404);
    expect(
      (await t.request(other, { method: "PUT", cookie: cookies.orgAdmin, body: { release: "now" } })).status,
    ).toBe(404);
    expect(await releaseAt(cast.otherProgram.id)).toBeNull();
  });

  it("refuses bad input with field errors, and a date already past", async () => {
    for (const body of [
      {},
      { release: "later" },
      { releaseAt: "tomorrow" },
      { release: "now", releaseAt: null },
    ]) {
      const res = await put(cookies.admin, body);
      expect(res.status).toBe(400);
    }
    const past = await put(cookies.admin, { releaseAt: "2020-01-01T00:00:00.000Z" });
    expect(past.status).toBe(400);
    expect(((await past.json()) as { error: { fields: object } }).error.fields).toHaveProperty("releaseAt");
    expect(await releaseAt(cast.program.id)).toBeNull();
  });
});

describe("what an applicant's portal says", () => {
  it("reveals no decision nor amount before the release, then each one after it", async () => {
    const { ann, bob, cy, dee } = await seedDecidedApplications();
    const everyone = [ann, bob, cy, dee];
    const outcomes = async () =>
      Promise.all(
        everyone.map(
          async (who) =>
            ((await (await portalOf(who.id, who.cookie)).json()) as { rows: { outcome: unknown }[] }).rows[0]!
              .outcome,
        ),
      );
    const texts = async () =>
      (await Promise.all(everyone.map(async (who) => (await portalOf(who.id, who.cookie)).text()))).join(
        "\n",
      );

    // Not released: every submitted application is "under review"; nothing in the answers tells them apart.
    let text = await texts();
    expect(text).not.toContain("approved");
    expect(text).not.toContain("notFunded");
    expect(text).not.toContain("350050");
    expect(text).not.toContain("3500.5");
    expect(await outcomes()).toEqual([
      { kind: "underReview" },
      { kind: "underReview" },
      { kind: "underReview" },
      null,
    ]);

    // Scheduled ahead: still nothing.
    expect((await put(cookies.admin, { releaseAt: "2999-01-01T00:00:00.000Z" })).status).toBe(200);
    text = await texts();
    expect(text).not.toContain("approved");
    expect(text).not.toContain("350050");

    // Released now (after the scheduled date is replaced).
    const res = await put(cookies.admin, { release: "now" });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { released: boolean }).released).toBe(true);
    expect(await outcomes()).toEqual([
      { kind: "approved", amountCents: 350_050 },
      { kind: "notFunded" },
      { kind: "underReview" },
      // A draft's decision (there should be none) is never shown.
      null,
    ]);

    // Released stays released: releasing again changes nothing; moving or cancelling is refused.
    const first = await releaseAt(cast.program.id);
    expect((await put(cookies.admin, { release: "now" })).status).toBe(200);
    expect(await releaseAt(cast.program.id)).toEqual(first);
    expect((await put(cookies.admin, { releaseAt: null })).status).toBe(409);
    expect((await put(cookies.admin, { releaseAt: "2999-01-01T00:00:00.000Z" })).status).toBe(409);
    expect(await releaseAt(cast.program.id)).toEqual(first);

    // Each change is in the audit log, as its before and after.
    const events = await t.deps.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, "program.decisions_release_changed"));
    expect(events.length).toBeGreaterThanOrEqual(2);
    await resetRelease(cast.program.id);
  });

  it("shows another program's release only to that program's applications", async () => {
    // Releasing the other organization's program tells nothing of this one's decisions.
    await t.deps.db
      .update(programs)
      .set({ decisionsReleaseAt: new Date("2020-01-01T00:00:00Z") })
      .where(eq(programs.id, cast.otherProgram.id));
    const text = await (await portal()).text();
    expect(text).not.toContain("approved");
    expect(text).not.toContain("350050");
  });
});
