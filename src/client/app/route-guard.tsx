import type { ReactNode } from "react";
import { Navigate, useLocation, useParams } from "react-router";
import { canOpenRouteGroup, programOfPage, type RouteGroup } from "../../shared/authz";
import { PageLoader } from "../components/page-loader";
import { useCurrentProgram } from "../lib/current-program";
import { redirectNoticeState } from "../lib/redirect-notice";
import { hasName, useSession } from "../lib/session";
import { SignedInSessionProvider } from "../lib/signed-in-session";

/**
 * The client half of the route groups: unauthenticated visitors go to the sign-in card (which brings them
 * back afterwards), signed-in users without the right go to "/", and the page they end on names the address
 * they may not open (docs/decisions/039-navigation-and-builder.md). The server still checks every call.
 */
export function RouteGuard({
  group,
  pending = <PageLoader />,
  children,
}: {
  group: RouteGroup;
  /** Shown while the session (or an admin page's current program) is loading. */
  pending?: ReactNode;
  children: ReactNode;
}) {
  const session = useSession();
  const location = useLocation();
  // The form builder names its program in the address: it may be another than the current one.
  const { programId } = useParams();
  // Only ADMIN routes depend on the current program; other groups need not wait for it.
  const needsCurrentProgram = group === "ADMIN" && session.status === "signedIn" && !session.actor.applicant;
  const currentProgram = useCurrentProgram(needsCurrentProgram ? session.user.id : undefined);

  if (session.status === "loading" || session.status === "unavailable") return pending;
  if (session.status !== "signedIn" || !hasName(session.profile)) {
    return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  }
  if (needsCurrentProgram && currentProgram.isPending) return pending;
  const program = programOfPage(session.actor, programId, currentProgram.data ?? null);
  if (!canOpenRouteGroup(session.actor, group, program)) {
    const path = location.pathname + location.search;
    return <Navigate to="/" replace state={redirectNoticeState({ reason: "forbidden", path })} />;
  }
  return <SignedInSessionProvider session={session}>{children}</SignedInSessionProvider>;
}
