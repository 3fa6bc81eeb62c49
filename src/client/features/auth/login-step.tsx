import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput, Title } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { FormAlert } from "../../components/form-alert";
import { useRefreshSession } from "../../lib/session";
import { signInErrorMessage } from "./sign-in-failure";
import { submitPassword } from "./two-factor-api";

interface LoginStepProps {
  email: string;
  onEmailChange: (email: string) => void;
  onForgotPassword: () => void;
  /** A message from the card itself, e.g. "not a registered user" after a sign-in. */
  notice: string | null;
  /** The password was right and the account has two-factor authentication: the code step comes next. */
  onTwoFactor: () => void;
  /** The address is given (an invitation's): shown, not changed. */
  emailLocked?: boolean;
}

export function LoginStep({
  email,
  onEmailChange,
  onForgotPassword,
  notice,
  onTwoFactor,
  emailLocked = false,
}: LoginStepProps) {
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const refreshSession = useRefreshSession();
  const canSubmit = email.trim() !== "" && password !== "";

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!canSubmit || pending) return;
    setPending(true);
    setError(null);
    const result = await submitPassword(email.trim(), password);
    if (result.error) {
      setError(signInErrorMessage(result.error, window.location.origin));
    } else if (result.twoFactor) {
      setPending(false);
      onTwoFactor();
      return;
    } else {
      // The card reacts to the new session: first-login name entry, or the redirect.
      await refreshSession();
    }
    setPending(false);
  }

  const alert = error ?? notice;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Title order={1} size="h2">
          Welcome to DecisionHub
        </Title>
        <FormAlert message={alert} />
        <TextInput
          label="Email"
          type="email"
          autoComplete="username"
          readOnly={emailLocked}
          value={email}
          onChange={(event) => onEmailChange(event.currentTarget.value)}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Anchor component="button" type="button" size="sm" onClick={onForgotPassword}>
            Forgot password?
          </Anchor>
        </Group>
        <Button type="submit" disabled={!canSubmit} loading={pending} fullWidth>
          Log in
        </Button>
        <Text size="sm" ta="center">
          New to DecisionHub?{" "}
          <Anchor component={Link} to="/signup">
            Sign up
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
