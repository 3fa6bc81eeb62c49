import { beforeAll, describe, expect, it } from "vitest";
import { AUDIT_MESSAGES, type AuditListResult } from "../../shared/schemas/audit";
import { auditEvents } from "../db/schema";
import { buildProgram, buildUser, type Cast, callApi, withCastTestApp } from "../test/factories";
import type { TestApp } from "../test/harness";
import { type AuditEntry, recordAudit } from "./record";

let t: TestApp;
let cast: Cast;
let cookies: Record<string, string>;
withCastTestApp((app) => {
  ({ t, cast, cookies } = app);
});

const path = (organizationId: string, query = "") =>
  `/api/organizations/${organizationId}/audit-events${query}`;
const read = (query = "", cookie = cookies.orgAdmin, organizationId = cast.org.id) =>
  callApi<AuditListResult>(t, "GET", path(organizationId, query), cookie);
const labels = (result: AuditListResult) => result.events.map((e) => e.subjectLabel);

const record = (entry: Omit<AuditEntry, "subject"> & { label: string }) =>
  t.deps.db.transaction((tx) =>
    recordAudit(tx, { ...entry, subject: { type: "submission", id: entry.label, label: entry.label } }),
  );

const pause = () => new Promise((resolve) => setTimeout(resolve, 5));

let secondProgram: { id: string };
let startedAt: string;
let middleAt: string;

beforeAll(async () => {
  const { db } = t.deps;
  secondProgram = await buildProgram(db, cast.org.id, { name: "Second Program" });
  const org = cast.org.id;
  startedAt = new Date().toISOString();
  await pause();
  await record({
    organizationId: org,
    programId: cast.program.id,
    actorUserId: cast.members.ADMIN.id,
    action: "candidate.decided",
    label: "first",
  });
  await record({
    organizationId: org,
    programId: secondProgram.id,
    actorUserId: cast.orgAdmin.id,
    action: "member.added",
    label: "second",
  });
  // A JavaScript time has milliseconds and the database's microseconds: keep clear of both events.
  await pause();
  middleAt = new Date().toISOString();
  await pause();
  await record({
    organizationId: org,
    programId: cast.program.id,
    actorUserId: cast.orgAdmin.id,
    action: "candidate.decided",
    label: "third",
  });
  // Another organization's event, with a name that must never show up in the first one's log.
  await record({
    organizationId: cast.otherOrg.id,
    programId: cast.otherProgram.id,
    actorUserId: cast.otherOrgAdmin.id,
    action: "candidate.decided",
    label: "OTHER-ORG-SECRET",
  });
});

