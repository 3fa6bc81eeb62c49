import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { defaultFormContent } from "../../shared/forms/defaults";
import type { ExportJob, ExportList } from "../../shared/schemas/exports";
import { exportJobs, programMembers } from "../db/schema";
import {
  addMember,
  buildProgram,
  buildPublishedForm,
  buildUser,
  type Cast,
  withCastTestApp,
} from "../test/factories";
import type { TestApp } from "../test/harness";
import { buildCandidate, countQueries } from "../test/review-factories";
import { signExportLink } from "./download-link";
import { createExportRunner, type ExportRunner } from "./job-runner";

let t: TestApp;
let cast: Cast;
let cookies: Record<string, string>;
withCastTestApp((app) => {
  ({ t, cast, cookies } = app);
});

/** The cast's program's candidates: a submitted one (dossiers), a draft and a test. */
const candidates = {} as Record<"alice" | "draft" | "test" | "sibling" | "foreign", string>;
/** Admin of a sibling program of the same organization: no say over the cast's program. */
let siblingAdmin: string;
let sibling: { id: string; organizationId: string; name: string };
/** A second ADMIN of the cast's program: sees the program, never the first admin's exports. */
let secondAdmin: { id: string; cookie: string };
/** Runs the jobs with fake producers: the real ones are tested on their own. */
let runner: ExportRunner;
const CSV = "identifier,amount\r\nAlice's Garden,1500\r\n";
const today = () => new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  const db = t.deps.db;
  const { formId } = await buildPublishedForm(db, cast.program, defaultFormContent("Application"));
  const build = async (identifier: string, more: Partial<Parameters<typeof buildCandidate>[1]> = {}) =>
    (await buildCandidate(db, { program: cast.program, formId, identifier, ...more })).id;
  candidates.alice = await build("Alice's Garden");
  candidates.draft = await build("Draft Project", { submitted: false });
  candidates.test = await build("Test Project", { test: true });

  sibling = await buildProgram(db, cast.org.id, { name: "Sibling Program" });
  const siblingForm = await buildPublishedForm(db, sibling, defaultFormContent("Sibling"));
  candidates.sibling = (
    await buildCandidate(db, { program: sibling, formId: siblingForm.formId, identifier: "Sibling Secret" })
  ).id;
  const siblingAdminUser = await buildUser(db, { name: "Sibling Admin" });
  await addMember(db, sibling, siblingAdminUser.id, "ADMIN");
  siblingAdmin = await t.signIn(siblingAdminUser.email);

  const foreignForm = await buildPublishedForm(db, cast.otherProgram, defaultFormContent("Other"));
  candidates.foreign = (
    await buildCandidate(db, {
      program: cast.otherProgram,
      formId: foreignForm.formId,
      identifier: "Other Secret",
    })
  ).id;

  const second = await buildUser(db, { name: "Second Admin" });
  await addMember(db, cast.program, second.id, "ADMIN");
  secondAdmin = { id: second.id, cookie: await t.signIn(second.email) };

  runner = createExportRunner({
    db,
    storage: t.deps.files.storage,
    retentionHours: t.deps.config.EXPORT_RETENTION_HOURS,
    internalEmailDomains: [],
    producers: {
      data: {
        kind: "data",
        contentType: () => "text/csv; charset=utf-8",
        run: async (ctx) => {
          await ctx.progress(1, 1);
          ctx.output.end(CSV);
        },
      },
      dossier: {
        kind: "dossier",
        contentType: () => "application/zip",
        run: async () => {
          throw new Error("The candidate's PDF could not be rendered");
        },
      },
    },
  });
});

type Who = keyof typeof cookies | "siblingAdmin" | "secondAdmin" | "anonymous";
const cookieOf = (who: Who) =>
  who === "anonymous"
    ? undefined
    : who === "siblingAdmin"
      ? siblingAdmin
      : who === "secondAdmin"
        ? secondAdmin.cookie
        : cookies[who]!;
