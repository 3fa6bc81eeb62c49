import { Navigate } from "react-router";
import { homePathFor } from "../../shared/authz";
import { PageLoader } from "../components/page-loader";
import { hasName, useSession } from "../lib/session";

/**
 * /redirect: applicants to their portal, everyone else to the programs page; visitors (and accounts still
 * needing first login) to the sign-in card.
 */
export function HomeRedirectPage() {
  const session = useSession();
  if (session.status === "loading" || session.status === "unavailable") return <PageLoader />;
  if (session.status === "signedIn" && hasName(session.profile))
    return <Navigate to={homePathFor(session.actor)} replace />;
  return <Navigate to="/login" replace />;
}
