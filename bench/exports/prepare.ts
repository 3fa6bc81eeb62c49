import { randomBytes, randomUUID } from "node:crypto";
import { and, count, eq, isNotNull } from "drizzle-orm";
import { openDatabase } from "../../src/server/db/client";
import { forms, programs, submissionFiles, submissions, users } from "../../src/server/db/schema";
import type { FileStorage } from "../../src/server/files/storage";
import { createDefaultForm, publishForm } from "../../src/server/forms/service";
import type { Answer } from "../../src/shared/forms/answers";
import {
  defaultFormContent,
  IDENTIFIER_QUESTION_NAME,
  newCriterion,
  newQuestion,
  newSection,
} from "../../src/shared/forms/defaults";
import { type FormContent, formContentSchema } from "../../src/shared/forms/model";
import { ANCHOR } from "../generator";
import { BATCH_SIZE } from "../generator/batch-insert";
import { ORG_ADMIN_EMAIL } from "../generator/context";
import type { DatabaseTarget } from "../lib/target";

/**
 * The exports benchmark's own program (bench/README.md, "Exports":
 * "a program of 1,000 submissions with 3 attachments of 1 MB each"), made once in the bench organization and
 * kept: the next runs find it by name. The other benchmark parts leave it alone (the review-program lookup
 * and the form programs skip it by name).
 */
export const EXPORTS_PROGRAM_NAME = "Exports benchmark";
export const EXPORTS_SHAPE = { submissions: 1000, filesEach: 3, fileBytes: 1024 * 1024 } as const;

/** Where file n's bytes live in the private bucket: fixed names, so a regenerated data set reuses them. */
const fileKey = (n: number, f: number) => `bench-exports/${String(n).padStart(4, "0")}-${f + 1}.pdf`;

/** A short application form with a file question holding the three documents. */
function exportsFormContent(): FormContent {
  const admin = newSection("Admin Info", "Admin Info");
  admin.questions = [
    newQuestion("IDENTIFIER", IDENTIFIER_QUESTION_NAME),
    newQuestion("SHORT_ANSWER", "Organization"),
    newQuestion("PARAGRAPHS", "Summary of the project"),
    {
      ...newQuestion("FILE_UPLOAD", "Documents"),
      files: { maxFiles: EXPORTS_SHAPE.filesEach, fileType: "any" },
    },
  ];
  const merit = newSection("Merit", "Decision Criteria");
  merit.questions = [newQuestion("PARAGRAPHS", "Expected impact")];
  merit.criteria = [newCriterion("Impact")];
  return formContentSchema.parse({
    ...defaultFormContent(EXPORTS_PROGRAM_NAME),
    description: "The exports benchmark's form.",
    sections: [admin, merit],
  });
}

const PARAGRAPH = "A year of free activities for our neighbourhood, with volunteers and partners. ".repeat(
  25,
);

function answersOf(content: FormContent, identifier: string, fileIds: string[]): Answer[] {
  const texts = [identifier, `Association ${identifier}`, PARAGRAPH, "", PARAGRAPH.slice(0, 600)];
  return content.sections.flatMap((section) =>
    section.questions.map((question) => ({
      questionId: question._id,
      sectionId: section._id,
      type: question.type,
      answerString: question.type === "FILE_UPLOAD" ? "" : (texts.shift() ?? ""),
      answerArray: question.type === "FILE_UPLOAD" ? fileIds : [],
      answerMatrix: [],
    })),
  );
}

/**
 * Writes the files that are missing (or not 1 MB) in the private area of `storage` (our server's store:
 * DATA_DIR/files or the bucket STORAGE_URL names): 3 GB the first time for 1,000 submissions.
 */
async function ensureFiles(storage: FileStorage, submissionCount: number): Promise<number> {
  let written = 0;
  for (let n = 1; n <= submissionCount; n++) {
    for (let f = 0; f < EXPORTS_SHAPE.filesEach; f++) {
      const key = fileKey(n, f);
      if ((await storage.stat("private", key))?.size === EXPORTS_SHAPE.fileBytes) continue;
      await storage.write("private", key, randomBytes(EXPORTS_SHAPE.fileBytes), "application/pdf");
      written++;
    }
  }
  return written;
}

