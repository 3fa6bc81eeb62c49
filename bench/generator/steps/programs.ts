import { programs } from "../../../src/server/db/schema";
import { type GenerationStep, need } from "../context";
import { PROGRAM_KINDS, PROGRAM_TOPICS } from "../names";

/** The organization's programs; the last `archivedPrograms` of them are archived. */
export const programsStep: GenerationStep = {
  name: "programs",
  async run(ctx) {
    const organizationId = need(ctx.data.organizationId, "the organization");
    const createdBy = need(ctx.data.orgAdminId, "the organization admin");
    const { programs: count, archivedPrograms } = ctx.scale;
    // Distinct topics while they last, then a year suffix keeps names distinct for larger scales.
    const topics = ctx.random.sample(PROGRAM_TOPICS, count);
    const rows = Array.from({ length: count }, (_, i) => {
      const topic = topics[i] ?? `${ctx.random.pick(PROGRAM_TOPICS)} ${2000 + i}`;
      const archived = i >= count - archivedPrograms;
      const createdAt = ctx.random.dateBefore(ctx.anchor, 2 * 365);
      return {
        id: ctx.random.uuid(),
        organizationId,
        name: `${topic} ${ctx.random.pick(PROGRAM_KINDS)}`,
        archived,
        archivedAt: archived ? ctx.random.dateBefore(ctx.anchor, 90) : null,
        allowEdit: ctx.random.chance(0.5),
        reviewSettings: {
          // As the review program's (review-program.ts): the baseline knows name order only.
          candidateOrder: "name",
          enableStackedRankings: ctx.random.chance(0.3),
          showFinalRating: ctx.random.chance(0.5),
        },
        createdBy,
        createdAt,
        updatedAt: createdAt,
      } satisfies typeof programs.$inferInsert;
    });
    await ctx.insert(programs, rows);
    ctx.data.programs = rows.map((r) => ({ id: r.id, name: r.name, archived: r.archived }));
  },
};