const ALLOWED: Who[] = ["admin", "adminReviewer", "orgAdmin"];
const REFUSED: Who[] = ["reviewer", "guest", "applicant", "otherOrgAdmin", "siblingAdmin"];

const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string; fields?: Record<string, string[]> } }).error;

const post = (who: Who, body: unknown) =>
  t.request("/api/exports", { method: "POST", body, cookie: cookieOf(who) });
const list = (who: Who, programId = cast.program.id) =>
  t.request(`/api/exports?programId=${programId}`, { cookie: cookieOf(who) });
const getJob = (who: Who, id: string) => t.request(`/api/exports/${id}`, { cookie: cookieOf(who) });
const remove = (who: Who, id: string) =>
  t.request(`/api/exports/${id}`, { method: "DELETE", cookie: cookieOf(who) });
const download = (who: Who, url: string) => t.request(url, { cookie: cookieOf(who) });

async function start(who: Who, body: Record<string, unknown> = {}): Promise<ExportJob> {
  const res = await post(who, { programId: cast.program.id, kind: "data", ...body });
  expect(res.status).toBe(202);
  return (await res.json()) as ExportJob;
}

/** An export of `who`'s, run to the end: its job as they now see it (ready, with its link). */
async function ready(who: Who): Promise<ExportJob> {
  const job = await start(who);
  await runner.runDue();
  const res = await getJob(who, job._id);
  expect(res.status).toBe(200);
  const seen = (await res.json()) as ExportJob;
  expect(seen.status).toBe("ready");
  return seen;
}

const jobCount = async () =>
  (await t.deps.db.select({ n: sql<number>`count(*)::int` }).from(exportJobs))[0]!.n;

describe("POST /api/exports", () => {
  it("queues the export for the program's admins and the organization admin: 202 with the job", async () => {
    for (const who of ALLOWED) {
      const job = await start(who);
      expect(job).toEqual({
        _id: expect.any(String),
        programId: cast.program.id,
        kind: "data",
        format: "csv",
        submissionId: null,
        includeAnonymized: false,
        status: "queued",
        processed: 0,
        total: null,
        attempts: 0,
        error: null,
        fileName: `arts-2026-data-${today()}.csv`,
        size: null,
        createdAt: expect.any(String),
        finishedAt: null,
        expiresAt: null,
        downloadUrl: null,
      });
      const [row] = await t.deps.db.select().from(exportJobs).where(eq(exportJobs.id, job._id));
      expect(row).toMatchObject({
        organizationId: cast.org.id,
        programId: cast.program.id,
        requestedBy: {
          admin: cast.members.ADMIN.id,
          adminReviewer: cast.members.ADMIN_REVIEWER.id,
          orgAdmin: cast.orgAdmin.id,
        }[who as string],
      });
    }
  });

  it("records who asked, with the format and choices given", async () => {
    const job = await start("adminReviewer", { kind: "comments", format: "xlsx", includeAnonymized: true });
    expect(job).toMatchObject({ kind: "comments", format: "xlsx", includeAnonymized: true });
    expect(job.fileName).toBe(`arts-2026-comments-${today()}.xlsx`);
    const [row] = await t.deps.db.select().from(exportJobs).where(eq(exportJobs.id, job._id));
    expect(row!.requestedBy).toBe(cast.members.ADMIN_REVIEWER.id);
  });

  it("defaults the format to the kind's first", async () => {
    expect((await start("admin", { kind: "pdfs" })).format).toBe("zip");
    expect((await start("admin", { kind: "matrix" })).format).toBe("csv");
  });

  it("is refused to everyone else (404; 401 signed out), and queues nothing", async () => {
    const before = await jobCount();
    for (const who of REFUSED) {
      const res = await post(who, { programId: cast.program.id, kind: "data" });
      expect(res.status, who).toBe(404);
    }
    expect((await post("anonymous", { programId: cast.program.id, kind: "data" })).status).toBe(401);
    // A sibling program's admin and another organization's admin, each on their own program: allowed there only.
    expect((await post("siblingAdmin", { programId: sibling.id, kind: "data" })).status).toBe(202);
    expect((await post("otherOrgAdmin", { programId: sibling.id, kind: "data" })).status).toBe(404);
    expect(await jobCount()).toBe(before + 1);
  });

  it("validates the body: 400 with the fields at fault", async () => {
    const bad: [unknown, string][] = [
      [{ programId: cast.program.id, kind: "everything" }, "kind"],
      [{ programId: cast.program.id, kind: "pdfs", format: "csv" }, "format"],
      [{ programId: cast.program.id, kind: "data", format: "pdf" }, "format"],
      [{ programId: cast.program.id, kind: "dossier" }, "submissionId"],
      [{ programId: cast.program.id, kind: "data", submissionId: candidates.alice }, "submissionId"],
      [{ programId: cast.program.id, kind: "data", includeAnonymized: "yes" }, "includeAnonymized"],
      [{ kind: "data" }, "programId"],
    ];
    for (const [body, field] of bad) {
      const res = await post("admin", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys((await errorOf(res)).fields ?? {}), JSON.stringify(body)).toContain(field);
    }
    const extra = await post("admin", { programId: cast.program.id, kind: "data", everything: true });
    expect(extra.status).toBe(400);
    expect((await post("admin", { programId: "not-a-program", kind: "data" })).status).toBe(404);
  });

  it("a dossier is of a submitted, non-test candidate of the program; anything else is 404", async () => {
    const job = await start("admin", { kind: "dossier", submissionId: candidates.alice });
    expect(job).toMatchObject({ kind: "dossier", format: "zip", submissionId: candidates.alice });
    expect(job.fileName).toBe(`arts-2026-dossier-alice-s-garden-${today()}.zip`);
    const before = await jobCount();
    for (const submissionId of [
      candidates.draft,
      candidates.test,
      candidates.sibling,
      candidates.foreign,
      "not-a-uuid",
      "00000000-0000-4000-8000-000000000000",
    ]) {
      const res = await post("admin", { programId: cast.program.id, kind: "dossier", submissionId });
      expect(res.status, submissionId).toBe(404);
    }
    expect(await jobCount()).toBe(before);
  });
});

