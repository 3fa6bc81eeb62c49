import { Navigate, useLocation } from "react-router";
import { homePathFor } from "../../shared/authz";
import { PageLoader } from "../components/page-loader";
import { useCurrentProgram } from "../lib/current-program";
import { forwardedNotice } from "../lib/redirect-notice";
import { hasName, useSession } from "../lib/session";

/**
 * /redirect: applicants to their portal, everyone else to their work in the current program (its admin
 * dashboard, or their candidates) or, without one, the programs page (docs/decisions/039-navigation-and-builder.md);
 * visitors (and accounts still needing first login) to the sign-in card. Why a redirect brought them here
 * travels on to the page they land on.
 */
export function HomeRedirectPage() {
  const session = useSession();
  const { state } = useLocation();
  const signedIn = session.status === "signedIn" && hasName(session.profile);
  const needsProgram = signedIn && !session.actor.applicant;
  const currentProgram = useCurrentProgram(needsProgram ? session.user.id : undefined);

  if (session.status === "loading" || session.status === "unavailable") return <PageLoader />;
  if (!signedIn) return <Navigate to="/login" replace state={forwardedNotice(state)} />;
  if (needsProgram && currentProgram.isPending) return <PageLoader />;
  return (
    <Navigate
      to={homePathFor(session.actor, currentProgram.data ?? null)}
      replace
      state={forwardedNotice(state)}
    />
  );
}
