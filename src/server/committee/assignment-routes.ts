import { createRouter } from "../http/router";

/** Placeholder until the routes land (issue 7). */
export const assignmentRoutes = createRouter();
export const submissionAssignmentRoutes = createRouter();
export const reviewerGroupRoutes = createRouter();
