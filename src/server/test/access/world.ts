import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { defaultFormContent, newQuestion, newSection } from "../../../shared/forms/defaults";
import type { FormContent, Question, Section } from "../../../shared/forms/model";
import type { Db } from "../../db/client";
import { exportJobs, submissions, users } from "../../db/schema";
import { createExportJob, type ExportJobRow } from "../../exports/job-store";
import { SAMPLE_TEMPLATES } from "../../review-templates/samples";
import { createTemplate } from "../../review-templates/service";
import { openSubmission } from "../../submissions/service";
import {
  addMember,
  buildInvitation,
  buildOrg,
  buildProgram,
  buildPublishedForm,
  buildUser,
} from "../factories";
import type { TestApp } from "../harness";
import {
  answerOf,
  assignGroup,
  assignReviewer,
  buildCandidate,
  buildGroup,
  insertComment,
  insertFile,
  insertReview,
} from "../review-factories";

/**
 * The world the access matrix runs in: two organizations built alike, each with a program, a published
 * form, candidates owned by an applicant, by another applicant, by no one (open to every committee
 * member) and a guest's draft, reviews, comments, files and an export — every piece of private text a
 * "could-leak" marker of its own organization (see markers.ts). Built once per test file.
 */

export type OrgKey = "A" | "B";

export interface Person {
  id: string;
  email: string;
  name: string;
}

/** The people of one organization, by the part they play. */
export const ROLES_IN_ORG = [
  "owner",
  "otherApplicant",
  "guest",
  "assigned",
  "unassigned",
  "grouped",
  "adminReviewer",
  "programAdmin",
  "orgAdmin",
  "withheldAdmin",
] as const;
export type RoleInOrg = (typeof ROLES_IN_ORG)[number];

/** The form's questions and its criterion, by the ids the requests use. */
export const FORM = {
  about: "about",
  merit: "merit",
  identifier: "name",
  plain: "plain",
  hidden: "hidden",
  plainFile: "budget",
  hiddenFile: "cv",
  criterion: "impact",
} as const;

export interface OrgWorld {
  key: OrgKey;
  org: { id: string; name: string; planId: string };
  program: { id: string; organizationId: string; name: string };
  formId: string;
  people: Record<RoleInOrg, Person>;
  candidates: Record<"owned" | "grouped" | "open" | "draft", string>;
  /** The guest's draft is reached with this token only. */
  draftToken: string;
  groupId: string;
  /** The comment of the assigned reviewer on the owned candidate, and their review of it. */
  commentId: string;
  reviewId: string;
  files: Record<"plain" | "hidden" | "draft", string>;
  /** The program admin's finished export, its file in storage. */
  exportJob: ExportJobRow;
  /** A public header image of the program's form. */
  headerImageKey: string;
  /** The organization's review template, named by a marker: its organization admin's alone. */
  reviewTemplateId: string;
}

export interface World {
  t: TestApp;
  A: OrgWorld;
  B: OrgWorld;
}

/** The text of every marker: `MARK-A-owned-plain` and so on. Never a substring of another one. */
export const markerText = (org: OrgKey, what: string) => `MARK-${org}-${what}-end`;

/** An applicant's address is private too: a marker of its own (addresses are stored lowercased). */
export const applicantEmail = (org: OrgKey, role: RoleInOrg) =>
  `${markerText(org, `${role}-email`).toLowerCase()}@matrix.test`;

/** The address of the program's pending invitation: its admins' eyes only (decision 019). */
export const inviteeEmail = (org: OrgKey) => `${markerText(org, "invitee-email").toLowerCase()}@matrix.test`;

/** The decision amounts (dollars), admins' eyes only: unusual enough to be markers themselves. */
export const DECISION_AMOUNT: Record<OrgKey, number> = { A: 98765.43, B: 87654.21 };

