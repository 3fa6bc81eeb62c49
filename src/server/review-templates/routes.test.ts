import { and, asc, count, eq, like } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { ReviewTemplateDefinition } from "../../shared/review/templates";
import { EDIT_CONFLICT_MESSAGES } from "../../shared/schemas/edit-conflict";
import type { ExportJob } from "../../shared/schemas/exports";
import type { ImportResult } from "../../shared/schemas/legacy-import";
import type {
  ReviewTemplate,
  ReviewTemplateList,
  TemplatePreview,
} from "../../shared/schemas/review-templates";
import type { CandidateView } from "../../shared/schemas/reviews";
import { auditEvents, exportJobs, programs, reviewTemplates, submissions } from "../db/schema";
import { createExportRunner } from "../exports/job-runner";
import { LEGACY_SAMPLES } from "../programs/legacy-import/samples";
import { pdfText } from "../test/access/xss/inert";
import { type Cast, withCastTestApp } from "../test/factories";
import type { TestApp } from "../test/harness";
import { SAMPLE_TEMPLATES } from "./samples";

/**
 * Review templates (docs/decisions/040-review-templates.md) through their calls, with the two shipped samples
 * (general operating support and its renewal) on the imported legacy sample program: who may (the organization's
 * admin only; another organization's admin finds nothing of it), bad input refused with nothing changed, and a
 * bound program's submissions reviewed, printed and exported under the template's sections with every answer
 * kept — the unplaced ones under "Other", listed for the admin.
 */

let t: TestApp;
let cast: Cast;
let cookies: Record<string, string>;
withCastTestApp((app) => {
  ({ t, cast, cookies } = app);
});

const [GENERAL, RENEWAL] = SAMPLE_TEMPLATES as [ReviewTemplateDefinition, ReviewTemplateDefinition];
const base = () => `/api/organizations/${cast.org.id}/review-templates`;
const call = (path: string, who: string | undefined, method = "GET", body?: unknown) =>
  t.request(path, { method, body, cookie: who === undefined ? undefined : cookies[who] });

let legacyProgramId: string;
let harbourId: string;
let general: ReviewTemplate;
/** The other organization's own template: nothing of it may reach the first organization, nor the reverse. */
let secret: ReviewTemplate;

async function templateCount() {
  return (await t.deps.db.select({ n: count() }).from(reviewTemplates))[0]!.n;
}
async function boundTemplate(programId: string) {
  const [row] = await t.deps.db
    .select({ id: programs.reviewTemplateId })
    .from(programs)
    .where(eq(programs.id, programId));
  return row!.id;
}

beforeAll(async () => {
  const imported = await call("/api/programs/import", "orgAdmin", "POST", LEGACY_SAMPLES[1]);
  expect(imported.status).toBe(200);
  legacyProgramId = ((await imported.json()) as ImportResult).programId;
  const [harbour] = await t.deps.db
    .select({ id: submissions.id })
    .from(submissions)
    .where(
      and(eq(submissions.programId, legacyProgramId), eq(submissions.identifier, "Harbour Literacy Circle")),
    );
  harbourId = harbour!.id;
  const created = await call(base(), "orgAdmin", "POST", GENERAL);
  expect(created.status).toBe(201);
  general = ((await created.json()) as { template: ReviewTemplate }).template;
  const other = await call(
    `/api/organizations/${cast.otherOrg.id}/review-templates`,
    "otherOrgAdmin",
    "POST",
    {
      ...RENEWAL,
      name: "Secret Other Template",
    },
  );
  expect(other.status).toBe(201);
  secret = ((await other.json()) as { template: ReviewTemplate }).template;
}, 120_000);