describe("GET /api/organizations/{organizationId}/audit-events", () => {
  it("gives the organization admin their organization's events, newest first, as recorded", async () => {
    const { status, body } = await read();
    expect(status).toBe(200);
    expect(labels(body)).toEqual(["third", "second", "first"]);
    expect(body.nextCursor).toBeNull();
    expect(body.events[2]).toMatchObject({
      action: "candidate.decided",
      actor: { userId: cast.members.ADMIN.id, email: cast.members.ADMIN.email, name: "ADMIN person" },
      subjectType: "submission",
      programId: cast.program.id,
      programName: "Arts 2026",
      details: {},
    });
    expect(Date.parse(body.events[2]!.createdAt)).toBeGreaterThanOrEqual(Date.parse(startedAt));
  });

  it("answers 404 to everyone else signed in — another organization's admin included — and 401 signed out", async () => {
    for (const who of ["otherOrgAdmin", "admin", "adminReviewer", "reviewer", "guest", "applicant"]) {
      const { status, text } = await read("", cookies[who]);
      expect(status, who).toBe(404);
      expect(text).not.toContain("third");
      expect(text).not.toContain(cast.members.ADMIN.email);
    }
    const stranger = await t.signIn(cast.stranger.email);
    expect((await read("", stranger)).status).toBe(404);
    expect((await callApi(t, "GET", path(cast.org.id), undefined)).status).toBe(401);
  });

  it("shows each organization admin only their own log", async () => {
    const { body, text } = await read("", cookies.otherOrgAdmin, cast.otherOrg.id);
    expect(labels(body)).toEqual(["OTHER-ORG-SECRET"]);
    expect((await read()).text).not.toContain("OTHER-ORG-SECRET");
    expect(text).not.toContain("third");
  });

  it("answers 404 for an organization that does not exist or an id that names nothing", async () => {
    expect((await read("", cookies.orgAdmin, "00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await read("", cookies.orgAdmin, "not-an-id")).status).toBe(404);
  });

  it("filters by action, by the actor's email (any case), by program and by time", async () => {
    expect(labels((await read("?action=member.added")).body)).toEqual(["second"]);
    const byEmail = await read(`?actor=${encodeURIComponent(cast.orgAdmin.email.toUpperCase())}`);
    expect(labels(byEmail.body)).toEqual(["third", "second"]);
    expect(labels((await read(`?programId=${cast.program.id}`)).body)).toEqual(["third", "first"]);
    expect(labels((await read(`?from=${middleAt}`)).body)).toEqual(["third"]);
    expect(labels((await read(`?from=${startedAt}&before=${middleAt}`)).body)).toEqual(["second", "first"]);
    const combined = await read(`?action=candidate.decided&programId=${cast.program.id}&from=${middleAt}`);
    expect(labels(combined.body)).toEqual(["third"]);
    expect(labels((await read("?actor=nobody%40example.test")).body)).toEqual([]);
  });

  it("pages with a cursor: every event once, in order, until the last page says so", async () => {
    const first = await read("?limit=2");
    expect(labels(first.body)).toEqual(["third", "second"]);
    expect(first.body.nextCursor).not.toBeNull();
    const second = await read(`?limit=2&cursor=${encodeURIComponent(first.body.nextCursor!)}`);
    expect(labels(second.body)).toEqual(["first"]);
    expect(second.body.nextCursor).toBeNull();
  });

  it("pages through events written at the same microsecond without losing or repeating one", async () => {
    const author = await buildUser(t.deps.db, { name: "Tie Maker" });
    const at = new Date("2020-01-01T00:00:00.000Z");
    const organizationId = cast.org.id;
    const ids = [
      "00000000-0000-4000-8000-000000000001",
      "00000000-0000-4000-8000-000000000002",
      "00000000-0000-4000-8000-000000000003",
    ];
    await t.deps.db.insert(auditEvents).values(
      ids.map((id) => ({
        id,
        organizationId,
        actorUserId: author.id,
        actorEmail: author.email,
        action: "program.renamed" as const,
        subjectType: "program" as const,
        subjectId: id,
        subjectLabel: `tie-${id.slice(-1)}`,
        createdAt: at,
      })),
    );
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `?actor=${encodeURIComponent(author.email)}&limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
      const { body } = await read(query);
      seen.push(...labels(body));
      cursor = body.nextCursor;
    } while (cursor !== null);
    expect(seen).toEqual(["tie-3", "tie-2", "tie-1"]);
  });

  it("refuses a bad query with field errors", async () => {
    for (const [query, field] of [
      ["?action=program.exploded", "action"],
      ["?programId=not-a-uuid", "programId"],
      ["?from=yesterday", "from"],
      [`?from=${middleAt}&before=${startedAt}`, "before"],
      ["?cursor=2020-01-01_abc", "cursor"],
      ["?limit=0", "limit"],
      ["?limit=101", "limit"],
      ["?organizationId=x", "_"],
    ] as const) {
      const { status, body } = await callApi<{ error: { fields: Record<string, string[]> } }>(
        t,
        "GET",
        path(cast.org.id, query),
        cookies.orgAdmin,
      );
      expect(status, query).toBe(400);
      expect(Object.keys(body.error.fields), query).toContain(field);
    }
    const reversed = await read(`?from=${middleAt}&before=${startedAt}`);
    expect(JSON.stringify(reversed.body)).toContain(AUDIT_MESSAGES.badRange);
  });
});
