import { Suspense, useEffect, useState } from "react";
import { useLocation, useSearchParams } from "react-router";
import { MESSAGES } from "../../../shared/messages";
import { PageLoader } from "../../components/page-loader";
import { PublicPageFrame } from "../../components/public-page-frame";
import { HoldFirstScreen } from "../../first-paint/first-screen";
import { lazyComponent } from "../../lib/lazy-component";
import { hasName, useSession, useSignOut } from "../../lib/session";
import { FirstLoginStep } from "./first-login-step";
import { LoginStep } from "./login-step";
import { postSignInPath } from "./post-sign-in-path";
import { ResetEmailStep } from "./reset-email-step";
import { ResetSentStep } from "./reset-sent-step";
import { readSignInLink, withoutInvitation } from "./sign-in-link";
import { SignedInRedirect } from "./signed-in-redirect";
import { TwoFactorStep } from "./two-factor-step";

/**
 * Only an invitation's link shows it: fetched then, with its form's schemas, not with every sign-in
 * (docs/decisions/043-zod-off-the-first-paint.md).
 */
const InvitationCard = lazyComponent(
  () => import("./invitation-card"),
  (module) => module.InvitationCard,
);

/** The card's own steps; first login and "logged in" follow from the session instead. */
type CardStep = "invitation" | "login" | "twoFactor" | "resetEmail" | "resetSent";

/**
 * The sign-in card of /login and /reset-password. Signed-in users with a name are sent on (applicants to
 * their portal, others back where they came from); an account the product does not know is signed out.
 */
export function SignInCard({ initialStep }: { initialStep: "login" | "resetEmail" }) {
  const session = useSession();
  const signOut = useSignOut();
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  // Emailed links carry the address, and an invitation's its token (decision 019).
  const [link] = useState(() => readSignInLink(searchParams));
  const [step, setStep] = useState<CardStep>(
    initialStep === "login" && link.invitationToken !== null ? "invitation" : initialStep,
  );
  const [email, setEmail] = useState(link.email);
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    // An invitation is answered by an account the product may not know yet (it has no program).
    if (session.status !== "unregistered" || step === "invitation") return;
    setNotice(MESSAGES.notRegistered);
    setStep("login");
    void signOut();
  }, [session.status, signOut, step]);

  if (session.status === "loading") {
    // The page's first screen (its heading) stays meanwhile, on /login (first-paint/first-screen.ts).
    return (
      <HoldFirstScreen>
        <PublicPageFrame>
          <PageLoader />
        </PublicPageFrame>
      </HoldFirstScreen>
    );
  }
  // Answered or unusable, the invitation leaves the address bar: a reload shows the login step.
  const leaveInvitation = (message: string | null) => {
    setNotice(message);
    setStep("login");
    setSearchParams(withoutInvitation(searchParams), { replace: true });
  };
  if (step === "invitation" && link.invitationToken !== null) {
    return (
      <PublicPageFrame>
        <Suspense fallback={<PageLoader />}>
          <InvitationCard token={link.invitationToken} session={session} onDone={leaveInvitation} />
        </Suspense>
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
    return <SignedInRedirect session={session} to={postSignInPath(session.actor, location.state)} />;
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
          onTwoFactor={() => {
            setNotice(null);
            setStep("twoFactor");
          }}
        />
      )}
      {step === "twoFactor" && (
        <TwoFactorStep
          onStartAgain={(message) => {
            setNotice(message);
            setStep("login");
          }}
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
