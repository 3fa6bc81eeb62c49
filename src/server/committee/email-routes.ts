import { createRouter } from "../http/router";

/** Placeholder until the routes land (issue 7). */
export const committeeEmailRoutes = createRouter();
