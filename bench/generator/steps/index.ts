import type { GenerationStep } from "../context";
import { membershipsStep } from "./memberships";
import { organizationStep } from "./organization";
import { plansStep } from "./plans";
import { programsStep } from "./programs";
import { reviewCandidatesStep } from "./review-candidates";
import { reviewProgramsStep } from "./review-program";
import { reviewsStep } from "./reviews";
import { usersStep } from "./users";

/**
 * The generation steps, in order; each builds on what the earlier ones left in `ctx.data`.
 * Later tables are added as new steps at the end of this list.
 */
export const GENERATION_STEPS: readonly GenerationStep[] = [
  plansStep,
  organizationStep,
  usersStep,
  programsStep,
  membershipsStep,
  reviewProgramsStep,
  reviewCandidatesStep,
  reviewsStep,
];
