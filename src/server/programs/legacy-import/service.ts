import { randomUUID } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { ImportCounts, ImportProblem, ImportResult } from "../../../shared/schemas/legacy-import";
import { LEGACY_IMPORT_MESSAGES } from "../../../shared/schemas/legacy-import";
import { NOT_RATED } from "../../../shared/schemas/reviews";
import { recordAudit, type Transaction } from "../../audit/record";
import { assertOrganizationCanGrow } from "../../billing/plan-changes";
import type { Db } from "../../db/client";
import {
  formLinks,
  forms,
  formVersions,
  legacyImportRecords,
  organizations,
  pendingUploads,
  plans,
  programInvitations,
  programMembers,
  programs,
  rankings,
  reviewComments,
  reviewerGroupMembers,
  reviewerGroups,
  reviews,
  submissionFiles,
  submissionReviewerGroups,
  submissionReviewers,
  submissions,
  users,
} from "../../db/schema";
import type { FileStorage } from "../../files/storage";
import { AppError } from "../../http/errors";
import type { Sender } from "../../program-users/invitations";
import { addProgramUserInTx } from "../../program-users/service";
import { LEGACY_APP_VERSION, LEGACY_FINAL_SECTION_ID } from "../../reviewing/review-service";
import { suggestedRatingOf } from "../../reviewing/suggested-rating";
import { safeName } from "../../submissions/files";
import { createPlaceholderAccount } from "../../users/accounts";
import { type ProgramRow, takeProgramSlot } from "../service";
import { checkLegacyFile, type ImportPlan } from "./validate";
import { checkAttachments, type PlannedAttachment, readLegacyZip } from "./zip";
import type { ZipArchive } from "./zip-reader";

/**
 * Importing a program from the earlier system's records (docs/decisions/032-legacy-program-import.md): the
 * file checked whole first, then everything written in one transaction. Every record the source names by id is
 * recorded with the row it became (legacy_import_records), so the same file imported again adds nothing, and a
 * later file of the same program adds only what is new to it.
 */

/** A refused file: 400 with the report of every problem, nothing written. */
export class ImportRefused extends AppError {
  constructor(readonly report: ImportProblem[]) {
    super("VALIDATION", LEGACY_IMPORT_MESSAGES.refused(report.length));
  }
  override toBody() {
    return { error: { code: "VALIDATION" as const, message: this.message, report: this.report } };
  }
}

type Kind = (typeof legacyImportRecords.$inferSelect)["kind"];

async function recorded(tx: Transaction, programId: string, kind: Kind) {
  const rows = await tx
    .select({ sourceId: legacyImportRecords.sourceId, targetId: legacyImportRecords.targetId })
    .from(legacyImportRecords)
    .where(and(eq(legacyImportRecords.programId, programId), eq(legacyImportRecords.kind, kind)));
  return new Map(rows.map((r) => [r.sourceId, r.targetId]));
}

/** Which row the source record became, so that the next import of the file finds it. */
async function remember(
  tx: Transaction,
  program: { id: string; organizationId: string },
  kind: Kind,
  sourceId: string,
  targetId: string,
) {
  await tx
    .insert(legacyImportRecords)
    .values({ organizationId: program.organizationId, programId: program.id, kind, sourceId, targetId });
}

const parseDate = (iso: string | null | undefined) => (iso ? new Date(iso) : null);

