import { SUBMISSION_TOKEN_HEADER } from "../../../shared/schemas/submissions";
import { buildUser } from "../../test/factories";
import type { Caller } from "../actors";
import { forbiddenFor, markersOf } from "../markers";
import type { World } from "../world";
import { OUTSIDE_FILES, type Outcome } from "./check";
import { type Endpoint, isAuthEndpoint } from "./endpoints";
import type { FuzzContext, PrivateText } from "./fuzzer";

/**
 * Who the fuzzer sends each request as: nobody (anonymous), and organization A's admin — the most
 * powerful caller, who reaches the deepest code. On better-auth's routes the admin is one made for
 * them, since a fuzzed sign-out or revoke-sessions ends the session it is sent with: after each answer
 * that may have ended it, the session is checked and, if gone, signed in again (or the account
 * replaced, should a fuzzed request ever change its password).
 */
export async function fuzzCallers(world: World): Promise<{
  admin: Caller;
  callersFor: FuzzContext["callersFor"];
  afterRequest: FuzzContext["afterRequest"];
  privateTextFor: FuzzContext["privateTextFor"];
}> {
  const { t, A } = world;
  const asAdmin = (user: { id: string; email: string; name: string }, cookie: string): Caller => ({
    name: "orgAdmin",
    cookie,
    headers: {},
    user,
    reader: { org: "A", part: "orgAdmin" },
  });
  const anonymous: Caller = { name: "anonymous", cookie: undefined, headers: {}, user: null, reader: null };
  const admin = asAdmin(A.people.orgAdmin, await t.signIn(A.people.orgAdmin.email));

  let made = 0;
  let authAdmin: Caller | null = null;
  const newAuthAdmin = async () => {
    made += 1;
    const name = `Fuzz auth admin ${made}`;
    const user = await buildUser(t.deps.db, {
      name,
      email: `fuzz-auth-admin-${made}@matrix.test`,
      adminOrganizationId: A.org.id,
    });
    return asAdmin({ ...user, name }, await t.signIn(user.email));
  };
  const keepAuthAdminSignedIn = async (outcome: Outcome) => {
    if (!authAdmin || outcome.status >= 400) return;
    const session = await t.request("/api/auth/get-session", { cookie: authAdmin.cookie! });
    if ((await session.text()) !== "null") return;
    try {
      authAdmin = { ...authAdmin, cookie: await t.signIn(authAdmin.user!.email) };
    } catch {
      authAdmin = await newAuthAdmin();
    }
  };

  return {
    admin,
    callersFor: async (endpoint: Endpoint) => {
      if (!isAuthEndpoint(endpoint)) return [anonymous, admin];
      authAdmin ??= await newAuthAdmin();
      return [anonymous, authAdmin];
    },
    afterRequest: async (endpoint: Endpoint, outcome: Outcome) => {
      if (isAuthEndpoint(endpoint)) await keepAuthAdminSignedIn(outcome);
    },
    privateTextFor: privateText(world),
  };
}

/**
 * What an answer may hold and may not, by the access matrix's markers (markers.ts): nothing of
 * organization B for anyone, nothing private at all for the anonymous caller — but the guest's draft
 * when the request carries its token — and no file from outside the app's storage. The development
 * mailbox shows everything by design (the matrix's reason) and is searched for outside files only.
 */
function privateText(world: World): FuzzContext["privateTextFor"] {
  const markers = markersOf(world);
  const cache = new Map<string, PrivateText>();
  const forReader = (reader: Caller["reader"]) => {
    const key = reader ? `${reader.org}:${reader.part}` : "nobody";
    if (!cache.has(key)) {
      const forbidden = forbiddenFor(markers, reader);
      const readable = markers.map((m) => m.text).filter((text) => !forbidden.includes(text));
      cache.set(key, { readable, forbidden: [...forbidden, ...OUTSIDE_FILES] });
    }
    return cache.get(key)!;
  };
  return (caller, request, endpoint) => {
    if (endpoint.bases.every((b) => b.noMarkerSearch)) return { readable: [], forbidden: OUTSIDE_FILES };
    const holdsDraftToken = request.headers[SUBMISSION_TOKEN_HEADER] === world.A.draftToken;
    if (caller.user === null && holdsDraftToken) return forReader({ org: "A", part: "draftHolder" });
    return forReader(caller.reader);
  };
}
