import { randomUUID } from "node:crypto";
import { PDFDocument, StandardFonts } from "pdf-lib";
import type { Answer } from "../../shared/forms/answers";
import type { FormContent, Section } from "../../shared/forms/model";
import { NOT_RATED } from "../../shared/schemas/reviews";
import type { Db } from "../db/client";
import {
  reviewerGroupMembers,
  reviewerGroups,
  submissionFiles,
  submissionReviewerGroups,
  submissionReviewers,
  submissions,
} from "../db/schema";
import type { FileStorage } from "../files/storage";
import { findCandidate } from "../reviewing/candidates";
import { saveReview } from "../reviewing/review-service";

/** The demo committee's candidates besides Ann Applicant's: who applied, and to whom each is assigned. */
const DEMO_CANDIDATES = [
  { name: "Harbour Food Bank", email: "hello@harbourfood.test", areas: [2], assigned: "everyone" },
  { name: "Northside Seniors Choir", email: "choir@northside.test", areas: [0], assigned: "arts panel" },
  { name: "Green Corridors Collective", email: "team@greencorridors.test", areas: [1], assigned: "everyone" },
  // Only Ada reviews this one: Rita never sees it.
  { name: "Little Library Network", email: "books@littlelibrary.test", areas: [3], assigned: "ada" },
] as const;

interface DemoCandidateContext {
  program: { id: string; organizationId: string };
  form: { id: string; version: number; content: FormContent };
  linkId: string;
  reviewers: { rita: string; ada: string };
  /** Where the candidates' supporting documents go; without it they apply with none. */
  storage?: FileStorage;
}

/** A one-page PDF: a candidate's budget summary, as their supporting document. */
async function budgetPdf(candidate: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([595, 842]);
  page.drawText(`${candidate}: budget summary`, { x: 56, y: 770, size: 18, font });
  page.drawText("Materials 3,000 · Volunteers' expenses 1,200 · Venue 800", {
    x: 56,
    y: 740,
    size: 11,
    font,
  });
  return pdf.save();
}

/**
 * Submitted applications from four organizations (guests), one draft, a reviewer group with Rita in
 * it, and assignments that show every visibility rule: open to everyone, through a group, and to one
 * committee member only.
 */
export async function seedDemoCandidates(db: Db, ctx: DemoCandidateContext): Promise<void> {
  const [about, project, , budget] = ctx.form.content.sections as [Section, Section, Section, Section];
  const answer = (section: Section, n: number, patch: Partial<Answer>): Answer => ({
    questionId: section.questions[n]!._id,
    sectionId: section._id,
    type: section.questions[n]!.type,
    answerString: "",
    answerArray: [],
    answerMatrix: [],
    ...patch,
  });
  const answersOf = (c: (typeof DEMO_CANDIDATES)[number]) => [
    answer(about, 0, { answerString: c.name }),
    answer(about, 1, { answerString: c.email }),
    answer(project, 0, { answerString: `${c.name}: a year of free activities for our neighbourhood.` }),
    answer(project, 1, { answerArray: c.areas.map((i) => project.questions[1]!.x_options[i]!._id) }),
    answer(project, 2, { answerArray: [project.questions[2]!.x_options[1]!._id] }),
    answer(budget, 0, { answerMatrix: [{ id: "row-1", column_0: "Materials", column_1: "3000" }] }),
  ];
  const ids = await db.transaction(async (tx) => {
    const base = {
      organizationId: ctx.program.organizationId,
      programId: ctx.program.id,
      formId: ctx.form.id,
      formVersion: ctx.form.version,
      linkId: ctx.linkId,
      revision: 1,
    };
    const rows = await tx
      .insert(submissions)
      .values([
        ...DEMO_CANDIDATES.map((c) => ({
          ...base,
          answers: answersOf(c),
          identifier: c.name,
          submissionDate: new Date(),
        })),
        // A draft: admins see it in Admin Mode; nobody reviews it.
        {
          ...base,
          answers: [answer(about, 0, { answerString: "Unfinished Arts Hub" })],
          identifier: "Unfinished Arts Hub",
        },
      ])
      .returning({ id: submissions.id, identifier: submissions.identifier });
    const idOf = (name: string) => rows.find((r) => r.identifier === name)!.id;
    const [panel] = await tx
      .insert(reviewerGroups)
      .values({
        organizationId: ctx.program.organizationId,
        programId: ctx.program.id,
        name: "Arts panel",
        description: "Reviews the performing-arts applications",
      })
      .returning({ id: reviewerGroups.id });
    await tx.insert(reviewerGroupMembers).values({ groupId: panel!.id, userId: ctx.reviewers.rita });
    for (const c of DEMO_CANDIDATES) {
      if (c.assigned === "arts panel") {
        await tx
          .insert(submissionReviewerGroups)
          .values({ submissionId: idOf(c.name), groupId: panel!.id, programId: ctx.program.id });
      } else if (c.assigned === "ada") {
        await tx
          .insert(submissionReviewers)
          .values({ submissionId: idOf(c.name), userId: ctx.reviewers.ada, programId: ctx.program.id });
      }
    }
    return DEMO_CANDIDATES.map((c) => idOf(c.name));
  });
  if (ctx.storage) {
    // Each applied with a supporting document (the budget section's file question), stored like an upload.
    const fileQuestion = budget.questions.find((q) => q.type === "FILE_UPLOAD");
    for (const [i, c] of DEMO_CANDIDATES.entries()) {
      if (!fileQuestion) break;
      const bytes = await budgetPdf(c.name);
      const key = `submissions/${ids[i]}/${randomUUID()}-budget-summary.pdf`;
      await ctx.storage.write("private", key, bytes);
      await db.insert(submissionFiles).values({
        submissionId: ids[i]!,
        questionId: fileQuestion._id,
        key,
        name: "budget-summary.pdf",
        size: bytes.length,
        contentType: "application/pdf",
      });
    }
  }
  // Ada has reviewed three candidates already, so the admin figures are not empty.
  const [impact, feasibility, fits] = project.criteria;
  const [value] = budget.criteria;
  const scores: [number, number, number][] = [
    [5, 4, 4],
    [3, 4, 2],
    [4, 2, 3],
  ];
  for (const [i, [a, b, v]] of scores.entries()) {
    const { candidate } = await findCandidate(db, ctx.reviewers.ada, ids[i]!);
    await saveReview(db, candidate, ctx.reviewers.ada, {
      submissionId: candidate.id,
      sections: [
        {
          sectionId: project._id,
          rating: NOT_RATED,
          criteria: [
            { criteriaId: impact!._id, type: "SCALE", value: a },
            { criteriaId: feasibility!._id, type: "SCALE", value: b },
            { criteriaId: fits!._id, type: "BOOLEAN", value: 1 },
          ],
        },
        {
          sectionId: budget._id,
          rating: NOT_RATED,
          criteria: [{ criteriaId: value!._id, type: "SCALE", value: v }],
        },
      ],
    });
  }
}