/** The program the file's program became before, or a new one with its published form (closed to applicants). */
async function programOf(tx: Transaction, organizationId: string, plan: ImportPlan, actorUserId: string) {
  const source = plan.file.program;
  const [known] = await tx
    .select({ targetId: legacyImportRecords.targetId })
    .from(legacyImportRecords)
    .where(
      and(
        eq(legacyImportRecords.organizationId, organizationId),
        eq(legacyImportRecords.kind, "program"),
        eq(legacyImportRecords.sourceId, source._id),
      ),
    );
  if (known) {
    const [program] = await tx.select().from(programs).where(eq(programs.id, known.targetId));
    const [form] = await tx.select().from(forms).where(eq(forms.programId, known.targetId));
    return { program: program!, formId: form!.id, formVersion: form!.publishedVersion ?? 1, created: false };
  }
  // An archived program takes no slot of the plan's active programs.
  if (source.archived) await assertOrganizationCanGrow(tx, organizationId);
  else await takeProgramSlot(tx, organizationId);
  const [program] = await tx
    .insert(programs)
    .values({
      organizationId,
      name: source.displayName,
      appVersion: plan.appVersion,
      archived: source.archived ?? false,
      archivedAt: source.archived ? (parseDate(source.archivedDate) ?? new Date()) : null,
      allowEdit: source.allowEdit ?? false,
      overrideFinalRating: source.overrideFinalRating ?? false,
      reviewSettings: source.reviewSettings ?? {},
      createdBy: actorUserId,
    })
    .returning();
  const now = new Date();
  const [form] = await tx
    .insert(forms)
    .values({
      organizationId,
      programId: program!.id,
      content: plan.content,
      draft: false,
      allowEdit: source.allowEdit ?? false,
      publishedVersion: 1,
      revision: 1,
      createdBy: actorUserId,
    })
    .returning({ id: forms.id });
  await tx.insert(formVersions).values({ formId: form!.id, version: 1, content: plan.content });
  // The round closed in the earlier system: both links start closed; the admin may open a new one.
  await tx.insert(formLinks).values([
    { formId: form!.id, kind: "preview", openAt: now, closeAt: now },
    { formId: form!.id, kind: "submission", openAt: now, closeAt: now },
  ]);
  await remember(tx, program!, "program", source._id, program!.id);
  await recordAudit(tx, {
    organizationId,
    programId: program!.id,
    actorUserId,
    subject: { type: "program", id: program!.id, label: program!.name },
    action: "program.created",
    details: { importedFrom: source._id, appVersion: plan.appVersion },
  });
  return { program: program!, formId: form!.id, formVersion: 1, created: true };
}

/**
 * The file's people: each matched by email to an account (or, new to the product, a placeholder their
 * records hang on), and given access as Manage User Access does — at once when already in the organization,
 * else invited. Removed people keep their records and get no access. Returns source user id → account id.
 */