describe("who may manage review templates", () => {
  const REFUSED = ["admin", "adminReviewer", "reviewer", "guest", "applicant", "otherOrgAdmin"];

  it("lets the organization's admin list them, and no one else, not even another organization's admin", async () => {
    const res = await call(base(), "orgAdmin");
    expect(res.status).toBe(200);
    const list = (await res.json()) as ReviewTemplateList;
    expect(list.templates.map((x) => x.name)).toEqual(["General Operating Support"]);
    expect(JSON.stringify(list)).not.toContain("Secret Other");
    expect(list.programs.map((p) => p.name)).toEqual(["Neighbourhood Fund 2019 (imported)"]);
    for (const who of REFUSED) expect((await call(base(), who)).status, who).toBe(404);
    expect((await call(base(), undefined)).status).toBe(401);
  });

  it("refuses every call but the admin's with 404, and changes nothing", async () => {
    const one = `${base()}/${general._id}`;
    const before = await templateCount();
    for (const who of REFUSED) {
      expect((await call(one, who)).status, who).toBe(404);
      expect((await call(base(), who, "POST", RENEWAL)).status, who).toBe(404);
      expect((await call(one, who, "PUT", { definition: RENEWAL, revision: 1 })).status, who).toBe(404);
      expect((await call(one, who, "DELETE")).status, who).toBe(404);
      const bind = `/api/organizations/${cast.org.id}/programs/${legacyProgramId}/review-template`;
      expect((await call(bind, who, "PUT", { templateId: general._id })).status, who).toBe(404);
      const preview = { definition: RENEWAL, programId: legacyProgramId };
      expect((await call(`${base()}/preview`, who, "POST", preview)).status, who).toBe(404);
    }
    expect(await templateCount()).toBe(before);
    const [row] = await t.deps.db.select().from(reviewTemplates).where(eq(reviewTemplates.id, general._id));
    expect(row!.definition).toEqual(GENERAL);
    expect(await boundTemplate(legacyProgramId)).toBeNull();
  });

  it("finds nothing of another organization through the admin's own", async () => {
    expect((await call(`${base()}/${secret._id}`, "orgAdmin")).status).toBe(404);
    const edit = { definition: GENERAL, revision: 1 };
    expect((await call(`${base()}/${secret._id}`, "orgAdmin", "PUT", edit)).status).toBe(404);
    expect((await call(`${base()}/${secret._id}`, "orgAdmin", "DELETE")).status).toBe(404);
    const bind = `/api/organizations/${cast.org.id}/programs/${legacyProgramId}/review-template`;
    expect((await call(bind, "orgAdmin", "PUT", { templateId: secret._id })).status).toBe(404);
    // The other organization's program through the first organization's path.
    const foreign = `/api/organizations/${cast.org.id}/programs/${cast.otherProgram.id}/review-template`;
    expect((await call(foreign, "orgAdmin", "PUT", { templateId: general._id })).status).toBe(404);
    const preview = { definition: GENERAL, programId: cast.otherProgram.id };
    expect((await call(`${base()}/preview`, "orgAdmin", "POST", preview)).status).toBe(404);
    expect(await templateCount()).toBe(2);
    expect(await boundTemplate(legacyProgramId)).toBeNull();
    expect(await boundTemplate(cast.otherProgram.id)).toBeNull();
  });
});

describe("bad input", () => {
  it("refuses a template whose rule names a section it does not have, with the field, and stores nothing", async () => {
    const before = await templateCount();
    const bad = { ...GENERAL, rules: [{ wording: "Anything", match: "exact", section: 8 }] };
    const res = await call(base(), "orgAdmin", "POST", bad);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { fields: Record<string, string[]> } };
    expect(body.error.fields["rules.0.section"]).toEqual([
      "Section 8 is not one of the template's sections.",
    ]);
    expect(await templateCount()).toBe(before);
  });

  it("refuses a bad edit and keeps the template as it was", async () => {
    const one = `${base()}/${general._id}`;
    const res = await call(one, "orgAdmin", "PUT", { definition: { ...GENERAL, sections: [] }, revision: 1 });
    expect(res.status).toBe(400);
    expect((await call(one, "orgAdmin", "PUT", GENERAL)).status).toBe(400);
    const [row] = await t.deps.db.select().from(reviewTemplates).where(eq(reviewTemplates.id, general._id));
    expect(row).toMatchObject({ definition: GENERAL, revision: 1 });
  });

  it("binds only a legacy program: a program of a newer generation keeps its own sections", async () => {
    const bind = `/api/organizations/${cast.org.id}/programs/${cast.program.id}/review-template`;
    const res = await call(bind, "orgAdmin", "PUT", { templateId: general._id });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { fields: Record<string, string[]> } };
    expect(Object.keys(body.error.fields)).toEqual(["templateId"]);
    expect(await boundTemplate(cast.program.id)).toBeNull();
    const missing = await call(bind.replace(cast.program.id, legacyProgramId), "orgAdmin", "PUT", {});
    expect(missing.status).toBe(400);
  });
});