/**
 * The exports program with `submissionCount` submissions, made if it is not complete (or has another
 * count): its files go to `storage`, our server's store. Runs while no server holds the database.
 * Returns the program's id.
 */
export async function prepareExportsProgram(
  target: DatabaseTarget,
  storage: FileStorage,
  submissionCount: number = EXPORTS_SHAPE.submissions,
): Promise<string> {
  const started = performance.now();
  const written = await ensureFiles(storage, submissionCount);
  const database = await openDatabase(
    target.kind === "postgres" ? { databaseUrl: target.databaseUrl } : { dataDir: target.dataDir },
  );
  try {
    const { db } = database;
    // The server's migrations first: its tables as the server will see them.
    await database.migrate();
    const [admin] = await db
      .select({ id: users.id, organizationId: users.adminOrganizationId })
      .from(users)
      .where(eq(users.email, ORG_ADMIN_EMAIL));
    const organizationId = admin?.organizationId;
    if (!admin || !organizationId) throw new Error(`${ORG_ADMIN_EMAIL} administers no organization.`);

    const [existing] = await db
      .select({ id: programs.id })
      .from(programs)
      .where(and(eq(programs.organizationId, organizationId), eq(programs.name, EXPORTS_PROGRAM_NAME)));
    if (existing) {
      const [done] = await db
        .select({ n: count() })
        .from(submissionFiles)
        .innerJoin(submissions, eq(submissions.id, submissionFiles.submissionId))
        .where(and(eq(submissions.programId, existing.id), isNotNull(submissions.submissionDate)));
      if (done?.n === submissionCount * EXPORTS_SHAPE.filesEach) {
        if (written > 0) console.log(`  exports: ${written} missing files of the exports program rewritten.`);
        return existing.id;
      }
      // An interrupted preparation or another count: start again (the program's form, submissions and files cascade).
      await db.delete(programs).where(eq(programs.id, existing.id));
    }

    console.log(
      `  exports: creating "${EXPORTS_PROGRAM_NAME}" (${submissionCount} submissions × ` +
        `${EXPORTS_SHAPE.filesEach} files of 1 MB)…`,
    );
    const [program] = await db
      .insert(programs)
      .values({ organizationId, name: EXPORTS_PROGRAM_NAME, createdBy: admin.id })
      .returning();
    const content = exportsFormContent();
    await db.transaction((tx) => createDefaultForm(tx, program!, admin.id, content));
    const [form] = await db.select({ id: forms.id }).from(forms).where(eq(forms.programId, program!.id));
    await publishForm(db, form!.id, 0);

    // The submissions and their files in one transaction: all of them or none (then the next run redoes it).
    const fileQuestion = content.sections[0]!.questions[3]!._id;
    await db.transaction(async (tx) => {
      for (let start = 1; start <= submissionCount; start += BATCH_SIZE / 10) {
        const end = Math.min(submissionCount, start + BATCH_SIZE / 10 - 1);
        const submissionRows = [];
        const fileRows = [];
        for (let n = start; n <= end; n++) {
          const id = randomUUID();
          const identifier = `Exports candidate ${String(n).padStart(4, "0")}`;
          const files = Array.from({ length: EXPORTS_SHAPE.filesEach }, (_, f) => ({
            id: randomUUID(),
            submissionId: id,
            questionId: fileQuestion,
            key: fileKey(n, f),
            name: `document-${f + 1}.pdf`,
            size: EXPORTS_SHAPE.fileBytes,
            contentType: "application/pdf",
            createdAt: ANCHOR,
          }));
          fileRows.push(...files);
          submissionRows.push({
            id,
            organizationId,
            programId: program!.id,
            formId: form!.id,
            formVersion: 1,
            identifier,
            answers: answersOf(
              content,
              identifier,
              files.map((file) => file.id),
            ),
            submissionDate: ANCHOR,
            lastSaveDate: ANCHOR,
            createdAt: ANCHOR,
          });
        }
        await tx.insert(submissions).values(submissionRows);
        await tx.insert(submissionFiles).values(fileRows);
      }
    });
    console.log(
      `  exports: prepared in ${((performance.now() - started) / 1000).toFixed(1)} s (${written} files written).`,
    );
    return program!.id;
  } finally {
    await database.close();
  }
}
