import { Anchor, Button, Group, Stack, Text, TextInput, Title } from "@mantine/core";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { FormAlert } from "../../components/form-alert";
import { useRefreshSession } from "../../lib/session";
import { codeFailureMessage, verifySignInCode } from "./two-factor-api";

interface TwoFactorStepProps {
  /** The pending sign-in is gone (expired, or out of tries): back to the password, with this message. */
  onStartAgain: (message: string | null) => void;
}

/**
 * The sign-in's second step for an account with two-factor authentication: the authenticator app's code,
 * or one of the backup codes. One labelled field, submitted with Enter; the field has focus on arrival.
 */
export function TwoFactorStep({ onStartAgain }: TwoFactorStepProps) {
  const [kind, setKind] = useState<"totp" | "backup">("totp");
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const refreshSession = useRefreshSession();
  const input = useRef<HTMLInputElement>(null);
  const trimmed = code.replace(/\s+/g, "");

  // Focus on arrival and after switching between app code and backup code (kind changes the field).
  // biome-ignore lint/correctness/useExhaustiveDependencies: kind is the trigger, not a value read
  useEffect(() => input.current?.focus(), [kind]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (trimmed === "" || pending) return;
    setPending(true);
    setError(null);
    const answer = await verifySignInCode(kind, trimmed);
    if (answer.error) {
      const failure = codeFailureMessage(kind, answer.error);
      setPending(false);
      if (failure.startAgain) {
        onStartAgain(failure.message);
        return;
      }
      setError(failure.message);
      input.current?.focus();
      return;
    }
    // The card reacts to the new session: the redirect.
    await refreshSession();
    setPending(false);
  }

  function switchKind() {
    setKind(kind === "totp" ? "backup" : "totp");
    setCode("");
    setError(null);
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Title order={1} size="h2">
          Two-factor authentication
        </Title>
        <Text size="sm">
          {kind === "totp"
            ? "Enter the 6-digit code from your authenticator app."
            : "Enter one of the backup codes you saved when you set up two-factor authentication. Each code works once."}
        </Text>
        <FormAlert message={error} />
        <TextInput
          ref={input}
          key={kind}
          label={kind === "totp" ? "Authentication code" : "Backup code"}
          autoComplete="one-time-code"
          inputMode={kind === "totp" ? "numeric" : "text"}
          maxLength={kind === "totp" ? 6 : 20}
          value={code}
          error={error !== null}
          onChange={(event) => setCode(event.currentTarget.value)}
        />
        <Button type="submit" disabled={trimmed === ""} loading={pending} fullWidth>
          Verify
        </Button>
        <Group justify="space-between">
          <Anchor component="button" type="button" size="sm" onClick={switchKind}>
            {kind === "totp" ? "Use a backup code instead" : "Use the authenticator app instead"}
          </Anchor>
          <Anchor component="button" type="button" size="sm" onClick={() => onStartAgain(null)}>
            Back to log in
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