function applicationForm(): FormContent {
  const question = (id: string, type: Question["type"], patch: Partial<Question> = {}): Question => ({
    ...newQuestion(type, `Question ${id}`),
    _id: id,
    ...patch,
  });
  const files = { maxFiles: 10, fileType: "any" } as const;
  const about: Section = {
    ...newSection("About the project", "Admin Info"),
    _id: FORM.about,
    questions: [
      question(FORM.identifier, "IDENTIFIER", { required: true }),
      question(FORM.plain, "SHORT_ANSWER"),
      question(FORM.hidden, "SHORT_ANSWER", { anonymize: true }),
      question(FORM.plainFile, "FILE_UPLOAD", { files }),
      question(FORM.hiddenFile, "FILE_UPLOAD", { anonymize: true, files }),
    ],
  };
  const merit: Section = {
    ...newSection("Merit"),
    _id: FORM.merit,
    criteria: [{ _id: FORM.criterion, description: "Impact", type: "SCALE", maxScale: 5, weight: 1 }],
  };
  return { ...defaultFormContent("Matrix application"), sections: [about, merit] };
}

/** A candidate's answers: its name, a plain answer and an anonymized one, each a marker. */
export function answersOf(org: OrgKey, candidate: string) {
  return [
    answerOf(FORM.identifier, FORM.about, "IDENTIFIER", {
      answerString: markerText(org, `${candidate}-identifier`),
    }),
    answerOf(FORM.plain, FORM.about, "SHORT_ANSWER", { answerString: markerText(org, `${candidate}-plain`) }),
    answerOf(FORM.hidden, FORM.about, "SHORT_ANSWER", {
      answerString: markerText(org, `${candidate}-hidden`),
    }),
  ];
}

/** The smallest PNG header the header-image check accepts (800 × 200). */
export const HEADER_PNG = Uint8Array.from(
  Buffer.from("89504e470d0a1a0a0000000d4948445200000320000000c8080600000000000000000000", "hex"),
);

