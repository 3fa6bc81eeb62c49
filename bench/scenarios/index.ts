import { assignListScenario } from "./assign-list";
import { candidateListScenario } from "./candidate-list";
import { candidateStatsScenario } from "./candidate-stats";
import { candidateViewScenario } from "./candidate-view";
import { healthScenario } from "./health";
import { signInScenario } from "./sign-in";
import type { Scenario } from "./types";
import { userProgramsScenario } from "./user-programs";

/**
 * Every scenario, in the order they run. Sign-in runs last: it is CPU-bound (scrypt) and adds a
 * session row per request, which the reads before it should not see. New scenarios go in their own
 * file in this folder and are added here.
 */
export const SCENARIOS: readonly Scenario[] = [
  healthScenario,
  userProgramsScenario,
  candidateListScenario,
  candidateViewScenario,
  assignListScenario,
  candidateStatsScenario,
  signInScenario,
];