describe("saving over someone else's change", () => {
  it("refuses a save based on an older revision with the usual edit conflict, and keeps the newer one", async () => {
    const created = await call(base(), "orgAdmin", "POST", { ...RENEWAL, name: "Renewal (conflict)" });
    const template = ((await created.json()) as { template: ReviewTemplate }).template;
    const one = `${base()}/${template._id}`;
    expect(template.revision).toBe(1);
    const theirs = { ...RENEWAL, name: "Renewal (theirs)" };
    const first = await call(one, "orgAdmin", "PUT", { definition: theirs, revision: 1 });
    expect(first.status).toBe(200);
    expect(((await first.json()) as { template: ReviewTemplate }).template.revision).toBe(2);
    const stale = await call(one, "orgAdmin", "PUT", {
      definition: { ...RENEWAL, name: "Renewal (mine)" },
      revision: 1,
    });
    expect(stale.status).toBe(409);
    const body = (await stale.json()) as {
      error: { code: string; message: string; current: ReviewTemplate };
    };
    expect(body.error).toMatchObject({
      code: "CONFLICT",
      message: EDIT_CONFLICT_MESSAGES.reviewTemplate,
      current: { _id: template._id, name: "Renewal (theirs)", definition: theirs, revision: 2 },
    });
    const [row] = await t.deps.db.select().from(reviewTemplates).where(eq(reviewTemplates.id, template._id));
    expect(row).toMatchObject({ name: "Renewal (theirs)", revision: 2 });
    // Keeping one's own: saved again on the revision stored now.
    const kept = await call(one, "orgAdmin", "PUT", {
      definition: { ...RENEWAL, name: "Renewal (mine)" },
      revision: 2,
    });
    expect(kept.status).toBe(200);
    expect((await call(one, "orgAdmin", "DELETE")).status).toBe(200);
  });
});

describe("the audit log", () => {
  it("records creating, changing, binding, unbinding and deleting a template, by whom", async () => {
    const created = await call(base(), "orgAdmin", "POST", { ...RENEWAL, name: "Renewal (audited)" });
    const template = ((await created.json()) as { template: ReviewTemplate }).template;
    const one = `${base()}/${template._id}`;
    const changed = { ...RENEWAL, name: "Renewal (audited, renamed)", form: "Renewal form 2020" };
    expect((await call(one, "orgAdmin", "PUT", { definition: changed, revision: 1 })).status).toBe(200);
    // The same definition saved again records nothing; a rule's wording changed is recorded as such.
    expect((await call(one, "orgAdmin", "PUT", { definition: changed, revision: 2 })).status).toBe(200);
    const reworded = {
      ...changed,
      rules: changed.rules.map((rule, i) =>
        i === 0 ? { ...rule, wording: `${rule.wording} (reworded)` } : rule,
      ),
    };
    expect((await call(one, "orgAdmin", "PUT", { definition: reworded, revision: 3 })).status).toBe(200);
    const bind = `/api/organizations/${cast.org.id}/programs/${legacyProgramId}/review-template`;
    expect((await call(bind, "orgAdmin", "PUT", { templateId: template._id })).status).toBe(200);
    expect((await call(one, "orgAdmin", "DELETE")).status).toBe(200);
    const events = await t.deps.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.organizationId, cast.org.id), like(auditEvents.action, "review_template.%")))
      .orderBy(asc(auditEvents.createdAt));
    const ofThis = events.filter(
      (e) =>
        e.subjectId === template._id ||
        (e.subjectId === legacyProgramId && e.action === "review_template.bound"),
    );
    expect(ofThis.map((e) => [e.action, e.subjectType, e.subjectLabel, e.actorUserId])).toEqual([
      ["review_template.created", "review_template", "Renewal (audited)", cast.orgAdmin.id],
      ["review_template.updated", "review_template", "Renewal (audited, renamed)", cast.orgAdmin.id],
      ["review_template.updated", "review_template", "Renewal (audited, renamed)", cast.orgAdmin.id],
      ["review_template.bound", "program", "Neighbourhood Fund 2019 (imported)", cast.orgAdmin.id],
      ["review_template.deleted", "review_template", "Renewal (audited, renamed)", cast.orgAdmin.id],
    ]);
    expect(ofThis[1]!.details).toEqual({
      name: { before: "Renewal (audited)", after: "Renewal (audited, renamed)" },
      form: { before: RENEWAL.form, after: "Renewal form 2020" },
    });
    expect(ofThis[2]!.details).toEqual({ rules: "changed" });
    expect(ofThis[3]!.details).toEqual({ template: { before: null, after: "Renewal (audited, renamed)" } });
    expect(ofThis[4]!.details).toMatchObject({ unboundPrograms: ["Neighbourhood Fund 2019 (imported)"] });
    // Refused calls write nothing to the log.
    const before = events.length;
    expect((await call(base(), "admin", "POST", RENEWAL)).status).toBe(404);
    expect((await call(base(), "otherOrgAdmin", "POST", RENEWAL)).status).toBe(404);
    const after = await t.deps.db
      .select({ n: count() })
      .from(auditEvents)
      .where(and(eq(auditEvents.organizationId, cast.org.id), like(auditEvents.action, "review_template.%")));
    expect(after[0]!.n).toBe(before);
  });
});

