import type { QueryClient } from "@tanstack/react-query";
import { currentProgramQuery, userProgramsQuery } from "./current-program";
import { profileQuery, sessionQuery } from "./session";

/**
 * What a guarded page asks before anything of its own: who is signed in, their profile and, for everyone
 * but applicants, their current program and programs (the top bar's). Asked while the page's code loads,
 * each as soon as the answer it depends on is in, into the cache the page's hooks then read
 * (docs/decisions/048-signed-in-data-before-render.md). Failures are left for those hooks to handle.
 */
export async function prefetchSignedInData(queryClient: QueryClient): Promise<void> {
  await queryClient.prefetchQuery(sessionQuery);
  const userId = queryClient.getQueryData(sessionQuery.queryKey)?.id;
  if (userId === undefined) return;
  const profileOfUser = profileQuery(userId);
  await queryClient.prefetchQuery(profileOfUser);
  const profile = queryClient.getQueryData(profileOfUser.queryKey);
  if (profile === undefined || !profile.registered || profile.applicant) return;
  await Promise.all([
    queryClient.prefetchQuery(currentProgramQuery(userId)),
    queryClient.prefetchQuery(userProgramsQuery(userId)),
  ]);
}
