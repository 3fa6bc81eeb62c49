import type { Scenario } from "./types";

/** The floor: routing, one trivial query and a tiny JSON answer, no session. */
export const healthScenario: Scenario = {
  name: "health",
  description: 'GET /api/health: one `select 1`, answers {"ok":true}',
  method: "GET",
  path: () => "/api/health",
  signedIn: false,
  expectStatus: 200,
  baseline: {
    pattern: /^\/api\/health$/,
    async handle(_request, { sql }) {
      await sql.query("select 1");
      return { status: 200, body: { ok: true } };
    },
  },
};