describe("export and import", () => {
  it("exports a template as its definition, which imports as an equal template", async () => {
    const res = await call(`${base()}/${general._id}`, "orgAdmin");
    const exported = ((await res.json()) as { template: ReviewTemplate }).template.definition;
    expect(exported).toEqual(GENERAL);
    const copy = await call(base(), "orgAdmin", "POST", {
      ...exported,
      name: "General Operating Support (copy)",
    });
    expect(copy.status).toBe(201);
    const created = ((await copy.json()) as { template: ReviewTemplate }).template;
    expect(created.definition).toEqual({ ...GENERAL, name: "General Operating Support (copy)" });
    expect((await call(`${base()}/${created._id}`, "orgAdmin", "DELETE")).status).toBe(200);
  });
});

describe("preview", () => {
  it("shows where each answer of the chosen submission lands, the unplaced under Other", async () => {
    const res = await call(`${base()}/preview`, "orgAdmin", "POST", {
      definition: RENEWAL,
      programId: legacyProgramId,
      submissionId: harbourId,
    });
    expect(res.status).toBe(200);
    const preview = (await res.json()) as TemplatePreview;
    expect(preview.submissionId).toBe(harbourId);
    expect(preview.submissions.map((s) => s.identifier)).toContain("Harbour Literacy Circle");
    const byQuestion = new Map(preview.placements.map((p) => [p.questionId, p]));
    expect(byQuestion.get("cv5-q")).toEqual({
      questionId: "cv5-q",
      wording: "What will the grant pay for?",
      section: 5,
      sectionTitle: "5 - Use of funds",
      rule: 2,
      answer: "Training materials and the coordinator's hours.",
    });
    expect(byQuestion.get("cv1-q")).toMatchObject({ section: null, sectionTitle: "Other", rule: null });
    // Nine canvas questions: none dropped (the Admin Info questions stay with the administrative categories).
    expect(preview.placements).toHaveLength(9);
    expect(preview.placements.filter((p) => p.section === null).map((p) => p.questionId)).toEqual([
      "cv1-q",
      "cv2-q",
      "cv3-q",
      "cv4-q",
      "cv7-q",
      "cv9-q",
    ]);
  });

  it("previews the program's first submission when none is chosen", async () => {
    const res = await call(`${base()}/preview`, "orgAdmin", "POST", {
      definition: GENERAL,
      programId: legacyProgramId,
    });
    const preview = (await res.json()) as TemplatePreview;
    expect(preview.submissionId).toBe(preview.submissions[0]!._id);
  });
});

