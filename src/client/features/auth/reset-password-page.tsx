import { useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { PublicPageFrame } from "../../components/public-page-frame";
import { notify } from "../../lib/notify";
import { InvalidResetLink } from "./invalid-reset-link";
import { NewPasswordStep } from "./new-password-step";
import { SignInCard } from "./sign-in-card";
import { SIGN_IN_TEXT } from "./sign-in-messages";

type ResetView = "newPassword" | "invalidLink" | "requestEmail";

/**
 * /reset-password: the sign-in card on its reset-email step, or, from the emailed link (?token=…), the
 * new-password form. better-auth sends ?error=INVALID_TOKEN when the link is stale.
 */
export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const token = searchParams.get("token");
  const [view, setView] = useState<ResetView>(() => {
    if (searchParams.get("error") !== null) return "invalidLink";
    return token !== null && token !== "" ? "newPassword" : "requestEmail";
  });

  if (view === "requestEmail") return <SignInCard initialStep="resetEmail" />;
  return (
    <PublicPageFrame>
      {view === "newPassword" && token !== null ? (
        <NewPasswordStep
          token={token}
          title="Choose a new password"
          submitLabel="Set new password"
          onPasswordSet={() => {
            notify(SIGN_IN_TEXT.passwordChanged);
            navigate("/login", { replace: true });
          }}
          onInvalidToken={() => setView("invalidLink")}
        />
      ) : (
        <InvalidResetLink onRequestNewLink={() => setView("requestEmail")} />
      )}
    </PublicPageFrame>
  );
}
