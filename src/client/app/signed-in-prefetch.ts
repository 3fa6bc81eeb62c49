import type { QueryClient } from "@tanstack/react-query";
import { matchPath } from "react-router";
import { canOpenRouteGroup, programOfPage } from "../../shared/authz";
import { actorFromProfile } from "../lib/actor";
import { currentProgramQuery, userProgramsQuery } from "../lib/current-program";
import { profileQuery, sessionQuery } from "../lib/session";
import { routeAt } from "./current-route";

/**
 * What a guarded page asks before anything of its own: who is signed in, their profile and, for everyone
 * but applicants, their current program and programs (the top bar's); beside those, once the profile says the
 * route guard will let the user in, the page's own first reads, where the page names them. Asked while the
 * page's code loads, each as soon as the answer it depends on is in, into the cache the page's hooks then read
 * (docs/decisions/048-signed-in-data-before-render.md). Failures are left for those hooks to handle.
 */
export async function prefetchSignedInData(
  queryClient: QueryClient,
  location: { pathname: string; search: string },
): Promise<void> {
  const route = routeAt(location.pathname);
  // The page's module is on its way already (named in its HTML): ready when its reads may start.
  const pageReads = route?.page.firstReads();
  pageReads?.catch(() => undefined);

  await queryClient.prefetchQuery(sessionQuery);
  const userId = queryClient.getQueryData(sessionQuery.queryKey)?.id;
  if (userId === undefined) return;
  const profileOfUser = profileQuery(userId);
  await queryClient.prefetchQuery(profileOfUser);
  const profile = queryClient.getQueryData(profileOfUser.queryKey);
  if (profile === undefined || !profile.registered) return;
  const programs = profile.applicant
    ? Promise.resolve()
    : Promise.all([
        queryClient.prefetchQuery(currentProgramQuery(userId)),
        queryClient.prefetchQuery(userProgramsQuery(userId)),
      ]);
  const currentProgram = async () => {
    await programs;
    if (profile.applicant) return null;
    return queryClient.getQueryData(currentProgramQuery(userId).queryKey)?.currentProgram ?? null;
  };
  if (route === null || pageReads === undefined) return void (await programs);

  // As the route guard decides, with the current program only where it does (admin pages): no read for a
  // page the user will not be shown.
  const params = matchPath(route.path, location.pathname)?.params ?? {};
  const actor = actorFromProfile(profile);
  const program = route.group === "ADMIN" ? await currentProgram() : null;
  if (!canOpenRouteGroup(actor, route.group, programOfPage(actor, params.programId, program))) {
    return void (await programs);
  }
  const firstReads = await pageReads.catch(() => undefined);
  await Promise.all([
    programs,
    firstReads?.({
      queryClient,
      userId,
      params,
      search: new URLSearchParams(location.search),
      currentProgram,
    }),
  ]);
}