describe("a bound program", () => {
  const bind = (templateId: string | null) =>
    call(`/api/organizations/${cast.org.id}/programs/${legacyProgramId}/review-template`, "orgAdmin", "PUT", {
      templateId,
    });

  it("is reviewed under the template's sections, every answer kept, the unplaced under Other", async () => {
    expect((await bind(general._id)).status).toBe(200);
    const res = await call(`/api/applications/${legacyProgramId}/${harbourId}`, "orgAdmin");
    expect(res.status).toBe(200);
    const view = (await res.json()) as CandidateView;
    expect(view.reviewTemplate).toEqual({ name: "General Operating Support" });
    expect(view.sections.map((s) => [s._id, s.name, s.questions.map((q) => q._id)])).toEqual([
      ["legacy-admin-info", "Admin Info", expect.any(Array)],
      ["canvas_1", "1 - Need", ["cv1-q"]],
      ["canvas_2", "2 - Approach", ["cv2-q"]],
      ["canvas_3", "3 - Community and partners", ["cv3-q"]],
      ["canvas_4", "4 - Leadership", ["cv4-q"]],
      ["canvas_5", "5 - Use of funds", ["cv5-q"]],
      ["canvas_6", "6 - Outcomes", ["cv6-q"]],
      ["canvas_7", "7 - Risks and sustainability", ["cv7-q"]],
      ["canvas_9", "9 - One-Line summary", ["cv9-q"]],
      ["template-other", "Other", ["cv8-q"]],
    ]);
    expect(view.answers.find((a) => a.questionId === "cv8-q")).toMatchObject({
      answerString: "Training in April, tutoring from May.",
    });
  });

  it("lists for the admin the questions its template leaves to Other", async () => {
    const list = (await (await call(base(), "orgAdmin")).json()) as ReviewTemplateList;
    expect(list.programs).toEqual([
      expect.objectContaining({
        _id: legacyProgramId,
        reviewTemplateId: general._id,
        unplaced: [{ questionId: "cv8-q", wording: "When will each part be done?" }],
      }),
    ]);
  });

  it("prints the admin's PDF under the template's sections", async () => {
    const res = await call(`/api/submissions/${harbourId}/pdf`, "orgAdmin");
    expect(res.status).toBe(200);
    const text = pdfText(new Uint8Array(await res.arrayBuffer()));
    expect(text).toContain("Use of funds");
    expect(text).toContain("Other");
    expect(text).toContain("Training in April, tutoring from May.");
    expect(text).not.toContain("Timeline");
  });

  it("files the comment export's canvas comments under the template's titles", async () => {
    const runner = createExportRunner({
      db: t.deps.db,
      storage: t.deps.files.storage,
      retentionHours: t.deps.config.EXPORT_RETENTION_HOURS,
      internalEmailDomains: [],
    });
    const res = await call("/api/exports", "orgAdmin", "POST", {
      programId: legacyProgramId,
      kind: "comments",
    });
    expect(res.status).toBe(202);
    const id = ((await res.json()) as ExportJob)._id;
    await runner.runDue();
    const [job] = await t.deps.db.select().from(exportJobs).where(eq(exportJobs.id, id));
    const text = (await t.deps.files.storage.read("private", job!.fileKey!))!.toString();
    expect(text).toMatch(/Harbour Literacy Circle,1 - Need,.*A clear, local need\./);
    expect(text).toMatch(/5 - Use of funds,.*Budget is modest and specific\./);
  }, 120_000);

  it("goes back to its form's sections when its template is deleted", async () => {
    expect((await call(`${base()}/${general._id}`, "orgAdmin", "DELETE")).status).toBe(200);
    expect(await boundTemplate(legacyProgramId)).toBeNull();
    const view = (await (
      await call(`/api/applications/${legacyProgramId}/${harbourId}`, "orgAdmin")
    ).json()) as CandidateView;
    expect(view.reviewTemplate).toBeUndefined();
    expect(view.sections.map((s) => s._id)).toContain("cv8");
    // The other organization's template is untouched.
    expect(await templateCount()).toBe(1);
  });
});
