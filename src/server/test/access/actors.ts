import { SUBMISSION_TOKEN_HEADER } from "../../../shared/schemas/submissions";
import { enrolTwoFactor } from "../../auth/test/two-factor";
import { callApi } from "../factories";
import type { Reader } from "./markers";
import type { OrgKey, Person, RoleInOrg, World } from "./world";

/**
 * Everyone the matrix calls every route as (the roles of docs/reliability.md, "Access", the guest applicant
 * who holds a draft's token but has no account, and an admin held back by the organization's two-factor
 * requirement). All of them belong to organization A, except the admin of another organization, who is B's.
 */
export const ACTORS = [
  "anonymous",
  "guestApplicant",
  "owner",
  "otherApplicant",
  "guest",
  "assigned",
  "unassigned",
  "grouped",
  "adminReviewer",
  "programAdmin",
  "orgAdmin",
  "otherOrgAdmin",
  "withheldAdmin",
] as const;
export type ActorName = (typeof ACTORS)[number];

/** Who a call is made as: their session cookie, the headers they send and whose markers they may read. */
export interface Caller {
  name: ActorName;
  cookie: string | undefined;
  headers: Record<string, string>;
  user: Person | null;
  reader: { org: OrgKey; part: Reader } | null;
  /** How failure messages name a caller that is not simply the actor (the fuzzer's own accounts). */
  label?: string;
}

/** Each actor's organization and part; the two without an account have no session. */
const PARTS: Record<Exclude<ActorName, "anonymous" | "guestApplicant" | "otherOrgAdmin">, RoleInOrg> = {
  owner: "owner",
  otherApplicant: "otherApplicant",
  guest: "guest",
  assigned: "assigned",
  unassigned: "unassigned",
  grouped: "grouped",
  adminReviewer: "adminReviewer",
  programAdmin: "programAdmin",
  orgAdmin: "orgAdmin",
  withheldAdmin: "withheldAdmin",
};

/** A's admins who have set up two-factor authentication: all but the withheld one. */
const ENROLLED: readonly ActorName[] = ["adminReviewer", "programAdmin", "orgAdmin"];

/**
 * Signs every actor in (one session each, kept for the whole file). Organization A requires two-factor
 * authentication for its admins (docs/decisions/015-two-factor.md): its admins set it up and keep the
 * session that gives them, and its organization admin turns the requirement on, as Organization Settings
 * does; the withheld admin, an ADMIN of A's program who has not set it up, is left without its admin role.
 */
export async function signInActors(world: World): Promise<Record<ActorName, Caller>> {
  const { t, A } = world;
  const signedIn = async (name: ActorName, org: OrgKey, part: RoleInOrg): Promise<Caller> => {
    const user = world[org].people[part];
    return { name, cookie: await t.signIn(user.email), headers: {}, user, reader: { org, part } };
  };
  const callers: Partial<Record<ActorName, Caller>> = {
    anonymous: { name: "anonymous", cookie: undefined, headers: {}, user: null, reader: null },
    guestApplicant: {
      name: "guestApplicant",
      cookie: undefined,
      headers: { [SUBMISSION_TOKEN_HEADER]: A.draftToken },
      user: null,
      reader: { org: "A", part: "draftHolder" },
    },
    otherOrgAdmin: await signedIn("otherOrgAdmin", "B", "orgAdmin"),
  };
  for (const [name, part] of Object.entries(PARTS) as [ActorName, RoleInOrg][]) {
    callers[name] = await signedIn(name, "A", part);
  }
  for (const name of ENROLLED) {
    const caller = callers[name]!;
    callers[name] = { ...caller, cookie: (await enrolTwoFactor(t, caller.cookie!)).cookie };
  }
  const path = `/api/organizations/${A.org.id}/two-factor`;
  const required = await callApi(t, "PUT", path, callers.orgAdmin!.cookie, { required: true });
  if (required.status !== 200) throw new Error(`A's two-factor requirement not turned on: ${required.text}`);
  return callers as Record<ActorName, Caller>;
}