async function peopleOf(
  tx: Transaction,
  program: ProgramRow,
  plan: ImportPlan,
  sender: Sender,
  added: ImportCounts,
) {
  const accounts = new Map<string, string>();
  for (const person of plan.file.programUsers) {
    const [account] = await tx
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${person.email}`);
    const userId = account?.id ?? (await createPlaceholderAccount(tx, person));
    accounts.set(person.userId, userId);
    if (person.deleted) continue;
    const [member] = await tx
      .select({ userId: programMembers.userId })
      .from(programMembers)
      .where(and(eq(programMembers.programId, program.id), eq(programMembers.userId, userId)));
    const [invited] = await tx
      .select({ id: programInvitations.id })
      .from(programInvitations)
      .where(and(eq(programInvitations.programId, program.id), eq(programInvitations.email, person.email)));
    if (member || invited) continue;
    const outcome = await addProgramUserInTx(tx, program, { email: person.email, role: person.role }, sender);
    if ("user" in outcome) added.membersAdded++;
    else added.invited++;
  }
  return accounts;
}

async function groupsOf(
  tx: Transaction,
  program: ProgramRow,
  plan: ImportPlan,
  people: Map<string, string>,
  added: ImportCounts,
) {
  const known = await recorded(tx, program.id, "reviewerGroup");
  for (const group of plan.file.reviewerGroups) {
    if (known.has(group._id)) continue;
    const [row] = await tx
      .insert(reviewerGroups)
      .values({
        organizationId: program.organizationId,
        programId: program.id,
        name: group.name,
        description: group.description,
      })
      .returning({ id: reviewerGroups.id });
    const members = [...new Set(group.reviewers.map((r) => people.get(r.id)!))];
    if (members.length > 0)
      await tx.insert(reviewerGroupMembers).values(members.map((userId) => ({ groupId: row!.id, userId })));
    await remember(tx, program, "reviewerGroup", group._id, row!.id);
    known.set(group._id, row!.id);
    added.reviewerGroups++;
  }
  return known;
}

async function submissionsOf(
  tx: Transaction,
  target: { program: ProgramRow; formId: string; formVersion: number },
  plan: ImportPlan,
  people: Map<string, string>,
  groups: Map<string, string>,
  added: ImportCounts,
  files: StoredAttachments | null,
) {
  const { program } = target;
  const known = await recorded(tx, program.id, "submission");
  for (const submission of plan.file.submissions) {
    if (known.has(submission._id)) continue;
    const application = plan.applications.get(submission._id)!;
    const submitted = parseDate(submission.submissionDate);
    const attached = files?.byApplication.get(submission._id);
    const [row] = await tx
      .insert(submissions)
      .values({
        // An application with attachments has the id its files' keys were made with (`planAttachments`).
        ...(attached ? { id: attached.submissionId } : {}),
        organizationId: program.organizationId,
        programId: program.id,
        formId: target.formId,
        formVersion: target.formVersion,
        // With the attachments stored, the files table is what a file answer lists (as for applicants).
        answers: files
          ? application.answers.map((a) => (a.type === "FILE_UPLOAD" ? { ...a, answerArray: [] } : a))
          : application.answers,
        identifier: application.identifier,
        submissionDate: submitted,
        lastSaveDate: parseDate(submission.lastSaveDate) ?? submitted ?? new Date(),
        softDeleted: submission.softDeleted ?? false,
        status: submission.status,
        amountCents: submission.amount == null ? null : Math.round(submission.amount * 100),
      })
      .returning({ id: submissions.id });
    const id = row!.id;
    const reviewerIds = [...new Set(submission.reviewers.map((r) => people.get(r.id)!))];
    if (reviewerIds.length > 0)
      await tx
        .insert(submissionReviewers)
        .values(reviewerIds.map((userId) => ({ submissionId: id, userId, programId: program.id })));
    const groupIds = [...new Set(submission.reviewerGroups.map((g) => groups.get(g)!))];
    if (groupIds.length > 0)
      await tx
        .insert(submissionReviewerGroups)
        .values(groupIds.map((groupId) => ({ submissionId: id, groupId, programId: program.id })));
    if (attached) added.files += await storeAttachments(tx, files!, id, attached.files);
    await remember(tx, program, "submission", submission._id, id);
    known.set(submission._id, id);
    added.submissions++;
  }
  return known;
}

/**
 * Reviews keep their ratings, sections and date; a review already there (same application and person) is
 * left as it is, and so are its comments. Notes of a section become comments on it; the review's own comments
 * go under the Final Rating (appVersion 1) or the first rated section — each with its own date.
 */
async function reviewsOf(
  tx: Transaction,
  program: ProgramRow,
  plan: ImportPlan,
  people: Map<string, string>,
  applications: Map<string, string>,
  added: ImportCounts,
) {
  const rated = plan.content.sections.filter((s) => s.sectionType === "Decision Criteria");
  const generalSection =
    plan.appVersion === LEGACY_APP_VERSION
      ? LEGACY_FINAL_SECTION_ID
      : (rated[0]?._id ?? LEGACY_FINAL_SECTION_ID);
  const reviewableIds = new Set(
    plan.file.submissions.filter((s) => s.submissionDate !== null && !s.softDeleted).map((s) => s._id),
  );
  for (const [i, review] of plan.file.reviews.entries()) {
    const applicationId = (review.applicationId ?? review.submissionId)!;
    const submissionId = applications.get(applicationId)!;
    const userId = people.get(review.userId)!;
    const lastReviewed = new Date(review.lastReviewed);
    const sections = plan.reviewSections[i]!;
    const [row] = await tx
      .insert(reviews)
      .values({
        organizationId: program.organizationId,
        programId: program.id,
        submissionId,
        userId,
        rating: review.rating,
        suggestedRating: plan.appVersion === 3 ? suggestedRatingOf(plan.content.sections, sections) : null,
        sections,
        // Ratings on drafts and tests are ignored: such a review is kept, never counted.
        startedAt: review.rating > NOT_RATED && reviewableIds.has(applicationId) ? lastReviewed : null,
        lastReviewed,
        createdAt: lastReviewed,
      })
      .onConflictDoNothing({ target: [reviews.submissionId, reviews.userId] })
      .returning({ id: reviews.id });
    if (!row) continue;
    added.reviews++;
    const comments = [
      ...review.questionList
        .filter((entry) => entry.notes !== undefined && entry.notes.trim() !== "")
        .map((entry) => ({
          sectionId: (entry.id ?? entry.sectionId)!,
          body: entry.notes!,
          at: lastReviewed,
        })),
      ...review.comments
        .filter((c) => c.value.trim() !== "")
        .map((c) => ({
          sectionId: generalSection,
          body: c.value,
          at: parseDate(c.lastReviewed) ?? lastReviewed,
        })),
    ];
    if (comments.length === 0) continue;
    await tx.insert(reviewComments).values(
      comments.map((c) => ({
        organizationId: program.organizationId,
        programId: program.id,
        submissionId,
        userId,
        sectionId: c.sectionId,
        body: c.body,
        createdAt: c.at,
        updatedAt: c.at,
      })),
    );
    added.comments += comments.length;
  }
}

async function rankingsOf(
  tx: Transaction,
  program: ProgramRow,
  plan: ImportPlan,
  people: Map<string, string>,
  applications: Map<string, string>,
  added: ImportCounts,
) {
  for (const ranking of plan.file.rankings) {
    const inserted = await tx
      .insert(rankings)
      .values({
        programId: program.id,
        userId: people.get(ranking.userId)!,
        organizationId: program.organizationId,
        applications: ranking.applications.map((a) => applications.get(a)!),
      })
      .onConflictDoNothing()
      .returning({ userId: rankings.userId });
    added.rankings += inserted.length;
  }
}

/** A zip's attachments, planned: for each application, the id it will have and each file's key. */
interface StoredAttachments {
  storage: FileStorage;
  archive: ZipArchive;
  byApplication: Map<
    string,
    { submissionId: string; files: { attachment: PlannedAttachment; key: string }[] }
  >;
  /** The keys written so far: removed again if the import fails. */
  written: string[];
}

function planAttachments(planned: PlannedAttachment[], storage: FileStorage, archive: ZipArchive) {
  const byApplication: StoredAttachments["byApplication"] = new Map();
  for (const attachment of planned) {
    let entry = byApplication.get(attachment.applicationId);
    if (!entry) {
      entry = { submissionId: randomUUID(), files: [] };
      byApplication.set(attachment.applicationId, entry);
    }
    // The layout of an applicant's upload (`grantUpload`): under the submission, a fresh id, a safe name.
    const key = `submissions/${entry.submissionId}/${randomUUID()}-${safeName(attachment.name)}`;
    entry.files.push({ attachment, key });
  }
  return { storage, archive, byApplication, written: [] } satisfies StoredAttachments;
}

/** Stores one new application's attachments and their rows; answers how many. */
async function storeAttachments(
  tx: Transaction,
  files: StoredAttachments,
  submissionId: string,
  planned: { attachment: PlannedAttachment; key: string }[],
) {
  for (const { attachment, key } of planned) {
    const bytes = await files.archive.read(attachment.entry);
    files.written.push(key);
    await files.storage.write("private", key, bytes, attachment.contentType);
    await tx.insert(submissionFiles).values({
      submissionId,
      questionId: attachment.questionId,
      key,
      name: attachment.name,
      size: bytes.byteLength,
      contentType: attachment.contentType,
    });
  }
  return planned.length;
}

/**
 * Checks the file, then imports it into the organization in one transaction (nothing written when anything
 * fails: a problem in the file, the plan's limits, an invitation-email limit).
 */
export async function importLegacyProgram(
  db: Db,
  organizationId: string,
  raw: unknown,
  sender: Sender,
): Promise<ImportResult> {
  const checked = checkLegacyFile(raw);
  if ("problems" in checked) throw new ImportRefused(checked.problems);
  return runImport(db, organizationId, checked.plan, sender, null);
}

/** The plan's file size: an attachment is held to what an applicant's upload is. */
async function maxFileBytesOf(db: Db, organizationId: string): Promise<number> {
  const [row] = await db
    .select({ mb: plans.maxFileSizeMB })
    .from(organizations)
    .innerJoin(plans, eq(plans.id, organizations.planId))
    .where(eq(organizations.id, organizationId));
  return (row?.mb ?? 0) * 1_048_576;
}

/**
 * Imports a zip of the program's JSON files and its attachments (received into the temporary file `path`):
 * the archive, the JSON and every attachment checked first, then the import's one transaction, which stores
 * the new applications' files through the storage driver. The keys about to be written are noted as pending
 * uploads first, and forgotten once the import is over: a file stored by an import that fails is removed at
 * once, and one left by a crash half-way is removed by the abandoned-uploads sweep (decision 023), as nothing
 * refers to it.
 */
export async function importLegacyZip(
  db: Db,
  storage: FileStorage,
  organizationId: string,
  path: string,
  sender: Sender,
): Promise<ImportResult> {
  const read = await readLegacyZip(path);
  if ("problems" in read) throw new ImportRefused(read.problems);
  const { zip } = read;
  try {
    const checked = checkLegacyFile(zip.raw);
    if ("problems" in checked) throw new ImportRefused(checked.problems);
    const attachments = await checkAttachments(checked.plan, zip, await maxFileBytesOf(db, organizationId));
    if ("problems" in attachments) throw new ImportRefused(attachments.problems);
    const files = planAttachments(attachments.planned, storage, zip.archive);
    const keys = [...files.byApplication.values()].flatMap((a) => a.files.map((f) => f.key));
    const expiresAt = new Date(Date.now() + PENDING_IMPORT_MS);
    for (let i = 0; i < keys.length; i += 500)
      await db
        .insert(pendingUploads)
        .values(keys.slice(i, i + 500).map((key) => ({ bucket: "private" as const, key, expiresAt })))
        .onConflictDoNothing();
    try {
      return await runImport(db, organizationId, checked.plan, sender, files);
    } catch (error) {
      for (const key of files.written) await storage.remove("private", key);
      throw error;
    } finally {
      for (let i = 0; i < keys.length; i += 500)
        await db
          .delete(pendingUploads)
          .where(
            and(eq(pendingUploads.bucket, "private"), inArray(pendingUploads.key, keys.slice(i, i + 500))),
          );
    }
  } finally {
    await zip.archive.close();
  }
}

/** How long an import's files count as pending: a crashed import's are swept after this (and the grace). */
const PENDING_IMPORT_MS = 60 * 60_000;

async function runImport(
  db: Db,
  organizationId: string,
  plan: ImportPlan,
  sender: Sender,
  files: StoredAttachments | null,
): Promise<ImportResult> {
  return db.transaction(async (tx) => {
    // Imports (and program creations) of one organization queue here: a file imported twice at once
    // finds, the second time, the program the first one recorded.
    await tx.execute(sql`select id from organizations where id = ${organizationId} for update`);
    const target = await programOf(tx, organizationId, plan, sender.actorUserId);
    const added: ImportCounts = {
      files: 0,
      submissions: 0,
      reviews: 0,
      comments: 0,
      reviewerGroups: 0,
      rankings: 0,
      membersAdded: 0,
      invited: 0,
    };
    const people = await peopleOf(tx, target.program, plan, sender, added);
    const groups = await groupsOf(tx, target.program, plan, people, added);
    const applications = await submissionsOf(tx, target, plan, people, groups, added, files);
    await reviewsOf(tx, target.program, plan, people, applications, added);
    await rankingsOf(tx, target.program, plan, people, applications, added);
    return {
      programId: target.program.id,
      appVersion: target.program.appVersion,
      created: target.created,
      added,
    };
  });
}
