import { and, eq, inArray, sql } from "drizzle-orm";
import {
  formLinks,
  forms,
  formVersions,
  programMembers,
  programs,
  reviewerGroupMembers,
  reviewerGroups,
} from "../../../src/server/db/schema";
import {
  type GeneratedProgram,
  type GeneratedReview,
  type GenerationStep,
  type GeneratorContext,
  need,
} from "../context";
import { reviewFormContent } from "../review-form";
import type { ReviewScale } from "../scales";

/**
 * The review programs: the first two active programs (in generation order) that the round trips and
 * the autosave benchmark leave alone. Those take the organization's first two active programs by name
 * and delete their forms before every run, which would take these programs' submissions with them
 * (submissions cascade from their form). Chosen in SQL, with the runner's order, because collations
 * do not sort names as JavaScript does.
 */
async function chooseReviewPrograms(ctx: GeneratorContext, organizationId: string) {
  const firstByName = await ctx.tx
    .select({ id: programs.id })
    .from(programs)
    .where(and(eq(programs.organizationId, organizationId), eq(programs.archived, false)))
    .orderBy(sql`lower(${programs.name})`, programs.id)
    .limit(2);
  const taken = new Set(firstByName.map((p) => p.id));
  const chosen = ctx.data.programs.filter((p) => !p.archived && !taken.has(p.id)).slice(0, 2);
  if (chosen.length < 2) throw new Error("The review programs need at least four active programs.");
  return chosen as [GeneratedProgram, GeneratedProgram];
}

/**
 * One review program: its published form (version 1, weighted criteria), every reviewer a REVIEWER
 * in it (some already had another role there), stacked rankings enabled, and its reviewer groups.
 */
async function setUpReviewProgram(
  ctx: GeneratorContext,
  program: GeneratedProgram,
  purpose: GeneratedReview["purpose"],
  scale: ReviewScale,
): Promise<GeneratedReview> {
  const organizationId = need(ctx.data.organizationId, "the organization");
  const orgAdminId = need(ctx.data.orgAdminId, "the organization admin");
  await ctx.tx
    .update(programs)
    .set({
      appVersion: 3,
      overrideFinalRating: false,
      // Name order: the baseline server (bench/baseline/reviewing.ts) has no copy of the members' shuffled
      // order (docs/decisions/037-per-reviewer-order.md), and the answer check compares the two.
      reviewSettings: { candidateOrder: "name", enableStackedRankings: true, showFinalRating: true },
    })
    .where(eq(programs.id, program.id));

  // Published a while before the anchor: the applications came in after it.
  const publishedAt = new Date(ctx.anchor.getTime() - 90 * 86_400_000);
  const formId = ctx.random.uuid();
  const content = reviewFormContent(`${program.name} application`, ctx.random);
  await ctx.insert(forms, [
    {
      id: formId,
      organizationId,
      programId: program.id,
      content,
      draft: false,
      revision: 1,
      publishedVersion: 1,
      createdBy: orgAdminId,
      lastEditedAt: publishedAt,
      createdAt: publishedAt,
      updatedAt: publishedAt,
    },
  ]);
  await ctx.insert(formVersions, [{ formId, version: 1, content, createdAt: publishedAt }]);
  // As publishing leaves them: the preview link closed, one applicant link open.
  const linkId = ctx.random.uuid();
  await ctx.insert(formLinks, [
    { id: ctx.random.uuid(), formId, kind: "preview", openAt: publishedAt, closeAt: publishedAt },
    { id: linkId, formId, kind: "submission", openAt: publishedAt, closeAt: null },
  ]);

  const reviewerIds = ctx.data.reviewerIds;
  const isReviewer = new Set(reviewerIds);
  await ctx.tx
    .update(programMembers)
    .set({ role: "REVIEWER" })
    .where(and(eq(programMembers.programId, program.id), inArray(programMembers.userId, reviewerIds)));
  const members = new Set(
    ctx.data.memberships.filter((m) => m.programId === program.id).map((m) => m.userId),
  );
  const joining = reviewerIds.filter((userId) => !members.has(userId));
  await ctx.insert(
    programMembers,
    joining.map((userId) => ({
      organizationId,
      programId: program.id,
      userId,
      role: "REVIEWER" as const,
      createdAt: ctx.random.dateBefore(publishedAt, 30),
    })),
  );
  ctx.data.memberships = [
    ...ctx.data.memberships.map((m) =>
      m.programId === program.id && isReviewer.has(m.userId) ? { ...m, role: "REVIEWER" as const } : m,
    ),
    ...joining.map((userId) => ({ programId: program.id, userId, role: "REVIEWER" as const })),
  ];

  const groups = new Map<string, string[]>();
  const groupRows = Array.from({ length: scale.groups }, (_, i) => {
    const id = ctx.random.uuid();
    groups.set(id, ctx.random.sample(reviewerIds, scale.groupMembers));
    return {
      id,
      organizationId,
      programId: program.id,
      name: `Panel ${i + 1}`,
      description: `Reviews the applications of area ${i + 1}`,
      createdAt: publishedAt,
    };
  });
  await ctx.insert(reviewerGroups, groupRows);
  await ctx.insert(
    reviewerGroupMembers,
    [...groups].flatMap(([groupId, userIds]) => userIds.map((userId) => ({ groupId, userId }))),
  );
  return {
    purpose,
    scale,
    programId: program.id,
    formId,
    formVersion: 1,
    linkId,
    content,
    groups,
    candidates: [],
  };
}

/** The review program (list, submission view, review saves) and the ranking program (500 candidates). */
export const reviewProgramsStep: GenerationStep = {
  name: "review programs",
  async run(ctx) {
    const organizationId = need(ctx.data.organizationId, "the organization");
    const [review, ranking] = await chooseReviewPrograms(ctx, organizationId);
    ctx.data.reviewPrograms = [
      await setUpReviewProgram(ctx, review, "review", ctx.scale.review),
      await setUpReviewProgram(ctx, ranking, "ranking", ctx.scale.ranking),
    ];
  },
};
