import { Navigate } from "react-router";
import { PageLoader } from "../../components/page-loader";
import { PublicPageFrame } from "../../components/public-page-frame";
import type { SignedInSession } from "../../lib/signed-in-session";
import { holdsAdminRole, useTwoFactorStatus } from "./two-factor-api";
import { ACCOUNT_SETTINGS_PATH } from "./two-factor-setup-path";

/**
 * Where a signed-in user goes from the sign-in card: `to`, except for an admin whose organization requires
 * two-factor authentication they have not set up — straight to the account settings page to set it up
 * (until then every admin-only call would answer 403). Others never wait for the extra request.
 */
export function SignedInRedirect({ session, to }: { session: SignedInSession; to: string }) {
  const admin = holdsAdminRole(session.actor);
  const status = useTwoFactorStatus(session.user.id, { enabled: admin });
  if (admin && status.isPending) {
    return (
      <PublicPageFrame>
        <PageLoader />
      </PublicPageFrame>
    );
  }
  // Could not say: the admin pages' own 403 sends them to the setup page if it comes to that.
  const mustSetUp =
    admin && status.data !== undefined && !status.data.enabled && status.data.requiredBy.length > 0;
  return <Navigate to={mustSetUp ? ACCOUNT_SETTINGS_PATH : to} replace />;
}
