import { useEffect, useState } from "react";
import { Navigate, useLocation, useSearchParams } from "react-router";
import { MESSAGES } from "../../../shared/messages";
import { PageLoader } from "../../components/page-loader";
import { PublicPageFrame } from "../../components/public-page-frame";
import { hasName, useSession, useSignOut } from "../../lib/session";
import { FirstLoginStep } from "./first-login-step";
import { LoginStep } from "./login-step";
import { postSignInPath } from "./post-sign-in-path";
import { ResetEmailStep } from "./reset-email-step";
import { ResetSentStep } from "./reset-sent-step";

/** The card's own steps; first login and "logged in" follow from the session instead. */
type CardStep = "login" | "resetEmail" | "resetSent";

/**
 * The sign-in card of /login and /reset-password. Signed-in users with a name are sent on (applicants to
 * their portal, others back where they came from); an account the product does not know is signed out.
 */
export function SignInCard({ initialStep }: { initialStep: "login" | "resetEmail" }) {
  const session = useSession();
  const signOut = useSignOut();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const [step, setStep] = useState<CardStep>(initialStep);
  // Invitation links carry the address: /login?email=…
  const [email, setEmail] = useState(searchParams.get("email") ?? "");
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    if (session.status !== "unregistered") return;
    setNotice(MESSAGES.notRegistered);
    setStep("login");
    void signOut();
  }, [session.status, signOut]);

  if (session.status === "loading") {
    return (
      <PublicPageFrame>
        <PageLoader />
      </PublicPageFrame>
    );
  }
  if (session.status === "signedIn") {
    if (!hasName(session.profile)) {
      return (
        <PublicPageFrame>
          <FirstLoginStep userId={session.user.id} />
        </PublicPageFrame>
      );
    }
    return <Navigate to={postSignInPath(session.actor, location.state)} replace />;
  }

  const backToLogin = () => setStep("login");
  return (
    <PublicPageFrame>
      {step === "login" && (
        <LoginStep
          email={email}
          onEmailChange={setEmail}
          onForgotPassword={() => setStep("resetEmail")}
          notice={notice}
        />
      )}
      {step === "resetEmail" && (
        <ResetEmailStep
          email={email}
          onEmailChange={setEmail}
          onSent={(sentTo) => {
            setEmail(sentTo);
            setStep("resetSent");
          }}
          onBack={backToLogin}
        />
      )}
      {step === "resetSent" && <ResetSentStep email={email} onBack={backToLogin} />}
    </PublicPageFrame>
  );
}
