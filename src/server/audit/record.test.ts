import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents, programs, users } from "../db/schema";
import { buildOrg, buildProgram, buildUser } from "../test/factories";
import { createTestApp, type TestApp } from "../test/harness";
import { MAX_DETAIL_ITEMS, MAX_DETAIL_TEXT, recordAudit } from "./record";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const eventsWith = (label: string) =>
  t.deps.db.select().from(auditEvents).where(eq(auditEvents.subjectLabel, label));

/** The database's own refusal, as the driver reports it (the message may be wrapped by drizzle). */
async function refusal(statement: Promise<unknown>): Promise<string> {
  try {
    await statement;
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause;
    return `${(error as Error).message} ${cause?.message ?? ""}`;
  }
  return "no error";
}

describe("recordAudit", () => {
  it("copies who did it and the program's name as they are when written", async () => {
    const org = await buildOrg(t.deps.db);
    const program = await buildProgram(t.deps.db, org.id, { name: "Arts 2026" });
    const admin = await buildUser(t.deps.db, { name: "Ada Admin", adminOrganizationId: org.id });
    await t.deps.db.transaction((tx) =>
      recordAudit(tx, {
        organizationId: org.id,
        programId: program.id,
        actorUserId: admin.id,
        action: "candidate.decided",
        subject: { type: "submission", id: "s-1", label: "copies-test" },
        details: { status: { before: "pending", after: "approved" } },
      }),
    );
    const [event] = await eventsWith("copies-test");
    expect(event).toMatchObject({
      organizationId: org.id,
      programId: program.id,
      programName: "Arts 2026",
      actorUserId: admin.id,
      actorEmail: admin.email,
      actorName: "Ada Admin",
      action: "candidate.decided",
      subjectType: "submission",
      subjectId: "s-1",
      details: { status: { before: "pending", after: "approved" } },
    });
  });

  it("keeps the event, names included, after the program and the actor are deleted", async () => {
    const org = await buildOrg(t.deps.db);
    const program = await buildProgram(t.deps.db, org.id, { name: "Soon Gone" });
    const admin = await buildUser(t.deps.db, { name: "Leaving Soon", adminOrganizationId: org.id });
    await t.deps.db.transaction((tx) =>
      recordAudit(tx, {
        organizationId: org.id,
        programId: program.id,
        actorUserId: admin.id,
        action: "program.archived",
        subject: { type: "program", id: program.id, label: "survives-test" },
      }),
    );
    await t.deps.db.delete(programs).where(eq(programs.id, program.id));
    await t.deps.db.delete(users).where(eq(users.id, admin.id));
    const [event] = await eventsWith("survives-test");
    expect(event).toMatchObject({
      programId: program.id,
      programName: "Soon Gone",
      actorUserId: admin.id,
      actorEmail: admin.email,
      actorName: "Leaving Soon",
    });
  });

  it("records the product itself (a Stripe payment) with no actor", async () => {
    const org = await buildOrg(t.deps.db);
    await t.deps.db.transaction((tx) =>
      recordAudit(tx, {
        organizationId: org.id,
        actorUserId: null,
        action: "plan.changed",
        subject: { type: "organization", id: org.id, label: "system-test" },
      }),
    );
    const [event] = await eventsWith("system-test");
    expect(event).toMatchObject({
      actorUserId: null,
      actorEmail: null,
      actorName: null,
      programId: null,
      programName: null,
      details: {},
    });
  });

  it("keeps the details small: long lists and long text are cut", async () => {
    const org = await buildOrg(t.deps.db);
    const many = Array.from({ length: MAX_DETAIL_ITEMS + 7 }, (_, i) => `Person ${i}`);
    await t.deps.db.transaction((tx) =>
      recordAudit(tx, {
        organizationId: org.id,
        actorUserId: null,
        action: "assignment.bulk_added",
        subject: { type: "program", id: "p", label: "bounded-test" },
        details: { reviewers: many, note: "x".repeat(5000), name: { before: "y".repeat(5000), after: "z" } },
      }),
    );
    const [event] = await eventsWith("bounded-test");
    const reviewers = event!.details.reviewers as string[];
    expect(reviewers).toHaveLength(MAX_DETAIL_ITEMS + 1);
    expect(reviewers.at(-1)).toBe("and 7 more");
    expect((event!.details.note as string).length).toBe(MAX_DETAIL_TEXT);
    expect((event!.details.name as { before: string }).before.length).toBe(MAX_DETAIL_TEXT);
  });

  it("lands with the transaction or not at all", async () => {
    const org = await buildOrg(t.deps.db);
    await expect(
      t.deps.db.transaction(async (tx) => {
        await recordAudit(tx, {
          organizationId: org.id,
          actorUserId: null,
          action: "program.deleted",
          subject: { type: "program", id: "p", label: "rolled-back-test" },
        });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await eventsWith("rolled-back-test")).toEqual([]);
  });
});

describe("the audit_events table", () => {
  it("is append-only: UPDATE, DELETE and TRUNCATE are refused by the database, and the event stays", async () => {
    const org = await buildOrg(t.deps.db);
    await t.deps.db.transaction((tx) =>
      recordAudit(tx, {
        organizationId: org.id,
        actorUserId: null,
        action: "member.removed",
        subject: { type: "user", id: "u", label: "append-only-test" },
      }),
    );
    const { db } = t.deps;
    const mine = eq(auditEvents.subjectLabel, "append-only-test");
    expect(await refusal(db.update(auditEvents).set({ action: "member.added" }).where(mine))).toContain(
      "audit_events is append-only: UPDATE refused",
    );
    expect(await refusal(db.delete(auditEvents).where(mine))).toContain(
      "audit_events is append-only: DELETE refused",
    );
    expect(await refusal(db.execute(sql`truncate ${auditEvents}`))).toContain(
      "audit_events is append-only: TRUNCATE refused",
    );
    const [event] = await eventsWith("append-only-test");
    expect(event?.action).toBe("member.removed");
  });

  it("has no foreign keys: deleting the organization leaves its events", async () => {
    const org = await buildOrg(t.deps.db);
    const program = await buildProgram(t.deps.db, org.id);
    await t.deps.db.transaction((tx) =>
      recordAudit(tx, {
        organizationId: org.id,
        programId: program.id,
        actorUserId: null,
        action: "program.created",
        subject: { type: "program", id: program.id, label: "org-gone-test" },
      }),
    );
    await t.deps.db.execute(sql`delete from organizations where id = ${org.id}`);
    expect(await eventsWith("org-gone-test")).toHaveLength(1);
  });
});