describe("the whole way: start, run, see it ready, download", () => {
  it("the job becomes ready with a download link that returns the bytes as an attachment", async () => {
    const job = await start("admin");
    expect(await runner.runDue()).toBeGreaterThanOrEqual(1);
    const seen = (await (await getJob("admin", job._id)).json()) as ExportJob;
    expect(seen).toMatchObject({
      status: "ready",
      attempts: 1,
      processed: 1,
      total: 1,
      size: Buffer.byteLength(CSV),
      error: null,
    });
    expect(seen.finishedAt).not.toBeNull();
    expect(new Date(seen.expiresAt!).getTime() - new Date(seen.finishedAt!).getTime()).toBe(
      t.deps.config.EXPORT_RETENTION_HOURS * 3600_000,
    );
    expect(seen.downloadUrl).toMatch(
      new RegExp(`^/api/exports/${job._id}/download\\?expires=\\d+&signature=[A-Za-z0-9_-]{43}$`),
    );
    // The link lives EXPORT_LINK_MINUTES.
    const expires = Number(new URL(seen.downloadUrl!, "http://x").searchParams.get("expires"));
    const minutesLeft = (expires * 1000 - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(t.deps.config.EXPORT_LINK_MINUTES - 1);
    expect(minutesLeft).toBeLessThanOrEqual(t.deps.config.EXPORT_LINK_MINUTES);

    const res = await download("admin", seen.downloadUrl!);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).toString("utf8")).toBe(CSV);
    expect(res.headers.get("content-type")).toBe(t.deps.exports.runner.contentTypeOf("data", "csv"));
    expect(res.headers.get("content-length")).toBe(String(Buffer.byteLength(CSV)));
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="${seen.fileName}"; filename*=UTF-8''${seen.fileName}`,
    );
    expect(res.headers.get("cache-control")).toBe("private, no-store");
  });

  it("a failed export shows its message and has no link", async () => {
    const job = await start("admin", { kind: "dossier", submissionId: candidates.alice });
    await runner.runDue();
    const seen = (await (await getJob("admin", job._id)).json()) as ExportJob;
    expect(seen).toMatchObject({
      status: "failed",
      error: "The candidate's PDF could not be rendered",
      downloadUrl: null,
      size: null,
    });
  });
});

describe("GET /api/exports?programId=…", () => {
  it("lists the caller's own exports of the program, newest first, finished ones with a link", async () => {
    const first = await ready("orgAdmin");
    const second = await start("orgAdmin", { kind: "matrix" });
    // Someone else's, and the caller's own in a sibling program: not on this list.
    const othersJob = await start("secondAdmin");
    const res = await post("orgAdmin", { programId: sibling.id, kind: "data" });
    const siblingJob = (await res.json()) as ExportJob;

    const { exports } = (await (await list("orgAdmin")).json()) as ExportList;
    const ids = exports.map((e) => e._id);
    expect(ids.indexOf(second._id)).toBeLessThan(ids.indexOf(first._id));
    expect(ids).not.toContain(othersJob._id);
    expect(ids).not.toContain(siblingJob._id);
    const rows = await t.deps.db
      .select({ requestedBy: exportJobs.requestedBy, programId: exportJobs.programId })
      .from(exportJobs)
      .where(sql`${exportJobs.id} in ${ids}`);
    expect(new Set(rows.map((r) => `${r.programId}/${r.requestedBy}`))).toEqual(
      new Set([`${cast.program.id}/${cast.orgAdmin.id}`]),
    );
    expect(exports.find((e) => e._id === first._id)!.downloadUrl).toMatch(/^\/api\/exports\/.+\/download\?/);
    expect(exports.find((e) => e._id === second._id)!.downloadUrl).toBeNull();
  });

  it("shows at most the 50 most recent", async () => {
    const someone = await buildUser(t.deps.db, { name: "Prolific Admin" });
    await addMember(t.deps.db, cast.program, someone.id, "ADMIN");
    const base = Date.now() - 3600_000;
    await t.deps.db.insert(exportJobs).values(
      Array.from({ length: 55 }, (_, i) => ({
        organizationId: cast.org.id,
        programId: cast.program.id,
        requestedBy: someone.id,
        kind: "data" as const,
        format: "csv" as const,
        fileName: `n${i}.csv`,
        createdAt: new Date(base + i * 1000),
      })),
    );
    const cookie = await t.signIn(someone.email);
    const res = await t.request(`/api/exports?programId=${cast.program.id}`, { cookie });
    const { exports } = (await res.json()) as ExportList;
    expect(exports.map((e) => e.fileName)).toEqual(Array.from({ length: 50 }, (_, i) => `n${54 - i}.csv`));
  });

  it("costs the same number of queries for 1 export as for 20", async () => {
    const one = await buildUser(t.deps.db, { name: "One Export" });
    const twenty = await buildUser(t.deps.db, { name: "Twenty Exports" });
    for (const u of [one, twenty]) await addMember(t.deps.db, cast.program, u.id, "ADMIN");
    const insert = (userId: string, n: number) =>
      t.deps.db.insert(exportJobs).values(
        Array.from({ length: n }, (_, i) => ({
          organizationId: cast.org.id,
          programId: cast.program.id,
          requestedBy: userId,
          kind: "data" as const,
          format: "csv" as const,
          status: "ready" as const,
          fileKey: `exports/x/1/data.csv`,
          fileName: `r${i}.csv`,
          expiresAt: new Date(Date.now() + 3600_000),
        })),
      );
    await insert(one.id, 1);
    await insert(twenty.id, 20);
    const oneCookie = await t.signIn(one.email);
    const twentyCookie = await t.signIn(twenty.email);
    const read = async (cookie: string) =>
      (await (await t.request(`/api/exports?programId=${cast.program.id}`, { cookie })).json()) as ExportList;
    await read(oneCookie); // warm up
    const small = await countQueries(t.deps.db, () => read(oneCookie));
    const large = await countQueries(t.deps.db, () => read(twentyCookie));
    expect(small.result.exports).toHaveLength(1);
    expect(large.result.exports).toHaveLength(20);
    expect(large.queries).toBe(small.queries);
  });

  it("is refused to everyone else (404; 401 signed out; 400 without a program)", async () => {
    await start("admin");
    for (const who of REFUSED) expect((await list(who)).status, who).toBe(404);
    expect((await list("anonymous")).status).toBe(401);
    expect((await t.request("/api/exports", { cookie: cookies.admin })).status).toBe(400);
    expect((await list("admin", "not-a-program")).status).toBe(404);
    // Another admin of the program lists theirs only: the first admin's are absent.
    const { exports } = (await (await list("secondAdmin")).json()) as ExportList;
    const ownerOf = await t.deps.db
      .select({ requestedBy: exportJobs.requestedBy })
      .from(exportJobs)
      .where(
        sql`${exportJobs.id} in ${exports.map((e) => e._id).concat(["00000000-0000-4000-8000-000000000000"])}`,
      );
    expect(new Set(ownerOf.map((r) => r.requestedBy))).toEqual(new Set([secondAdmin.id]));
  });
});

describe("GET /api/exports/{id}", () => {
  it("is for the admin who asked; anyone else (another admin of the program included) gets 404", async () => {
    const job = await start("admin");
    expect((await getJob("admin", job._id)).status).toBe(200);
    for (const who of [...REFUSED, "secondAdmin", "orgAdmin", "adminReviewer"] as Who[]) {
      const res = await getJob(who, job._id);
      expect(res.status, who).toBe(404);
      expect(await res.text()).not.toContain(job._id);
    }
    expect((await getJob("anonymous", job._id)).status).toBe(401);
    expect((await getJob("admin", "not-an-id")).status).toBe(404);
  });
});

describe("the download link", () => {
  it("is signed: a changed signature, expiry or job is refused", async () => {
    const job = await ready("admin");
    const url = new URL(job.downloadUrl!, "http://x");
    const expires = Number(url.searchParams.get("expires"));
    const signature = url.searchParams.get("signature")!;
    const other = await ready("admin");
    const flipped = (signature[0] === "A" ? "B" : "A") + signature.slice(1);
    for (const tampered of [
      `/api/exports/${job._id}/download?expires=${expires}&signature=${flipped}`,
      `/api/exports/${job._id}/download?expires=${expires + 3600}&signature=${signature}`,
      `/api/exports/${other._id}/download?expires=${expires}&signature=${signature}`,
    ]) {
      const res = await download("admin", tampered);
      expect(res.status, tampered).toBe(404);
      expect(await res.text()).not.toContain("Alice");
    }
    // The real one still works.
    expect((await download("admin", job.downloadUrl!)).status).toBe(200);
    // Not even shaped like a signature: 400.
    expect(
      (await download("admin", `/api/exports/${job._id}/download?expires=${expires}&signature=x`)).status,
    ).toBe(400);
    expect((await download("admin", `/api/exports/${job._id}/download`)).status).toBe(400);
  });

  it("expires: a properly signed link whose time is past is refused", async () => {
    const job = await ready("admin");
    const expires = Math.floor(Date.now() / 1000) - 1;
    const signature = signExportLink(t.deps.exports.linkSecret, {
      jobId: job._id,
      userId: cast.members.ADMIN.id,
      expires,
    });
    const res = await download(
      "admin",
      `/api/exports/${job._id}/download?expires=${expires}&signature=${signature}`,
    );
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain("Alice");
  });

  it("works only for the admin who asked: another admin of the same program is refused, even with a link signed for them", async () => {
    const job = await ready("admin");
    for (const who of ["secondAdmin", "orgAdmin", "adminReviewer", ...REFUSED] as Who[]) {
      const res = await download(who, job.downloadUrl!);
      expect(res.status, who).toBe(404);
      expect(await res.text()).not.toContain("Alice");
    }
    expect((await download("anonymous", job.downloadUrl!)).status).toBe(401);
    // A link properly signed for the second admin, for a job that is not theirs.
    const expires = Math.floor(Date.now() / 1000) + 600;
    const signature = signExportLink(t.deps.exports.linkSecret, {
      jobId: job._id,
      userId: secondAdmin.id,
      expires,
    });
    const res = await download(
      "secondAdmin",
      `/api/exports/${job._id}/download?expires=${expires}&signature=${signature}`,
    );
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain("Alice");
  });

  it("stops working for an admin who lost the role, and the job is hidden from them", async () => {
    const former = await buildUser(t.deps.db, { name: "Former Admin" });
    await addMember(t.deps.db, cast.program, former.id, "ADMIN");
    const cookie = await t.signIn(former.email);
    const res = await t.request("/api/exports", {
      method: "POST",
      body: { programId: cast.program.id, kind: "data" },
      cookie,
    });
    const job = (await res.json()) as ExportJob;
    await runner.runDue();
    const seen = (await (await t.request(`/api/exports/${job._id}`, { cookie })).json()) as ExportJob;
    expect((await t.request(seen.downloadUrl!, { cookie })).status).toBe(200);
    await t.deps.db
      .update(programMembers)
      .set({ role: "REVIEWER" })
      .where(eq(programMembers.userId, former.id));
    expect((await t.request(seen.downloadUrl!, { cookie })).status).toBe(404);
    expect((await t.request(`/api/exports/${job._id}`, { cookie })).status).toBe(404);
    expect((await t.request(`/api/exports/${job._id}`, { method: "DELETE", cookie })).status).toBe(404);
  });

  it("gives nothing for a job that is not ready, even with a valid signature", async () => {
    const job = await start("admin");
    const expires = Math.floor(Date.now() / 1000) + 600;
    const signature = signExportLink(t.deps.exports.linkSecret, {
      jobId: job._id,
      userId: cast.members.ADMIN.id,
      expires,
    });
    const res = await download(
      "admin",
      `/api/exports/${job._id}/download?expires=${expires}&signature=${signature}`,
    );
    expect(res.status).toBe(404);
  });
});

describe("DELETE /api/exports/{id}", () => {
  it("removes the requester's export and its file; anyone else gets 404 and it stays", async () => {
    const job = await ready("adminReviewer");
    const [row] = await t.deps.db.select().from(exportJobs).where(eq(exportJobs.id, job._id));
    expect(await t.deps.files.storage.readStream("private", row!.fileKey!)).not.toBeNull();
    for (const who of ["admin", "orgAdmin", "secondAdmin", ...REFUSED] as Who[]) {
      expect((await remove(who, job._id)).status, who).toBe(404);
    }
    expect((await remove("anonymous", job._id)).status).toBe(401);
    expect((await getJob("adminReviewer", job._id)).status).toBe(200);

    const res = await remove("adminReviewer", job._id);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    expect(await t.deps.db.select().from(exportJobs).where(eq(exportJobs.id, job._id))).toEqual([]);
    const stream = await t.deps.files.storage.readStream("private", row!.fileKey!);
    expect(stream).toBeNull();
    expect((await download("adminReviewer", job.downloadUrl!)).status).toBe(404);
    expect((await remove("adminReviewer", job._id)).status).toBe(404);
  });

  it("cancels a queued export: it never runs", async () => {
    const job = await start("admin");
    expect((await remove("admin", job._id)).status).toBe(200);
    await runner.runDue();
    expect((await getJob("admin", job._id)).status).toBe(404);
  });
});

describe("the OpenAPI document", () => {
  it("describes the export routes", async () => {
    const doc = (await (await t.request("/api/openapi.json")).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(["/api/exports", "/api/exports/{id}", "/api/exports/{id}/download"]),
    );
  });
});
