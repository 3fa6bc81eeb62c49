import { signInWithPassword } from "../../lib/auth-requests";
import { useRefreshSession } from "../../lib/session";
import { NewPasswordStep } from "./new-password-step";

interface InvitationPasswordStepProps {
  email: string;
  token: string;
  /** The password is set but signing in with it failed: the person logs in by hand. */
  onSignInFailed: () => void;
  /** The token was refused (expired, already used). */
  onInvalidToken: () => void;
}

/**
 * The first step of an invitation link: an invited person has no password yet, so they choose one with the
 * link's token and are signed in with it. The card then carries on as after any sign-in: the name step
 * (invited accounts have no name), then the programs page.
 */
export function InvitationPasswordStep({
  email,
  token,
  onSignInFailed,
  onInvalidToken,
}: InvitationPasswordStepProps) {
  const refreshSession = useRefreshSession();

  async function signIn(password: string) {
    const result = await signInWithPassword(email, password);
    if (result.error) {
      onSignInFailed();
      return;
    }
    await refreshSession();
  }

  return (
    <NewPasswordStep
      token={token}
      title="Choose your password"
      intro={email === "" ? undefined : `You have been invited to DecisionHub as ${email}.`}
      submitLabel="Set password"
      onPasswordSet={signIn}
      onInvalidToken={onInvalidToken}
    />
  );
}
