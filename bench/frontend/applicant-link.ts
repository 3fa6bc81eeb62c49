import type { FormResult } from "../../src/shared/schemas/forms";
import type { ProgramListItem } from "../../src/shared/schemas/programs";
import type { ServerProcess } from "../runner/server-process";
import { signInUsers } from "../runner/sign-in";

/** The demo's program admin (src/server/demo/seed.ts), who may read the program's form and its links. */
const DEMO_PROGRAM_ADMIN = "admin@demo.test";

async function getJson<T>(server: ServerProcess, cookie: string, path: string): Promise<T> {
  const response = await fetch(`${server.baseUrl}${path}`, {
    headers: { cookie, origin: server.origin },
    signal: AbortSignal.timeout(10_000),
  });
  const text = await response.text();
  if (response.status !== 200)
    throw new Error(`GET ${path} answered ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

/**
 * The applicant link of the form the demo data publishes on a fresh database: the path an applicant
 * opens (/form/:linkId), found through the API as the demo's program admin.
 */
export async function demoApplicantFormPath(server: ServerProcess, demoPassword: string): Promise<string> {
  const [admin] = await signInUsers(server, [DEMO_PROGRAM_ADMIN], demoPassword);
  const { programs } = await getJson<{ programs: ProgramListItem[] }>(
    server,
    admin!.cookie,
    `/api/programs/all/${encodeURIComponent(admin!.userId)}`,
  );
  const program = programs.find((p) => !p.archived);
  if (!program) throw new Error("The demo data has no active program: is DEMO_DATA on, on a fresh DATA_DIR?");
  const { form } = await getJson<FormResult>(
    server,
    admin!.cookie,
    `/api/forms/program/${encodeURIComponent(program.id)}`,
  );
  const link = form.submissionLinks.at(-1);
  if (!link) throw new Error(`The demo form of "${program.name}" has no applicant link: is it published?`);
  return `/form/${encodeURIComponent(link._id)}`;
}
