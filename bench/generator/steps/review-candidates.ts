import { submissionReviewerGroups, submissionReviewers, submissions } from "../../../src/server/db/schema";
import type { DecisionStatus } from "../../../src/shared/schemas/reviews";
import { BATCH_SIZE } from "../batch-insert";
import {
  type GeneratedCandidate,
  type GeneratedReview,
  type GenerationStep,
  type GeneratorContext,
  need,
} from "../context";
import { LAST_NAMES, ORGANIZATION_KINDS, PROGRAM_TOPICS } from "../names";
import { applicationAnswers } from "../review-form";

type Kind = "submitted" | "draft" | "test";

const STATUS_WEIGHTS: readonly (readonly [DecisionStatus, number])[] = [
  ["pending", 80],
  ["approved", 12],
  ["disapproved", 8],
];

/**
 * A review program's applications: submitted ones (the candidates), a few drafts and tests (admins
 * only), each with every question answered on form version 1. Of the submitted ones, `directShare`
 * get 3–5 direct reviewers, `groupShare` one reviewer group, the rest nobody (open to the whole
 * committee). The first applications belong to the applicant accounts (one each), the others to
 * guests. Generated and inserted a batch at a time: ten thousand answer documents are about 110 MB
 * of JSON.
 */
async function generateCandidates(ctx: GeneratorContext, review: GeneratedReview): Promise<void> {
  const organizationId = need(ctx.data.organizationId, "the organization");
  const scale = review.scale;
  const kinds: Kind[] = [
    ...Array.from({ length: scale.submissions }, () => "submitted" as const),
    ...Array.from({ length: scale.drafts }, () => "draft" as const),
    ...Array.from({ length: scale.tests }, () => "test" as const),
  ];
  const groupIds = [...review.groups.keys()];
  const [minDirect, maxDirect] = scale.directReviewers;
  const candidates: GeneratedCandidate[] = [];

  for (let start = 0; start < kinds.length; start += BATCH_SIZE) {
    const rows: (typeof submissions.$inferInsert)[] = [];
    const direct: (typeof submissionReviewers.$inferInsert)[] = [];
    const grouped: (typeof submissionReviewerGroups.$inferInsert)[] = [];
    kinds.slice(start, start + BATCH_SIZE).forEach((kind, offset) => {
      const serial = start + offset + 1;
      const id = ctx.random.uuid();
      const identifier = `${ctx.random.pick(LAST_NAMES)} ${ctx.random.pick(PROGRAM_TOPICS)} ${ctx.random.pick(ORGANIZATION_KINDS)}`;
      const lastSaveDate = ctx.random.dateBefore(ctx.anchor, 60);
      const status = kind === "submitted" ? ctx.random.weighted(STATUS_WEIGHTS) : "pending";
      rows.push({
        id,
        organizationId,
        programId: review.programId,
        formId: review.formId,
        formVersion: review.formVersion,
        linkId: review.linkId,
        userId: ctx.data.applicantIds[serial - 1] ?? null,
        answers: applicationAnswers(review.content, ctx.random, { identifier, serial }),
        identifier,
        submissionDate: kind === "submitted" ? lastSaveDate : null,
        lastSaveDate,
        revision: ctx.random.int(1, 30),
        softDeleted: kind === "test",
        status,
        amountCents:
          status === "approved" || ctx.random.chance(0.2) ? ctx.random.int(10, 500) * 10_000 : null,
        createdAt: new Date(lastSaveDate.getTime() - ctx.random.int(0, 10 * 86_400_000)),
      });
      const candidate: GeneratedCandidate = {
        id,
        reviewable: kind === "submitted",
        reviewers: [],
        groupId: null,
        quality: 1 + 4 * ctx.random.float(),
      };
      if (kind === "submitted") {
        const roll = ctx.random.float();
        if (roll < scale.directShare) {
          candidate.reviewers = ctx.random.sample(ctx.data.reviewerIds, ctx.random.int(minDirect, maxDirect));
          for (const userId of candidate.reviewers) {
            direct.push({ submissionId: id, userId, programId: review.programId });
          }
        } else if (roll < scale.directShare + scale.groupShare && groupIds.length > 0) {
          candidate.groupId = ctx.random.pick(groupIds);
          grouped.push({ submissionId: id, groupId: candidate.groupId, programId: review.programId });
        }
      }
      candidates.push(candidate);
    });
    await ctx.insert(submissions, rows);
    await ctx.insert(submissionReviewers, direct);
    await ctx.insert(submissionReviewerGroups, grouped);
  }
  review.candidates = candidates;
}

/** The applications of both review programs. */
export const reviewCandidatesStep: GenerationStep = {
  name: "review candidates",
  async run(ctx) {
    for (const review of ctx.data.reviewPrograms) await generateCandidates(ctx, review);
  },
};
