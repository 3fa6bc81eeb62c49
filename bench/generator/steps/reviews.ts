import { rankings, reviewComments, reviews } from "../../../src/server/db/schema";
import { criteriaOverall, NOT_RATED, reviewerOrderKey } from "../../../src/shared/review/scoring";
import type { ReviewSection } from "../../../src/shared/schemas/reviews";
import { type GeneratedReview, type GenerationStep, type GeneratorContext, need } from "../context";
import { PROSE_WORDS } from "../names";

/** The organization rates in halves (its incrementTenths is 5), on the program's 5-point scale. */
const PROGRAM_SCALE = 5;
const clampToHalf = (value: number) => Math.min(5, Math.max(1, Math.round(value * 2) / 2));

function listIn(map: Map<string, string[]>, key: string): string[] {
  const list = map.get(key) ?? [];
  if (list.length === 0) map.set(key, list);
  return list;
}

/**
 * In one review program, each reviewer's reviews of `reviewsPerReviewer` candidates they see
 * (submitted, not tests; assigned to them, to a group of theirs, or to nobody): every criterion rated
 * around the candidate's quality and the reviewer's own harshness, the overall computed from the
 * weighted criteria as our server does.
 * A few reviews are partly rated and a few not started (every value -1). Then each submission's
 * review_count (started reviews), a comment on about one review in ten, and each reviewer's stacked
 * ranking: their rated candidates best first, filled up with other candidates they see, up to
 * `rankingLength`. Dates before the anchor: the runner deletes reviews created after it (by a run).
 */
async function generateReviews(ctx: GeneratorContext, review: GeneratedReview): Promise<void> {
  const organizationId = need(ctx.data.organizationId, "the organization");
  const scale = review.scale;
  const criteriaSections = review.content.sections.filter((s) => s.criteria.length > 0);
  const criteria = criteriaSections.flatMap((s) => s.criteria);

  const open: string[] = [];
  const byGroup = new Map<string, string[]>();
  const byReviewer = new Map<string, string[]>();
  const quality = new Map<string, number>();
  for (const candidate of review.candidates) {
    if (!candidate.reviewable) continue;
    quality.set(candidate.id, candidate.quality);
    if (candidate.groupId) listIn(byGroup, candidate.groupId).push(candidate.id);
    for (const userId of candidate.reviewers) listIn(byReviewer, userId).push(candidate.id);
    if (!candidate.groupId && candidate.reviewers.length === 0) open.push(candidate.id);
  }

  const reviewRows: (typeof reviews.$inferInsert)[] = [];
  const commentRows: (typeof reviewComments.$inferInsert)[] = [];
  const rankingRows: (typeof rankings.$inferInsert)[] = [];
  const [minReviews, maxReviews] = scale.reviewsPerReviewer;
  for (const userId of ctx.data.reviewerIds) {
    const visible = [...(byReviewer.get(userId) ?? []), ...open];
    for (const [groupId, members] of review.groups) {
      if (members.includes(userId)) visible.push(...(byGroup.get(groupId) ?? []));
    }
    const harshness = ctx.random.float() - 0.5;
    const rated: { id: string; rating: number }[] = [];
    for (const submissionId of ctx.random.sample(visible, ctx.random.int(minReviews, maxReviews))) {
      const roll = ctx.random.float();
      const notStarted = roll < 0.04;
      const partly = roll >= 0.04 && roll < 0.1;
      const target = quality.get(submissionId)! + harshness;
      const sections: ReviewSection[] = criteriaSections.map((section) => ({
        sectionId: section._id,
        rating: NOT_RATED,
        criteria: section.criteria.map((criterion) => ({
          criteriaId: criterion._id,
          type: criterion.type,
          value:
            notStarted || (partly && ctx.random.chance(0.5))
              ? NOT_RATED
              : criterion.type === "BOOLEAN"
                ? Number(ctx.random.chance(target / 5))
                : clampToHalf(target + (ctx.random.float() - 0.5) * 2),
        })),
      }));
      const rating = criteriaOverall(
        criteria,
        sections.flatMap((s) => s.criteria),
        PROGRAM_SCALE,
      );
      const lastReviewed = ctx.random.dateBefore(ctx.anchor, 30);
      const createdAt = new Date(lastReviewed.getTime() - ctx.random.int(0, 5 * 86_400_000));
      reviewRows.push({
        id: ctx.random.uuid(),
        organizationId,
        programId: review.programId,
        submissionId,
        userId,
        rating,
        // The overall is computed from the criteria (no override), so it is also the suggested rating.
        suggestedRating: rating > NOT_RATED ? rating : null,
        sections,
        startedAt: rating > NOT_RATED ? createdAt : null,
        lastReviewed,
        createdAt,
      });
      if (rating > NOT_RATED) rated.push({ id: submissionId, rating });
      if (rating > NOT_RATED && ctx.random.chance(0.1)) {
        commentRows.push({
          id: ctx.random.uuid(),
          organizationId,
          programId: review.programId,
          submissionId,
          userId,
          sectionId: ctx.random.pick(criteriaSections)._id,
          body: Array.from({ length: ctx.random.int(5, 25) }, () => ctx.random.pick(PROSE_WORDS)).join(" "),
          createdAt: lastReviewed,
          updatedAt: lastReviewed,
        });
      }
    }

    // Best first; ties in the reviewer's stable order, as our server breaks them.
    const byKey = (a: string, b: string) => reviewerOrderKey(userId, a) - reviewerOrderKey(userId, b);
    rated.sort((a, b) => b.rating - a.rating || byKey(a.id, b.id));
    const ranked = rated.slice(0, scale.rankingLength).map((r) => r.id);
    const ratedIds = new Set(rated.map((r) => r.id));
    const others = visible.filter((id) => !ratedIds.has(id));
    ranked.push(...ctx.random.sample(others, scale.rankingLength - ranked.length).sort(byKey));
    rankingRows.push({
      programId: review.programId,
      userId,
      organizationId,
      applications: ranked,
      topFiveChanged: ctx.random.chance(0.5),
      revision: ctx.random.int(1, 20),
      updatedAt: ctx.random.dateBefore(ctx.anchor, 10),
    });
  }

  await ctx.insert(reviews, reviewRows);
  await ctx.insert(reviewComments, commentRows);
  await ctx.insert(rankings, rankingRows);
  // Each candidate's review_count (its started reviews) is raised by the database as the generation commits:
  // a trigger on reviews inserted with started_at (src/server/db/sql/review-count.sql).
}

/** The reviews, comments and rankings of both review programs. */
export const reviewsStep: GenerationStep = {
  name: "reviews",
  async run(ctx) {
    for (const review of ctx.data.reviewPrograms) await generateReviews(ctx, review);
  },
};
