import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { type Actor, isProgramAdminRole } from "../../../shared/authz";
import { TOO_MANY_SIGN_IN_ATTEMPTS } from "../../../shared/messages";
import type { TwoFactorStatus } from "../../../shared/schemas/two-factor";
import { TWO_FACTOR_TEXT } from "../../../shared/schemas/two-factor-constants";
import { ApiError } from "../../lib/api-client";
import { lazySchemasOf } from "../../lib/lazy-schema";
import { userKeys } from "../../lib/query-keys";

// Loaded with the first status asked (docs/decisions/043-zod-off-the-first-paint.md).
const twoFactor = lazySchemasOf(() => import("../../../shared/schemas/two-factor"));

/**
 * better-auth's two-factor calls (its twoFactor plugin and our policy plugin, decision 015) as plain
 * same-origin requests, like lib/auth-requests.ts: better-auth's client would add its weight for a few
 * JSON calls. Their failures come in better-auth's shape, `{ code, message }`.
 */

export interface AuthAnswer<T> {
  data: T | null;
  error: { status: number; code: string | undefined; message: string | undefined } | null;
}

async function authCall<T>(method: "GET" | "POST", path: string, body?: unknown): Promise<AuthAnswer<T>> {
  const response = await fetch(`/api/auth${path}`, {
    method,
    credentials: "same-origin",
    headers:
      body === undefined
        ? { Accept: "application/json" }
        : { Accept: "application/json", "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json().catch(() => null)) as
    | (T & { code?: string; message?: string; error?: { code?: string; message?: string } })
    | null;
  if (response.ok) return { data: json, error: null };
  // better-auth answers { code, message }; the app's own checks (the origin check) { error: { code, message } }.
  const error = json?.error ?? json;
  return { data: null, error: { status: response.status, code: error?.code, message: error?.message } };
}

/** Step one of a sign-in. With 2FA on, a right password answers `twoFactor: true` and no session yet. */
export async function submitPassword(email: string, password: string) {
  const answer = await authCall<{ twoFactorRedirect?: boolean }>("POST", "/sign-in/email", {
    email,
    password,
  });
  return { error: answer.error, twoFactor: answer.data?.twoFactorRedirect === true };
}

/** Step two: the authenticator's code, or one of the backup codes. A session cookie comes with success. */
export function verifySignInCode(kind: "totp" | "backup", code: string) {
  return authCall<{ token: string }>(
    "POST",
    kind === "totp" ? "/two-factor/verify-totp" : "/two-factor/verify-backup-code",
    {
      code,
    },
  );
}

export function enableTwoFactor(password: string) {
  return authCall<{ totpURI: string; backupCodes: string[] }>("POST", "/two-factor/enable", { password });
}

/** Confirms the app during setup (the session's user); turns 2FA on and rotates the session cookie. */
export function confirmTwoFactor(code: string) {
  return authCall<{ token: string }>("POST", "/two-factor/verify-totp", { code });
}

export function disableTwoFactor(password: string) {
  return authCall<{ status: boolean }>("POST", "/two-factor/disable", { password });
}

export function regenerateBackupCodes(password: string) {
  return authCall<{ backupCodes: string[] }>("POST", "/two-factor/generate-backup-codes", { password });
}

export const twoFactorKey = (userId: string) => [...userKeys.all(userId), "twoFactor"] as const;

/** Whether the user has 2FA on and which organizations require it of them. */
export function useTwoFactorStatus(userId: string, { enabled = true } = {}) {
  return useQuery({
    queryKey: twoFactorKey(userId),
    queryFn: async (): Promise<TwoFactorStatus> => {
      const answer = await authCall<unknown>("GET", "/two-factor/requirement");
      if (answer.error) {
        const { status, code, message } = answer.error;
        throw new ApiError(status, code ?? "AUTH", message ?? "Could not load two-factor authentication");
      }
      return (await twoFactor("twoFactorStatusSchema").load()).parse(answer.data);
    },
    enabled,
  });
}

export function useRefreshTwoFactorStatus(userId: string): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(
    () => queryClient.invalidateQueries({ queryKey: twoFactorKey(userId) }),
    [queryClient, userId],
  );
}

/** Who may set up 2FA: an organization admin or an admin of a program (the server checks it too). */
export function holdsAdminRole(actor: Actor): boolean {
  return actor.adminOrganizationId !== null || actor.memberships.some((m) => isProgramAdminRole(m.role));
}

/** What to say about a failed code: the limits' 429, a wrong code, or a sign-in that has to start again. */
export function codeFailureMessage(
  kind: "totp" | "backup",
  error: { status: number; code: string | undefined; message: string | undefined },
): { message: string; startAgain: boolean } {
  if (error.status === 429) return { message: TOO_MANY_SIGN_IN_ATTEMPTS, startAgain: false };
  if (error.status >= 500)
    return {
      message: `Error signing in: ${error.message ?? "the server did not answer"}`,
      startAgain: false,
    };
  if (error.code === "INVALID_CODE") return { message: TWO_FACTOR_TEXT.wrongCode, startAgain: false };
  if (error.code === "INVALID_BACKUP_CODE")
    return { message: TWO_FACTOR_TEXT.wrongBackupCode, startAgain: false };
  // The pending sign-in expired (10 minutes) or used up its tries: only a new sign-in helps.
  if (error.code === "INVALID_TWO_FACTOR_COOKIE" || error.code === "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE")
    return { message: TWO_FACTOR_TEXT.challengeExpired, startAgain: true };
  return {
    message: kind === "totp" ? TWO_FACTOR_TEXT.wrongCode : TWO_FACTOR_TEXT.wrongBackupCode,
    startAgain: false,
  };
}

/** What to say when a call that asks for the password fails. */
export function passwordFailureMessage(error: {
  status: number;
  code: string | undefined;
  message: string | undefined;
}): string {
  if (error.code === "INVALID_PASSWORD") return TWO_FACTOR_TEXT.wrongPassword;
  if (error.status === 429) return "Too many attempts. Please wait a minute and try again.";
  return error.message ?? `Error: the server answered ${error.status}`;
}
