import { eq, inArray } from "drizzle-orm";
import { SUBMISSION_TOKEN_HEADER } from "../../../../shared/schemas/submissions";
import { totpCode } from "../../../auth/test/totp";
import {
  CookieJar,
  enrolTwoFactor,
  forgetSpentTotpCodes,
  PENDING_SIGN_IN_COOKIE,
  SESSION_COOKIE,
  signInWithPassword,
} from "../../../auth/test/two-factor";
import { twoFactors, verifications } from "../../../db/schema";
import { buildUser } from "../../factories";
import type { Caller } from "../actors";
import { forbiddenFor, markersOf } from "../markers";
import type { World } from "../world";
import { OUTSIDE_FILES, type Outcome } from "./check";
import { type Endpoint, isAuthEndpoint } from "./endpoints";
import type { FuzzContext, PrivateText } from "./fuzzer";

/**
 * Who the fuzzer sends each request as: nobody (anonymous), and organization A's admin — the most
 * powerful caller, who reaches the deepest code. On better-auth's routes the admins are ones made for
 * them, since a fuzzed sign-out or revoke-sessions ends the session it is sent with: an admin without
 * two-factor authentication, one who has it on (signed in with the password and a code), and a sign-in
 * of another such admin waiting for its code (the password was right; only the `two_factor` cookie, no
 * session). After each answer that may have ended a session it is checked and, if gone, signed in
 * again (or the account replaced, should a fuzzed request ever change its password); two-factor
 * authentication turned off (a disable with the right password) is set up again; a waiting sign-in
 * whose tries are spent is started again, and an account locked by wrong codes unlocked.
 */
