import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import type { Actor } from "../../shared/authz";
import type { UserProfile } from "../../shared/schemas/users";
import { actorFromProfile } from "./actor";
import { ApiError, apiGet, apiPath } from "./api-client";
import { type AuthFailure, fetchAuthSession, signOutOfSession } from "./auth-requests";
import { lazySchemasOf } from "./lazy-schema";
import { sessionKey, userKeys } from "./query-keys";

// Loaded with the first profile asked (docs/decisions/043-zod-off-the-first-paint.md).
const users = lazySchemasOf(() => import("../../shared/schemas/users"));

export interface AuthUser {
  id: string;
  email: string;
  name: string;
}

/**
 * Where the visitor stands. "unregistered" is a valid better-auth account that the product does not know:
 * the sign-in card tells them so and signs them out. "unavailable" means the server failed to say; the query
 * client is already opening the error page, so guards must not send the visitor to the sign-in card meanwhile.
 */
export type Session =
  | { status: "loading" }
  | { status: "unavailable" }
  | { status: "signedOut" }
  | { status: "unregistered"; user: AuthUser }
  | { status: "signedIn"; user: AuthUser; profile: UserProfile; actor: Actor };

async function fetchAuthUser(): Promise<AuthUser | null> {
  try {
    return await fetchAuthSession();
  } catch (failure) {
    const { status, code, message } = failure as AuthFailure;
    throw new ApiError(status, code ?? "AUTH", message ?? "Could not load the session");
  }
}

function fetchUserProfile(userId: string): Promise<UserProfile> {
  return apiGet(apiPath`/api/users/${userId}`, users("userProfileSchema"));
}

export const sessionQuery = queryOptions({ queryKey: sessionKey, queryFn: fetchAuthUser });

export function profileQuery(userId: string) {
  return queryOptions({ queryKey: userKeys.profile(userId), queryFn: () => fetchUserProfile(userId) });
}

export function useSession(): Session {
  const authUser = useQuery(sessionQuery);
  const userId = authUser.data?.id;
  const profile = useQuery({ ...profileQuery(userId ?? ""), enabled: userId !== undefined });

  if (authUser.isPending) return { status: "loading" };
  if (!authUser.data) return { status: "signedOut" };
  const user = authUser.data;
  if (profile.isPending) return { status: "loading" };
  if (profile.isError) {
    // A profile the server cannot find is an account the product does not know.
    if (profile.error instanceof ApiError && profile.error.status === 404)
      return { status: "unregistered", user };
    return { status: "signedOut" };
  }
  if (!profile.data.registered) return { status: "unregistered", user };
  return { status: "signedIn", user, profile: profile.data, actor: actorFromProfile(profile.data) };
}

/** An account without a name has not finished first login: the sign-in card asks for it before anything else. */
export function hasName(profile: UserProfile): boolean {
  return profile.name.trim() !== "";
}

/** Ends the better-auth session and forgets everything cached about the user. */
export function useSignOut(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await signOutOfSession();
    queryClient.setQueryData(sessionKey, null);
    queryClient.removeQueries({ queryKey: ["users"] });
  }, [queryClient]);
}

/** After a sign-in, reload the session so every guard and card sees the new user. */
export function useRefreshSession(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: sessionKey }), [queryClient]);
}