async function buildOrgWorld(t: TestApp, key: OrgKey): Promise<OrgWorld> {
  const db = t.deps.db;
  const mark = (what: string) => markerText(key, what);
  const org = await buildOrg(db, { name: `Matrix ${key} Foundation`, planName: "Enterprise" });
  const program = await buildProgram(db, org.id, { name: `Matrix ${key} Program` });
  const { formId, linkId } = await buildPublishedForm(db, program, applicationForm());

  // Only organization A's people and B's admin sign in: the others need no password (hashing one is slow).
  const person = async (role: RoleInOrg, opts: { applicant?: boolean; admin?: boolean } = {}) => {
    const account = {
      name: `${key} ${role}`,
      email: opts.applicant ? applicantEmail(key, role) : `${key}-${role}@matrix.test`.toLowerCase(),
      applicant: opts.applicant ?? false,
      ...(opts.admin ? { adminOrganizationId: org.id } : {}),
    };
    const signsIn = key === "A" || role === "orgAdmin";
    const user = signsIn ? await buildUser(db, account) : await buildPasswordlessUser(db, account);
    return { ...user, name: account.name };
  };
  const people = {
    owner: await person("owner", { applicant: true }),
    otherApplicant: await person("otherApplicant", { applicant: true }),
    orgAdmin: await person("orgAdmin", { admin: true }),
  } as Record<RoleInOrg, Person>;
  const programRoles = {
    guest: "GUEST",
    assigned: "REVIEWER",
    unassigned: "REVIEWER",
    grouped: "REVIEWER",
    adminReviewer: "ADMIN_REVIEWER",
    programAdmin: "ADMIN",
    // An admin who has not set up two-factor authentication: held back once A requires it (actors.ts).
    withheldAdmin: "ADMIN",
  } as const;
  for (const role of Object.keys(programRoles) as (keyof typeof programRoles)[]) {
    people[role] = await person(role);
    await addMember(db, program, people[role].id, programRoles[role]);
  }

  await buildInvitation(db, program, { email: inviteeEmail(key), role: "ADMIN" });

  const candidate = (name: string, more: Partial<Parameters<typeof buildCandidate>[1]>) =>
    buildCandidate(db, {
      program,
      formId,
      identifier: mark(`${name}-identifier`),
      answers: answersOf(key, name),
      ...more,
    });
  const owned = await candidate("owned", {
    userId: people.owner.id,
    status: "approved",
    amountCents: Math.round(DECISION_AMOUNT[key] * 100),
  });
  const grouped = await candidate("grouped", { userId: people.otherApplicant.id });
  const open = await candidate("open", {});

  // The guest's draft is opened the way a guest opens it, so that only its token reaches it.
  const draft = await openSubmission(db, linkId, null);
  await db
    .update(submissions)
    .set({ answers: answersOf(key, "draft"), identifier: mark("draft-identifier") })
    .where(eq(submissions.id, draft.submissionId));

  await assignReviewer(db, owned.id, people.assigned.id, program.id);
  const group = await buildGroup(db, program, mark("group-name"), [people.grouped.id]);
  await assignGroup(db, grouped.id, group.id, program.id);

  const criteria = (value: number) => [
    {
      sectionId: FORM.merit,
      rating: -1,
      criteria: [{ criteriaId: FORM.criterion, type: "SCALE" as const, value }],
    },
  ];
  // Every committee member has rated a candidate they see and commented on it.
  const reviewed = { assigned: owned.id, adminReviewer: owned.id, grouped: grouped.id, unassigned: open.id };
  const reviewIds = {} as Record<keyof typeof reviewed, string>;
  const commentIds = {} as Record<keyof typeof reviewed, string>;
  for (const role of Object.keys(reviewed) as (keyof typeof reviewed)[]) {
    const about = { program, submissionId: reviewed[role], userId: people[role].id };
    reviewIds[role] = (await insertReview(db, { ...about, rating: 4, sections: criteria(4) })).id;
    commentIds[role] = (
      await insertComment(db, { ...about, sectionId: FORM.merit, body: mark(`comment-by-${role}`) })
    ).id;
  }

  const storedFile = async (submissionId: string, questionId: string, name: string) => {
    const row = await insertFile(db, { submissionId, questionId, name });
    await t.deps.files.storage.write("private", row.key, new TextEncoder().encode("%PDF-1.4 a stored file"));
    return row.id;
  };
  const files = {
    plain: await storedFile(owned.id, FORM.plainFile, `${mark("owned-plain-file")}.pdf`),
    hidden: await storedFile(owned.id, FORM.hiddenFile, `${mark("owned-hidden-file")}.pdf`),
    draft: await storedFile(draft.submissionId, FORM.plainFile, `${mark("draft-file")}.pdf`),
  };

  const exportJob = await readyExport(t, program, people.programAdmin.id, mark("export-content"));
  const headerImageKey = `programs/${program.id}/matrix-header.png`;
  await t.deps.files.storage.write("public", headerImageKey, HEADER_PNG);
  const template = await createTemplate(
    db,
    org.id,
    { ...SAMPLE_TEMPLATES[0]!, name: mark("template-name") },
    null,
  );

  return {
    key,
    org: { id: org.id, name: org.name, planId: org.planId },
    program,
    formId,
    people,
    candidates: { owned: owned.id, grouped: grouped.id, open: open.id, draft: draft.submissionId },
    draftToken: draft.token!,
    groupId: group.id,
    commentId: commentIds.assigned,
    reviewId: reviewIds.assigned,
    files,
    exportJob,
    headerImageKey,
    reviewTemplateId: template._id,
  };
}

/** An account that was invited and never chose a password: nobody signs in as it. */
export async function buildPasswordlessUser(
  db: Db,
  account: { name: string; email: string; applicant?: boolean; adminOrganizationId?: string },
): Promise<{ id: string; email: string }> {
  const id = randomUUID().replaceAll("-", "");
  await db.insert(users).values({ id, ...account });
  return { id, email: account.email };
}

/** An export as the runner leaves it when done: ready, its file written, its size measured. */
async function readyExport(
  t: TestApp,
  program: OrgWorld["program"],
  requestedBy: string,
  content: string,
): Promise<ExportJobRow> {
  const db = t.deps.db;
  const job = await createExportJob(db, program, requestedBy, {
    programId: program.id,
    kind: "data",
    format: "csv",
    includeAnonymized: false,
  });
  const fileKey = `exports/${job.id}/1/data.csv`;
  const bytes = new TextEncoder().encode(`identifier\r\n${content}\r\n`);
  await t.deps.files.storage.write("private", fileKey, bytes);
  const [ready] = await db
    .update(exportJobs)
    .set({ status: "ready", fileKey, size: bytes.byteLength, attempts: 1, finishedAt: new Date() })
    .where(eq(exportJobs.id, job.id))
    .returning();
  return ready!;
}

export async function buildWorld(t: TestApp): Promise<World> {
  return { t, A: await buildOrgWorld(t, "A"), B: await buildOrgWorld(t, "B") };
}