export async function fuzzCallers(world: World): Promise<{
  admin: Caller;
  callersFor: FuzzContext["callersFor"];
  afterRequest: FuzzContext["afterRequest"];
  privateTextFor: FuzzContext["privateTextFor"];
}> {
  const { t, A } = world;
  const { db } = t.deps;
  const asAdmin = (
    user: { id: string; email: string; name: string },
    cookie: string,
    label?: string,
  ): Caller => ({
    name: "orgAdmin",
    cookie,
    headers: {},
    user,
    reader: { org: "A", part: "orgAdmin" },
    ...(label ? { label: `${label} (${user.email})` } : {}),
  });
  const anonymous: Caller = { name: "anonymous", cookie: undefined, headers: {}, user: null, reader: null };
  const admin = asAdmin(A.people.orgAdmin, await t.signIn(A.people.orgAdmin.email));

  let made = 0;
  const newAdminAccount = async (kind: string) => {
    made += 1;
    const name = `Fuzz ${kind} ${made}`;
    const user = await buildUser(db, {
      name,
      email: `fuzz-${kind.replaceAll(" ", "-")}-${made}@matrix.test`,
      adminOrganizationId: A.org.id,
    });
    return { ...user, name };
  };

  // An admin without two-factor authentication.
  let authAdmin: Caller | null = null;
  const newAuthAdmin = async () => {
    const user = await newAdminAccount("auth admin");
    return asAdmin(user, await t.signIn(user.email), "an admin without two-factor authentication");
  };
  const keepAuthAdminSignedIn = async (outcome: Outcome) => {
    if (!authAdmin || outcome.status >= 400) return;
    if ((await sessionOf(authAdmin.cookie!)) !== null) return;
    try {
      authAdmin = { ...authAdmin, cookie: await t.signIn(authAdmin.user!.email) };
    } catch {
      authAdmin = await newAuthAdmin();
    }
  };

  // An admin with two-factor authentication on, signed in with the password and a code.
  let twoFactorAdmin: { caller: Caller; uri: string } | null = null;
  const withTwoFactor = async (user: { id: string; email: string; name: string }, plainCookie: string) => {
    const { uri, cookie } = await enrolTwoFactor(t, plainCookie);
    return { caller: asAdmin(user, cookie, "an admin with two-factor authentication on"), uri };
  };
  const newTwoFactorAdmin = async () => {
    const user = await newAdminAccount("2fa admin");
    return withTwoFactor(user, await t.signIn(user.email));
  };
  /** Signs in again: the password, then the app's code (or, were it turned off, sets it up again). */
  const signInTwoFactorAdmin = async ({ caller, uri }: { caller: Caller; uri: string }) => {
    const jar = new CookieJar();
    const password = await signInWithPassword(t, jar, caller.user!.email);
    if (password.status !== 200) throw new Error(`sign-in refused: ${JSON.stringify(password.body)}`);
    if (password.body?.twoFactorRedirect !== true) {
      return withTwoFactor(caller.user!, `${SESSION_COOKIE}=${jar.get(SESSION_COOKIE)}`);
    }
    // Each code is accepted once: this stands in for waiting for the app's next one.
    await forgetSpentTotpCodes(t, caller.user!.id);
    const code = await t.request("/api/auth/two-factor/verify-totp", {
      method: "POST",
      body: { code: totpCode(uri) },
      cookie: jar.header()!,
    });
    jar.take(code);
    if (code.status !== 200) throw new Error(`code refused: ${code.status} ${await code.text()}`);
    return { caller: { ...caller, cookie: `${SESSION_COOKIE}=${jar.get(SESSION_COOKIE)}` }, uri };
  };
  const keepTwoFactorAdminSignedIn = async (outcome: Outcome) => {
    if (!twoFactorAdmin || outcome.status >= 400) return;
    const session = await sessionOf(twoFactorAdmin.caller.cookie!);
    if (session?.user?.twoFactorEnabled === true) return;
    try {
      twoFactorAdmin =
        session === null
          ? await signInTwoFactorAdmin(twoFactorAdmin)
          : await withTwoFactor(twoFactorAdmin.caller.user!, twoFactorAdmin.caller.cookie!);
    } catch {
      twoFactorAdmin = await newTwoFactorAdmin();
    }
  };

  // A sign-in of another admin with two-factor authentication on, waiting for its code.
  let pending: { caller: Caller; user: { id: string; email: string }; identifier: string } | null = null;
  const newPendingSignIn = async (user: { id: string; email: string }) => {
    const jar = new CookieJar();
    const answer = await signInWithPassword(t, jar, user.email);
    const value = jar.get(PENDING_SIGN_IN_COOKIE);
    if (answer.body?.twoFactorRedirect !== true || !value || jar.has(SESSION_COOKIE)) {
      throw new Error(`no sign-in waiting for a code: ${JSON.stringify(answer.body)}`);
    }
    // The cookie's value is signed: "<the pending sign-in's identifier>.<signature>".
    const signed = decodeURIComponent(value);
    const caller: Caller = {
      ...anonymous,
      cookie: `${PENDING_SIGN_IN_COOKIE}=${value}`,
      label: `a sign-in waiting for its code (${user.email})`,
    };
    return { caller, user, identifier: signed.slice(0, signed.lastIndexOf(".")) };
  };
  const newPendingAdmin = async () => {
    const user = await newAdminAccount("2fa pending");
    await withTwoFactor(user, await t.signIn(user.email));
    return newPendingSignIn(user);
  };
  const keepSignInPending = async (outcome: Outcome) => {
    if (!pending) return;
    const { user, identifier } = pending;
    // Locked by wrong codes in a row (better-auth's lockout): unlocked, the lock having been answered.
    if (outcome.status === 429) {
      await db
        .update(twoFactors)
        .set({ failedVerificationCount: 0, lockedUntil: null })
        .where(eq(twoFactors.userId, user.id));
    }
    // Its tries spent (the sign-in deleted), or expired: the password again.
    const rows = await db
      .select({ identifier: verifications.identifier })
      .from(verifications)
      .where(inArray(verifications.identifier, [identifier, `2fa-attempts-${identifier}`]));
    if (rows.length < 2) pending = await newPendingSignIn(user);
  };

  async function sessionOf(cookie: string): Promise<{ user?: { twoFactorEnabled?: boolean } } | null> {
    const res = await t.request("/api/auth/get-session", { cookie });
    return (await res.json()) as { user?: { twoFactorEnabled?: boolean } } | null;
  }

  return {
    admin,
    callersFor: async (endpoint: Endpoint) => {
      if (!isAuthEndpoint(endpoint)) return [anonymous, admin];
      authAdmin ??= await newAuthAdmin();
      twoFactorAdmin ??= await newTwoFactorAdmin();
      pending ??= await newPendingAdmin();
      return [anonymous, authAdmin, twoFactorAdmin.caller, pending.caller];
    },
    afterRequest: async (endpoint: Endpoint, outcome: Outcome, caller: Caller) => {
      if (!isAuthEndpoint(endpoint)) return;
      if (caller === authAdmin) await keepAuthAdminSignedIn(outcome);
      else if (caller === twoFactorAdmin?.caller) await keepTwoFactorAdminSignedIn(outcome);
      else if (caller === pending?.caller) await keepSignInPending(outcome);
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
