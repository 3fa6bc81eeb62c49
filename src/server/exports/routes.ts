import { createRouter } from "../http/router";

/** Placeholder until the routes land (issue 8). */
export const exportRoutes = createRouter();
