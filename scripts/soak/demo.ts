import { randomBytes } from "node:crypto";
import { benchServerEnv, type DatabaseTarget } from "../../bench/lib/target";
import type { BenchUser } from "../../bench/scenarios/types";
import type { FormResult } from "../../src/shared/schemas/forms";
import type { FormLinkResult } from "../../src/shared/schemas/submissions";
import type { UserProgram } from "../../src/shared/schemas/users";

/**
 * The demo data as the soak and the database-restart runs use it (scripts/soak, scripts/db-restart):
 * our server's benchmark environment (bench/lib/target.ts) with the demo program seeded, its accounts,
 * and the demo form's applicant link, found as scripts/chaos finds them.
 */

/** The demo accounts' password, set for the server so that it does not depend on the calling shell. */
export const DEMO_PASSWORD = "soak-demo-password";
export const DEMO_REVIEWERS = ["reviewer@demo.test", "adminreviewer@demo.test"] as const;
export const DEMO_DECIDER = "admin@demo.test";

/**
 * benchServerEnv (no sign-in limits, no client, warnings only, a fresh auth secret) with the demo
 * data on, which the server seeds only outside production. `dataDir` is DATA_DIR (uploads; PGlite's
 * folder under it for a PGlite target). A PGlite run clears a DATABASE_URL the calling shell may have.
 */
export function demoServerEnv(target: DatabaseTarget, dataDir: string): Record<string, string> {
  return {
    ...benchServerEnv(target, randomBytes(32).toString("hex")),
    ...(target.kind === "pglite" ? { DATABASE_URL: "" } : {}),
    DATA_DIR: dataDir,
    DEMO_DATA: "on",
    DEMO_PASSWORD,
    NODE_ENV: "development",
  };
}

/** Where our server listens and the origin it trusts (a bench ServerProcess, or scripts/chaos's server). */
export interface Endpoint {
  baseUrl: string;
  origin: string;
}

/** GET with a session cookie (or none), for the preparation: anything but a 200 stops the run. */
export async function getJson<T>(server: Endpoint, path: string, user?: BenchUser): Promise<T> {
  const response = await fetch(`${server.baseUrl}${path}`, {
    headers: { origin: server.origin, ...(user ? { cookie: user.cookie } : {}) },
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  if (response.status !== 200)
    throw new Error(`GET ${path} answered ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

export interface DemoProgram {
  programId: string;
  linkId: string;
  /** The published form as applicants get it from the link. */
  form: NonNullable<FormLinkResult["form"]>;
}

/** The demo program, its published form as applicants get it, and its applicant link. */
export async function demoProgram(server: Endpoint, admin: BenchUser): Promise<DemoProgram> {
  const { programs } = await getJson<{ programs: UserProgram[] }>(
    server,
    `/api/users/${admin.userId}/programs`,
    admin,
  );
  const program = programs.find((p) => !p.archived);
  if (!program) throw new Error(`${admin.email} has no active program: is the demo data on?`);
  const { form } = await getJson<FormResult>(server, `/api/forms/program/${program.id}`, admin);
  const link = form.submissionLinks.at(-1);
  if (!link) throw new Error("The demo form has no applicant link.");
  const opened = await getJson<FormLinkResult>(server, `/api/forms/link/${link._id}`);
  if (opened.availability !== "open" || !opened.form) {
    throw new Error(`The demo form's applicant link is ${opened.availability}.`);
  }
  return { programId: program.id, linkId: link._id, form: opened.form };
}
